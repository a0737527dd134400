/**
 * The gate's verdict per operation: passed, failed and not decided are measured; not measured is
 * what the run could not measure here (with the reason); neither of the last two ever fails the
 * gate — in summary.json, the terminal table, index.html and the coverage page that reads
 * summary.json. A conformance run's answers decide what the fixed-rate series leaves open.
 */
import { expect, test } from '@playwright/test';
import { emptyFootprint } from '../../../lib/footprint.js';
import { buildPassiveReport, passiveLines, passiveShortLines } from '../../../lib/latency/passive-report.js';
import { judgeLatency } from '../../../lib/latency/verdict.js';
import type { LatencyKey } from '../../../lib/operations.js';
import { buildCoverage } from '../../../lib/report/coverage.js';
import type { Sample } from '../../../perf/measure.js';
import { joinPassive } from '../../../perf/passive.js';
import { renderHtml } from '../../../perf/report/html.js';
import type { OperationResult, PerfSummary } from '../../../perf/report/summary.js';
import { formatTable } from '../../../perf/report/table.js';
import { gatePasses, preparationVerdict, resultFor, unmeasured } from '../../../perf/runner.js';
import { NotMeasurable, SetupError } from '../../../perf/setup-api.js';

const sample = (latencyMs: number, status = 200): Sample => ({
  slot: 0,
  op: 'get-card',
  counted: true,
  intendedAt: 0,
  sentAt: 0,
  latencyMs,
  status,
});
const stats = () => ({ notSent: new Map(), slots: new Map() });
// 300 answers, none slower: enough to show even the p99 met (299 at 95%).
const within = () =>
  resultFor(
    'get-card',
    10,
    Array.from({ length: 300 }, () => sample(50)),
    stats(),
    []
  );
const open = () =>
  resultFor(
    'get-card',
    5,
    Array.from({ length: 50 }, () => sample(50)),
    stats(),
    []
  );
const overTarget = () =>
  resultFor(
    'get-card',
    10,
    Array.from({ length: 200 }, (_, i) => sample(i < 190 ? 50 : 900)),
    stats(),
    []
  );
const WHY = 'cards this run orders do not show up at once (completing an order takes up to 24 to 36 hours)';

function summaryOf(operations: OperationResult[]): PerfSummary {
  return {
    target: 'test',
    startedAt: 'then',
    finishedAt: 'now',
    baseUrl: 'https://fleet-test.example',
    operations,
    pass: gatePasses(operations, false),
    interrupted: false,
    settings: { duration: 1, rate: 10, warmup: 3, percentiles: 'exact' },
    tidyUp: [],
    footprint: emptyFootprint(),
    orderReferences: [],
  };
}

test('a measured operation is passed, failed or not decided; one the run could not measure is not measured, with the reason', () => {
  expect(within()).toMatchObject({ status: 'passed', pass: true, measured: true });
  expect(overTarget()).toMatchObject({ status: 'failed', pass: false, measured: true });
  expect(open()).toMatchObject({ status: 'inconclusive', pass: true, measured: true });
  const r = unmeasured('replace-card', 5, WHY);
  expect(r).toMatchObject({ status: 'not-measured', reason: WHY, measured: false, samples: 0, p50: null, p99: null });
  expect(r.note).toBe(`not measured: ${WHY}`);
});

test("slots not sent for want of a free resource (the pair's other half slow) never fail the operation: what was sent judges it, and none sent is not measured", () => {
  const phase = (notSent: number) => ({
    notSent: new Map<LatencyKey, number>([['unblock-card', notSent]]),
    slots: new Map<LatencyKey, number>([['unblock-card', 100]]),
  });
  const starved = phase(31);
  const note = '31 slots not sent: no blocked resource was free (pool too small for rate × latency)';
  const some = resultFor(
    'unblock-card',
    100,
    Array.from({ length: 69 }, () => sample(1)),
    starved,
    [note]
  );
  expect(some).toMatchObject({ status: 'inconclusive', pass: true, notSent: 31 });
  expect(some.note).toContain(note);
  const none = resultFor('unblock-card', 100, [], phase(100), ['100 slots not sent: no blocked resource was free']);
  expect(none).toMatchObject({ status: 'not-measured', pass: false, measured: false });
  expect(none.reason).toBe('none of its 100 slots could be sent: 100 slots not sent: no blocked resource was free');
  // Slow answers of what was sent still fail it.
  const slow = resultFor(
    'unblock-card',
    100,
    Array.from({ length: 69 }, () => sample(950)),
    starved,
    [note]
  );
  expect(slow).toMatchObject({ status: 'failed', pass: false });
});

test('a not-measured or not-decided operation never fails the gate; a measured one shown over its target does', () => {
  const notMeasured = [unmeasured('cancel-card', 5, WHY), unmeasured('replace-card', 5, WHY)];
  expect(gatePasses([within(), open(), ...notMeasured], false)).toBe(true);
  expect(gatePasses(notMeasured, false)).toBe(true);
  expect(gatePasses([within(), overTarget(), ...notMeasured], false)).toBe(false);
  expect(gatePasses([within()], true), 'an interrupted run never passes').toBe(false);
});

test('a preparation that throws: not measured when the run cannot measure or the target refused (4xx), failed when the target failed', () => {
  expect(preparationVerdict('cancel-card', 5, new NotMeasurable(WHY))).toMatchObject({
    status: 'not-measured',
    reason: WHY,
  });
  const refused = preparationVerdict('order-cards', 5, new SetupError('setup: orderCards answered 403: {}', 403));
  expect(refused).toMatchObject({
    status: 'not-measured',
    reason: 'the target refused a set-up request: setup: orderCards answered 403: {}',
  });
  for (const error of [
    new SetupError('setup: cardSearch answered 500: {}', 500),
    new SetupError('no answer'),
    new Error('fetch failed'),
  ]) {
    const failed = preparationVerdict('cancel-card', 5, error);
    expect(failed, error.message).toMatchObject({
      status: 'failed',
      pass: false,
      note: `FAIL: preparation failed: ${error.message}`,
    });
    expect(failed.reason).toBeUndefined();
  }
});

test('the terminal table, index.html and the coverage page show "not measured" with the reason, and the gate passed', () => {
  const summary = summaryOf([within(), unmeasured('replace-card', 5, WHY)]);
  const table = formatTable(summary);
  expect(table).toMatch(/^replace-card .* not measured {2}cards this run orders do not show up at once/m);
  expect(table).toContain('GATE PASSED (not measured, which never fails the gate: replace-card)');
  expect(table).not.toMatch(/FAIL/);

  const html = renderHtml(summary, new Map());
  expect(html).toContain('<tr class="not-measured">');
  expect(html).toContain('<b>not measured</b>');
  expect(html).toContain(
    'Not measured (never fails the gate): <b>replace-card</b>: cards this run orders do not show up at once'
  );
  expect(html).not.toContain('Gate failed');

  const coverage = buildCoverage('test', [], [], emptyFootprint(), JSON.parse(JSON.stringify(summary)));
  const rule = coverage.rules.find((r) => r.id === 'LAT-REPLACE-CARD')!;
  expect(rule.status).toBe('not-run');
  expect(rule.tests.at(-1)).toMatchObject({ outcome: 'not-run', reason: `not measured: ${WHY}` });
  expect(coverage.rules.find((r) => r.id === 'LAT-GET-CARD')!.status).toBe('passed');
});

test('not decided in the table, index.html and the coverage page: a notice with the samples that would decide it', () => {
  const summary = summaryOf([within(), open()]);
  const table = formatTable(summary);
  expect(table).toMatch(/^get-card .* not decided {2}about 299 samples would decide it \(FLEET_PERF_DURATION=60\)/m);
  expect(table).toContain('get-card — p99 ≤ 600 ms not decided: 0 of 50 answers took longer than 600 ms (0%)');
  expect(table).toContain(
    'GATE PASSED (not decided, a notice that never fails the gate: get-card (more samples: FLEET_PERF_DURATION, perf/README.md))'
  );
  expect(table).toMatch(/^get-card +50 +5 +0 +50\.0 \[50, 50\] +50\.0 \[50, ∞\) /m);
  const html = renderHtml(summary, new Map());
  expect(html).toContain('<tr class="inconclusive">');
  expect(html).toContain('<b>not decided</b>');
  expect(html).toContain('Not decided (a notice, never a failure of the gate');
  const coverage = buildCoverage('test', [], [], emptyFootprint(), JSON.parse(JSON.stringify(summaryOf([open()]))));
  expect(coverage.rules.find((r) => r.id === 'LAT-GET-CARD')!.tests.at(-1)).toMatchObject({
    outcome: 'not-run',
    reason: expect.stringMatching(/^not decided: p99 ≤ 600 ms not decided/),
  });
});

test("where the fixed rate did not decide, a conformance run's answers show a target met; missed there (client-observed, FLEET_STRICT=ASSUME-LATENCY-MEASURE) is a notice; elsewhere they are shown beside", () => {
  const answers = (ms: number, n: number) => Array.from({ length: n }, () => ms);
  const report = buildPassiveReport([], {
    target: 'test',
    baseUrl: 'https://fleet-test.example',
    runId: 'run-1',
    confidence: 0.95,
    clientObserved: true,
  });
  const series = (
    op: 'get-card' | 'cancel-card' | 'replace-card',
    latencies: number[],
    targets: { p50: number; p99: number }
  ) => ({
    operation: op,
    samples: latencies.length,
    inFlight: { median: 4, max: 8 },
    verdict: judgeLatency(latencies, targets, 0.95),
    latencies,
  });
  report.operations = [
    series('get-card', answers(50, 400), { p50: 170, p99: 600 }),
    series('cancel-card', answers(3000, 20), { p50: 900, p99: 2500 }),
    series('replace-card', answers(500, 400), { p50: 1200, p99: 2200 }),
  ];
  const operations = [open(), unmeasured('cancel-card', 5, WHY), { ...within(), operation: 'replace-card' as const }];
  joinPassive(operations, report);
  const [getCard, cancel, replace] = operations;
  expect(getCard).toMatchObject({
    status: 'passed',
    pass: true,
    decidedBy: 'conformance run',
    passive: { samples: 400, runId: 'run-1' },
  });
  expect(getCard!.note).toMatch(/^decided by the conformance run's 400 answers \(met: /);
  // Missed at the run's own pace is a notice: its timings include the client's own delays.
  expect(cancel).toMatchObject({ status: 'not-measured', pass: false, reason: WHY });
  expect(cancel!.note).toMatch(
    /; the conformance run's 20 answers missed it, a notice \(their timings include the network's share and the client's own delays at the run's concurrency\): p50 ≤ 900 ms missed: 20 of 20/
  );
  expect(gatePasses(operations, false)).toBe(true);
  expect(replace).toMatchObject({ status: 'passed', decidedBy: 'fixed rate' });
  const coverage = buildCoverage('test', [], [], emptyFootprint(), JSON.parse(JSON.stringify(summaryOf(operations))));
  expect(coverage.rules.find((r) => r.id === 'LAT-GET-CARD')!.status).toBe('passed');
  expect(coverage.rules.find((r) => r.id === 'LAT-CANCEL-CARD')!.status).toBe('not-run');
});

test("the conformance run's answers have no probe of the network's share: judged server-side they show a target met, never missed; client-observed (strict), missed is a notice", () => {
  const at = Date.parse('2025-01-01T00:00:00Z');
  const records = [
    ...Array.from(
      { length: 40 },
      (_, i) => ['cancelCard', at + i * 1000, 3000, 200] as [string, number, number, number]
    ),
    ...Array.from({ length: 40 }, (_, i) => ['getCard', at + i * 1000, 20, 200] as [string, number, number, number]),
  ];
  const run = { target: 'test', baseUrl: 'https://fleet-test.example', runId: 'run-1', confidence: 0.95 };
  const serverSide = buildPassiveReport(records, { ...run, clientObserved: false });
  const clientObserved = buildPassiveReport(records, { ...run, clientObserved: true });
  const cancel = (r: typeof serverSide) => r.operations.find((o) => o.operation === 'cancel-card')!.verdict;
  const getCard = (r: typeof serverSide) => r.operations.find((o) => o.operation === 'get-card')!.verdict;
  expect(serverSide.measure).toBe('server-side');
  expect(cancel(serverSide).verdict).toBe('inconclusive');
  expect(cancel(serverSide).targets[0]!.why).toBe(
    "p50 ≤ 900 ms not decided: 40 of 40 answers took longer than 900 ms as the client saw them (100%); the network's share was not measured; without the network's share these times show a target met, never missed"
  );
  expect(cancel(clientObserved).verdict).toBe('fail');
  // Met holds either way: the client's times are never quicker than the server's.
  expect(getCard(serverSide).targets[0]!.verdict).toBe('pass');
  expect(getCard(clientObserved).targets[0]!.verdict).toBe('pass');
  // The terminal: the whole table when something was decided, one line when nothing was.
  expect(passiveShortLines(clientObserved, 'p.html')).toEqual(passiveLines(clientObserved, 'p.html'));
  expect(passiveShortLines(serverSide, 'p.html')).toEqual([
    "latency at no extra load: 2 operations, none decided by the run's own answers (npm run perf decides them); p.html",
  ]);
});

test('judged server-side, a fixed-rate run takes the probes\' round trip off each answer before "missed": a server at its target behind 160 ms is not failed, one 1.5 times over still is; strict judges client-observed times', () => {
  // get-card: p50 target 170 ms. The server answers in 150 ms (inside) or 255 ms (over); the network adds 150 to 170 ms.
  const network = (i: number) => 150 + (i % 21);
  const answers = (server: number) => Array.from({ length: 100 }, (_, i) => sample(server + network(i * 7)));
  const probes = Array.from({ length: 100 }, (_, i) => network(i));
  const server = { kind: 'server' as const, probes };
  const inside = resultFor('get-card', 10, answers(150), stats(), [], 0.95, server);
  expect(inside.status).toBe('inconclusive');
  expect(inside.verdict!.targets[0]!.floor).toMatchObject({ probes: 100, fromTop: 5, ms: 169, above: 0 });
  expect(inside.verdict!.targets[0]!.why).toMatch(
    /^p50 ≤ 170 ms not decided: 100 of 100 answers took longer than 170 ms as the client saw them \(100%\), 0 beyond the network's share \(169 ms, the 5th slowest of 100 probes' round trips\); the network's share is too large to tell with 95% confidence whether more than half take longer at the server: more answers do not decide it, a client nearer the server would$/
  );
  expect(resultFor('get-card', 10, answers(150), stats(), []).status).toBe('failed');
  const over = resultFor('get-card', 10, answers(255), stats(), [], 0.95, server);
  expect(over.status).toBe('failed');
  expect(over.note).toMatch(
    /^FAIL: p50 ≤ 170 ms missed: 100 of 100 answers took longer than 170 ms beyond the network's share \(169 ms, the 5th slowest of 100 probes' round trips, taken off each; 100 as the client saw them\); .* the server-side p50 is above 2\d\d ms with 95% confidence/
  );
  // Probes without a usable answer count as the slowest: too many, and nothing is shown missed.
  const lost = resultFor('get-card', 10, answers(255), stats(), [], 0.95, {
    kind: 'server',
    probes: probes.map((p, i) => (i % 10 ? p : null)),
  });
  expect(lost.status).toBe('inconclusive');
  expect(lost.verdict!.targets[0]!.floor!.ms).toBeNull();
  const summary = {
    ...summaryOf([inside, over]),
    settings: { duration: 1, rate: 10, warmup: 3, percentiles: 'exact', measure: 'server-side' as const },
  };
  expect(formatTable(summary)).toMatch(
    /^get-card .* 170\/600 +169\.0\/170\.0 +- +not decided {2}the network's share is too large to tell/m
  );
  expect(formatTable(summary)).toContain('targets judged server-side (register ASSUME-LATENCY-MEASURE)');
  expect(renderHtml(summary, new Map())).toContain('<th>network floor p50/p99</th>');
});
