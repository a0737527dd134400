/**
 * The network's share of each answer, and a "missed" that stays exact once it is taken off
 * (register ASSUME-LATENCY-MEASURE). The targets are server-side; the client times the whole round
 * trip, C = S + N: the server's time S and the rest N (the network, TLS, proxies, the client's own
 * waiting). Beside the measured requests, on the same connections and schedule, a run sends
 * probes the service answers without work (a read without a token: 401 at its edge). A probe's
 * round trip is its own N plus the edge's refusal, so probes are no quicker than the network's
 * share of an answer.
 *
 * A target's floor d is one probe's round trip, the j-th slowest of the M probes, taken off every
 * answer. An answer then counts above T only when S > T or N > d. Were the server exactly at the
 * target (each S above T with chance a = 1 − N/100, independently of the network), the count above
 * T would be at most X + Bin(n − X, a), where X, the answers whose network share exceeds the
 * floor, follows the exceedance law (network shares and probes exchangeable; fewer when probes
 * are slower):
 *   P(count ≥ k) ≤ Σ_x P(X = x) · P(Bin(n − x, a) ≥ k − x),
 * exact and distribution-free: the p-value of "missed" and the rank of the lower confidence bound
 * of the server-side pN. Client-observed time is never below the server's, so "met" needs none of it.
 *
 * j is a tenth of the target's tail share of the probes, at least the slowest: the probes' 95th
 * percentile for a p50, their slowest (of fewer than 1,000) for a p99. A network no slower than
 * the probes' then adds about a tenth of a to the count above T, and a spoiled probe now and then
 * (a spike) moves the floor of a p50 not at all. A probe without a usable answer (none, or not a
 * 4xx) counts as slower than any: the floor only grows.
 */
import { binomialTail, firstWhere } from './binomial.js';
import { exceedancePmf } from './exceedance.js';

export interface NetworkFloor {
  /** Probes counted beside the answers (M). */
  probes: number;
  /** The floor is the round trip of the fromTop-th slowest of them (j; 1 = the slowest). */
  fromTop: number;
  /** The floor, ms; null without one (no probe, or too few usable answers): then nothing is shown missed. */
  ms: number | null;
}

/** The floor of a pN target from the probes' round trips (null: a probe without a usable answer). */
export function networkFloor(roundTrips: readonly (number | null)[], percentile: number): NetworkFloor {
  const probes = roundTrips.length;
  if (!probes) return { probes: 0, fromTop: 0, ms: null };
  const fromTop = Math.max(1, Math.ceil((probes * (1 - percentile / 100)) / 10 - 1e-9));
  const slowestFirst = roundTrips.map((v) => v ?? Number.POSITIVE_INFINITY).sort((a, b) => b - a);
  const ms = slowestFirst[fromTop - 1]!;
  return { probes, fromTop, ms: Number.isFinite(ms) ? ms : null };
}

/**
 * About the chance that an answer of a server exactly at the target counts above T beyond the
 * floor: a + (1 − a) · j / (M + 1), the exceedance law's mean share. A count above it leans missed.
 */
export function shareBeyondFloor(percentile: number, floor: NetworkFloor): number {
  const a = 1 - percentile / 100;
  return a + (1 - a) * (floor.fromTop / (floor.probes + 1));
}

const tails = new Map<string, number>();

/** P(count ≥ k) of n answers above T beyond the floor, were the server exactly at its pN target (1 without a floor). */
export function floorTail(n: number, percentile: number, floor: NetworkFloor, k: number): number {
  if (k <= 0 || floor.ms === null) return 1;
  if (k > n) return 0;
  const key = `${n}|${percentile}|${floor.probes}|${floor.fromTop}|${k}`;
  const known = tails.get(key);
  if (known !== undefined) return known;
  const a = 1 - percentile / 100;
  let sum = 0;
  for (let x = 0; x <= n; x += 1) {
    const px = exceedancePmf(floor.probes, n, floor.fromTop, x);
    if (px > 0) sum += px * binomialTail(n - x, a, k - x);
  }
  const tail = Math.min(1, sum);
  if (tails.size > 50_000) tails.clear();
  tails.set(key, tail);
  return tail;
}

/**
 * The 1-based rank, among the n answers less the floor, of the lower confidence bound of the
 * server-side pN (0: none): the target is shown missed when fewer than it are at or below T, that
 * is when so many counted above T would happen in at most α of runs.
 */
export function floorLowerRank(n: number, percentile: number, alpha: number, floor: NetworkFloor): number {
  if (floor.ms === null || !n) return 0;
  const fewest = firstWhere(0, n + 1, (k) => k > n || floorTail(n, percentile, floor, k) <= alpha);
  return fewest > n ? 0 : n - fewest + 1;
}
