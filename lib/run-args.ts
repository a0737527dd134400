/**
 * The arguments of npm run conformance that are its own, not Playwright's: `--verbose`, and
 * `--rule ID` (repeatable), which selects exactly the tests that judge a rule. A test names the
 * rules it judges in brackets at the end of its title (lib/rules/ids.ts): `-g CARD-BLOCK` would
 * also select CARD-BLOCK-REASON-REQUIRED; the grep of `--rule` matches whole ids in that list.
 */
import { ConfigError } from './config.js';
import { ruleList } from './rules/catalogue.js';

export interface RunArgs {
  /** What is handed to Playwright. */
  playwright: string[];
  verbose: boolean;
  rules: string[];
}

/** How many near matches an unknown id shows. */
const NEAR = 5;

function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

/** Ids of the catalogue near `id`: one containing it, or a few edits away; the nearest first. */
export function nearRules(id: string): string[] {
  const ids = ruleList.map((r) => r.id);
  return ids
    .map((known) => ({ known, d: known.includes(id) || id.includes(known) ? 0 : distance(id, known) }))
    .filter(({ d }) => d <= Math.max(2, Math.floor(id.length / 4)))
    .sort((a, b) => a.d - b.d || a.known.length - b.known.length || a.known.localeCompare(b.known))
    .slice(0, NEAR)
    .map(({ known }) => known);
}

function ruleOf(value: string | undefined): string {
  if (!value || value.startsWith('-'))
    throw new ConfigError(
      '--rule: needs a rule id (e.g. --rule CARD-BLOCK; the ids are in reports/document.html and lib/rules/catalogue.ts)'
    );
  const id = value.trim().toUpperCase();
  if (ruleList.some((r) => r.id === id)) return id;
  const near = nearRules(id);
  throw new ConfigError(
    `--rule ${value}: no such rule${near.length ? `; near: ${near.join(', ')}` : ' (the ids are in reports/document.html and lib/rules/catalogue.ts)'}`
  );
}

/** The title grep of exactly the tests that name one of `rules` in their bracketed list. */
export function ruleGrep(rules: string[]): string {
  return `\\[(?:[A-Z0-9-]+, )*(?:${rules.join('|')})(?:, [A-Z0-9-]+)*\\]`;
}

const isGrep = (arg: string) =>
  arg === '-g' || arg === '--grep' || arg.startsWith('--grep=') || (arg.startsWith('-g') && !arg.startsWith('--'));

export function parseRunArgs(args: string[]): RunArgs {
  const playwright: string[] = [];
  const rules: string[] = [];
  let verbose = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--verbose') verbose = true;
    else if (arg === '--rule') rules.push(ruleOf(args[++i]));
    else if (arg.startsWith('--rule=')) rules.push(ruleOf(arg.slice('--rule='.length)));
    else playwright.push(arg);
  }
  if (!rules.length) return { playwright, verbose, rules };
  if (playwright.some(isGrep)) throw new ConfigError('--rule and -g both select tests: use one of them');
  return { playwright: [...playwright, '--grep', ruleGrep([...new Set(rules)])], verbose, rules: [...new Set(rules)] };
}
