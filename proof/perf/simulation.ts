/**
 * The latency verdicts on known distributions, in process, no server: each trial draws every
 * operation's samples from the stand-in's own latency profile (sandbox/latency.ts: log-normal,
 * median at scale × the p50 target, 99th percentile at scale × the p99 target) and judges them as
 * `npm run perf` would (lib/latency/verdict.ts), or compares two nights as the gate would
 * (lib/latency/two-sample.ts): each target on its own, as before issue 28, and all of a run's
 * targets together, as the gate does now (lib/latency/family.ts). Behind a network (as
 * SANDBOX_NETWORK draws it: each way evenly in a range), every answer gets a round trip added and
 * each operation as many probes of it, judged server-side (lib/latency/floor.ts) or, as
 * FLEET_STRICT=ASSUME-LATENCY-MEASURE would, as the client saw them.
 */
import { binomialCdf } from '../../lib/latency/binomial.js';
import { exceedanceTail } from '../../lib/latency/exceedance.js';
import { judgeSlowerTogether, slowerThanBaseline } from '../../lib/latency/two-sample.js';
import type { Measure } from '../../lib/latency/verdict.js';
import { judgeLatency, judgeTogether, type LatencyVerdict } from '../../lib/latency/verdict.js';
import { latencyKeys, latencyTargets } from '../../lib/latency-targets.js';
import type { LatencyKey } from '../../lib/operations.js';
import { type DelayFor, mulberry32, parseLatency } from '../../sandbox/latency.js';
import type { NetworkDelay } from '../../sandbox/network.js';

export interface Outcomes {
  /** Per target (`get-card p99`): the share of trials it failed. */
  targetFailRate: Map<string, number>;
  /** Per operation: how many trials it failed, was not decided (and of those, without the samples that would decide it), passed. */
  operations: Map<LatencyKey, { failed: number; inconclusive: number; passed: number; withoutNeeded: number }>;
  /** Trials in which the gate failed (some operation failed). */
  gateFails: number;
  /** Operations left not decided, rerun at the samples the verdict recommended: how many, how many failed, the largest n. */
  rerun: { runs: number; failed: number; largest: number };
}

export interface GateSimulation {
  scale: number;
  samples: number;
  trials: number;
  /** Each target judged on its own at the confidence (before issue 28). */
  alone: Outcomes;
  /** All of a trial's targets judged together (the gate now). */
  together: Outcomes;
}

const draws = (delay: DelayFor, op: LatencyKey, n: number) => Array.from({ length: n }, () => delay(op));

function outcomes(): Outcomes {
  return {
    targetFailRate: new Map(),
    gateFails: 0,
    rerun: { runs: 0, failed: 0, largest: 0 },
    operations: new Map(latencyKeys.map((op) => [op, { failed: 0, inconclusive: 0, passed: 0, withoutNeeded: 0 }])),
  };
}

/**
 * Counts one trial's verdicts. An operation left not decided is rerun (when `rerun`) with the
 * samples its verdict recommends, judged at the level that recommendation was made for.
 */
function count(
  into: Outcomes,
  verdicts: LatencyVerdict[],
  rerun: ((op: LatencyKey, n: number) => LatencyVerdict) | undefined
): void {
  let gateFailed = false;
  verdicts.forEach((verdict, i) => {
    const op = latencyKeys[i]!;
    for (const t of verdict.targets)
      if (t.verdict === 'fail')
        into.targetFailRate.set(`${op} p${t.percentile}`, (into.targetFailRate.get(`${op} p${t.percentile}`) ?? 0) + 1);
    const counts = into.operations.get(op)!;
    if (verdict.verdict === 'fail') {
      counts.failed += 1;
      gateFailed = true;
    } else if (verdict.verdict === 'pass') counts.passed += 1;
    else {
      counts.inconclusive += 1;
      if (!verdict.needed) counts.withoutNeeded += 1;
      else if (rerun) {
        into.rerun.runs += 1;
        into.rerun.largest = Math.max(into.rerun.largest, verdict.needed);
        if (rerun(op, verdict.needed).verdict === 'fail') into.rerun.failed += 1;
      }
    }
  });
  if (gateFailed) into.gateFails += 1;
}

/** `trials` runs of `samples` per operation against a server at `scale` × every target, behind `network` when given (judged server-side unless `clientObserved`). */
export function simulateGate(options: {
  scale: number;
  samples: number;
  trials: number;
  seed: number;
  confidence?: number;
  rerun?: boolean;
  network?: NetworkDelay;
  clientObserved?: boolean;
}): GateSimulation {
  const confidence = options.confidence ?? 0.95;
  const delay = parseLatency(`doc,scale=${options.scale},seed=${options.seed}`)!;
  const alone = outcomes();
  const together = outcomes();
  const rerunAt = (level: number) =>
    options.rerun
      ? (op: LatencyKey, n: number) => judgeLatency(draws(delay, op, n), latencyTargets[op], level)
      : undefined;
  const { network } = options;
  const uniform = mulberry32(options.seed + 1_000_003);
  const oneWay = () => network!.minMs + (network!.maxMs - network!.minMs) * uniform();
  const roundTrips = (n: number) => Array.from({ length: n }, () => oneWay() + oneWay());
  for (let trial = 0; trial < options.trials; trial += 1) {
    const verdicts = latencyKeys.map((op) => {
      const server = draws(delay, op, options.samples);
      if (!network) return judgeLatency(server, latencyTargets[op], confidence);
      const seen = server.map((ms) => ms + oneWay() + oneWay());
      const measure: Measure = options.clientObserved
        ? { kind: 'client' }
        : { kind: 'server', probes: roundTrips(options.samples) };
      return judgeLatency(seen, latencyTargets[op], confidence, measure);
    });
    count(alone, verdicts, rerunAt(confidence));
    // Together, the samples recommended to show a target missed are for α over the targets not shown missed.
    const judged = judgeTogether(verdicts);
    const open = judged.flatMap((v) => v.targets).filter((t) => t.verdict !== 'fail').length;
    count(together, judged, rerunAt(1 - (1 - confidence) / Math.max(1, open)));
  }
  for (const o of [alone, together]) {
    o.targetFailRate = new Map(
      latencyKeys.flatMap((op) =>
        [50, 99].map((p) => [`${op} p${p}`, (o.targetFailRate.get(`${op} p${p}`) ?? 0) / options.trials] as const)
      )
    );
  }
  return { scale: options.scale, samples: options.samples, trials: options.trials, alone, together };
}

export interface NightsSimulation {
  slowdown: number;
  trials: number;
  /** Per operation: the share of nights it was judged a regression on its own. */
  alone: Map<LatencyKey, number>;
  /** Nights with a regression on some operation: each judged on its own (before issue 28), all together (the gate now). */
  gateAlone: number;
  gateTogether: number;
}

/** Nights in which tonight is `slowdown` × the baseline (both at the document's profile), every operation compared. */
export function simulateNights(options: {
  slowdown: number;
  samples: number;
  trials: number;
  seed: number;
  confidence?: number;
  margin?: number;
}): NightsSimulation {
  const before = parseLatency(`doc,seed=${options.seed}`)!;
  const after = parseLatency(`doc,scale=${options.slowdown},seed=${options.seed + 1}`)!;
  const regressions = new Map(latencyKeys.map((op) => [op, 0]));
  let gateAlone = 0;
  let gateTogether = 0;
  for (let trial = 0; trial < options.trials; trial += 1) {
    const tests = latencyKeys.map((op) =>
      slowerThanBaseline(
        draws(before, op, options.samples),
        draws(after, op, options.samples),
        options.margin ?? 0.2,
        options.confidence ?? 0.95
      )
    );
    tests.forEach((t, i) => {
      regressions.set(latencyKeys[i]!, regressions.get(latencyKeys[i]!)! + (t.significant ? 1 : 0));
    });
    if (tests.some((t) => t.significant)) gateAlone += 1;
    if (judgeSlowerTogether(tests).some((t) => t.significant)) gateTogether += 1;
  }
  const alone = new Map([...regressions].map(([op, k]) => [op, k / options.trials]));
  return { slowdown: options.slowdown, trials: options.trials, alone, gateAlone, gateTogether };
}

/**
 * The exact chance of a regression on some operation when every one of `operations` is exactly
 * the margin slower, each compared on `samples` and `samples` answers: Holm finds one when the
 * smallest p-value is at most α over their number, and each operation's p-value is that small with
 * the chance of the largest tail of the exceedance law that is (the operations are independent).
 */
export function nightsErrorAtMargin(samples: number, operations: number, confidence = 0.95): number {
  const fromTop = samples - Math.min(samples, Math.max(1, Math.ceil(0.99 * samples - 1e-9))) + 1;
  let k = 0;
  while (exceedanceTail(samples, samples, fromTop, k) > (1 - confidence) / operations) k += 1;
  return 1 - (1 - exceedanceTail(samples, samples, fromTop, k)) ** operations;
}

/** The one-sided upper confidence bound of a rate seen `k` times in `n` trials (Clopper–Pearson). */
export function upperBound(k: number, n: number, confidence = 0.95): number {
  if (k >= n) return 1;
  let [lo, hi] = [k / n, 1];
  for (let i = 0; i < 60; i += 1) {
    const mid = (lo + hi) / 2;
    if (binomialCdf(n, mid, k) > 1 - confidence) lo = mid;
    else hi = mid;
  }
  return hi;
}
