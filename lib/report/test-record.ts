/**
 * One test's verdict as the reports show it, read from what Playwright hands a reporter (title,
 * status, annotations, errors, attachments): passed, failed (for which of its rules), blocked (by
 * which rule), incomplete (not judged: why, waiting for what), not run (why), or an assumption
 * failure (a stricter reading the user switched on). No red without evidence: a failure that no
 * answer of the server shows (no violation, no exchange attached), or a test that ran out of time,
 * is incomplete, never failed.
 */
import { stripVTControlCharacters } from 'node:util';
import type { TestCase, TestResult } from '@playwright/test/reporter';
import { BUDGET_KINDS, type BudgetKind, spentOf } from '../budget.js';
import { ENVIRONMENT_ATTACHMENT, type EnvironmentEvent } from '../environment.js';
import type { Exchange } from '../exchange.js';
import { FOOTPRINT_ATTACHMENT, type Footprint } from '../footprint.js';
import {
  answersBeside,
  BLOCKED_ANNOTATION,
  EVIDENCE_ATTACHMENT,
  type Evidence,
  FINDINGS_ATTACHMENT,
  INCOMPLETE_ANNOTATION,
  INCOMPLETE_ATTACHMENT,
  type Incomplete,
  type LedgerEntry,
  UNAVAILABLE_ANNOTATION,
} from '../ledger.js';
import { declaredRuleIds } from '../rules/declared.js';
import { ownFrame, suiteErrorOf } from '../suite-error.js';
import { type Replay, replayIn } from './replay.js';
import { DRIFT_ATTACHMENT, type DriftRecord } from './test-sink.js';

export type Outcome =
  | 'passed'
  | 'failed'
  | 'assumption-failed'
  | 'suite-error'
  | 'blocked'
  | 'unavailable'
  | 'incomplete'
  | 'not-run';

export interface TestRecord {
  /** Project, file and title path: the same test in another run (or shard) has the same key. */
  key: string;
  title: string;
  file: string;
  ruleIds: string[];
  outcome: Outcome;
  /** The rules the failure names (all of the test's rules when it names none of them). */
  failedRules?: string[];
  /** A suite error: where in the project it was thrown (file:line). */
  thrownAt?: string;
  blockedBy?: { rule?: string; reason: string };
  /** Incomplete or unavailable: what it was waiting for, for how long, its limit and its last exchange. */
  incomplete?: Omit<Incomplete, 'reason' | 'lastExchange'>;
  /** Attempts it took: 2 when its first judged nothing and it was run again. */
  attempts?: number;
  /** Why it did not run or was not judged, or the first line of its failure. */
  reason?: string;
  /** The exchange that proved the failure or the block (for an incomplete test: its last one). */
  evidence?: Evidence;
  /** The replay of the request the failure message shows, when it shows one. */
  replay?: Replay;
  /** The assumptions-register entry whose stricter reading failed. */
  assumption?: string;
  /** What it left on the target (the write budget's kinds), when anything. */
  spent?: Record<BudgetKind, number>;
  /** A fast-check property or lifecycle: what it spends grows with FLEET_FC_RUNS. */
  fastCheck?: true;
}

const TAG = /^(?:\w*Error: )?\[([A-Z0-9-]+)\]/gm;

function firstLine(text: string | undefined): string | undefined {
  return stripVTControlCharacters(text ?? '')
    .split('\n')
    .find((l) => l.trim())
    ?.trim()
    .slice(0, 300);
}

function json<T>(result: TestResult, match: (name: string) => boolean): T[] {
  return result.attachments
    .filter((a) => match(a.name) && a.body)
    .map((a) => JSON.parse(a.body!.toString('utf8')) as T);
}

function violationEvidence(result: TestResult, baseUrl: string): Evidence | undefined {
  const [violation] = json<{ findings: { where?: string }[]; exchange: Exchange }>(result, (n) =>
    n.startsWith('violation ')
  );
  if (!violation) return undefined;
  const { exchange } = violation;
  const body = exchange.response.isJson ? JSON.stringify(exchange.response.body, null, 2) : exchange.response.text;
  return {
    operationId: exchange.operationId,
    baseUrl,
    request: exchange.request,
    response: {
      status: exchange.response.status,
      ...(exchange.response.headers['content-type'] ? { contentType: exchange.response.headers['content-type'] } : {}),
      body: body.slice(0, 6_000),
    },
    ...(violation.findings[0]?.where ? { pointer: violation.findings[0].where } : {}),
    startedAt: exchange.startedAt,
    // Redacted when attached (lib/report/test-sink.ts).
    ...answersBeside(exchange, (text) => text),
  };
}

export function testKey(test: TestCase): string {
  return test.titlePath().filter(Boolean).join(' › ');
}

export function recordOf(test: TestCase, result: TestResult, baseUrl: string): TestRecord {
  const ruleIds: string[] = declaredRuleIds(test.annotations);
  const spent = footprintOf(result)
    .map(spentOf)
    .reduce<Record<BudgetKind, number> | undefined>(
      (sum, s) =>
        sum
          ? {
              customers: sum.customers + s.customers,
              cards: sum.cards + s.cards,
              poolCards: sum.poolCards + s.poolCards,
            }
          : s,
      undefined
    );
  const base = {
    key: testKey(test),
    title: test.title,
    file: test.location.file.replace(/^.*?specs\//, 'specs/'),
    ruleIds,
    ...(spent && BUDGET_KINDS.some((k) => spent[k]) ? { spent } : {}),
    ...(test.annotations.some((a) => a.type === 'fast-check') ? { fastCheck: true as const } : {}),
    ...(result.retry ? { attempts: result.retry + 1 } : {}),
  };
  const annotations = annotationsOf(test, result);
  const blocked = annotations.find((a) => a.type === BLOCKED_ANNOTATION)?.description;
  if (result.status === 'passed') return { ...base, outcome: 'passed' };
  // An attempt that judged nothing (interrupted to be run again) says why; an attempt stopped
  // half-way by a cancelled run concluded nothing, whatever it saw meanwhile.
  const incomplete = incompleteOf(test, result);
  if (incomplete) return { ...base, ...incomplete };
  if (result.status === 'interrupted')
    return { ...base, outcome: 'not-run', reason: 'interrupted: the run was cancelled' };
  if (result.status === 'skipped') {
    if (!blocked)
      return {
        ...base,
        outcome: 'not-run',
        reason: annotations.find((a) => a.type === 'skip' || a.type === 'fixme')?.description ?? 'skipped',
      };
    const [, rule, reason] = /^([^:]*): (.*)$/s.exec(blocked) ?? [];
    const [evidence] = json<Evidence>(result, (n) => n.startsWith('blocked by '));
    return {
      ...base,
      outcome: 'blocked',
      blockedBy: { ...(rule && rule !== '—' ? { rule } : {}), reason: reason ?? blocked },
      ...(evidence ? { evidence } : {}),
    };
  }
  const messages = result.errors.map((e) => e.message ?? '');
  // The suite's own exception judged nothing: no rule of the test is red for it.
  const suiteError = suiteErrorOf(messages);
  if (suiteError) {
    const thrownAt = ownFrame(result.errors[0]?.stack);
    return { ...base, outcome: 'suite-error', reason: suiteError, ...(thrownAt ? { thrownAt } : {}) };
  }
  const tagsOf = (m: string) => [...m.matchAll(TAG)].map((t) => t[1]!);
  const tags = new Set(messages.flatMap(tagsOf));
  const assumption = [...tags].find((t) => t.startsWith('ASSUME-'));
  const named = ruleIds.filter((r) => tags.has(r));
  // A stricter reading names the rule it judged beside its register entry (forReading): an
  // assumption failure, unless a failure of the document's own statement stands beside it.
  const ownFailure = messages.some((m) => {
    const t = tagsOf(m);
    return !t.some((x) => x.startsWith('ASSUME-')) && (!t.length || t.some((x) => ruleIds.includes(x)));
  });
  const evidence = violationEvidence(result, baseUrl) ?? json<Evidence>(result, (n) => n === EVIDENCE_ATTACHMENT)[0];
  // No red without evidence: a failure no answer of the server shows judged nothing.
  if (!evidence)
    return {
      ...base,
      outcome: 'incomplete',
      reason: `failed with no answer of the server to show for it: not judged (${firstLine(messages[0]) ?? 'no message'})`,
    };
  const replay = replayIn(messages.join('\n'));
  return {
    ...base,
    outcome: assumption && !ownFailure ? 'assumption-failed' : 'failed',
    failedRules: named.length ? named : ruleIds,
    ...(firstLine(messages[0]) ? { reason: firstLine(messages[0]) } : {}),
    ...(evidence ? { evidence } : {}),
    ...(replay ? { replay } : {}),
    ...(assumption ? { assumption } : {}),
  };
}

/** This attempt's annotations (a test's own are its last attempt's). */
function annotationsOf(test: TestCase, result: TestResult): TestCase['annotations'] {
  return (result as { annotations?: TestCase['annotations'] }).annotations ?? test.annotations;
}

/**
 * A test that judged nothing: incomplete by its ledger (lib/ledger.ts: time, connection, gateway,
 * token), unavailable (the server kept answering so), or out of time where no ledger could say so
 * (its teardown ran out of time as well).
 */
function incompleteOf(
  test: TestCase,
  result: TestResult
): Pick<TestRecord, 'outcome' | 'reason' | 'incomplete' | 'evidence'> | undefined {
  const annotations = annotationsOf(test, result);
  const unavailable = annotations.find((a) => a.type === UNAVAILABLE_ANNOTATION)?.description;
  const said = unavailable ?? annotations.find((a) => a.type === INCOMPLETE_ANNOTATION)?.description;
  if (said !== undefined) {
    const [detail] = json<Incomplete>(result, (n) => n === INCOMPLETE_ATTACHMENT);
    const { reason, lastExchange, ...incomplete } = detail ?? { reason: said, limitMs: test.timeout };
    return {
      outcome: unavailable !== undefined ? 'unavailable' : 'incomplete',
      reason: reason ?? said,
      incomplete,
      ...(lastExchange ? { evidence: lastExchange } : {}),
    };
  }
  if (result.status !== 'timedOut') return undefined;
  return {
    outcome: 'incomplete',
    reason: `ran out of time (its limit: ${Math.round(test.timeout / 1000)} s): not judged`,
    incomplete: { limitMs: test.timeout },
  };
}

/** A test of the run that never started (the run was cancelled, timed out or stopped early). */
export function notStartedRecord(test: TestCase, reason: string): TestRecord {
  const ruleIds = declaredRuleIds(test.annotations);
  return {
    key: testKey(test),
    title: test.title,
    file: test.location.file.replace(/^.*?specs\//, 'specs/'),
    ruleIds,
    outcome: 'not-run',
    reason,
  };
}

export function findingsOf(result: TestResult): LedgerEntry[] {
  return json<LedgerEntry[]>(result, (n) => n === FINDINGS_ATTACHMENT).flat();
}

export function footprintOf(result: TestResult): Footprint[] {
  return json<Footprint>(result, (n) => n === FOOTPRINT_ATTACHMENT);
}

export function eventsOf(result: TestResult): EnvironmentEvent[] {
  return json<EnvironmentEvent[]>(result, (n) => n === ENVIRONMENT_ATTACHMENT).flat();
}

export function driftOf(result: TestResult): DriftRecord[] {
  return json<DriftRecord[]>(result, (n) => n === DRIFT_ATTACHMENT).flat();
}
