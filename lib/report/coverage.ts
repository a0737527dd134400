/**
 * Coverage: every rule of the catalogue with its verdict — failed (by a test that names it, or by
 * a finding), an assumption failure, blocked (by which rule), incomplete (not judged in this run:
 * a test of it ran out of time, lost its connection, got a gateway's answer or no token), passed,
 * not run (why) or uncovered — and the tests and findings behind it; and the environment's night.
 * Latency rules come from the perf summary.
 */
import { type EnvironmentEvent, type EnvironmentReport, environmentReport } from '../environment.js';
import type { Footprint } from '../footprint.js';
import type { Evidence, LedgerEntry } from '../ledger.js';
import { operations } from '../operations.js';
import { type Rule, ruleList } from '../rules/catalogue.js';
import type { ShardNotRun } from '../shards.js';
import type { Outcome, TestRecord } from './test-record.js';

export type RuleStatus =
  | 'failed'
  | 'assumption-failed'
  | 'suite-error'
  | 'blocked'
  | 'unavailable'
  | 'incomplete'
  | 'passed'
  | 'not-run'
  | 'uncovered';

export interface RuleTest {
  key: string;
  title: string;
  file: string;
  outcome: Outcome;
  reason?: string;
  blockedBy?: string;
}

export interface RuleCoverage {
  id: string;
  family: string;
  section: string;
  words: string;
  origin: Rule['origin'];
  status: RuleStatus;
  tests: RuleTest[];
  /** Findings of this rule: seen broken where no test names it. */
  findings: LedgerEntry[];
  /** Tests (of any rule) this rule's breach blocked. */
  blocks: number;
  /** The first proof of the failure: a failing test's violation, or a finding's exchange. */
  evidence?: Evidence;
  /** The first line of the first failing test's message. */
  message?: string;
}

export interface PerfOperationResult {
  operation: string;
  pass: boolean;
  p50: number | null;
  p99: number | null;
  samples: number;
  status?: 'passed' | 'failed' | 'inconclusive' | 'not-measured';
  reason?: string;
  note?: string;
  verdict?: { why: string };
  decidedBy?: string;
}

export interface CoverageReport {
  target: string;
  generatedAt: string;
  totals: Record<RuleStatus, number> & { rules: number };
  tests: Record<Outcome, number> & { total: number };
  rules: RuleCoverage[];
  findings: LedgerEntry[];
  /** What the run sent and what it created and changed on the target. */
  footprint: Footprint;
  records: TestRecord[];
  /** A sharded run merged with shards that did not run (their tests are among the records, not run). */
  shards?: { total: number; notRun: (ShardNotRun & { tests: string[] })[] };
  /** What the environment did to the run (resets, timeouts, gateway answers, token failures), and what became of each. */
  environment: EnvironmentReport;
  /** Operations the server answered unavailable to every request of the run while others were served: the run's verdict on them. */
  unavailable: UnavailableOperation[];
}

export interface UnavailableOperation {
  operationId: string;
  method: string;
  path: string;
  /** The status it kept answering (503 or 429). */
  status: number;
  /** Requests of it the run sent, every one answered unavailable. */
  requests: number;
  reason: string;
}

/** Which verdict a rule shows when its tests disagree: the first of these that any of them has. */
/** A suite error or an incomplete test is shown before a pass: the rule is not red, but one of its tests could not judge it. */
export const PRECEDENCE: RuleStatus[] = [
  'failed',
  'assumption-failed',
  'suite-error',
  'blocked',
  'unavailable',
  'incomplete',
  'passed',
  'not-run',
  'uncovered',
];

/** The operation's path as the document writes it (a template), when it is one of the document's. */
function operationPath(operationId: string): string | undefined {
  return (operations as Record<string, { path: string } | undefined>)[operationId]?.path;
}

/**
 * Operations the server answered unavailable (each request waited out as it asked, past the
 * test's time) and never served in the run, while it served others: no rule of theirs can be
 * judged, and the run says so as a verdict of its own, never as the environment's.
 */
export function unavailableOperations(
  events: readonly EnvironmentEvent[],
  footprint: Footprint
): UnavailableOperation[] {
  const refused = new Map<string, EnvironmentEvent[]>();
  for (const e of events)
    if (e.kind === 'unavailable') refused.set(e.operationId, [...(refused.get(e.operationId) ?? []), e]);
  const served = (footprint.served ?? {}) as Record<string, number | undefined>;
  if (!Object.values(served).some((n) => (n ?? 0) > 0)) return [];
  // No success of it in the whole run (its other answers: refusals of the suite's bad input, say).
  return [...refused]
    .filter(([op]) => !served[op])
    .map(([operationId, list]) => ({
      operationId,
      method: list[0]!.method,
      path: operationPath(operationId) ?? list[0]!.path,
      status: list.at(-1)!.status ?? 503,
      requests: list.length,
      reason: `answered ${list.at(-1)!.status ?? 503} (unavailable) to ${list.length} request${list.length > 1 ? 's' : ''} of the run, each waited out as it asked, and served none, while other operations were served`,
    }))
    .sort((a, b) => a.operationId.localeCompare(b.operationId));
}

/**
 * Why a rule no test of the run names is not run: every rule but the latency targets is named by a
 * spec title (proof/tests/unit/document.test.ts), so under the suite's own configuration such a rule
 * was left out by the run's selection, never "uncovered".
 */
export const NOT_SELECTED =
  "not selected: no test of it in this run's selection (-g, --rule, a file, a project; in production, the @write tests)";

/** Why a latency rule is not run by a conformance run alone. */
export const LATENCY_NOT_RUN = 'latency gates run with npm run perf (no perf/summary.json for this run)';

function latencyTest(rule: Rule, perf: { startedAt: string; operations: PerfOperationResult[] } | undefined): RuleTest {
  const key = rule.id.replace(/^LAT-/, '').toLowerCase();
  const op = perf?.operations.find((o) => o.operation === key);
  if (!op)
    return {
      key: `perf › ${key}`,
      title: `npm run perf: ${key}`,
      file: 'perf/',
      outcome: 'not-run',
      reason: LATENCY_NOT_RUN,
    };
  // Not decided: the samples show the targets neither met nor missed; concluded nothing, as not measured.
  const status = op.status ?? (op.pass ? 'passed' : 'failed');
  const outcome: Outcome = status === 'passed' ? 'passed' : status === 'failed' ? 'failed' : 'not-run';
  const reason =
    status === 'not-measured'
      ? `not measured: ${op.reason ?? 'see the perf report'}`
      : status === 'inconclusive'
        ? `not decided: ${op.verdict?.why ?? op.note ?? 'see the perf report'}`
        : op.decidedBy === 'conformance run'
          ? `decided by the conformance run's answers, ${perf!.startedAt}`
          : `measured ${perf!.startedAt}`;
  return {
    key: `perf › ${key}`,
    title: `npm run perf: ${key} (p50 ${op.p50} ms, p99 ${op.p99} ms, n=${op.samples}${op.samples && op.samples < 100 ? ': with fewer than 100 samples the p99 is their maximum' : ''})`,
    file: 'perf/',
    outcome,
    reason,
  };
}

function ruleStatus(tests: RuleTest[], failedHere: boolean, findings: number): RuleStatus {
  if (failedHere || findings) return 'failed';
  const outcomes = new Set<RuleStatus>(tests.map((t) => t.outcome));
  return PRECEDENCE.find((s) => outcomes.has(s)) ?? 'uncovered';
}

/** `leftOut`: the reason of a rule no test of the run names (NOT_SELECTED under the suite's own configuration); without it, such a rule is uncovered. */
export function buildCoverage(
  target: string,
  records: TestRecord[],
  findings: LedgerEntry[],
  footprint: Footprint,
  perf?: { startedAt: string; operations: PerfOperationResult[] },
  events: readonly EnvironmentEvent[] = [],
  leftOut?: string
): CoverageReport {
  const rules = ruleList.map((rule): RuleCoverage => {
    const mine = records.filter((t) => t.ruleIds.includes(rule.id));
    const tests: RuleTest[] = mine.map((t) => ({
      key: t.key,
      title: t.title,
      file: t.file,
      // A failing test fails only the rules its failure names; for its other rules it did not conclude.
      outcome:
        (t.outcome === 'failed' || t.outcome === 'assumption-failed') && !t.failedRules?.includes(rule.id)
          ? 'not-run'
          : t.outcome,
      ...(t.reason ? { reason: t.reason } : {}),
      ...(t.blockedBy ? { blockedBy: t.blockedBy.rule ?? '—', reason: t.blockedBy.reason } : {}),
    }));
    if (rule.family === 'latency') tests.push(latencyTest(rule, perf));
    else if (!tests.length && leftOut)
      tests.push({
        key: `not selected › ${rule.id}`,
        title: 'no test of this rule in the run',
        file: '',
        outcome: 'not-run',
        reason: leftOut,
      });
    const ownFindings = findings.filter((f) => f.rule === rule.id);
    const failing = mine.find((t) => t.outcome === 'failed' && t.failedRules?.includes(rule.id));
    const status = ruleStatus(tests, !!failing, ownFindings.length);
    const evidence = failing?.evidence ?? ownFindings.find((f) => f.evidence)?.evidence;
    return {
      id: rule.id,
      family: rule.family,
      section: rule.section,
      words: rule.words,
      origin: rule.origin,
      status,
      tests,
      findings: ownFindings,
      blocks: records.filter((t) => t.blockedBy?.rule === rule.id).length,
      ...(evidence ? { evidence } : {}),
      ...(failing?.reason
        ? { message: failing.reason }
        : status === 'failed' && ownFindings[0]
          ? { message: ownFindings[0].title }
          : {}),
    };
  });
  const totals = {
    rules: rules.length,
    failed: 0,
    'assumption-failed': 0,
    'suite-error': 0,
    blocked: 0,
    unavailable: 0,
    incomplete: 0,
    passed: 0,
    'not-run': 0,
    uncovered: 0,
  };
  for (const r of rules) totals[r.status] += 1;
  const testTotals = {
    total: records.length,
    passed: 0,
    failed: 0,
    'assumption-failed': 0,
    'suite-error': 0,
    blocked: 0,
    unavailable: 0,
    incomplete: 0,
    'not-run': 0,
  };
  for (const t of records) testTotals[t.outcome] += 1;
  const environment = environmentReport(events, testTotals.incomplete);
  const unavailable = unavailableOperations(events, footprint);
  return {
    target,
    generatedAt: new Date().toISOString(),
    totals,
    tests: testTotals,
    rules,
    findings,
    footprint,
    records,
    environment,
    unavailable,
  };
}
