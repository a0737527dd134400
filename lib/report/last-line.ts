/**
 * The last line of npm run conformance: the verdict, what decided it, where the coverage report is
 * and the exit code, so that the end of a terminal or of a CI log answers "did it pass, and why not".
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { CoverageReport } from './coverage.js';
import { notRunOf, notRunWords } from './not-run.js';
import { UNAVAILABLE_EXIT } from './run-verdict.js';

/** Rule ids shown on the line; the rest are counted. */
const MAX_IDS = 5;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function ids(rules: string[]): string {
  return rules.length > MAX_IDS
    ? `${rules.slice(0, MAX_IDS).join(', ')}, … ${rules.length - MAX_IDS} more`
    : rules.join(', ');
}

export function lastLine(code: number, coverage: CoverageReport | undefined, reportsDir: string): string {
  const where = `${join(reportsDir, 'coverage.html')} (exit ${code})`;
  if (!coverage)
    return `${code ? 'FAIL' : 'PASS'}: no verdict of rules: the run ended before its coverage report${code ? '; the lines above say why' : ''} (exit ${code})`;
  const broken = coverage.rules
    .filter((r) => r.status === 'failed' || r.status === 'assumption-failed')
    .map((r) => r.id);
  const findings = coverage.findings.length;
  if (broken.length || findings)
    return `FAIL: ${plural(broken.length, 'rule')} broken${broken.length ? ` (${ids(broken)})` : ''}, ${plural(findings, 'finding')}; ${where}`;
  if (code === UNAVAILABLE_EXIT) {
    const ops = coverage.unavailable.map((o) => `${o.method} ${o.path}`);
    return `UNAVAILABLE: ${plural(ops.length, 'operation')} answered unavailable to every request (${ids(ops)}), not judged; no rule broken; ${where}`;
  }
  const t = coverage.totals;
  const x = coverage.tests;
  if (code !== 0) {
    const judged = x.total - x['not-run'];
    if (x.incomplete * 2 > judged && judged > 0)
      return `NOT JUDGED: ${x.incomplete} of ${judged} tests incomplete (the environment was unavailable); no rule broken; ${where}`;
    if (x['suite-error'])
      return `FAIL: ${plural(x['suite-error'], 'suite error')} (faults of fleet-conformance itself, not of the target); no rule broken; ${where}`;
    return `FAIL: no rule broken, but the run did not end well (the lines above say why); ${where}`;
  }
  const others = [
    t.blocked ? `, ${t.blocked} blocked` : '',
    t.incomplete ? `, ${t.incomplete} not judged (incomplete tests)` : '',
    t.unavailable ? `, ${t.unavailable} unavailable` : '',
    t.uncovered ? `, ${t.uncovered} uncovered` : '',
  ].join('');
  return `PASS: ${plural(t.passed, 'rule')} passed${others}${notRunWords(notRunOf(coverage))}; ${where}`;
}

/** The coverage this run wrote (none older than its start: a run that stopped early leaves an older one). */
export function runCoverage(reportsDir: string, startedAt: number): CoverageReport | undefined {
  const file = join(reportsDir, 'coverage.json');
  if (!existsSync(file) || statSync(file).mtimeMs < startedAt) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as CoverageReport;
}
