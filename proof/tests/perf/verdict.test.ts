/**
 * The gate's verdict per operation: passed and failed are measured; not measured is what the run
 * could not measure here (with the reason), and it never fails the gate — in summary.json, the
 * terminal table, index.html and the coverage page that reads summary.json.
 */
import { expect, test } from '@playwright/test';
import { emptyFootprint } from '../../../lib/footprint.js';
import { buildCoverage } from '../../../lib/report/coverage.js';
import type { Sample } from '../../../perf/measure.js';
import { renderHtml } from '../../../perf/report/html.js';
import type { OperationResult, PerfSummary } from '../../../perf/report/summary.js';
import { formatTable } from '../../../perf/report/table.js';
import { gatePasses, preparationVerdict, resultFor, unmeasured } from '../../../perf/runner.js';
import { NotMeasurable, SetupError } from '../../../perf/setup-api.js';

const sample = (latencyMs: number, status = 200): Sample => ({ slot: 0, op: 'get-card', counted: true, intendedAt: 0, sentAt: 0, latencyMs, status });
const stats = () => ({ notSent: new Map(), slots: new Map() });
const within = () => resultFor('get-card', 10, Array.from({ length: 200 }, () => sample(50)), stats(), []);
const overTarget = () => resultFor('get-card', 10, Array.from({ length: 200 }, (_, i) => sample(i < 190 ? 50 : 900)), stats(), []);
const WHY = 'cards this run orders do not show up at once (completing an order takes up to 24 to 36 hours)';

function summaryOf(operations: OperationResult[]): PerfSummary {
  return {
    target: 'test', startedAt: 'then', finishedAt: 'now', baseUrl: 'https://fleet-test.example', operations, pass: gatePasses(operations, false),
    interrupted: false, settings: { duration: 1, rate: 10, warmup: 3, percentiles: 'exact' }, tidyUp: [], footprint: emptyFootprint(), orderReferences: [],
  };
}

test('a measured operation is passed or failed; one the run could not measure is not measured, with the reason', () => {
  expect(within()).toMatchObject({ status: 'passed', pass: true, measured: true });
  expect(overTarget()).toMatchObject({ status: 'failed', pass: false, measured: true });
  const r = unmeasured('replace-card', 5, WHY);
  expect(r).toMatchObject({ status: 'not-measured', reason: WHY, measured: false, samples: 0, p50: null, p99: null });
  expect(r.note).toBe(`not measured: ${WHY}`);
});

test('a not-measured operation never fails the gate; a measured one over its target does', () => {
  const notMeasured = [unmeasured('cancel-card', 5, WHY), unmeasured('replace-card', 5, WHY)];
  expect(gatePasses([within(), ...notMeasured], false)).toBe(true);
  expect(gatePasses(notMeasured, false)).toBe(true);
  expect(gatePasses([within(), overTarget(), ...notMeasured], false)).toBe(false);
  expect(gatePasses([within()], true), 'an interrupted run never passes').toBe(false);
});

test('a preparation that throws: not measured when the run cannot measure or the target refused (4xx), failed when the target failed', () => {
  expect(preparationVerdict('cancel-card', 5, new NotMeasurable(WHY))).toMatchObject({ status: 'not-measured', reason: WHY });
  const refused = preparationVerdict('order-cards', 5, new SetupError('setup: orderCards answered 403: {}', 403));
  expect(refused).toMatchObject({ status: 'not-measured', reason: 'the target refused a set-up request: setup: orderCards answered 403: {}' });
  for (const error of [new SetupError('setup: cardSearch answered 500: {}', 500), new SetupError('no answer'), new Error('fetch failed')]) {
    const failed = preparationVerdict('cancel-card', 5, error);
    expect(failed, error.message).toMatchObject({ status: 'failed', pass: false, note: `FAIL: preparation failed: ${error.message}` });
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
  expect(html).toContain('Not measured (never fails the gate): <b>replace-card</b>: cards this run orders do not show up at once');
  expect(html).not.toContain('Gate failed');

  const coverage = buildCoverage('test', [], [], emptyFootprint(), JSON.parse(JSON.stringify(summary)));
  const rule = coverage.rules.find((r) => r.id === 'LAT-REPLACE-CARD')!;
  expect(rule.status).toBe('not-run');
  expect(rule.tests.at(-1)).toMatchObject({ outcome: 'not-run', reason: `not measured: ${WHY}` });
  expect(coverage.rules.find((r) => r.id === 'LAT-GET-CARD')!.status).toBe('passed');
});
