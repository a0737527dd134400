/**
 * Exact percentiles of recorded latencies (no histogram, no rounding): the nearest-rank definition,
 * p(q) = the ceil(q/100 · n)-th smallest value, so every percentile is a latency that was observed.
 */

export interface LatencySummary {
  samples: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

/** The nearest-rank percentile q (0 < q <= 100) of an ascending array; NaN when empty. */
export function percentileSorted(sorted: readonly number[], q: number): number {
  if (!(q > 0 && q <= 100)) throw new RangeError(`percentile ${q} is not in (0, 100]`);
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((q / 100) * sorted.length - 1e-9);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function percentile(values: readonly number[], q: number): number {
  return percentileSorted(
    [...values].sort((a, b) => a - b),
    q
  );
}

export function summarize(values: readonly number[]): LatencySummary {
  const sorted = [...values].sort((a, b) => a - b);
  const sum = sorted.reduce((s, v) => s + v, 0);
  return {
    samples: sorted.length,
    p50: percentileSorted(sorted, 50),
    p90: percentileSorted(sorted, 90),
    p99: percentileSorted(sorted, 99),
    max: sorted.length ? sorted.at(-1)! : Number.NaN,
    mean: sorted.length ? sum / sorted.length : Number.NaN,
  };
}

/** A p99 from fewer samples than this is their maximum (nearest rank): `lowConfidence` in summary.json. */
export const MIN_SAMPLES_FOR_P99 = 100;

/** Rounds to 0.1 ms for reports (the recorded values keep full precision). */
export function round1(ms: number): number {
  return Number.isFinite(ms) ? Math.round(ms * 10) / 10 : ms;
}

/** Relative difference (measured − expected) / expected. */
export function relativeError(measured: number, expected: number): number {
  return (measured - expected) / expected;
}

/** Histogram with log-spaced bins between lo and hi (ms): for the HTML report. */
export function logHistogram(values: readonly number[], bins = 24): { edges: number[]; counts: number[] } {
  if (values.length === 0) return { edges: [], counts: [] };
  const lo = Math.max(0.1, Math.min(...values));
  const hi = Math.max(lo * 1.01, Math.max(...values));
  const edges = Array.from({ length: bins + 1 }, (_, i) => lo * (hi / lo) ** (i / bins));
  const counts = new Array<number>(bins).fill(0);
  const step = Math.log(hi / lo) / bins;
  for (const v of values) {
    const i = v <= lo ? 0 : Math.min(bins - 1, Math.floor(Math.log(v / lo) / step));
    counts[i]! += 1;
  }
  return { edges, counts };
}
