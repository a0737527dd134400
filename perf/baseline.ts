/**
 * A latency run against a previous one (FLEET_PERF_BASELINE, and the nightly gate): the change of
 * p50 and p99 per operation, and whether the p99 is slower than the baseline's by more than a
 * practical margin (20%), judged on the two runs' samples (lib/latency/two-sample.ts): a
 * regression only when significant at the stated confidence, every operation compared counted
 * (Holm–Bonferroni over the night's comparisons, lib/latency/family.ts). A baseline of an older
 * summary.json keeps no samples: its comparison is by point estimates, never a regression.
 */
import { readFileSync } from 'node:fs';
import { judgeSlowerTogether, slowerThanBaseline } from '../lib/latency/two-sample.js';
import type { BaselineComparison, OperationResult } from './report/summary.js';

/** The practical margin: a p99 less than this above the baseline's is no regression, however significant. */
export const REGRESSION_THRESHOLD = 0.2;

export type Baseline = Map<string, { p50: number | null; p99: number | null; latencies?: number[] }>;

function pct(now: number | null, before: number | null): number | null {
  if (now === null || before === null || !(before > 0)) return null;
  return Math.round(((now - before) / before) * 1000) / 10;
}

/**
 * Adds the change against a previous summary.json to each operation; a significant p99 slowdown
 * beyond the margin is a regression, the night's comparisons judged as one family.
 */
export function applyBaseline(operations: OperationResult[], baseline: Baseline, confidence: number): void {
  const compared = operations.flatMap((result) => {
    const before = baseline.get(result.operation);
    if (!before) return [];
    const test =
      before.latencies?.length && result.latencies?.length
        ? slowerThanBaseline(before.latencies, result.latencies, REGRESSION_THRESHOLD, confidence)
        : undefined;
    return [{ result, before, test }];
  });
  const tests = judgeSlowerTogether(compared.flatMap((c) => (c.test ? [c.test] : [])));
  for (const { result, before, test: own } of compared) {
    const test = own && tests.shift();
    const changeP99Pct = pct(result.p99, before.p99);
    const comparison: BaselineComparison = {
      p50: before.p50,
      p99: before.p99,
      changeP50Pct: pct(result.p50, before.p50),
      changeP99Pct,
      slower: changeP99Pct !== null && changeP99Pct > REGRESSION_THRESHOLD * 100,
      regression: !!test?.significant,
      ...(test ? { test } : {}),
    };
    result.baseline = comparison;
    if (comparison.regression)
      result.note = [result.note, `REGRESSION against the baseline: ${test!.why}`].filter(Boolean).join('; ');
  }
}

interface SummaryLike {
  operations?: { operation: string; samples?: number; p50: number | null; p99: number | null; latencies?: number[] }[];
}

/** The p50/p99 (and samples, when kept) per operation of a summary.json; undefined when it has no operations array. */
export function baselineOf(summary: SummaryLike): Baseline | undefined {
  if (!Array.isArray(summary.operations)) return undefined;
  return new Map(
    summary.operations.map((o) => [
      o.operation,
      { p50: o.p50 ?? null, p99: o.p99 ?? null, ...(Array.isArray(o.latencies) ? { latencies: o.latencies } : {}) },
    ])
  );
}

/** Whether a summary.json keeps the samples of what it measured (one written before they were kept does not). */
export function keepsSamples(summary: SummaryLike): boolean {
  return (summary.operations ?? []).every((o) => !((o.samples ?? 0) > 0) || Array.isArray(o.latencies));
}

export function loadBaseline(path: string): Baseline {
  const baseline = baselineOf(JSON.parse(readFileSync(path, 'utf8')));
  if (!baseline) throw new Error(`FLEET_PERF_BASELINE: ${path} has no operations array (expected a summary.json)`);
  return baseline;
}
