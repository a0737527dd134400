/**
 * Known failures (known-failures.json, committed): a rule or a test known to fail, accepted with a
 * reason, a tracker link and an expiry date. The nightly gate does not fail on an accepted failure
 * until its entry expires; the Allure report shows it as a known issue linked to the tracker. One
 * file for both.
 */
import { readFileSync } from 'node:fs';
import { rules } from '../rules/catalogue.js';

export interface KnownFailure {
  /** A rule id of the catalogue: its failure, its findings and the tests its failure blocks are accepted. */
  rule?: string;
  /** A test key as the gate prints it (project › file › title): that test's failure is accepted. */
  test?: string;
  reason: string;
  /** Where the fix is tracked (an http(s) URL). */
  tracker: string;
  /** The last day (UTC, YYYY-MM-DD) the failure is accepted. */
  expires: string;
}

/** Bad input to the gate (a report or the known-failures file): one line, exit 2. */
export class GateInputError extends Error {
  override name = 'GateInputError';
}

const FIELDS = ['rule', 'test', 'reason', 'tracker', 'expires'];

function label(index: number, raw: Record<string, unknown>): string {
  const what =
    typeof raw.rule === 'string'
      ? `rule ${raw.rule}`
      : typeof raw.test === 'string'
        ? `test "${raw.test.slice(0, 60)}"`
        : 'no rule or test';
  return `entry ${index + 1} (${what})`;
}

function validDate(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);
}

function problem(raw: Record<string, unknown>): string | undefined {
  const unknown = Object.keys(raw).filter((k) => k !== '$comment' && !FIELDS.includes(k));
  if (unknown.length) return `unknown field ${unknown.join(', ')} (known: ${FIELDS.join(', ')})`;
  if ((raw.rule === undefined) === (raw.test === undefined)) return 'needs exactly one of "rule" or "test"';
  if (raw.rule !== undefined && (typeof raw.rule !== 'string' || !rules.has(raw.rule)))
    return `"${String(raw.rule)}" is not a rule id of the catalogue (lib/rules/catalogue.ts)`;
  if (raw.test !== undefined && (typeof raw.test !== 'string' || !raw.test.includes(' › ')))
    return '"test" must be a test key as the gate prints it (project › file › title)';
  if (typeof raw.reason !== 'string' || !raw.reason.trim()) return '"reason" must say why the failure is accepted';
  if (typeof raw.tracker !== 'string' || !/^https?:\/\/[^\s/]+\/\S*/.test(raw.tracker))
    return '"tracker" must be an http(s) link to where the fix is tracked';
  if (typeof raw.expires !== 'string' || !validDate(raw.expires))
    return `"expires" must be a date YYYY-MM-DD (got ${JSON.stringify(raw.expires)})`;
  return undefined;
}

/** The entries of a known-failures file's text; a malformed entry is a GateInputError naming it. */
export function parseKnownFailures(text: string, file: string): KnownFailure[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new GateInputError(`${file}: not JSON (${(e as Error).message})`);
  }
  const list = (data as { knownFailures?: unknown } | null)?.knownFailures;
  if (!Array.isArray(list)) throw new GateInputError(`${file}: expected {"knownFailures": [...]}`);
  const seen = new Set<string>();
  return list.map((raw: unknown, index) => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
      throw new GateInputError(`${file}: entry ${index + 1} is not an object`);
    const entry = raw as Record<string, unknown>;
    const why = problem(entry);
    if (why) throw new GateInputError(`${file}: ${label(index, entry)}: ${why}`);
    const key = subject(entry as unknown as KnownFailure);
    if (seen.has(key)) throw new GateInputError(`${file}: ${label(index, entry)}: ${key} is accepted twice`);
    seen.add(key);
    const { rule, test, reason, tracker, expires } = entry as unknown as KnownFailure;
    return { ...(rule ? { rule } : {}), ...(test ? { test } : {}), reason, tracker, expires };
  });
}

export function readKnownFailures(file: string): KnownFailure[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new GateInputError(
      `${file}: cannot read the known failures (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`
    );
  }
  return parseKnownFailures(text, file);
}

/** What an entry accepts, as the gate's table names it. */
export function subject(entry: KnownFailure): string {
  return entry.rule ? `rule ${entry.rule}` : `test ${entry.test}`;
}

/** Today as the expiry dates read it: the UTC date. */
export function utcDate(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** An entry is good through its expiry date. */
export function isExpired(entry: KnownFailure, today: string): boolean {
  return today > entry.expires;
}
