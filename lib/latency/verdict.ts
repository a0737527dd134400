/**
 * A latency target "pN ≤ T ms" as a hypothesis with a stated confidence: the server meets it unless
 * its samples show otherwise. Distribution-free: only the count of answers slower than T matters.
 * A server whose true pN were exactly T would leave each answer above T with chance 1 − N/100, so
 * the count above T is at most Bin(n, 1 − N/100):
 *  - fail when that many or more above T would happen by chance in at most α = 1 − confidence of
 *    runs (equivalently, the lower confidence bound of the pN, an order statistic, is above T);
 *  - pass when that few would (equivalently, the upper confidence bound is below T);
 *  - inconclusive otherwise, with the number of samples that would decide it at the rate seen.
 * A run judges many targets (p50 and p99 of 17 operations): judgeTogether makes the verdicts of
 * them all one family (lib/latency/family.ts), so that a server meeting every target is shown to
 * miss one in at most α of runs, not in about half of them.
 * The targets are server-side; the samples are times the client saw. Judged server-side (the
 * register's ASSUME-LATENCY-MEASURE), "missed" counts the answers above T beyond the network's
 * share that the run's probes measured, with the law that keeps it exact (lib/latency/floor.ts);
 * "met" counts them as the client saw them, which no network makes quicker than the server.
 */
import { binomialCdf, binomialTail, firstWhere } from './binomial.js';
import { holmAdjusted } from './family.js';
import { floorLowerRank, floorTail, type NetworkFloor, networkFloor, shareBeyondFloor } from './floor.js';

export type Verdict = 'pass' | 'fail' | 'inconclusive';

/**
 * How the client's times stand for the server's. `client`: as they are, both ways
 * (FLEET_STRICT=ASSUME-LATENCY-MEASURE). `server`: less the network's share for "missed", measured
 * by `probes` (their round trips, null for one without a usable answer; none: nothing can be
 * shown missed); as they are for "met".
 */
export type Measure = { kind: 'client' } | { kind: 'server'; probes: readonly (number | null)[] };

export const CLIENT_OBSERVED: Measure = { kind: 'client' };

export interface TargetVerdict {
  /** N of "pN ≤ T" (50, 99). */
  percentile: number;
  /** T, ms. */
  limit: number;
  samples: number;
  /** Answers slower than T, as the client saw them. */
  above: number;
  /** The nearest-rank pN of the samples, ms (null without samples). */
  estimate: number | null;
  /** Confidence bounds of the true pN (order statistics), ms: null lower = none above 0, null upper = none from so few samples. */
  lower: number | null;
  upper: number | null;
  /**
   * Judged server-side: the network floor taken off every answer, and how many were then above T.
   * `pSlower` and `lower` are of those; `above`, `estimate`, `pFaster` and `upper` stay the client's.
   */
  floor?: NetworkFloor & { above: number };
  verdict: Verdict;
  /** Chance of `above` or more answers above T from a server exactly at the target (small: it is slower). */
  pSlower: number;
  /** Chance of `above` or fewer from a server exactly at the target (small: it is faster). */
  pFaster: number;
  /**
   * Judged with the run's other targets (judgeTogether): how many there were, and pSlower and
   * pFaster adjusted for them; the verdict and `needed` (the other targets as they are) are then
   * the family's. Absent: judged on its own.
   */
  family?: { size: number; pSlower: number; pFaster: number };
  /** Inconclusive: about how many samples would decide it at the rate seen (null: more than MAX_NEEDED). */
  needed?: number | null;
  /** The verdict and why, in words. */
  why: string;
}

export interface LatencyVerdict {
  verdict: Verdict;
  confidence: number;
  targets: TargetVerdict[];
  /** Inconclusive: about how many samples would decide the operation (null: more than MAX_NEEDED). */
  needed?: number | null;
  why: string;
}

/** The chance, at the rate seen, that a run of the recommended size decides. */
export const DECIDING_POWER = 0.9;
/** Recommendations stop here: beyond it, the rate seen sits too close to the target to matter. */
export const MAX_NEEDED = 1_000_000;

interface Ranks {
  /** 1-based rank of the lower bound's order statistic (0: none). */
  lower: number;
  /** 1-based rank of the upper bound's order statistic (n + 1: none). */
  upper: number;
}

const rankCache = new Map<string, Ranks>();

/**
 * Ranks of the one-sided confidence bounds of the q-quantile from n samples. With B ~ Bin(n, q)
 * the number of samples below the true quantile: P(X(l) ≤ ξ) = P(B ≥ l), P(X(u) > ξ) = P(B ≤ u − 1).
 */
export function boundRanks(n: number, q: number, alpha: number): Ranks {
  const key = `${n}|${q}|${alpha}`;
  const cached = rankCache.get(key);
  if (cached) return cached;
  // l − 1: the largest j with P(B ≤ j) ≤ α; u − 1: the smallest j with P(B ≤ j) ≥ 1 − α.
  const lower = firstWhere(0, n + 1, (j) => j > n || binomialCdf(n, q, j) > alpha);
  const upper = firstWhere(0, n + 1, (j) => j > n || binomialCdf(n, q, j) >= 1 - alpha) + 1;
  const ranks = { lower, upper };
  if (rankCache.size > 50_000) rankCache.clear();
  rankCache.set(key, ranks);
  return ranks;
}

/** The chance that n samples, each above T with chance `rate`, end in `wanted`. */
function chanceOf(wanted: 'pass' | 'fail', n: number, q: number, alpha: number, rate: number): number {
  const { lower, upper } = boundRanks(n, q, alpha);
  if (wanted === 'fail') return lower >= 1 ? binomialTail(n, rate, n - lower + 1) : 0;
  return upper <= n ? binomialCdf(n, rate, n - upper) : 0;
}

/**
 * About how many samples decide "pN ≤ T" with chance DECIDING_POWER if answers stay above T at
 * `rate`: the way that rate leans (above the target's 1 − N/100: fail; below: pass). Null when
 * the rate sits on the target or the answer is beyond MAX_NEEDED.
 */
export function samplesToDecide(q: number, alpha: number, rate: number, from = 1): number | null {
  const tail = 1 - q;
  if (Math.abs(rate - tail) < 1e-12) return null;
  const wanted = rate > tail ? 'fail' : 'pass';
  const enough = (n: number) => chanceOf(wanted, n, q, alpha, rate) >= DECIDING_POWER;
  let hi = Math.max(1, from);
  while (!enough(hi)) {
    if (hi >= MAX_NEEDED) return null;
    hi = Math.min(MAX_NEEDED, hi * 2);
  }
  return firstWhere(Math.max(1, from, Math.floor(hi / 2)), hi, enough);
}

const neededCache = new Map<string, number | null>();

/**
 * The samples that would decide a target with `above` of n above T, at level `alpha` (or, judged
 * with other targets, at the level its lean needs: `toFail` when it leans missed, else `toPass`).
 * A rate seen exactly on the target leans neither way: then as many as would decide it were it
 * half an answer off, either way.
 */
function neededAt(q: number, alpha: number, above: number, n: number, toPass = alpha): number | null {
  const key = `${q}|${alpha}|${toPass}|${above}|${n}`;
  if (neededCache.has(key)) return neededCache.get(key)!;
  const rate = above / n;
  const at = (r: number) => samplesToDecide(q, r > 1 - q ? alpha : toPass, r, n + 1);
  let needed: number | null;
  if (Math.abs(rate - (1 - q)) >= 1e-12) needed = at(rate);
  else {
    const either = [rate - 0.5 / n, rate + 0.5 / n].map((r) => at(Math.min(1, Math.max(0, r))));
    needed = either.includes(null) ? null : Math.max(...(either as number[]));
  }
  if (neededCache.size > 10_000) neededCache.clear();
  neededCache.set(key, needed);
  return needed;
}

const ms = (v: number) => `${Math.round(v * 10) / 10}`;
/** A chance or share in words: 14%, 1.4%, less than 0.1%. */
export const percent = (x: number) =>
  x >= 0.1 || x === 0 ? `${Math.round(x * 100)}%` : x >= 0.001 ? `${(x * 100).toFixed(1)}%` : 'less than 0.1%';
const shareOf = (q: number) => (q === 0.5 ? 'half' : `${Math.round((1 - q) * 1000) / 10}%`);

/** Judges "pN ≤ limit" from latency samples (ms) at `confidence` (0.95 = 95%), taken as `measure` says. */
export function judgeTarget(
  values: readonly number[],
  percentile: number,
  limit: number,
  confidence: number,
  measure: Measure = CLIENT_OBSERVED
): TargetVerdict {
  const q = percentile / 100;
  const alpha = 1 - confidence;
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  const above = sorted.filter((v) => v > limit).length;
  const below = sorted.filter((v) => v < limit).length;
  const { lower: clientLower, upper } = boundRanks(n, q, alpha);
  const floor = measure.kind === 'server' ? networkFloor(measure.probes, percentile) : undefined;
  // "Missed" on the server's side: each answer less the floor (none without one: nothing shown missed).
  const beyond = !floor ? sorted : floor.ms === null ? [] : sorted.map((v) => v - floor.ms!);
  const aboveBeyond = beyond.filter((v) => v > limit).length;
  const lower = floor ? floorLowerRank(n, percentile, alpha, floor) : clientLower;
  const rank = Math.min(n, Math.max(1, Math.ceil(q * n - 1e-9)));
  // The lower bound X(lower) is above T when fewer than `lower` samples are at or below T; the
  // upper bound X(upper) is below T when at least `upper` samples are. An answer of exactly T
  // meets the target (≤ T) but is no evidence of a faster server either.
  const fails = lower >= 1 && n - aboveBeyond <= lower - 1;
  const passes = upper <= n && below >= upper;
  const verdict: Verdict = fails ? 'fail' : passes ? 'pass' : 'inconclusive';
  const pSlower = floor ? floorTail(n, percentile, floor, aboveBeyond) : binomialTail(n, 1 - q, above);
  const pFaster = binomialCdf(n, 1 - q, n - below);
  const result: TargetVerdict = {
    percentile,
    limit,
    samples: n,
    above,
    estimate: n ? sorted[rank - 1]! : null,
    lower: lower >= 1 && n ? beyond[lower - 1]! : null,
    upper: upper <= n ? sorted[upper - 1]! : null,
    ...(floor ? { floor: { ...floor, above: aboveBeyond } } : {}),
    verdict,
    pSlower,
    pFaster,
    why: '',
  };
  if (verdict === 'inconclusive' && n) result.needed = neededFor(result, alpha, alpha);
  result.why = targetWords(result, confidence);
  return result;
}

/** Which way an undecided target leans: missed (beyond the floor, when judged server-side), met (as the client saw it), or neither. */
function leaning(t: TargetVerdict): 'missed' | 'met' | 'neither' {
  const tail = 1 - t.percentile / 100;
  if (t.floor) {
    if (t.floor.ms !== null && t.floor.above / t.samples > shareBeyondFloor(t.percentile, t.floor)) return 'missed';
    return t.above / t.samples < tail ? 'met' : 'neither';
  }
  return t.above / t.samples > tail ? 'missed' : t.above / t.samples < tail ? 'met' : 'neither';
}

/** Judged server-side and left open by the network's share, not by the sample size: more answers would not decide it. */
export function openByNetwork(t: TargetVerdict): boolean {
  if (!t.floor || t.verdict !== 'inconclusive') return false;
  const lean = leaning(t);
  return t.floor.ms === null ? lean !== 'met' : lean === 'neither';
}

/**
 * The samples that would decide an undecided target at the levels Holm needs (`toFail` leaning
 * missed, `toPass` leaning met). Beyond a floor, as a binomial at the law's mean share
 * (shareBeyondFloor): about. Null when the network's share, not the sample size, keeps it open.
 */
function neededFor(t: TargetVerdict, toFail: number, toPass: number): number | null {
  const lean = leaning(t);
  if (!t.floor || lean === 'met') return neededAt(t.percentile / 100, toFail, t.above, t.samples, toPass);
  return lean === 'missed'
    ? neededAt(1 - shareBeyondFloor(t.percentile, t.floor), toFail, t.floor.above, t.samples, toPass)
    : null;
}

/** A p-value in a few digits: 0.012, 0.00015, 2.3e-7. */
export const pValueText = (p: number) => (p >= 1e-4 || p === 0 ? `${Number(p.toPrecision(2))}` : p.toExponential(1));

/** The floor in words: `161.2 ms, the 3rd slowest of 52 probes' round trips`. */
function floorWords(f: NetworkFloor): string {
  const k = f.fromTop;
  const suffix =
    k % 100 >= 11 && k % 100 <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[k % 10] ?? 'th');
  const which = k === 1 ? 'the slowest' : `the ${k}${suffix} slowest`;
  return `${ms(f.ms!)} ms, ${which} of ${f.probes} probes' round trips`;
}

function targetWords(t: TargetVerdict, confidence: number): string {
  const label = `p${t.percentile} ≤ ${t.limit} ms`;
  const conf = `${Math.round(confidence * 1000) / 10}%`;
  const q = t.percentile / 100;
  // A family of one adds nothing to say.
  const f = t.family && t.family.size > 1 ? t.family : undefined;
  const together = f ? `the ${f.size} targets judged together` : '';
  const floor = t.floor;
  const seen = `${t.above} of ${t.samples} answers took longer than ${t.limit} ms${floor ? ' as the client saw them' : ''}`;
  if (t.samples === 0) return `${label} not decided: no answers to judge`;
  if (t.verdict === 'fail') {
    const adjusted = f ? ` (p ${pValueText(t.pSlower)}; ${pValueText(f.pSlower)} adjusted for ${together})` : '';
    if (!floor)
      return `${label} missed: ${seen}; a server meeting it lets at most ${shareOf(q)} take longer, and ${t.above} or more of ${t.samples} would then happen in ${percent(t.pSlower)} of runs${adjusted}: the p${t.percentile} is above ${ms(t.lower!)} ms with ${conf} confidence`;
    const more = Math.round((floor.probes + 1) / floor.fromTop);
    return `${label} missed: ${floor.above} of ${t.samples} answers took longer than ${t.limit} ms beyond the network's share (${floorWords(floor)}, taken off each; ${t.above} as the client saw them); a server meeting it lets at most ${shareOf(q)} take longer, and a network no slower than the probes' pushes about 1 in ${more} of the others past the floor, so ${floor.above} or more of ${t.samples} would then happen in ${percent(t.pSlower)} of runs${adjusted}: the server-side p${t.percentile} is above ${ms(t.lower!)} ms with ${conf} confidence`;
  }
  if (t.verdict === 'pass') {
    const adjusted = f ? ` (p ${pValueText(t.pFaster)}; ${pValueText(f.pFaster)} adjusted for ${together})` : '';
    return `${label} met: ${seen}${adjusted}; the p${t.percentile} is below ${ms(t.upper!)} ms with ${conf} confidence`;
  }
  const alpha = 1 - confidence;
  const alone =
    f && t.pSlower <= alpha
      ? (['missed', t.pSlower, f.pSlower] as const)
      : f && t.pFaster <= alpha
        ? (['met', t.pFaster, f.pFaster] as const)
        : undefined;
  const minimum = Math.ceil(Math.log(alpha) / Math.log(q));
  const beyond = !floor
    ? ''
    : floor.ms !== null
      ? `, ${floor.above} beyond the network's share (${floorWords(floor)})`
      : floor.probes
        ? `; no floor: too few of the ${floor.probes} probes of the network's share were answered`
        : "; the network's share was not measured";
  const network = !alone && openByNetwork(t);
  const few = alone
    ? `; on its own that shows it ${alone[0]} (p ${pValueText(alone[1])}), but not across ${together} (p ${pValueText(alone[2])} adjusted)`
    : network && floor!.ms !== null
      ? `; the network's share is too large to tell with ${conf} confidence whether more than ${shareOf(q)} take longer at the server: more answers do not decide it, a client nearer the server would`
      : network
        ? "; without the network's share these times show a target met, never missed"
        : t.upper === null && t.above === 0
          ? `; ${t.samples} answers are too few to show it with ${conf} confidence (that takes at least ${minimum}${f ? ' on its own' : ''}, none slower)`
          : `; ${t.samples} answers cannot tell with ${conf} confidence whether more than ${shareOf(q)} do`;
  const more =
    t.needed === null
      ? network
        ? ''
        : `; at the rate seen the p${t.percentile} sits so close to the target that more than ${MAX_NEEDED} answers would be needed`
      : `; about ${t.needed} would decide it at the rate seen${f ? `, with ${together}` : ''}`;
  return `${label} not decided: ${seen} (${percent(t.above / t.samples)})${beyond}${few}${more}`;
}

/** Judges an operation's p50 and p99 targets: fails when one fails, passes when both pass. */
export function judgeLatency(
  values: readonly number[],
  targets: { p50: number; p99: number },
  confidence: number,
  measure: Measure = CLIENT_OBSERVED
): LatencyVerdict {
  return operationVerdict(
    [
      judgeTarget(values, 50, targets.p50, confidence, measure),
      judgeTarget(values, 99, targets.p99, confidence, measure),
    ],
    confidence
  );
}

function operationVerdict(judged: TargetVerdict[], confidence: number): LatencyVerdict {
  const failed = judged.filter((t) => t.verdict === 'fail');
  const open = judged.filter((t) => t.verdict === 'inconclusive');
  const verdict: Verdict = failed.length ? 'fail' : open.length ? 'inconclusive' : 'pass';
  const result: LatencyVerdict = { verdict, confidence, targets: judged, why: '' };
  if (verdict === 'inconclusive') {
    // One target shown missed decides the operation; otherwise every open target must be shown met.
    const leaningFail = open.filter((t) => leaning(t) === 'missed');
    const known = (targets: TargetVerdict[]) =>
      targets.map((t) => t.needed).filter((x): x is number => typeof x === 'number');
    if (leaningFail.length) result.needed = known(leaningFail).length ? Math.min(...known(leaningFail)) : null;
    else result.needed = known(open).length === open.length ? Math.max(...known(open)) : null;
  }
  const shown = verdict === 'pass' ? judged : [...failed, ...open];
  result.why = shown.map((t) => t.why).join('; ');
  return result;
}

/**
 * A run's verdicts judged as one family (lib/latency/family.ts): every target with answers of
 * every operation, "missed" and "met" each with its family-wise error at most 1 − confidence.
 * Each target keeps its own bounds; its verdict, the samples that would decide it and its words
 * become the family's. Same order as given.
 */
export function judgeTogether(verdicts: readonly LatencyVerdict[]): LatencyVerdict[] {
  const family = verdicts.flatMap((v) => v.targets.filter((t) => t.samples > 0));
  if (!family.length) return [...verdicts];
  const confidence = verdicts[0]!.confidence;
  const alpha = 1 - confidence;
  const slower = holmAdjusted(family.map((t) => t.pSlower));
  const faster = holmAdjusted(family.map((t) => t.pFaster));
  const adjusted = new Map(
    family.map((t, i) => [t, { size: family.length, pSlower: slower[i]!, pFaster: faster[i]! }])
  );
  // Holm decides a target, the others as they are, once its p-value is at most α over the targets
  // not decided its way: the level the samples recommended for it are for.
  const open = (p: number[]) => family.length - p.filter((x) => x <= alpha).length;
  const [toFail, toPass] = [alpha / open(slower), alpha / open(faster)];
  return verdicts.map((v) =>
    operationVerdict(
      v.targets.map((own) => {
        const f = adjusted.get(own);
        if (!f) return own;
        const { needed: _own, ...t } = own;
        const verdict: Verdict = f.pSlower <= alpha ? 'fail' : f.pFaster <= alpha ? 'pass' : 'inconclusive';
        const result: TargetVerdict = { ...t, verdict, family: f };
        if (verdict === 'inconclusive') result.needed = neededFor(t, toFail, toPass);
        result.why = targetWords(result, confidence);
        return result;
      }),
      confidence
    )
  );
}

/** "[lower, upper]" of a target's confidence bounds, for tables. */
export function boundsText(t: Pick<TargetVerdict, 'lower' | 'upper'>): string {
  return `[${t.lower === null ? '0' : ms(t.lower)}, ${t.upper === null ? '∞)' : `${ms(t.upper)}]`}`;
}
