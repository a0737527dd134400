/**
 * What a run did not run, grouped by what would run it: the setting a skip names ("FLEET_SESSION_IDS
 * not set"), npm run perf for the latency rules, the run's selection, or the target's own data; a
 * line for the rules, one for the authorization matrix, and a loud one when more than a tenth of
 * either went unrun for want of something (what was not selected, the latency rules and the matrix's
 * cells of the caller's top-level account are by intent).
 */
import { NOT_THE_TOP_LEVEL } from '../authz/matrix.js';
import type { AuthzMatrix } from './authz-matrix.js';
import { type CoverageReport, LATENCY_NOT_RUN, NOT_SELECTED, type RuleCoverage } from './coverage.js';
import type { TestRecord } from './test-record.js';

/** A matrix cell whose test was not part of the run at all. */
const NOT_IN_RUN = 'its test was not part of this run';

const SELECTION_GROUP = 'not selected';
const LATENCY_GROUP = 'latency: npm run perf';
/** Beyond this share of what the run could have judged, the terminal says so loudly. */
const LOUD_SHARE = 0.1;

/** By intent, never for want of a setting: not counted against the run. */
const INTENDED = new Set([SELECTION_GROUP, LATENCY_GROUP]);

/** What would run it, in a few words: the setting a reason names, or the reason's first clause. */
export function groupOf(reason: string): string {
  if (reason === NOT_SELECTED || reason === NOT_IN_RUN) return SELECTION_GROUP;
  if (reason === LATENCY_NOT_RUN) return LATENCY_GROUP;
  const settings =
    /^no .*\(((?:FLEET|SANDBOX)_[A-Z_]+(?: \/ (?:FLEET|SANDBOX)_[A-Z_]+)*)\)/.exec(reason)?.[1] ??
    /\(((?:FLEET|SANDBOX)_[A-Z_]+), not set\)/.exec(reason)?.[1];
  if (settings) return `${settings} not set`;
  const clause = reason
    .replace(/^not tried: /, '')
    .split(/: |; /)[0]!
    .trim();
  return clause.length > 70 ? `${clause.slice(0, 69)}…` : clause;
}

/**
 * The reason a not-run rule shows: one that names a setting first (its other tests may lack the
 * target's data). A test that failed on another rule did not conclude on this one: said so, not
 * with its failure's message.
 */
function ruleReason(rule: RuleCoverage, records: ReadonlyMap<string, TestRecord>): string {
  const reasons = rule.tests
    .filter((t) => t.outcome === 'not-run')
    .map((t) => {
      const record = records.get(t.key);
      if (record?.outcome === 'failed' || record?.outcome === 'assumption-failed')
        return `its test broke ${(record.failedRules ?? record.ruleIds).join(', ')} first`;
      return t.reason ?? 'its tests did not run';
    });
  return reasons.find((r) => groupOf(r).endsWith(' not set')) ?? reasons[0] ?? 'its tests did not run';
}

interface NotRunGroup {
  group: string;
  count: number;
}

function grouped(reasons: string[]): NotRunGroup[] {
  const counts = new Map<string, number>();
  for (const r of reasons) counts.set(groupOf(r), (counts.get(groupOf(r)) ?? 0) + 1);
  return [...counts]
    .map(([group, count]) => ({ group, count }))
    .sort((a, b) => b.count - a.count || a.group.localeCompare(b.group));
}

export interface NotRun {
  /** The rules not run, by what would run them (those not selected apart). */
  rules: NotRunGroup[];
  /** Rules the run's selection left out. */
  notSelected: number;
  /** Rules the run could have judged: all but those not selected and the latency rules. */
  judgeable: number;
  /** The matrix's cells not run, by what would run them (their tests not selected apart). */
  cells: NotRunGroup[];
  cellTotal: number;
}

export function notRunOf(
  report: Pick<CoverageReport, 'rules' | 'records'>,
  matrix?: Pick<AuthzMatrix, 'tables'>
): NotRun {
  const records = new Map(report.records.map((r) => [r.key, r]));
  const all = grouped(report.rules.filter((r) => r.status === 'not-run').map((r) => ruleReason(r, records)));
  const notSelected = all.find((g) => g.group === SELECTION_GROUP)?.count ?? 0;
  const latency = all.find((g) => g.group === LATENCY_GROUP)?.count ?? 0;
  const cells = (matrix?.tables ?? [])
    .flatMap((t) => t.rows.flatMap((r) => Object.values(r.cells)))
    .filter((c) => c.verdict !== 'n/a' && c.note !== NOT_THE_TOP_LEVEL);
  return {
    rules: all.filter((g) => g.group !== SELECTION_GROUP),
    notSelected,
    judgeable: report.rules.length - notSelected - latency,
    cells: grouped(cells.filter((c) => c.verdict === 'not-run').map((c) => c.note)).filter(
      (g) => g.group !== SELECTION_GROUP
    ),
    cellTotal: cells.length,
  };
}

const sum = (groups: NotRunGroup[]) => groups.reduce((n, g) => n + g.count, 0);
const listed = (groups: NotRunGroup[]) => groups.map((g) => `${g.group} (${g.count})`).join(', ');
const percent = (n: number, of: number) => `${Math.round((n / of) * 100)}%`;

/** The not-run lines of the terminal's summary (none when everything ran). */
export function notRunLines(n: NotRun): string[] {
  const rules = sum(n.rules);
  const cells = sum(n.cells);
  const lines = [
    ...(rules ? [`${rules} rule${rules > 1 ? 's' : ''} not run: ${listed(n.rules)}`] : []),
    ...(n.notSelected
      ? [`${n.notSelected} rule${n.notSelected > 1 ? 's' : ''} not selected (this run's -g, --rule, files or project)`]
      : []),
    ...(cells ? [`authorization matrix: ${cells} of its ${n.cellTotal} cells not run: ${listed(n.cells)}`] : []),
  ];
  const wanting = sum(n.rules.filter((g) => !INTENDED.has(g.group)));
  const loud = [
    ...(wanting > n.judgeable * LOUD_SHARE
      ? [`${wanting} of ${n.judgeable} rules (${percent(wanting, n.judgeable)})`]
      : []),
    ...(cells > n.cellTotal * LOUD_SHARE
      ? [`${cells} of ${n.cellTotal} authorization matrix cells (${percent(cells, n.cellTotal)})`]
      : []),
  ];
  if (loud.length)
    lines.push(
      `WARNING: more than a tenth not run: ${loud.join(' and ')}; set what the line${lines.length > 1 ? 's' : ''} above name${lines.length > 1 ? '' : 's'} to run them (coverage.html says why, test by test)`
    );
  return lines;
}

/** The not-run part of the last line: ", 17 not run (latency: npm run perf)". */
export function notRunWords(n: NotRun): string {
  const rules = sum(n.rules);
  return [
    rules
      ? `, ${rules} not run (${n.rules.map((g) => (n.rules.length > 1 ? `${g.group}: ${g.count}` : g.group)).join(', ')})`
      : '',
    n.notSelected ? `, ${n.notSelected} not selected` : '',
  ].join('');
}
