/**
 * The terminal's answer to "what broke?": the counts (only those not zero, unless verbose), what
 * was not run and why, then failing rules with their first evidence and replay, then findings.
 */
import { environmentLine } from '../environment.js';
import type { Footprint } from '../footprint.js';
import type { AuthzMatrix } from './authz-matrix.js';
import type { CoverageReport, RuleStatus } from './coverage.js';
import type { DriftReport } from './drift.js';
import { notRunLines, notRunOf } from './not-run.js';
import { curlOf, replayHint } from './replay.js';
import type { Outcome } from './test-record.js';

const MAX_RULES = 12;
/** A longer replay (a big body) would flood the terminal: the coverage report has it whole. */
const MAX_REPLAY = 600;

/** What the run did to the target, in one line. */
export function footprintLine({ requests, writes: w }: Footprint): string {
  return (
    `footprint: ${requests} requests; sub-customers created ${w.customersCreated}, closed ${w.customersClosed}, updated ${w.customersUpdated}, blocked ${w.customersBlocked}; ` +
    `cards ordered ${w.cardsOrdered}, blocked ${w.cardsBlocked}, unblocked ${w.cardsUnblocked}, cancelled ${w.cardsCancelled}, replaced ${w.cardsReplaced}; PIN letters ${w.pinLettersRequested}`
  );
}

/** "a 1, b 2" of the counts that are not zero. */
const nonZero = (counts: [string, number][]) =>
  counts
    .filter(([, n]) => n)
    .map(([word, n]) => `${word} ${n}`)
    .join(', ');

/** The footprint without its zeros. */
function shortFootprintLine({ requests, writes: w }: Footprint): string {
  const groups = [
    [
      'sub-customers',
      nonZero([
        ['created', w.customersCreated],
        ['closed', w.customersClosed],
        ['updated', w.customersUpdated],
        ['blocked', w.customersBlocked],
      ]),
    ],
    [
      'cards',
      nonZero([
        ['ordered', w.cardsOrdered],
        ['blocked', w.cardsBlocked],
        ['unblocked', w.cardsUnblocked],
        ['cancelled', w.cardsCancelled],
        ['replaced', w.cardsReplaced],
      ]),
    ],
    ['PIN letters', w.pinLettersRequested ? String(w.pinLettersRequested) : ''],
  ].filter(([, text]) => text);
  return `footprint: ${requests} requests${groups.map(([what, text]) => `; ${what} ${text}`).join('')}`;
}

const RULE_WORDS: [RuleStatus, string][] = [
  ['failed', 'failed'],
  ['assumption-failed', 'assumption failures'],
  ['suite-error', 'with suite errors'],
  ['blocked', 'blocked'],
  ['unavailable', 'unavailable'],
  ['incomplete', 'not judged (incomplete tests)'],
  ['passed', 'passed'],
  ['not-run', 'not run'],
  ['uncovered', 'uncovered'],
];
const TEST_WORDS: [Outcome, string][] = [
  ['passed', 'passed'],
  ['failed', 'failed'],
  ['assumption-failed', 'assumption failures'],
  ['suite-error', 'suite errors'],
  ['blocked', 'blocked'],
  ['unavailable', 'unavailable'],
  ['incomplete', 'incomplete'],
  ['not-run', 'not run'],
];

/** "155 — 138 passed, 17 not run": the counts that are not zero, after the total. */
function counts<K extends string>(total: number, totals: Partial<Record<K, number>>, words: [K, string][]): string {
  return `${total} — ${words
    .filter(([k]) => totals[k])
    .map(([k, word]) => `${totals[k]} ${word}`)
    .join(', ')}`;
}

export interface SummaryOptions {
  /** Every count, zeros too, and the reports' paths (FLEET_VERBOSE). */
  verbose?: boolean;
  /** The run's authorization matrix: its cells not run are said beside the rules. */
  matrix?: Pick<AuthzMatrix, 'tables'>;
}

export function summaryLines(
  report: CoverageReport,
  drift: Pick<DriftReport, 'entries' | 'throttled'> & Partial<Pick<DriftReport, 'notices'>>,
  paths: string[],
  options: SummaryOptions = {}
): string[] {
  // The counts first, what broke last: the run's last lines are its failures and their replays.
  const lines = [...countLines(report, drift, paths, options.verbose ?? false)];
  const notRun = notRunLines(notRunOf(report, options.matrix));
  if (notRun.length) lines.push('', ...notRun);
  lines.push(...noticeLines(drift.notices ?? []), ...incompleteLines(report), ...unavailableLines(report));
  let replayBase: string | undefined;
  const replay = (baseUrl: string, command: string) => {
    replayBase ??= baseUrl;
    return `      replay: ${command.length > MAX_REPLAY ? `${command.slice(0, MAX_REPLAY)}… (whole in coverage.html)` : command}`;
  };
  const suiteErrors = report.records.filter((r) => r.outcome === 'suite-error');
  if (suiteErrors.length) {
    lines.push(
      '',
      `suite errors (${suiteErrors.length}): faults of fleet-conformance itself, not of the target; no rule is judged by them`
    );
    for (const r of suiteErrors.slice(0, MAX_RULES)) {
      lines.push(`  ⚠ ${r.title.slice(0, 140)}`, `      ${r.reason ?? ''}${r.thrownAt ? ` (at ${r.thrownAt})` : ''}`);
    }
    if (suiteErrors.length > MAX_RULES)
      lines.push(`  … and ${suiteErrors.length - MAX_RULES} more in the coverage report`);
  }
  const broken = report.rules.filter((r) => r.status === 'failed' || r.status === 'assumption-failed');
  if (broken.length) {
    lines.push('', `what broke (${broken.length} rule${broken.length > 1 ? 's' : ''}):`);
    for (const r of broken.slice(0, MAX_RULES)) {
      const e = r.evidence;
      lines.push(`  ✘ ${r.id}${r.status === 'assumption-failed' ? ' (assumption)' : ''} — ${r.words}`);
      if (e?.write)
        lines.push(
          `      ${e.write.request.method} ${e.write.request.path.slice(0, 120)} → ${e.write.response.status}, then`
        );
      if (e)
        lines.push(
          `      ${e.request.method} ${e.request.path.slice(0, 120)} → ${e.response.status}${e.pointer ? ` at ${e.pointer}` : ''}`
        );
      if (r.message) lines.push(`      ${r.message.slice(0, 160)}`);
      if (r.blocks) lines.push(`      blocked ${r.blocks} test${r.blocks > 1 ? 's' : ''}`);
      if (e) lines.push(replay(e.baseUrl, curlOf(e.baseUrl, e.request)));
    }
    if (broken.length > MAX_RULES) lines.push(`  … and ${broken.length - MAX_RULES} more in the coverage report`);
  }
  if (report.findings.length) {
    lines.push('', `findings (${report.findings.length}): rules seen broken by tests that do not name them`);
    for (const f of report.findings.slice(0, MAX_RULES)) {
      lines.push(`  ! ${f.rule} on ${f.operationId} (${f.check}) ×${f.count}: ${f.title.slice(0, 140)}`);
      if (f.evidence) lines.push(replay(f.evidence.baseUrl, curlOf(f.evidence.baseUrl, f.evidence.request)));
    }
  }
  if (replayBase) lines.push('', `replays: ${replayHint(replayBase)} first`);
  return lines;
}

/** Footprint, environment, rules and tests: every count when verbose, with the reports' paths; otherwise only those not zero. */
function countLines(
  report: CoverageReport,
  drift: Pick<DriftReport, 'entries' | 'throttled'>,
  paths: string[],
  verbose: boolean
): string[] {
  const t = report.totals;
  const x = report.tests;
  if (verbose) {
    return [
      '',
      footprintLine(report.footprint),
      environmentLine(report.environment),
      `rules: ${t.rules} — ${t.failed} failed, ${t['assumption-failed']} assumption failures, ${t['suite-error']} with suite errors, ${t.blocked} blocked, ${t.unavailable ?? 0} unavailable, ${t.incomplete} not judged (incomplete tests), ${t.passed} passed, ${t['not-run']} not run, ${t.uncovered} uncovered; findings: ${report.findings.length}; drift: ${drift.entries.length}; throttled: ${drift.throttled}`,
      `tests: ${x.total} — ${x.passed} passed, ${x.failed} failed, ${x['suite-error']} suite errors, ${x.blocked} blocked, ${x.unavailable ?? 0} unavailable, ${x.incomplete} incomplete, ${x['not-run']} not run${rerunText(report)}`,
      `→ ${paths.join(' · ')}`,
    ];
  }
  const env = report.environment;
  const troubled = env.events.length > 0 || env.incompleteTests > 0;
  const more = nonZero([
    ['findings', report.findings.length],
    ['drift', drift.entries.length],
    ['throttled', drift.throttled],
  ]);
  // What the selection left out is not run by intent: counted apart.
  const left = notRunOf(report).notSelected;
  return [
    '',
    shortFootprintLine(report.footprint),
    ...(troubled ? [environmentLine(env)] : []),
    `rules: ${counts(t.rules, { ...t, 'not-run': t['not-run'] - left }, RULE_WORDS)}${left ? `, ${left} not selected` : ''}${more ? `; ${more}` : ''}`,
    `tests: ${counts(x.total, x, TEST_WORDS)}${rerunText(report)}`,
  ];
}

/** Operations the server answered unavailable to every request: a verdict of their own, said before what broke. */
function unavailableLines(report: CoverageReport): string[] {
  const ops = report.unavailable ?? [];
  if (!ops.length) return [];
  const rules = report.rules.filter((r) => r.status === 'unavailable').map((r) => r.id);
  return [
    '',
    `unavailable (${ops.length} operation${ops.length > 1 ? 's' : ''}): the server answered unavailable to every request of ${ops.length > 1 ? 'them' : 'it'} while it served others; not judged, and not the environment's doing`,
    ...ops.map((o) => `  ⊘ ${o.method} ${o.path} (${o.operationId}): ${o.reason}`),
    ...(rules.length ? [`      rules not judged for it: ${rules.join(', ')}`] : []),
  ];
}

/** Silences the suite could not settle on this target: each said once, with the setting that settles it. */
function noticeLines(notices: DriftReport['notices']): string[] {
  if (!notices.length) return [];
  return [
    '',
    `configuration notices (${notices.length}): the document does not show these, and the suite did not find them on this target; the tests that need them were not run`,
    ...notices.map((n) => `  ? ${n.text} (${n.entry})`),
  ];
}

/** How many tests judged nothing at first and were run again. */
function rerunText(report: CoverageReport): string {
  const again = report.records.filter((r) => (r.attempts ?? 1) > 1);
  if (!again.length) return '';
  const judged = again.filter((r) => r.outcome !== 'incomplete' && r.outcome !== 'unavailable').length;
  return `; ${again.length} run again after judging nothing, ${judged} of them judged then`;
}

/** Tests that judged nothing: said apart from what broke, with what each was waiting for. */
function incompleteLines(report: CoverageReport): string[] {
  const incomplete = report.records.filter((r) => r.outcome === 'incomplete');
  if (!incomplete.length) return [];
  return [
    '',
    `incomplete (${incomplete.length}): not judged in this run, nothing proven broken; their rules are not judged`,
    ...incomplete.slice(0, MAX_RULES).flatMap((r) => [`  … ${r.title.slice(0, 140)}`, `      ${r.reason ?? ''}`]),
    ...(incomplete.length > MAX_RULES ? [`  … and ${incomplete.length - MAX_RULES} more in the coverage report`] : []),
  ];
}
