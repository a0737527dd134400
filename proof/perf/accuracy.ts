/**
 * How the harness proves it measures right (used by proof/perf/selftest.ts and proof/tests/perf/):
 *  - measured vs injected: every counted 2xx answer of the sandbox was the op's n-th 2xx answer,
 *    so its injected delay is the n-th draw of that op's seeded stream (sandbox/latency.ts); the
 *    measured percentiles are compared with the percentiles of exactly those injected delays;
 *  - the injected streams vs the document: at large n the draws have the document's p50/p99;
 *  - gate runs: one operation slowed past its target, the gate must fail on exactly that one.
 */
import { loadConfig } from '../../lib/config.js';
import { latencyKeys, latencyTargets } from '../../lib/latency-targets.js';
import type { LatencyKey } from '../../lib/operations.js';
import type { Sample } from '../../perf/measure.js';
import { type RunResult, runPerf } from '../../perf/runner.js';
import { percentile, relativeError, summarize } from '../../perf/stats.js';
import { injectedDelays, modelQuantile, normalQuantile, parseLatencyProfile, Z99 } from '../../sandbox/latency.js';

export interface AccuracyRow {
  operation: LatencyKey;
  samples: number;
  injectedP50: number;
  measuredP50: number;
  errP50: number;
  injectedP99: number;
  measuredP99: number;
  errP99: number;
  /** measured − injected per request: median and 99th percentile (the harness's own share). */
  offsetP50: number;
  offsetP99: number;
  /** Requests measured more than 1 ms below their paired injected delay (paired out of order). */
  belowInjected: number;
  theoryP50: number;
  theoryP99: number;
}

export interface PairedSample {
  operation: LatencyKey;
  slot: number;
  /** Due time and send time, ms since the phase's t0. */
  intendedAt: number;
  sentAt: number;
  measured: number;
  injected: number;
}

/** Each counted 2xx sample with the delay the sandbox injected for it (the op's n-th 2xx answer). */
export function pairedSamples(run: RunResult, spec: string, seed = 1): Map<LatencyKey, PairedSample[]> {
  const out = new Map<LatencyKey, PairedSample[]>();
  for (const op of run.summary.operations.map((o) => o.operation)) {
    const ok = (run.samples.get(op) ?? []).filter(
      (s: Sample) =>
        s.counted &&
        s.status !== undefined &&
        s.status >= 200 &&
        s.status < 300 &&
        s.streamIndex !== undefined &&
        !s.error
    );
    if (ok.length === 0) continue;
    const stream = injectedDelays(spec, op, Math.max(...ok.map((s) => s.streamIndex!)) + 1, seed);
    out.set(
      op,
      ok.map((s) => ({
        operation: op,
        slot: s.slot,
        intendedAt: s.intendedAt,
        sentAt: s.sentAt!,
        measured: s.latencyMs!,
        injected: stream[s.streamIndex!]!,
      }))
    );
  }
  return out;
}

/** Measured against injected percentiles, per operation. */
export function accuracyRows(run: RunResult, spec: string, seed = 1): AccuracyRow[] {
  const profile = parseLatencyProfile(spec, seed);
  const rows: AccuracyRow[] = [];
  for (const [op, pairs] of pairedSamples(run, spec, seed)) {
    const injected = pairs.map((p) => p.injected);
    const measured = pairs.map((p) => p.measured);
    const offsets = measured.map((m, i) => m - injected[i]!);
    const inj = summarize(injected);
    const mea = summarize(measured);
    rows.push({
      operation: op,
      samples: pairs.length,
      injectedP50: inj.p50,
      measuredP50: mea.p50,
      errP50: relativeError(mea.p50, inj.p50),
      injectedP99: inj.p99,
      measuredP99: mea.p99,
      errP99: relativeError(mea.p99, inj.p99),
      offsetP50: percentile(offsets, 50),
      offsetP99: percentile(offsets, 99),
      belowInjected: offsets.filter((o) => o < -1).length,
      theoryP50: modelQuantile(profile?.models[op], 0.5),
      theoryP99: modelQuantile(profile?.models[op], 0.99),
    });
  }
  return rows;
}

/**
 * Samples needed so that 3 standard errors of the sample quantile q of a log-normal with the
 * document's p50/p99 sit inside `tolerance` (relative): SE(ln q̂) ≈ σ·√(q(1−q)/n)/φ(z_q).
 */
export function samplesNeeded(op: LatencyKey, q: number, tolerance: number): number {
  const { p50, p99 } = latencyTargets[op];
  const sigma = Math.log(p99 / p50) / Z99;
  const z = normalQuantile(q);
  const density = Math.exp(-(z * z) / 2) / Math.sqrt(2 * Math.PI);
  const se1 = (sigma * Math.sqrt(q * (1 - q))) / density;
  return Math.ceil(((3 * se1) / Math.log(1 + tolerance)) ** 2);
}

/** The injected streams themselves, at large n, against the document's p50/p99. */
export function streamCheck(
  spec: string,
  draws: number,
  seed = 1
): { operation: LatencyKey; p50: number; p99: number; errP50: number; errP99: number }[] {
  return latencyKeys.map((op) => {
    const stats = summarize(injectedDelays(spec, op, draws, seed));
    return {
      operation: op,
      p50: stats.p50,
      p99: stats.p99,
      errP50: relativeError(stats.p50, latencyTargets[op].p50),
      errP99: relativeError(stats.p99, latencyTargets[op].p99),
    };
  });
}

export interface GateOutcome {
  run: RunResult;
  failed: LatencyKey[];
}

/** A short perf run against a fresh sandbox with `latency`; which operations the gate failed. */
export async function gateRun(options: {
  latency: string;
  outDir: string;
  rate?: number;
  duration?: number;
  warmup?: number;
  operations?: LatencyKey[];
  sandbox?: Record<string, string>;
  log?: (line: string) => void;
}): Promise<GateOutcome> {
  const config = loadConfig({
    FLEET_PERF_RATE: String(options.rate ?? 100),
    FLEET_PERF_DURATION: String(options.duration ?? 1),
    SANDBOX_LATENCY: options.latency,
    ...(options.operations ? { FLEET_PERF_OPS: options.operations.join(',') } : {}),
  });
  const run = await runPerf({
    config,
    outDir: options.outDir,
    overhead: false,
    warmup: options.warmup ?? 10,
    ...(options.sandbox ? { sandbox: options.sandbox } : {}),
    log: options.log ?? (() => undefined),
  });
  return { run, failed: run.summary.operations.filter((o) => o.status === 'failed').map((o) => o.operation) };
}
