/**
 * The nightly gate's comparison: this run against the last accepted one, rule by rule and test by
 * test. A regression is what got worse and nobody accepted: a rule that newly fails, a failure
 * whose acceptance expired, a new finding of a rule that was already failing, tests newly blocked,
 * tests that disappeared, a p99 shown slower by more than 20% on the two nights' samples (every
 * operation compared counted: Holm–Bonferroni over the night's comparisons).
 * Everything else (known failures, what still fails as it did in the baseline, what was fixed,
 * new drift, a slower p99 the samples do not show) is reported and passes. A rule the night could
 * not judge (its tests incomplete: out of time, a lost connection, a gateway's answer; or a failure
 * no answer of the server shows) is a notice, never a regression; a night that judged too little of
 * what the baseline judged is not judged at all: neither a pass nor a regression. But nothing stays
 * unjudged for long: a rule not judged on FLEET_GATE_MAX_UNJUDGED_NIGHTS nights in a row fails the
 * gate (UNJUDGED, a finding for the people who run the environment), and an operation the server
 * answered unavailable to every request fails it too (UNAVAILABLE): neither passes as if judged.
 */
import { applyBaseline, baselineOf, keepsSamples } from '../../perf/baseline.js';
import type { OperationResult } from '../../perf/report/summary.js';
import { DEFAULT_GATE_MAX_UNJUDGED_NIGHTS, DEFAULT_GATE_MIN_JUDGED } from '../config.js';
import { PROCEDURE_WORDS } from '../latency/family.js';
import type { LedgerEntry } from '../ledger.js';
import type { RuleCoverage, RuleStatus } from '../report/coverage.js';
import type { TestRecord } from '../report/test-record.js';
import { isExpired, type KnownFailure } from './known-failures.js';
import type { RunReports, UnjudgedNights } from './run-reports.js';

export const REGRESSION_KINDS = [
  'new failure',
  'expired acceptance',
  'new finding',
  'newly blocked',
  'disappeared',
  'perf regression',
] as const;
/** Faults of the suite itself: they fail the gate, and are never a regression of the target. */
export const SUITE_KINDS = ['suite error'] as const;
/** A night that is not whole: it fails the gate whatever the baseline holds, and says which part is missing. */
export const INCOMPLETE_KINDS = ['shard not run'] as const;
export const NOTICE_KINDS = [
  'known',
  'still failing',
  'fixed',
  'not judged',
  'new drift',
  'no longer run',
  'not measured',
  'slower, not significant',
] as const;
/** What the environment (or the server's unavailability) keeps from being judged: it fails the night, never as a regression. */
export const UNJUDGED_KINDS = ['unavailable', 'unjudged too long'] as const;
export type RowKind =
  | (typeof REGRESSION_KINDS)[number]
  | (typeof SUITE_KINDS)[number]
  | (typeof INCOMPLETE_KINDS)[number]
  | (typeof UNJUDGED_KINDS)[number]
  | (typeof NOTICE_KINDS)[number];

export interface GateRow {
  kind: RowKind;
  /** A rule id, a test key, or a perf operation. */
  subject: string;
  /** Baseline → this run. */
  change: string;
  /** What proves it, what it accepted, what it dragged along: one line each. */
  detail: string[];
  /** The known-failures entries the row speaks of (accepting, expired, or free to go). */
  entries?: KnownFailure[];
}

/** How much of what the baseline judged this night judged (rules with a verdict; latency aside, perf has rows of its own). */
export interface JudgedShare {
  baseline: number;
  current: number;
  /** current / baseline (1 when the baseline judged nothing). */
  share: number;
  /** Below this share the night is not judged (FLEET_GATE_MIN_JUDGED, --min-judged). */
  min: number;
}

export type GateVerdict = 'PASS' | 'FAIL' | 'NOT JUDGED' | 'UNAVAILABLE' | 'UNJUDGED';

export interface GateResult {
  /**
   * NOT JUDGED: the night judged less than its share of what the baseline judged (the environment
   * was unavailable); UNAVAILABLE: an operation answered unavailable to every request; UNJUDGED: a
   * rule not judged on too many nights in a row.
   */
  verdict: GateVerdict;
  passed: boolean;
  judged: JudgedShare;
  rows: GateRow[];
  regressions: GateRow[];
  /** The suite's own exceptions this run: the night cannot be judged where they stopped a test. */
  suiteErrors: GateRow[];
  /** Shards that did not run: the night is not judged where their tests are. */
  incomplete: GateRow[];
  /** Operations unavailable tonight, and rules not judged too many nights in a row. */
  unjudged: GateRow[];
  /** Tonight's streaks of rules not judged (written beside the run as unjudged.json). */
  unjudgedNights: UnjudgedNights;
}

const FAILING = new Set<string>(['failed', 'assumption-failed']);
/** Statuses that are a verdict on the rule. */
const JUDGED = new Set<string>(['passed', 'failed', 'assumption-failed']);

export function isRegression(row: GateRow): boolean {
  return (REGRESSION_KINDS as readonly string[]).includes(row.kind);
}

/** A failure no answer of the server shows: no exchange kept as its evidence, no finding. No red without evidence. */
function unproven(rule: RuleCoverage): boolean {
  return FAILING.has(rule.status) && rule.family !== 'latency' && !rule.evidence && !rule.findings.length;
}

/** Rules of the run (latency aside) with a verdict the server's answers show. */
export function judgedRules(run: RunReports): string[] {
  return run.coverage.rules
    .filter((r) => r.family !== 'latency' && JUDGED.has(r.status) && !unproven(r))
    .map((r) => r.id);
}

/**
 * Rules the server's answers accounted for (latency aside): judged, or blocked by a rule the
 * server broke (its answer stopped their tests: the server's doing, not the environment's).
 * What the judged share counts, so that a deviation that blocks a few tests never makes a night
 * look unavailable.
 */
export function answeredRules(run: RunReports): string[] {
  return [
    ...judgedRules(run),
    ...run.coverage.rules.filter((r) => r.family !== 'latency' && r.status === 'blocked').map((r) => r.id),
  ];
}

/** Rules of the catalogue (latency aside) the run's tests name: what a first night could have judged. */
export function namedRules(run: RunReports): string[] {
  const named = new Set(run.coverage.records.flatMap((t) => t.ruleIds));
  return run.coverage.rules.filter((r) => r.family !== 'latency' && named.has(r.id)).map((r) => r.id);
}

/** Why a rule's tests did not judge it this night: an incomplete (or unavailable) test's reason, else the first reason given. */
function notJudgedWhy(rule: RuleCoverage): string | undefined {
  const tests = rule.tests as { outcome: string; reason?: string }[];
  return (tests.find((t) => NOT_JUDGED_OUTCOMES.has(t.outcome)) ?? tests.find((t) => t.reason))?.reason;
}

/** A test that judged nothing for the environment's sake, or the server's unavailability. */
const NOT_JUDGED_OUTCOMES = new Set(['incomplete', 'unavailable']);
/** Rule statuses that say the environment (or unavailability) kept the rule from being judged. */
const UNJUDGED_STATUSES = new Set<string>(['incomplete', 'unavailable']);

/**
 * Tonight's streak of each rule not judged: one more night than the baseline's (its unjudged.json,
 * or its own status when it has none). The rows of those that reached `max` nights.
 */
export function unjudgedStreaks(
  baseline: RunReports,
  current: RunReports,
  max: number
): { nights: UnjudgedNights; rows: GateRow[] } {
  const nights: UnjudgedNights = {};
  const rows: GateRow[] = [];
  for (const rule of current.coverage.rules.filter((r) => r.family !== 'latency' && UNJUDGED_STATUSES.has(r.status))) {
    const was = baseline.coverage.rules.find((r) => r.id === rule.id);
    // The streaks file, when there is one, is last night's whole account (npm run gate --accept writes it every night, accepted or not).
    const before = baseline.unjudged
      ? baseline.unjudged[rule.id]
      : was && UNJUDGED_STATUSES.has(was.status)
        ? { nights: 1, why: [clip(notJudgedWhy(was)) ?? was.status] }
        : undefined;
    const streak = {
      nights: (before?.nights ?? 0) + 1,
      why: [...(before?.why ?? []), clip(notJudgedWhy(rule)) ?? rule.status].slice(-max),
    };
    nights[rule.id] = streak;
    if (streak.nights >= max) {
      rows.push({
        kind: 'unjudged too long',
        subject: rule.id,
        change: `not judged ${streak.nights} nights in a row`,
        detail: [
          ...streak.why.map((w, i) => `night ${streak.nights - streak.why.length + i + 1}: ${w}`),
          'the environment keeps this rule from being judged: a finding for the people who run it',
        ],
      });
    }
  }
  return { nights, rows };
}

/** An operation the server answered unavailable to every request of the night. */
function unavailableRows(current: RunReports): GateRow[] {
  const notJudged = current.coverage.rules.filter((r) => r.status === 'unavailable').map((r) => r.id);
  return (current.coverage.unavailable ?? []).map((o) => ({
    kind: 'unavailable',
    subject: `${o.method} ${o.path}`,
    change: '→ unavailable',
    detail: [o.reason, ...(notJudged.length ? [`leaves ${notJudged.join(', ')} not judged`] : [])],
  }));
}

/** Rule verdicts; the latency rules from perf/summary.json when that run measured them. */
function statuses(run: RunReports): Map<string, RuleStatus> {
  const map = new Map<string, RuleStatus>(run.coverage.rules.map((r) => [r.id, r.status]));
  for (const op of run.perf?.operations ?? []) {
    const id = `LAT-${op.operation.toUpperCase()}`;
    // Not decided (too few samples either way) concludes nothing, as not measured.
    const status = op.status ?? (!op.measured ? 'not-measured' : op.pass ? 'passed' : 'failed');
    if (map.has(id)) map.set(id, status === 'passed' ? 'passed' : status === 'failed' ? 'failed' : 'not-run');
  }
  return map;
}

function entryText(e: KnownFailure, today: string): string {
  return `${isExpired(e, today) ? `acceptance expired ${e.expires}` : `accepted until ${e.expires}`}: ${e.reason} (${e.tracker})`;
}

function clip(text: string | undefined, max = 220): string | undefined {
  const clean = text?.replace(/^\w*Error: /, '');
  return clean && clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

function findingKey(f: LedgerEntry): string {
  return `${f.rule} ${f.operationId} ${f.check}`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

interface RuleVerdict {
  rule: RuleCoverage;
  /** Entries that accept this rule's failure now (unexpired). */
  accepted: KnownFailure[];
  /** Entries that would, had they not expired. */
  expired: KnownFailure[];
}

/** Which known-failures entries speak for a failing rule: its own, or one per failing test. */
function verdictOf(rule: RuleCoverage, known: KnownFailure[], today: string): RuleVerdict {
  const own = known.find((e) => e.rule === rule.id);
  const failingTests = rule.tests.filter((t) => FAILING.has(t.outcome)).map((t) => t.key);
  const perTest = failingTests.map((key) => known.find((e) => e.test === key));
  const expired = [own, ...perTest].filter((e): e is KnownFailure => !!e && isExpired(e, today));
  if (own && !isExpired(own, today)) return { rule, accepted: [own], expired: [] };
  const testsAccepted =
    !rule.findings.length && failingTests.length > 0 && perTest.every((e) => e && !isExpired(e, today));
  return { rule, accepted: testsAccepted ? (perTest as KnownFailure[]) : [], expired };
}

/** An accepted failure that passes again: its entry can go. */
function fixedEntry(subject: string, change: string, entry: KnownFailure): GateRow {
  return {
    kind: 'fixed',
    subject,
    change,
    detail: [`passes again: remove its known-failures entry (${entry.tracker})`],
    entries: [entry],
  };
}

function failureDetail(rule: RuleCoverage): string[] {
  const failing = rule.tests.find((t) => FAILING.has(t.outcome));
  const findings = rule.findings.map((f) => `finding on ${f.operationId} (${f.check}): ${clip(f.title)}`);
  return [
    clip(failing?.reason ?? rule.message),
    failing ? `failing test: ${failing.key}` : undefined,
    ...findings,
  ].filter((l): l is string => !!l);
}

/** Why a rule the baseline judged did not conclude now: the rules that failed or blocked its tests. */
function knockedOutBy(rule: string, records: TestRecord[]): string[] {
  const causes = records
    .filter((t) => t.ruleIds.includes(rule))
    .flatMap((t) =>
      t.outcome === 'failed' && !t.failedRules?.includes(rule)
        ? (t.failedRules ?? [])
        : t.outcome === 'blocked' && t.blockedBy?.rule
          ? [t.blockedBy.rule]
          : []
    );
  return [...new Set(causes)];
}

export function compareRuns(
  baseline: RunReports,
  current: RunReports,
  known: KnownFailure[],
  today: string,
  minJudged = DEFAULT_GATE_MIN_JUDGED,
  maxUnjudgedNights = DEFAULT_GATE_MAX_UNJUDGED_NIGHTS
): GateResult {
  const rows: GateRow[] = [];
  const before = statuses(baseline);
  const now = statuses(current);
  /** Rows of rules that fail now, by rule id: blocked tests and new findings fold into them. */
  const ruleRows = new Map<string, GateRow>();
  const baseFindings = new Set(baseline.coverage.findings.map(findingKey));
  const notConcluded: { rule: RuleCoverage; change: string }[] = [];

  for (const rule of current.coverage.rules) {
    const was = before.get(rule.id) ?? 'uncovered';
    const is = now.get(rule.id)!;
    const change = `${was} → ${is}`;
    const entry = known.find((e) => e.rule === rule.id);
    if (unproven(rule)) {
      rows.push({
        kind: 'not judged',
        subject: rule.id,
        change: `${was} → failed without evidence`,
        detail: [`no answer of the server shows it: not a verdict (${clip(rule.message) ?? 'no message'})`],
      });
    } else if (FAILING.has(is)) {
      const v = verdictOf(rule, known, today);
      const row: GateRow = v.accepted.length
        ? {
            kind: 'known',
            subject: rule.id,
            change,
            detail: v.accepted.map((e) => entryText(e, today)),
            entries: v.accepted,
          }
        : v.expired.length
          ? {
              kind: 'expired acceptance',
              subject: rule.id,
              change,
              detail: [...v.expired.map((e) => entryText(e, today)), ...failureDetail(rule)],
              entries: v.expired,
            }
          : FAILING.has(was)
            ? { kind: 'still failing', subject: rule.id, change, detail: failureDetail(rule) }
            : { kind: 'new failure', subject: rule.id, change, detail: failureDetail(rule) };
      rows.push(row);
      ruleRows.set(rule.id, row);
      if (row.kind === 'still failing') {
        for (const f of rule.findings.filter((f) => !baseFindings.has(findingKey(f)))) {
          rows.push({
            kind: 'new finding',
            subject: rule.id,
            change,
            detail: [`on ${f.operationId} (${f.check}): ${clip(f.title)}`, `seen in ${f.seenIn || 'worker set-up'}`],
          });
        }
      }
    } else if (is === 'passed' && (FAILING.has(was) || entry)) {
      rows.push(
        entry
          ? fixedEntry(rule.id, change, entry)
          : { kind: 'fixed', subject: rule.id, change, detail: ['passes again'] }
      );
    } else if ((was === 'passed' || FAILING.has(was)) && !JUDGED.has(is) && is !== 'blocked') {
      // Latency rules without a perf run: one "not measured" row says it for all of them.
      if (!(rule.family === 'latency' && !current.perf)) notConcluded.push({ rule, change });
    }
  }
  const shards = shardRows(current);
  const leaves = new Map<string, string[]>();
  for (const { rule, change } of notConcluded) {
    // A rule whose tests failed for, or were blocked by, a rule failing now is part of that rule's story.
    const causes = knockedOutBy(rule.id, current.coverage.records).filter((id) => ruleRows.has(id));
    for (const id of causes) leaves.set(id, [...(leaves.get(id) ?? []), rule.id]);
    // Left unjudged by a suite error: said in that error's row.
    if (
      !causes.length &&
      current.coverage.records.some((t) => t.outcome === 'suite-error' && t.ruleIds.includes(rule.id))
    )
      continue;
    // Left unjudged by a shard that did not run: said in that shard's row.
    const shard = shards.find((s) => rule.tests.some((t) => s.tests.has(t.key)));
    if (!causes.length && shard) shard.rules.push(rule.id);
    else if (!causes.length && rule.tests.some((t) => NOT_JUDGED_OUTCOMES.has(t.outcome)))
      rows.push({
        kind: 'not judged',
        subject: rule.id,
        change,
        detail: [clip(notJudgedWhy(rule)) ?? 'its tests did not conclude'],
      });
    else if (!causes.length)
      rows.push({
        kind: 'no longer run',
        subject: rule.id,
        change,
        detail: [clip(rule.tests.find((t) => t.reason)?.reason) ?? 'no test of this run checks it'],
      });
  }
  for (const [id, left] of leaves) ruleRows.get(id)!.detail.push(`leaves ${left.join(', ')} not concluded`);
  for (const s of shards) {
    if (s.rules.length)
      s.row.detail.push(
        `leaves ${plural(s.rules.length, 'rule')} the baseline judged without a verdict: ${s.rules.slice(0, 12).join(', ')}${s.rules.length > 12 ? ', …' : ''}`
      );
    rows.push(s.row);
  }

  rows.push(...testRows(baseline.coverage.records, current.coverage.records, ruleRows, known, today));
  rows.push(...driftRows(baseline, current));
  rows.push(...perfRows(baseline, current));
  const streaks = unjudgedStreaks(baseline, current, maxUnjudgedNights);
  const unjudged = [...unavailableRows(current), ...streaks.rows];
  rows.push(...unjudged);
  const regressions = rows.filter(isRegression);
  const suiteErrors = rows.filter((r) => r.kind === 'suite error');
  const incomplete = rows.filter((r) => (INCOMPLETE_KINDS as readonly string[]).includes(r.kind));
  const judged = judgedShare(judgedRules(baseline).length, answeredRules(current).length, minJudged);
  const whole = regressions.length === 0 && suiteErrors.length === 0 && incomplete.length === 0;
  // The suite's own faults (a suite error, a shard that refused its input or crashed) are never the
  // environment's: they fail the night whatever it judged.
  const ownFault =
    suiteErrors.length > 0 ||
    (current.coverage.shards?.notRun ?? []).some((s) => /^(refused|crashed)\b/.test(s.reason));
  const enough = judged.share >= judged.min;
  const verdict: GateVerdict =
    ownFault || (enough && !whole)
      ? 'FAIL'
      : unjudged.some((r) => r.kind === 'unavailable')
        ? 'UNAVAILABLE'
        : unjudged.length
          ? 'UNJUDGED'
          : !enough
            ? 'NOT JUDGED'
            : 'PASS';
  return {
    verdict,
    passed: verdict === 'PASS',
    judged,
    rows,
    regressions,
    suiteErrors,
    incomplete,
    unjudged,
    unjudgedNights: streaks.nights,
  };
}

export function judgedShare(baseline: number, current: number, min: number): JudgedShare {
  return { baseline, current, share: baseline ? current / baseline : 1, min };
}

/** A test that stopped on the suite's own exception, with the rules it left unjudged. */
function suiteErrorRow(record: TestRecord, was: TestRecord | undefined): GateRow {
  return {
    kind: 'suite error',
    subject: record.key,
    change: `${was?.outcome ?? 'absent'} → suite error`,
    detail: [
      `${clip(record.reason)}${record.thrownAt ? ` (at ${record.thrownAt})` : ''}`,
      `a fault of fleet-conformance, not of the target; leaves ${record.ruleIds.join(', ') || 'no rule'} unjudged`,
    ],
  };
}

/** One row per shard of this run that did not run (lib/shards.ts), with its tests and the rules it leaves unjudged. */
function shardRows(current: RunReports): { row: GateRow; tests: Set<string>; rules: string[] }[] {
  return (current.coverage.shards?.notRun ?? []).map((s) => ({
    row: {
      kind: 'shard not run',
      subject: `shard ${s.shard} of ${s.total}`,
      change: '→ did not run',
      detail: [s.reason, `its ${plural(s.tests.length, 'test')} not run`],
    },
    tests: new Set(s.tests),
    rules: [],
  }));
}

function testRows(
  baseRecords: TestRecord[],
  records: TestRecord[],
  ruleRows: Map<string, GateRow>,
  known: KnownFailure[],
  today: string
): GateRow[] {
  const rows: GateRow[] = [];
  const base = new Map(baseRecords.map((r) => [r.key, r]));
  const keys = new Set(records.map((r) => r.key));
  const blockedBy = new Map<string, TestRecord[]>();
  for (const record of records) {
    const was = base.get(record.key);
    const change = `${was?.outcome ?? 'absent'} → ${record.outcome}`;
    if (record.outcome === 'suite-error') rows.push(suiteErrorRow(record, was));
    const entry = known.find((e) => e.test === record.key);
    if (FAILING.has(record.outcome) && !FAILING.has(was?.outcome ?? '')) {
      // A newly failing test of a rule that was already failing through other tests: a new deviation.
      const stillFailing = (record.failedRules ?? []).filter((id) => ruleRows.get(id)?.kind === 'still failing');
      if (stillFailing.length && !(entry && !isExpired(entry, today))) {
        rows.push({
          kind: 'new failure',
          subject: record.key,
          change,
          detail: [
            `for ${stillFailing.join(', ')} (failing before through other tests)`,
            ...(record.reason ? [clip(record.reason)!] : []),
          ],
        });
      }
    }
    if (record.outcome === 'blocked' && was?.outcome !== 'blocked') {
      const by = record.blockedBy?.rule ?? '—';
      blockedBy.set(by, [...(blockedBy.get(by) ?? []), record]);
    }
    if (entry && record.outcome === 'passed') {
      rows.push(fixedEntry(record.key, change, entry));
    }
  }
  for (const [rule, tests] of blockedBy) {
    const ruleRow = ruleRows.get(rule);
    if (ruleRow && ruleRow.kind !== 'still failing') {
      ruleRow.detail.push(`newly blocks ${plural(tests.length, 'test')}`);
      continue;
    }
    rows.push({
      kind: 'newly blocked',
      subject: `${plural(tests.length, 'test')} by ${rule}`,
      change: '→ blocked',
      detail: [
        ...tests.slice(0, 5).map((t) => `${t.key}: ${clip(t.blockedBy?.reason, 120)}`),
        ...(tests.length > 5 ? [`and ${tests.length - 5} more`] : []),
      ],
    });
  }
  for (const gone of baseRecords.filter((r) => !keys.has(r.key))) {
    rows.push({
      kind: 'disappeared',
      subject: gone.key,
      change: `${gone.outcome} → absent`,
      detail: ['in the baseline, not in this run (renamed, removed or not selected?)'],
    });
  }
  return rows;
}

function driftRows(baseline: RunReports, current: RunReports): GateRow[] {
  // Throttling comes and goes with the environment's load: counted in drift.html, never "new".
  const key = (e: RunReports['drift']['entries'][number]) => `${e.check} ${e.where ?? e.title} ${e.received ?? ''}`;
  const before = new Set(baseline.drift.entries.map(key));
  return current.drift.entries
    .filter((e) => e.check !== 'throttling' && !before.has(key(e)))
    .map((e) => ({
      kind: 'new drift' as const,
      subject: e.title,
      change: '→ seen',
      detail: [
        `${e.received ? `received ${e.received} ` : ''}on ${e.operations.join(', ')} (${e.example.method} ${e.example.path} → ${e.example.status})`,
      ],
    }));
}

function perfRows(baseline: RunReports, current: RunReports): GateRow[] {
  if (!baseline.perf) return [];
  if (!current.perf)
    return [
      {
        kind: 'not measured',
        subject: 'latency',
        change: 'measured → absent',
        detail: ['no perf/summary.json in this run: p99 not compared'],
      },
    ];
  // A copy: the comparison is this gate's, not whatever baseline the perf run itself was given.
  const operations: OperationResult[] = current.perf.operations.map((op) => ({ ...op, baseline: undefined }));
  applyBaseline(operations, baselineOf(baseline.perf)!, current.perf.settings?.confidence ?? 0.95);
  const rows: GateRow[] = keepsSamples(baseline.perf)
    ? []
    : [
        {
          kind: 'not measured',
          subject: 'latency',
          change: 'baseline without samples',
          detail: [
            "the baseline's perf/summary.json keeps no latency samples (written before they were kept): p99 compared by value only, never a regression; the next accepted night (--accept) keeps them",
          ],
        },
      ];
  for (const op of operations) {
    const b = op.baseline;
    if (!b?.regression && !b?.slower) continue;
    const change = `p99 ${b.p99} → ${op.p99} ms`;
    // Only a change both beyond the margin and significant on the two nights' samples is a regression.
    const family = b.test?.family
      ? [
          `judged with the night's other comparisons: ${PROCEDURE_WORDS} over the ${b.test.family.size} operations compared`,
        ]
      : [];
    if (b.regression)
      rows.push({
        kind: 'perf regression',
        subject: op.operation,
        change,
        detail: [`+${b.changeP99Pct}%; ${b.test!.why}`, ...family],
      });
    else
      rows.push({
        kind: 'slower, not significant',
        subject: op.operation,
        change,
        detail: [`+${b.changeP99Pct}%; ${b.test?.why ?? 'no samples in the baseline to judge it by'}`, ...family],
      });
  }
  return rows;
}
