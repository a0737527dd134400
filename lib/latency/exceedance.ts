/**
 * The exceedance law, distribution-free: of m new samples and n old ones, all exchangeable (drawn
 * from one distribution), the count K of new ones above the old ones' j-th largest follows
 *   P(K = k) = C(j − 1 + k, k) · C(n − j + m − k, m − k) / C(n + m, m),
 * whatever that distribution is. Night to night (two-sample.ts: tonight's answers above the
 * baseline's p99) and the network floor (floor.ts: answers whose network share exceeds the probes')
 * both rest on it.
 */
import { logGamma } from './binomial.js';

const logChoose = (n: number, k: number) => logGamma(n + 1) - logGamma(k + 1) - logGamma(n - k + 1);

/** P(K = k) for the count K of m new samples above the j-th largest of n old ones, all exchangeable. */
export function exceedancePmf(n: number, m: number, j: number, k: number): number {
  if (k < 0 || k > m) return 0;
  return Math.exp(logChoose(j - 1 + k, k) + logChoose(n - j + m - k, m - k) - logChoose(n + m, m));
}

/** P(K ≥ k) for the count K of m new samples above the j-th largest of n old ones, all exchangeable. */
export function exceedanceTail(n: number, m: number, j: number, k: number): number {
  if (k <= 0) return 1;
  if (k > m) return 0;
  let sum = 0;
  for (let i = k; i <= m; i += 1) sum += exceedancePmf(n, m, j, i);
  return Math.min(1, sum);
}
