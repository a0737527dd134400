/**
 * Unit tests of the nightly gate (lib/gate/): which changes against the baseline are regressions,
 * how known failures accept, expire and go, the one-line errors of bad input, and Allure's
 * resolutions made from the same known failures.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { emptyFootprint } from '../../../lib/footprint.js';
import { compareRuns, type GateRow } from '../../../lib/gate/compare.js';
import { GateInputError, type KnownFailure, parseKnownFailures } from '../../../lib/gate/known-failures.js';
import { acceptRun, type RunReports, readRunReports } from '../../../lib/gate/run-reports.js';
import { verdictLine } from '../../../lib/gate/table.js';
import { latencyKeys } from '../../../lib/latency-targets.js';
import type { Evidence, LedgerEntry } from '../../../lib/ledger.js';
import { allureResolutions, allureTestCaseId } from '../../../lib/report/allure-known-issues.js';
import { buildCoverage } from '../../../lib/report/coverage.js';
import { buildDrift } from '../../../lib/report/drift.js';
import type { TestRecord } from '../../../lib/report/test-record.js';
import type { DriftRecord } from '../../../lib/report/test-sink.js';
import { ruleList } from '../../../lib/rules/catalogue.js';
import type { OperationResult, PerfSummary } from '../../../perf/report/summary.js';
import { run as runCommand } from '../selftest/harness.js';

const TODAY = '2030-06-15';
const ORDER =
  'conformance › cards/cards-order.spec.ts › an accepted order answers 202 [CARD-ORDER-202, CARD-ORDER-REFERENCE]';
const LIMIT = 'conformance › cards/cards-search.spec.ts › limit 0 is refused [CARD-SEARCH-LIMIT-MIN-1]';
const BALANCE = 'conformance › sessions/sessions-get.spec.ts › DEBT balance is negative [SESSION-BALANCE-AMOUNT]';

/** The answer of the server that shows a failure (no red without evidence). */
const EVIDENCE: Evidence = {
  operationId: 'orderCards',
  baseUrl: 'https://fleet-test.example.com',
  request: { method: 'POST', path: '/cards/order', headers: {}, auth: 'token' },
  response: { status: 200, contentType: 'application/json', body: '{}' },
  startedAt: '2030-06-15T01:00:00.000Z',
};

function rec(key: string, outcome: TestRecord['outcome'], extra: Partial<TestRecord> = {}): TestRecord {
  const title = key.split(' › ').pop()!;
  const ruleIds = /\[(.*)\]/.exec(title)![1]!.split(', ');
  return {
    key,
    title,
    file: key.split(' › ')[1]!,
    ruleIds,
    outcome,
    ...(outcome === 'failed'
      ? { failedRules: [ruleIds[0]!], reason: `[${ruleIds[0]}] broken`, evidence: EVIDENCE }
      : {}),
    ...extra,
  };
}

/** A test that judged nothing (out of time, a lost connection, a gateway's answer): the outcome the suite records for it. */
const INCOMPLETE = 'incomplete' as TestRecord['outcome'];

const clean = (): TestRecord[] => [rec(ORDER, 'passed'), rec(LIMIT, 'passed'), rec(BALANCE, 'passed')];
/** Tests of 20 other rules that pass every night: a night of these fixtures is more than the three tests each case is about. */
const STEADY = ruleList
  .filter((r) => r.family !== 'latency' && !/^(CARD-ORDER|CARD-SEARCH-LIMIT|SESSION-BALANCE)/.test(r.id))
  .slice(0, 20)
  .map((r) => rec(`conformance › steady.spec.ts › steady [${r.id}]`, 'passed'));

function finding(rule: string, operationId: string): LedgerEntry {
  return {
    rule,
    operationId,
    check: 'status_code_conformance',
    title: `${operationId} answered 200`,
    count: 1,
    seenIn: 'some test',
  };
}

function perfOp(operation: string, p99: number, pass = true, samples = 300): OperationResult {
  return {
    operation,
    p50: p99 / 2,
    p99,
    pass,
    measured: true,
    samples,
    lowConfidence: samples < 100,
  } as OperationResult;
}

/** An operation of a summary.json that keeps its samples: 1..n ms, times `scale`. */
function withSamples(
  operation: string,
  n: number,
  scale: number,
  status: OperationResult['status'] = 'passed'
): OperationResult {
  const latencies = Array.from({ length: n }, (_, i) => Math.round((i + 1) * scale * 10) / 10);
  const p99 = latencies[Math.ceil(0.99 * n) - 1]!;
  return {
    operation,
    p50: latencies[n / 2 - 1]!,
    p99,
    pass: status !== 'failed',
    status,
    measured: true,
    samples: n,
    lowConfidence: n < 100,
    latencies,
  } as OperationResult;
}

function run(
  records: TestRecord[],
  options: {
    findings?: LedgerEntry[];
    drift?: DriftRecord[];
    perf?: OperationResult[];
    steady?: TestRecord['outcome'];
  } = {}
): RunReports {
  const perf = options.perf ? ({ startedAt: 'then', operations: options.perf } as PerfSummary) : undefined;
  const steady = STEADY.map((r) => ({
    ...r,
    outcome: options.steady ?? r.outcome,
    ...(options.steady === INCOMPLETE ? { reason: 'ran out of time (its limit: 60 s): not judged' } : {}),
  }));
  return {
    dir: 'reports',
    coverage: buildCoverage('sandbox', [...records, ...steady], options.findings ?? [], emptyFootprint()),
    drift: buildDrift(undefined, 'sandbox', options.drift ?? []),
    ...(perf ? { perf } : {}),
  };
}

function entry(subject: Partial<KnownFailure>, expires = '2030-12-31'): KnownFailure {
  return {
    reason: 'orders answer 200 since release 4.2',
    tracker: 'https://tracker.example.com/browse/FLEET-123',
    expires,
    ...subject,
  };
}

const kinds = (rows: GateRow[]) => rows.map((r) => `${r.kind} ${r.subject}`);

/** A run's reports as the gate reads them from a folder. */
function write(dir: string, reports: RunReports): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'coverage.json'), JSON.stringify(reports.coverage));
  writeFileSync(join(dir, 'drift.json'), JSON.stringify(reports.drift));
}

test.describe('the gate: this run against the baseline', () => {
  test('a rule that newly fails is the regression; the other rules of its test are part of its story', () => {
    const result = compareRuns(
      run(clean()),
      run([rec(ORDER, 'failed'), rec(LIMIT, 'passed'), rec(BALANCE, 'passed')]),
      [],
      TODAY
    );
    expect(result.passed).toBe(false);
    expect(kinds(result.regressions)).toEqual(['new failure CARD-ORDER-202']);
    expect(result.regressions[0]!.detail).toContain(`failing test: ${ORDER}`);
    expect(result.regressions[0]!.detail).toContain('leaves CARD-ORDER-REFERENCE not concluded');
    expect(verdictLine(result)).toMatch(/^gate: FAIL — 1 regression: new failure CARD-ORDER-202/);
  });

  test('a finding is a new failure of its rule even where every test passed', () => {
    const result = compareRuns(
      run(clean()),
      run(clean(), { findings: [finding('SESSION-BALANCE-AMOUNT', 'getSession')] }),
      [],
      TODAY
    );
    expect(kinds(result.regressions)).toEqual(['new failure SESSION-BALANCE-AMOUNT']);
    expect(result.regressions[0]!.detail.join('\n')).toContain('finding on getSession');
  });

  test('an accepted failure passes the gate until its entry expires; then it fails it, even if the baseline failed too', () => {
    const failing = run([rec(ORDER, 'failed'), rec(LIMIT, 'passed'), rec(BALANCE, 'passed')]);
    const accepted = compareRuns(run(clean()), failing, [entry({ rule: 'CARD-ORDER-202' })], TODAY);
    expect(accepted.passed).toBe(true);
    expect(kinds(accepted.rows)).toEqual(['known CARD-ORDER-202']);
    expect(accepted.rows[0]!.detail[0]).toBe(
      'accepted until 2030-12-31: orders answer 200 since release 4.2 (https://tracker.example.com/browse/FLEET-123)'
    );
    // The last day of an entry still accepts; the day after does not.
    expect(compareRuns(run(clean()), failing, [entry({ rule: 'CARD-ORDER-202' }, TODAY)], TODAY).passed).toBe(true);
    const expired = compareRuns(failing, failing, [entry({ rule: 'CARD-ORDER-202' }, '2030-06-14')], TODAY);
    expect(kinds(expired.regressions)).toEqual(['expired acceptance CARD-ORDER-202']);
    expect(expired.regressions[0]!.detail[0]).toMatch(/^acceptance expired 2030-06-14/);
  });

  test('a known failure of one rule does not hide a second: the gate fails on the second only', () => {
    const result = compareRuns(
      run(clean()),
      run([rec(ORDER, 'failed'), rec(LIMIT, 'failed'), rec(BALANCE, 'passed')]),
      [entry({ rule: 'CARD-ORDER-202' })],
      TODAY
    );
    expect(kinds(result.regressions)).toEqual(['new failure CARD-SEARCH-LIMIT-MIN-1']);
    expect(kinds(result.rows.filter((r) => r.kind === 'known'))).toEqual(['known CARD-ORDER-202']);
  });

  test('an accepted failure that passes again is fixed, and its entry can go', () => {
    const result = compareRuns(
      run([rec(ORDER, 'failed'), rec(LIMIT, 'passed'), rec(BALANCE, 'passed')]),
      run(clean()),
      [entry({ rule: 'CARD-ORDER-202' })],
      TODAY
    );
    expect(result.passed).toBe(true);
    expect(kinds(result.rows)).toEqual(['fixed CARD-ORDER-202']);
    expect(result.rows[0]!.entries).toHaveLength(1);
    expect(verdictLine(result)).toContain('1 fixed (1 known-failures entry can go)');
  });

  test("a test entry accepts that test's failure; the rule's findings need the rule's own entry", () => {
    const failing = [rec(ORDER, 'passed'), rec(LIMIT, 'failed'), rec(BALANCE, 'passed')];
    expect(compareRuns(run(clean()), run(failing), [entry({ test: LIMIT })], TODAY).passed).toBe(true);
    const withFinding = compareRuns(
      run(clean()),
      run(failing, { findings: [finding('CARD-SEARCH-LIMIT-MIN-1', 'searchCards')] }),
      [entry({ test: LIMIT })],
      TODAY
    );
    expect(kinds(withFinding.regressions)).toEqual(['new failure CARD-SEARCH-LIMIT-MIN-1']);
  });

  test('what still fails as in the baseline passes; a new finding of it does not', () => {
    const before = run([rec(ORDER, 'failed'), rec(LIMIT, 'passed'), rec(BALANCE, 'passed')]);
    const same = compareRuns(before, before, [], TODAY);
    expect(same.passed).toBe(true);
    expect(kinds(same.rows)).toEqual(['still failing CARD-ORDER-202']);
    const more = compareRuns(
      before,
      run(before.coverage.records, { findings: [finding('CARD-ORDER-202', 'orderCards')] }),
      [],
      TODAY
    );
    expect(kinds(more.regressions)).toEqual(['new finding CARD-ORDER-202']);
  });

  test('tests newly blocked by a rule that already failed, and tests that disappeared, are regressions', () => {
    const before = run([rec(ORDER, 'failed'), rec(LIMIT, 'passed'), rec(BALANCE, 'passed')]);
    const blocked = rec(LIMIT, 'blocked', { blockedBy: { rule: 'CARD-ORDER-202', reason: 'no card to search for' } });
    const result = compareRuns(before, run([rec(ORDER, 'failed'), blocked]), [], TODAY);
    expect(kinds(result.regressions)).toEqual(['newly blocked 1 test by CARD-ORDER-202', `disappeared ${BALANCE}`]);
    expect(result.regressions[0]!.detail[0]).toBe(`${LIMIT}: no card to search for`);
  });

  test('tests blocked by an accepted failure are part of it, not regressions', () => {
    const blocked = rec(LIMIT, 'blocked', { blockedBy: { rule: 'CARD-ORDER-202', reason: 'no card to search for' } });
    const result = compareRuns(
      run(clean()),
      run([rec(ORDER, 'failed'), blocked, rec(BALANCE, 'passed')]),
      [entry({ rule: 'CARD-ORDER-202' })],
      TODAY
    );
    expect(result.passed).toBe(true);
    expect(result.rows.find((r) => r.subject === 'CARD-ORDER-202')!.detail).toContain('newly blocks 1 test');
  });

  test('new drift is reported, never a regression; throttling is never "new"', () => {
    const drift = (check: string, received: string): DriftRecord => ({
      kind: 'drift',
      check,
      rule: 'HTTP-STATUS-DOCUMENTED',
      title: `undocumented value "${received}"`,
      where: 'errorCode',
      received,
      operationId: 'getCard',
      count: 1,
      example: { method: 'GET', path: '/cards/1', status: 401 },
    });
    const result = compareRuns(
      run(clean()),
      run(clean(), { drift: [drift('undocumented_values', 'UNAUTHORIZED'), drift('throttling', '429')] }),
      [],
      TODAY
    );
    expect(result.passed).toBe(true);
    expect(kinds(result.rows)).toEqual(['new drift undocumented value "UNAUTHORIZED"']);
  });

  test("latency: a p99 shown slower than 1.2 × the baseline's on the two nights' samples is a regression, a missed target a new failure of its rule, no perf run a notice", () => {
    const before = run(clean(), { perf: [withSamples('get-card', 300, 1), withSamples('get-customer', 300, 1)] });
    const result = compareRuns(
      before,
      run(clean(), { perf: [withSamples('get-card', 300, 1.19), withSamples('get-customer', 300, 1.5, 'failed')] }),
      [],
      TODAY
    );
    expect(kinds(result.regressions)).toEqual(['new failure LAT-GET-CUSTOMER', 'perf regression get-customer']);
    expect(result.regressions[1]!.change).toBe('p99 297 → 445.5 ms');
    expect(result.regressions[1]!.detail).toEqual([
      "+50%; slower: 63 of tonight's 300 answers took longer than 356.4 ms, 20% above the baseline's p99 (its 4th slowest answer) of 300 (297 ms); were tonight only 20% slower, 63 or more would happen in less than 0.1% of nights (p 2.3e-17; 4.7e-17 adjusted for the 2 operations compared together; 95% confidence)",
      "judged with the night's other comparisons: Holm–Bonferroni step-down on the exact p-values over the 2 operations compared",
    ]);
    const unmeasured = compareRuns(before, run(clean()), [], TODAY);
    expect(unmeasured.passed).toBe(true);
    expect(kinds(unmeasured.rows)).toEqual(['not measured latency']);
  });

  test("latency: slower at first sight but not shown by the samples (50 and 50, the nightly's defaults) is a notice, never a regression", () => {
    const before = run(clean(), { perf: [withSamples('get-card', 50, 1)] });
    const slowest = withSamples('get-card', 50, 1);
    slowest.latencies![49] = 80;
    slowest.p99 = 80;
    const result = compareRuns(before, run(clean(), { perf: [slowest] }), [], TODAY);
    expect(result.passed).toBe(true);
    expect(kinds(result.rows)).toEqual(['slower, not significant get-card']);
    expect(result.rows[0]!.detail[0]).toBe(
      "+60%; not shown slower: 1 of tonight's 50 answers took longer than 60 ms, 20% above the baseline's slowest answer of 50 (50 ms); a slowdown needs at least 5 of them with 95% confidence"
    );
  });

  test("latency: a slowdown significant on its own but not across the night's 17 comparisons is a notice, with its raw and adjusted p-values", () => {
    const others = latencyKeys.filter((op) => op !== 'get-card').map((op) => withSamples(op, 50, 1));
    const before = run(clean(), { perf: [withSamples('get-card', 50, 1), ...others] });
    // 6 of tonight's 50 above 1.2 × the baseline's slowest (60 ms): 1.3% of nights on its own (at most 5%: a regression), 23% adjusted for 17.
    const tonight = withSamples('get-card', 50, 1);
    for (let i = 44; i < 50; i += 1) tonight.latencies![i] = 90;
    tonight.p99 = 90;
    const result = compareRuns(before, run(clean(), { perf: [tonight, ...others] }), [], TODAY);
    expect(result.passed).toBe(true);
    expect(kinds(result.rows)).toEqual(['slower, not significant get-card']);
    expect(result.rows[0]!.detail).toEqual([
      "+80%; not shown slower: 6 of tonight's 50 answers took longer than 60 ms, 20% above the baseline's slowest answer of 50 (50 ms) (p 0.013; 0.23 adjusted for the 17 operations compared together); a slowdown needs at least 8 of them with 95% confidence, the other operations as they are",
      "judged with the night's other comparisons: Holm–Bonferroni step-down on the exact p-values over the 17 operations compared",
    ]);
    // On its own the same count is a regression.
    const alone = compareRuns(
      run(clean(), { perf: [withSamples('get-card', 50, 1)] }),
      run(clean(), { perf: [tonight] }),
      [],
      TODAY
    );
    expect(kinds(alone.regressions)).toEqual(['perf regression get-card']);
  });

  test('latency: a baseline written before samples were kept is compared by value only, said in one line, never a regression', () => {
    const before = run(clean(), { perf: [perfOp('get-card', 100), perfOp('get-customer', 100)] });
    const result = compareRuns(
      before,
      run(clean(), { perf: [withSamples('get-card', 300, 1), perfOp('get-customer', 160)] }),
      [],
      TODAY
    );
    expect(result.passed).toBe(true);
    expect(kinds(result.rows)).toEqual([
      'not measured latency',
      'slower, not significant get-card',
      'slower, not significant get-customer',
    ]);
    expect(result.rows[0]!.detail).toEqual([
      "the baseline's perf/summary.json keeps no latency samples (written before they were kept): p99 compared by value only, never a regression; the next accepted night (--accept) keeps them",
    ]);
    expect(result.rows[2]!.detail).toEqual(['+60%; no samples in the baseline to judge it by']);
  });

  test('a shard that did not run fails the gate by name, with the rules it left unjudged, whatever the baseline', () => {
    const current = run([
      rec(ORDER, 'passed'),
      rec(LIMIT, 'not-run', { reason: 'shard 2 of 2 did not run (refused, exit 2: FLEET_WRITE_BUDGET: over)' }),
      rec(BALANCE, 'passed'),
    ]);
    current.coverage.shards = {
      total: 2,
      notRun: [{ shard: 2, total: 2, reason: 'refused, exit 2: FLEET_WRITE_BUDGET: over', tests: [LIMIT] }],
    };
    const result = compareRuns(run(clean()), current, [], TODAY);
    expect(result.passed).toBe(false);
    expect(result.regressions).toEqual([]);
    expect(kinds(result.rows), 'its rules are said in its row, not as rules no longer run').toEqual([
      'shard not run shard 2 of 2',
    ]);
    expect(result.incomplete[0]!.detail).toEqual([
      'refused, exit 2: FLEET_WRITE_BUDGET: over',
      'its 1 test not run',
      'leaves 1 rule the baseline judged without a verdict: CARD-SEARCH-LIMIT-MIN-1',
    ]);
    expect(verdictLine(result)).toBe(
      'gate: FAIL — shard 2 of 2 did not run; no regression where the night ran (0 known, 0 still failing, 0 fixed, 0 not judged, 0 new drift)'
    );
    // Half of a night lost to shards that timed out is the environment's: not judged. One that refused its input is the suite's: a failure.
    const half = run([rec(ORDER, 'passed'), rec(LIMIT, 'passed'), rec(BALANCE, 'passed')], { steady: 'not-run' });
    half.coverage.shards = {
      total: 2,
      notRun: [
        {
          shard: 2,
          total: 2,
          reason: 'started 2030-06-15T01:00:00Z and never ended: killed or timed out',
          tests: STEADY.map((t) => t.key),
        },
      ],
    };
    expect(compareRuns(run(clean()), half, [], TODAY).verdict).toBe('NOT JUDGED');
    half.coverage.shards.notRun[0]!.reason = 'refused, exit 2: FLEET_WRITE_BUDGET: over';
    expect(compareRuns(run(clean()), half, [], TODAY).verdict).toBe('FAIL');
  });
});

test.describe('the gate: what the night could not judge', () => {
  test('a rule whose test was incomplete is not judged tonight: a notice with why, never a regression, whether it passed or failed before', () => {
    const current = run([
      rec(ORDER, INCOMPLETE, { reason: 'a gateway answered 502 (text/html) to POST /cards/order: not judged' }),
      rec(LIMIT, 'passed'),
      rec(BALANCE, 'passed'),
    ]);
    const result = compareRuns(run(clean()), current, [], TODAY);
    expect(result.verdict).toBe('PASS');
    expect(kinds(result.rows)).toEqual(['not judged CARD-ORDER-202', 'not judged CARD-ORDER-REFERENCE']);
    expect(result.rows[0]!.detail).toEqual(['a gateway answered 502 (text/html) to POST /cards/order: not judged']);
    // Failing before, not judged now: neither fixed nor a regression; its acceptance neither used nor free to go.
    const failing = run([rec(ORDER, 'failed'), rec(LIMIT, 'passed'), rec(BALANCE, 'passed')]);
    const after = compareRuns(failing, current, [entry({ rule: 'CARD-ORDER-202' })], TODAY);
    expect(after.passed).toBe(true);
    expect(kinds(after.rows), 'CARD-ORDER-REFERENCE was not judged by the baseline either').toEqual([
      'not judged CARD-ORDER-202',
    ]);
    expect(after.rows[0]!.change).toMatch(/^failed → /);
    expect(verdictLine(after)).toBe(
      'gate: PASS — no regression against the baseline (0 known, 0 still failing, 0 fixed, 1 not judged, 0 new drift)'
    );
  });

  test('a failure no answer of the server shows is not judged: no red without evidence', () => {
    const unshown = rec(ORDER, 'failed', {
      evidence: undefined,
      reason: 'Error: apiRequestContext.fetch: read ECONNRESET',
    });
    delete unshown.evidence;
    const result = compareRuns(run(clean()), run([unshown, rec(LIMIT, 'passed'), rec(BALANCE, 'passed')]), [], TODAY);
    expect(result.regressions).toEqual([]);
    expect(result.passed).toBe(true);
    expect(result.rows.find((r) => r.subject === 'CARD-ORDER-202')).toMatchObject({
      kind: 'not judged',
      change: 'passed → failed without evidence',
    });
    expect(result.rows.find((r) => r.subject === 'CARD-ORDER-202')!.detail[0]).toContain('read ECONNRESET');
  });

  test('a night that judged less than the stated share of what the baseline judged is NOT JUDGED: never a pass, never a regression', () => {
    const baseline = run(clean());
    // The environment answered a few tests, then nothing: the steady tests all incomplete, one failure seen meanwhile.
    const night = run([rec(ORDER, 'failed'), rec(LIMIT, 'passed'), rec(BALANCE, 'passed')], { steady: INCOMPLETE });
    const result = compareRuns(baseline, night, [], TODAY);
    expect(result.verdict).toBe('NOT JUDGED');
    expect(result.passed).toBe(false);
    expect(result.judged).toEqual({ baseline: 24, current: 3, share: 3 / 24, min: 0.8 });
    expect(kinds(result.regressions), 'what it saw is still shown').toEqual(['new failure CARD-ORDER-202']);
    expect(verdictLine(result)).toBe(
      'gate: NOT JUDGED — the environment was unavailable: this night judged 3 of the 24 rules the baseline judged (12%), less than 80%; neither a pass nor a regression; 1 regression seen where it judged, to be confirmed on a night that can be judged (0 known, 0 still failing, 0 fixed, 20 not judged, 0 new drift)'
    );
    // The share is the user's to state.
    expect(compareRuns(baseline, night, [], TODAY, 0.1).verdict).toBe('FAIL');
    expect(compareRuns(baseline, run(clean(), { steady: INCOMPLETE }), [], TODAY, 0.1).verdict).toBe('PASS');
    // Tests blocked by a rule the server broke were stopped by its answers, not by the environment: a fault that blocks most of a night is judged.
    const deviating = run([rec(ORDER, 'failed'), rec(LIMIT, 'passed'), rec(BALANCE, 'passed')], { steady: 'blocked' });
    expect(compareRuns(baseline, deviating, [], TODAY).judged.share).toBeGreaterThan(0.8);
    expect(compareRuns(baseline, deviating, [], TODAY).verdict).toBe('FAIL');
    expect(compareRuns(baseline, run(clean(), { steady: 'blocked' }), [], TODAY).judged).toEqual({
      baseline: 24,
      current: 24,
      share: 1,
      min: 0.8,
    });
    // A suite error is the suite's own fault, never the environment's: it fails the night whatever it judged.
    const crashed = run(clean(), { steady: 'suite-error' });
    expect(compareRuns(baseline, crashed, [], TODAY).verdict).toBe('FAIL');
  });

  test('npm run gate: exit 3 for a night not judged, nothing accepted; --init makes no baseline of one; --min-judged checked in one line', async () => {
    const work = mkdtempSync(join(tmpdir(), 'fleet-gate-judged-'));
    write(join(work, 'baseline'), run(clean()));
    write(join(work, 'night'), run(clean(), { steady: INCOMPLETE }));
    const gate = (...args: string[]) => runCommand('node', ['--import', 'tsx', 'scripts/gate.ts', ...args], {});
    const night = await gate('--baseline', join(work, 'baseline'), '--current', join(work, 'night'), '--accept');
    expect(night.code).toBe(3);
    expect(night.output).toContain(
      'gate: judged 4 of the 24 rules the baseline judged (16%); below 80% a night is not judged'
    );
    expect(night.output.trim().split('\n').pop()).toMatch(
      /^gate: NOT JUDGED — the environment was unavailable: this night judged 4 of the 24 rules/
    );
    expect(night.output).not.toContain('gate: accepted');
    expect((JSON.parse(readFileSync(join(work, 'night', 'gate.json'), 'utf8')) as { verdict: string }).verdict).toBe(
      'NOT JUDGED'
    );
    expect(
      (await gate('--baseline', join(work, 'baseline'), '--current', join(work, 'night'), '--min-judged', '15%')).code
    ).toBe(0);

    const init = await gate('--baseline', join(work, 'first'), '--current', join(work, 'night'), '--init');
    expect(init.code).toBe(3);
    expect(init.output.trim()).toBe(
      'gate: NOT JUDGED — the environment was unavailable: this night judged 4 of the 24 rules its tests name (16%), less than 80%: not made the baseline (--init)'
    );
    expect(existsSync(join(work, 'first', 'coverage.json'))).toBe(false);

    const bad = await gate(
      '--baseline',
      join(work, 'baseline'),
      '--current',
      join(work, 'night'),
      '--min-judged',
      'most'
    );
    expect(bad.code).toBe(2);
    expect(bad.output.trim()).toBe(
      'gate: --min-judged: "most" is not a share from 0 to 1 (e.g. 0.8) or a percentage (80%)'
    );
  });
});

test.describe('the gate: nothing stays unjudged, an unavailable operation never passes', () => {
  const notJudged = (outcome: TestRecord['outcome']) =>
    run([
      rec(ORDER, outcome, { reason: "POST /cards/order got a gateway's answer 502 4 times: not judged" }),
      rec(LIMIT, 'passed'),
      rec(BALANCE, 'passed'),
    ]);

  test('an operation the server answered unavailable to every request fails the night as UNAVAILABLE, with its rules; never a regression', () => {
    const night = notJudged('unavailable');
    night.coverage.unavailable = [
      {
        operationId: 'orderCards',
        method: 'POST',
        path: '/cards/order',
        status: 503,
        requests: 3,
        reason: 'answered 503 (unavailable) to all 3 requests of the run',
      },
    ];
    const result = compareRuns(run(clean()), night, [], TODAY);
    expect([result.verdict, result.passed, result.regressions]).toEqual(['UNAVAILABLE', false, []]);
    expect(kinds(result.unjudged)).toEqual(['unavailable POST /cards/order']);
    expect(result.unjudged[0]!.detail).toEqual([
      'answered 503 (unavailable) to all 3 requests of the run',
      'leaves CARD-ORDER-202, CARD-ORDER-REFERENCE not judged',
    ]);
    expect(verdictLine(result)).toMatch(
      /^gate: UNAVAILABLE — the server answered unavailable to every request of an operation: unavailable POST \/cards\/order; no regression where the night judged, and not a pass/
    );
    // A regression beside it is still the night's verdict.
    const worse = notJudged('unavailable');
    worse.coverage = buildCoverage(
      'sandbox',
      [rec(ORDER, 'unavailable'), rec(LIMIT, 'failed'), rec(BALANCE, 'passed'), ...STEADY],
      [],
      emptyFootprint()
    );
    worse.coverage.unavailable = night.coverage.unavailable;
    expect(compareRuns(run(clean()), worse, [], TODAY).verdict).toBe('FAIL');
  });

  test("a rule not judged on FLEET_GATE_MAX_UNJUDGED_NIGHTS nights in a row fails the night as UNJUDGED, naming each night's why; the streak goes on from the baseline's", () => {
    const once = compareRuns(run(clean()), notJudged(INCOMPLETE), [], TODAY);
    expect([once.verdict, once.unjudgedNights['CARD-ORDER-202']?.nights]).toEqual(['PASS', 1]);
    const twice = compareRuns(notJudged(INCOMPLETE), notJudged(INCOMPLETE), [], TODAY);
    expect(twice.verdict).toBe('UNJUDGED');
    expect(kinds(twice.unjudged)).toEqual([
      'unjudged too long CARD-ORDER-202',
      'unjudged too long CARD-ORDER-REFERENCE',
    ]);
    expect(twice.unjudged[0]).toMatchObject({
      change: 'not judged 2 nights in a row',
      detail: [
        "night 1: POST /cards/order got a gateway's answer 502 4 times: not judged",
        "night 2: POST /cards/order got a gateway's answer 502 4 times: not judged",
        'the environment keeps this rule from being judged: a finding for the people who run it',
      ],
    });
    expect(compareRuns(notJudged(INCOMPLETE), notJudged(INCOMPLETE), [], TODAY, 0.8, 3).verdict).toBe('PASS');
    const baseline = { ...notJudged(INCOMPLETE), unjudged: { 'CARD-ORDER-202': { nights: 2, why: ['a', 'b'] } } };
    const third = compareRuns(baseline, notJudged(INCOMPLETE), [], TODAY, 0.8, 3);
    expect([third.verdict, third.unjudgedNights['CARD-ORDER-202']]).toEqual([
      'UNJUDGED',
      { nights: 3, why: ['a', 'b', "POST /cards/order got a gateway's answer 502 4 times: not judged"] },
    ]);
    // Judged again: the streak ends.
    expect(compareRuns(baseline, run(clean()), [], TODAY, 0.8, 3).unjudgedNights).toEqual({});
  });

  test("a night that failed between two unjudged nights keeps the count: the baseline's streaks file is last night's, not the accepted night's", () => {
    // Night 1 (accepted): judged. Night 2 (a regression, not accepted): CARD-ORDER-202 not judged, its streak written with the baseline. Night 3: not judged again.
    const afterFailedNight = { ...run(clean()), unjudged: { 'CARD-ORDER-202': { nights: 1, why: ["night 2's why"] } } };
    const third = compareRuns(afterFailedNight, notJudged(INCOMPLETE), [], TODAY);
    expect([third.verdict, third.unjudgedNights['CARD-ORDER-202']?.nights]).toEqual(['UNJUDGED', 2]);
    // And a rule the accepted night left unjudged but last night judged starts again at one.
    const judgedLastNight = { ...notJudged(INCOMPLETE), unjudged: {} };
    expect(
      compareRuns(judgedLastNight, notJudged(INCOMPLETE), [], TODAY).unjudgedNights['CARD-ORDER-202']?.nights
    ).toBe(1);
  });

  test('npm run gate: exit 5 for a rule unjudged too long, exit 4 for an unavailable operation; the streaks kept beside the run and with the baseline it becomes', async () => {
    const work = mkdtempSync(join(tmpdir(), 'fleet-gate-unjudged-'));
    const gate = (...args: string[]) => runCommand('node', ['--import', 'tsx', 'scripts/gate.ts', ...args], {});
    write(join(work, 'baseline'), run(clean()));
    write(join(work, 'night1'), notJudged(INCOMPLETE));
    expect((await gate('--baseline', join(work, 'baseline'), '--current', join(work, 'night1'), '--accept')).code).toBe(
      0
    );
    expect(JSON.parse(readFileSync(join(work, 'baseline', 'unjudged.json'), 'utf8'))).toMatchObject({
      'CARD-ORDER-202': { nights: 1 },
    });
    write(join(work, 'night2'), notJudged(INCOMPLETE));
    const second = await gate('--baseline', join(work, 'baseline'), '--current', join(work, 'night2'), '--accept');
    expect(second.code, second.output).toBe(5);
    expect(second.output).toContain('⊘ unjudged too long');
    expect(second.output).not.toContain('gate: accepted');
    expect(
      JSON.parse(readFileSync(join(work, 'baseline', 'unjudged.json'), 'utf8')),
      'a night not accepted still counts'
    ).toMatchObject({ 'CARD-ORDER-202': { nights: 2 } });
    expect(
      (await gate('--baseline', join(work, 'baseline'), '--current', join(work, 'night2'), '--accept')).code,
      'the same night gated again'
    ).toBe(5);
    expect(JSON.parse(readFileSync(join(work, 'baseline', 'unjudged.json'), 'utf8')), 'counted once').toMatchObject({
      'CARD-ORDER-202': { nights: 2 },
    });
    const unavailable = notJudged('unavailable');
    unavailable.coverage.unavailable = [
      {
        operationId: 'orderCards',
        method: 'POST',
        path: '/cards/order',
        status: 503,
        requests: 3,
        reason: 'answered 503',
      },
    ];
    write(join(work, 'night3'), unavailable);
    expect((await gate('--baseline', join(work, 'baseline'), '--current', join(work, 'night3'), '--accept')).code).toBe(
      4
    );
  });
});

test.describe('known-failures.json', () => {
  const file = 'known-failures.json';
  const one = (e: object) => JSON.stringify({ knownFailures: [e] });
  const good = {
    rule: 'CARD-ORDER-202',
    reason: 'r',
    tracker: 'https://tracker.example.com/browse/FLEET-1',
    expires: '2030-01-31',
  };

  test('a well-formed file reads back its entries', () => {
    expect(parseKnownFailures(one(good), file)).toEqual([good]);
    expect(parseKnownFailures(JSON.stringify({ knownFailures: [] }), file)).toEqual([]);
  });

  test('a malformed entry is one line naming the file, the entry and the cause', () => {
    const cases: [string, string][] = [
      ['{', 'known-failures.json: not JSON'],
      ['[]', 'known-failures.json: expected {"knownFailures": [...]}'],
      [one({ ...good, rule: 'CARD-ORDR-202' }), 'entry 1 (rule CARD-ORDR-202): "CARD-ORDR-202" is not a rule id'],
      [one({ ...good, test: ORDER }), 'entry 1 (rule CARD-ORDER-202): needs exactly one of "rule" or "test"'],
      [
        one({ ...good, rule: undefined, test: 'limit 0 is refused' }),
        'entry 1 (test "limit 0 is refused"): "test" must be a test key',
      ],
      [one({ ...good, reason: ' ' }), 'entry 1 (rule CARD-ORDER-202): "reason" must say why'],
      [one({ ...good, tracker: 'FLEET-1' }), '"tracker" must be an http(s) link'],
      [one({ ...good, expires: '2030-02-30' }), '"expires" must be a date YYYY-MM-DD (got "2030-02-30")'],
      [one({ ...good, expires: undefined }), '"expires" must be a date YYYY-MM-DD (got undefined)'],
      [one({ ...good, owner: 'me' }), 'unknown field owner'],
      [
        JSON.stringify({ knownFailures: [good, good] }),
        'entry 2 (rule CARD-ORDER-202): rule CARD-ORDER-202 is accepted twice',
      ],
      [JSON.stringify({ knownFailures: ['x'] }), 'entry 1 is not an object'],
    ];
    for (const [text, message] of cases) {
      expect(() => parseKnownFailures(text, file), text).toThrow(GateInputError);
      expect(() => parseKnownFailures(text, file), text).toThrow(message);
    }
  });
});

test.describe('the reports the gate reads and keeps', () => {
  test('a missing or unreadable report is one line naming it; --init is the way to a first baseline', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gate-'));
    expect(() => readRunReports(join(dir, 'none'), 'baseline')).toThrow(
      /^baseline .*none: no such folder \(make the first baseline with --init\)$/
    );
    expect(() => readRunReports(dir, 'current')).toThrow(/^current .*coverage\.json: missing$/);
    writeFileSync(join(dir, 'coverage.json'), '{"rules":');
    expect(() => readRunReports(dir, 'current')).toThrow(/coverage\.json: not JSON/);
    writeFileSync(join(dir, 'coverage.json'), '{}');
    expect(() => readRunReports(dir, 'current')).toThrow(/coverage\.json: not a coverage\.json of this suite/);
  });

  test("accepting copies the gate's files, and only those, and drops a perf summary the run did not make", () => {
    const dir = mkdtempSync(join(tmpdir(), 'gate-'));
    const current = join(dir, 'reports');
    const baseline = join(dir, 'baseline');
    const reports = run(clean());
    mkdirSync(current);
    writeFileSync(join(current, 'coverage.json'), JSON.stringify(reports.coverage));
    writeFileSync(join(current, 'drift.json'), JSON.stringify(reports.drift));
    mkdirSync(join(baseline, 'perf'), { recursive: true });
    writeFileSync(join(baseline, 'perf', 'summary.json'), '{"operations":[]}');
    writeFileSync(join(baseline, 'keep.txt'), "not the gate's");
    expect(acceptRun(current, baseline, { acceptedAt: 'now' })).toEqual(['coverage.json', 'drift.json']);
    const back = readRunReports(baseline, 'baseline');
    expect(back.coverage.records.map((r) => r.key)).toEqual(reports.coverage.records.map((r) => r.key));
    expect(back.perf).toBeUndefined();
    expect(readFileSync(join(baseline, 'keep.txt'), 'utf8')).toBe("not the gate's");
    expect(() => acceptRun(current, current, {})).toThrow(/is the current run's own folder/);
  });
});

test.describe('Allure resolutions from the same known failures', () => {
  test('the test case id is the one allure-playwright writes for that test', () => {
    // From a real result of this suite: testCaseId of "order cards › cardPIN is never echoed…".
    const key =
      'conformance › cards/cards-order.spec.ts › order cards › cardPIN is never echoed: neither the order answer nor the ordered cards show it [CARD-PIN-NEVER-ECHOED] @write';
    expect(allureTestCaseId(key, 'fleet-conformance')).toBe('22780a6db6c4fb7836ebfb4217fcc7c1');
  });

  test('each unexpired entry is an issue linked to its tracker; expired ones are left out', () => {
    const resolutions = allureResolutions(
      [
        entry({ rule: 'CARD-ORDER-202' }),
        entry({ test: LIMIT }),
        entry({ rule: 'SESSION-BALANCE-AMOUNT' }, '2030-01-01'),
      ],
      TODAY,
      'fleet-conformance'
    );
    expect(resolutions.rules).toHaveLength(2);
    const [rule, byTest] = resolutions.rules as {
      issue: { id: string; type: string };
      messageRegexp?: string;
      testCaseId?: string[];
    }[];
    expect(rule!.issue.id).toBe('CARD-ORDER-202');
    expect(
      new RegExp(rule!.messageRegexp!).test('[CARD-ORDER-202] status_code_conformance: POST /cards/order answered 200')
    ).toBe(true);
    expect(new RegExp(rule!.messageRegexp!).test('[CARD-ORDER-2020] other')).toBe(false);
    expect(byTest!.testCaseId).toEqual([allureTestCaseId(LIMIT, 'fleet-conformance')]);
    const link = resolutions.links![rule!.issue.type]!;
    expect(link.urlTemplate.replace('%s', rule!.issue.id)).toBe(
      'https://tracker.example.com/browse/FLEET-123#CARD-ORDER-202'
    );
    expect(link.nameTemplate).toBe('FLEET-123 %s');
  });
});

test('the gate stops in one line, exit 2, on a missing report or a malformed known failure', async () => {
  const work = mkdtempSync(join(tmpdir(), 'fleet-gate-input-'));
  const missing = await runCommand(
    'node',
    ['--import', 'tsx', 'scripts/gate.ts', '--baseline', join(work, 'none'), '--current', work],
    {}
  );
  expect(missing.code).toBe(2);
  expect(missing.output.trim()).toBe(`gate: current ${join(work, 'coverage.json')}: missing`);
  const file = join(work, 'known.json');
  writeFileSync(
    file,
    JSON.stringify({
      knownFailures: [{ rule: 'CARD-ORDER-202', reason: 'r', tracker: 'https://t.example/1', expires: 'soon' }],
    })
  );
  const malformed = await runCommand(
    'node',
    ['--import', 'tsx', 'scripts/gate.ts', '--baseline', work, '--known', file],
    {}
  );
  expect(malformed.code).toBe(2);
  expect(malformed.output.trim()).toBe(
    `gate: ${file}: entry 1 (rule CARD-ORDER-202): "expires" must be a date YYYY-MM-DD (got "soon")`
  );
});
