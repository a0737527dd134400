/**
 * "Slower than the baseline", judged on the two nights' samples with a practical margin: how many
 * of tonight's answers are slower than (1 + margin) × the baseline's p99? If tonight's latencies
 * were the baseline's times exactly (1 + margin), the two samples would be exchangeable after
 * dividing tonight's by it, and the count K of tonight's m answers above the baseline's j-th
 * slowest of n follows the exceedance law (distribution-free):
 *   P(K = k) = C(j − 1 + k, k) · C(n − j + m − k, m − k) / C(n + m, m).
 * A count whose chance under that law is at most α = 1 − confidence is a regression: significant,
 * and larger than the margin. Anything less is a notice at most.
 */
import { logGamma } from './binomial.js';
import { percent } from './verdict.js';

export interface SlowerTest {
  /** Practical margin: a change below (1 + margin) × the baseline's p99 is never a regression. */
  margin: number;
  confidence: number;
  baselineSamples: number;
  samples: number;
  /** The baseline's p99 (nearest rank) is its j-th slowest answer: 1 = its slowest. */
  fromTop: number;
  /** The baseline's p99, ms, and (1 + margin) times it. */
  reference: number;
  threshold: number;
  /** Tonight's answers slower than the threshold. */
  above: number;
  /** Chance of `above` or more if tonight were exactly the margin slower. */
  pValue: number;
  significant: boolean;
  /** The fewest answers above the threshold that would be significant at these sample sizes (null: none would). */
  needed: number | null;
  why: string;
}

const logChoose = (n: number, k: number) => logGamma(n + 1) - logGamma(k + 1) - logGamma(n - k + 1);

/** P(K ≥ k) for the count K of m new samples above the j-th largest of n old ones, all exchangeable. */
export function exceedanceTail(n: number, m: number, j: number, k: number): number {
  if (k <= 0) return 1;
  if (k > m) return 0;
  const total = logChoose(n + m, m);
  let sum = 0;
  for (let i = k; i <= m; i += 1) sum += Math.exp(logChoose(j - 1 + i, i) + logChoose(n - j + m - i, m - i) - total);
  return Math.min(1, sum);
}

const fewest = new Map<string, number | null>();

/** The fewest new samples above the reference whose chance under exchangeability is at most α (null: none is). */
export function fewestSignificant(n: number, m: number, j: number, alpha: number): number | null {
  const key = `${n}|${m}|${j}|${alpha}`;
  if (!fewest.has(key)) {
    let found: number | null = null;
    for (let k = 1; k <= m && found === null; k += 1) if (exceedanceTail(n, m, j, k) <= alpha) found = k;
    if (fewest.size > 10_000) fewest.clear();
    fewest.set(key, found);
  }
  return fewest.get(key)!;
}

const ms = (v: number) => `${Math.round(v * 10) / 10}`;

/** Whether `tonight` is slower than `baseline` at its p99 by more than the margin, at `confidence`. */
export function slowerThanBaseline(baseline: readonly number[], tonight: readonly number[], margin: number, confidence: number): SlowerTest {
  const alpha = 1 - confidence;
  const sorted = [...baseline].sort((a, b) => a - b);
  const n = sorted.length;
  const m = tonight.length;
  const rank = Math.min(n, Math.max(1, Math.ceil(0.99 * n - 1e-9)));
  const fromTop = n - rank + 1;
  const reference = sorted[rank - 1] ?? Number.NaN;
  const threshold = reference * (1 + margin);
  const above = tonight.filter((v) => v > threshold).length;
  const pValue = n && m ? exceedanceTail(n, m, fromTop, above) : 1;
  const needed = n && m ? fewestSignificant(n, m, fromTop, alpha) : null;
  const significant = needed !== null && above >= needed;
  const conf = `${Math.round(confidence * 1000) / 10}%`;
  const slowest = fromTop === 1 ? 'slowest answer' : `p99 (its ${fromTop}th slowest answer)`;
  const seen = `${above} of tonight's ${m} answers took longer than ${ms(threshold)} ms, ${Math.round(margin * 100)}% above the baseline's ${slowest} of ${n} (${ms(reference)} ms)`;
  const why = !n || !m ? 'no samples to compare'
    : significant ? `slower: ${seen}; were tonight only ${Math.round(margin * 100)}% slower, ${above} or more would happen in ${percent(pValue)} of nights (${conf} confidence)`
      : needed === null ? `not judged: ${seen}; with ${n} and ${m} samples no count would show a slowdown with ${conf} confidence (more samples: FLEET_PERF_DURATION)`
        : `not shown slower: ${seen}; a slowdown needs at least ${needed} of them with ${conf} confidence`;
  return { margin, confidence, baselineSamples: n, samples: m, fromTop, reference, threshold, above, pValue, significant, needed, why };
}
