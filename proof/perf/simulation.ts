/**
 * The latency verdicts on known distributions, in process, no server: each trial draws every
 * operation's samples from the stand-in's own latency profile (sandbox/latency.ts: log-normal,
 * median at scale × the p50 target, 99th percentile at scale × the p99 target) and judges them as
 * `npm run perf` would (lib/latency/verdict.ts), or compares two nights as the gate would
 * (lib/latency/two-sample.ts).
 */
import { latencyKeys, latencyTargets } from '../../lib/latency-targets.js';
import type { LatencyKey } from '../../lib/operations.js';
import { slowerThanBaseline } from '../../lib/latency/two-sample.js';
import { judgeLatency } from '../../lib/latency/verdict.js';
import { parseLatency, type DelayFor } from '../../sandbox/latency.js';

export interface GateSimulation {
  scale: number;
  samples: number;
  trials: number;
  /** Per target (`get-card p99`): the share of trials it failed. */
  targetFailRate: Map<string, number>;
  /** Per operation: the share of trials it failed, was not decided, passed. */
  operations: Map<LatencyKey, { failed: number; inconclusive: number; passed: number; withoutNeeded: number }>;
  /** The share of trials in which the gate failed (some operation failed). */
  gateFailRate: number;
  /** Trials left not decided, rerun with the samples the verdict recommended: how many, and the share that failed. */
  rerun: { runs: number; failed: number; largest: number };
}

const draws = (delay: DelayFor, op: LatencyKey, n: number) => Array.from({ length: n }, () => delay(op));

/** `trials` runs of `samples` per operation against a server at `scale` × every target. */
export function simulateGate(options: { scale: number; samples: number; trials: number; seed: number; confidence?: number; rerun?: boolean }): GateSimulation {
  const confidence = options.confidence ?? 0.95;
  const delay = parseLatency(`doc,scale=${options.scale},seed=${options.seed}`)!;
  const targetFails = new Map<string, number>();
  const operations = new Map(latencyKeys.map((op) => [op, { failed: 0, inconclusive: 0, passed: 0, withoutNeeded: 0 }]));
  const rerun = { runs: 0, failed: 0, largest: 0 };
  let gateFails = 0;
  for (let trial = 0; trial < options.trials; trial += 1) {
    let gateFailed = false;
    for (const op of latencyKeys) {
      const verdict = judgeLatency(draws(delay, op, options.samples), latencyTargets[op], confidence);
      for (const t of verdict.targets) if (t.verdict === 'fail') targetFails.set(`${op} p${t.percentile}`, (targetFails.get(`${op} p${t.percentile}`) ?? 0) + 1);
      const counts = operations.get(op)!;
      if (verdict.verdict === 'fail') {
        counts.failed += 1;
        gateFailed = true;
      } else if (verdict.verdict === 'pass') counts.passed += 1;
      else {
        counts.inconclusive += 1;
        if (!verdict.needed) counts.withoutNeeded += 1;
        else if (options.rerun) {
          rerun.runs += 1;
          rerun.largest = Math.max(rerun.largest, verdict.needed);
          if (judgeLatency(draws(delay, op, verdict.needed), latencyTargets[op], confidence).verdict === 'fail') rerun.failed += 1;
        }
      }
    }
    if (gateFailed) gateFails += 1;
  }
  const targetFailRate = new Map(latencyKeys.flatMap((op) => [50, 99].map((p) => [`${op} p${p}`, (targetFails.get(`${op} p${p}`) ?? 0) / options.trials] as const)));
  return { scale: options.scale, samples: options.samples, trials: options.trials, targetFailRate, operations, gateFailRate: gateFails / options.trials, rerun };
}

/** The share of nights judged a regression when tonight is `slowdown` × the baseline (both at the document's profile). */
export function simulateNights(options: { slowdown: number; samples: number; trials: number; seed: number; confidence?: number; margin?: number }): Map<LatencyKey, number> {
  const before = parseLatency(`doc,seed=${options.seed}`)!;
  const after = parseLatency(`doc,scale=${options.slowdown},seed=${options.seed + 1}`)!;
  const rates = new Map<LatencyKey, number>();
  for (const op of latencyKeys) {
    let regressions = 0;
    for (let trial = 0; trial < options.trials; trial += 1) {
      const test = slowerThanBaseline(draws(before, op, options.samples), draws(after, op, options.samples), options.margin ?? 0.2, options.confidence ?? 0.95);
      if (test.significant) regressions += 1;
    }
    rates.set(op, regressions / options.trials);
  }
  return rates;
}
