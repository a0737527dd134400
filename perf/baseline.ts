/**
 * A latency run against a previous one (FLEET_PERF_BASELINE, and the nightly gate): the change of
 * p50 and p99 per operation, and a p99 more than 20% slower flagged as a regression.
 */
import { readFileSync } from 'node:fs';
import type { BaselineComparison, OperationResult } from './report/summary.js';

/** p99 more than this above the baseline's is flagged as a regression. */
export const REGRESSION_THRESHOLD = 0.2;

export type Baseline = Map<string, { p50: number | null; p99: number | null }>;

function pct(now: number | null, before: number | null): number | null {
  if (now === null || before === null || !(before > 0)) return null;
  return Math.round(((now - before) / before) * 1000) / 10;
}

/** Adds the change against a previous summary.json to each operation; flags a p99 regression above 20%. */
export function applyBaseline(operations: OperationResult[], baseline: Baseline): void {
  for (const result of operations) {
    const before = baseline.get(result.operation);
    if (!before) continue;
    const changeP99Pct = pct(result.p99, before.p99);
    const comparison: BaselineComparison = {
      p50: before.p50, p99: before.p99, changeP50Pct: pct(result.p50, before.p50), changeP99Pct,
      regression: changeP99Pct !== null && changeP99Pct > REGRESSION_THRESHOLD * 100,
    };
    result.baseline = comparison;
    if (comparison.regression) result.note = [result.note, `REGRESSION: p99 +${changeP99Pct}% against the baseline (${before.p99} ms)`].filter(Boolean).join('; ');
  }
}

/** The p50/p99 per operation of a summary.json; undefined when it has no operations array. */
export function baselineOf(summary: { operations?: { operation: string; p50: number | null; p99: number | null }[] }): Baseline | undefined {
  if (!Array.isArray(summary.operations)) return undefined;
  return new Map(summary.operations.map((o) => [o.operation, { p50: o.p50 ?? null, p99: o.p99 ?? null }]));
}

export function loadBaseline(path: string): Baseline {
  const baseline = baselineOf(JSON.parse(readFileSync(path, 'utf8')));
  if (!baseline) throw new Error(`FLEET_PERF_BASELINE: ${path} has no operations array (expected a summary.json)`);
  return baseline;
}
