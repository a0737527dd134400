/**
 * SANDBOX_LATENCY: how long the sandbox waits before answering an operation that has a latency key.
 *
 *   off                       no delay (default)
 *   doc                       every operation: log-normal delays whose median and 99th percentile
 *                             equal the document's p50/p99 (Limits section)
 *   get-card=50               a fixed delay of 50 ms for one operation
 *   get-card=170/2000         log-normal with median 170 ms and 99th percentile 2000 ms (a slow tail)
 *   seed=7                    the seed of the random streams (default: the `seed` argument, 1)
 *   scale=0.1                 every delay multiplied by 0.1 (a remote server's shape, quicker: a
 *                             stand-in test environment at a tenth of the document's latencies);
 *                             a log-normal times F is log-normal with median and 99th percentile
 *                             times F, so `doc,scale=0.8` is a server 20% inside every target and
 *                             `doc,scale=1.5` one 50% over (proof/tests/perf/stats.test.ts)
 *
 * Items combine with commas: `doc,get-card=900` is the document profile with get-card fixed at
 * 900 ms; operations not named get 0 ms unless `doc` is present.
 *
 * Every operation draws from its own seeded stream, so the n-th delay of `get-card` depends only on
 * the seed and n, never on how requests of other operations interleave. The perf self-test relies on
 * this: it recomputes the delays the sandbox injected for exactly the requests it counted.
 */
import { latencyKeys, latencyTargets } from '../lib/latency-targets.js';
import type { LatencyKey } from '../lib/operations.js';

/** z such that P(N(0,1) <= z) = 0.99. */
export const Z99 = 2.326347874;

export type DelayFor = (key: LatencyKey) => number;

export class LatencyConfigError extends Error {}

/** What one operation's delay is drawn from. */
export type DelayModel = { kind: 'fixed'; ms: number } | { kind: 'lognormal'; p50: number; p99: number };

export interface LatencyProfile {
  seed: number;
  /** Every delay is multiplied by it (scale=F; 1 by default). */
  scale: number;
  models: Partial<Record<LatencyKey, DelayModel>>;
}

/** Deterministic uniform (0,1) source, so a run draws the same delays each time. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) + 0.5) / 4294967296;
  };
}

/** FNV-1a of the operation key mixed with the seed: one independent stream per operation. */
function streamSeed(seed: number, key: string): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < key.length; i += 1) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** Log-normal with median p50 and 99th percentile p99: exp(ln p50 + sigma·Z), sigma = ln(p99/p50)/z99. */
export function logNormalSampler(p50: number, p99: number, uniform: () => number): () => number {
  const mu = Math.log(p50);
  const sigma = Math.log(p99 / p50) / Z99;
  return () => {
    // Box–Muller: one standard normal from two uniforms.
    const z = Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
    return Math.exp(mu + sigma * z);
  };
}

const DOC_HELP =
  'expected off, doc, op=ms, op=p50/p99, seed=N or scale=F, comma-separated (e.g. doc,get-card=900, get-card=170/2000 or doc,scale=0.1)';

/** Parses SANDBOX_LATENCY into the delay model of each operation; undefined for `off`. */
export function parseLatencyProfile(spec: string | undefined, seed = 1): LatencyProfile | undefined {
  const value = (spec ?? 'off').trim();
  if (value === '' || value === 'off') return undefined;
  const models: Partial<Record<LatencyKey, DelayModel>> = {};
  const overrides: Partial<Record<LatencyKey, DelayModel>> = {};
  let profileSeed = seed;
  let scale = 1;
  let doc = false;
  for (const raw of value.split(',')) {
    const part = raw.trim();
    if (part === 'doc') {
      doc = true;
      continue;
    }
    const seedMatch = /^seed\s*=\s*(\d+)$/.exec(part);
    if (seedMatch) {
      profileSeed = Number(seedMatch[1]);
      continue;
    }
    const scaleMatch = /^scale\s*=\s*(\d+(?:\.\d+)?)$/.exec(part);
    if (scaleMatch) {
      scale = Number(scaleMatch[1]);
      if (!(scale > 0 && scale <= 100))
        throw new LatencyConfigError(`SANDBOX_LATENCY: "${part}" needs a factor above 0 and at most 100`);
      continue;
    }
    const m = /^([a-z-]+)\s*=\s*(\d+(?:\.\d+)?)(?:\s*\/\s*(\d+(?:\.\d+)?))?$/.exec(part);
    if (!m) throw new LatencyConfigError(`SANDBOX_LATENCY: "${part}" is not understood (${DOC_HELP})`);
    const key = m[1]!;
    if (!(latencyKeys as string[]).includes(key)) {
      throw new LatencyConfigError(`SANDBOX_LATENCY: unknown operation "${key}" (known: ${latencyKeys.join(', ')})`);
    }
    const first = Number(m[2]);
    if (m[3] === undefined) {
      overrides[key as LatencyKey] = { kind: 'fixed', ms: first };
    } else {
      const p99 = Number(m[3]);
      if (!(first > 0) || !(p99 > first)) {
        throw new LatencyConfigError(
          `SANDBOX_LATENCY: "${part}" needs 0 < p50 < p99 (a log-normal tail, e.g. get-card=170/2000)`
        );
      }
      overrides[key as LatencyKey] = { kind: 'lognormal', p50: first, p99 };
    }
  }
  if (doc) {
    for (const key of latencyKeys) models[key] = { kind: 'lognormal', ...latencyTargets[key] };
  }
  Object.assign(models, overrides);
  return { seed: profileSeed, scale, models };
}

/** The delay function of a profile: each operation draws from its own seeded stream. */
export function delayFunction(profile: LatencyProfile): DelayFor {
  const samplers = new Map<LatencyKey, () => number>();
  for (const key of latencyKeys) {
    const model = profile.models[key];
    if (!model) continue;
    if (model.kind === 'fixed') {
      const ms = model.ms * profile.scale;
      samplers.set(key, () => ms);
    } else {
      const draw = logNormalSampler(model.p50, model.p99, mulberry32(streamSeed(profile.seed, key)));
      samplers.set(key, () => draw() * profile.scale);
    }
  }
  return (key) => samplers.get(key)?.() ?? 0;
}

/** `(key) => ms` for SANDBOX_LATENCY, or undefined when no delay is wanted (the sandbox app calls this). */
export function parseLatency(spec: string | undefined, seed = 1): DelayFor | undefined {
  const profile = parseLatencyProfile(spec, seed);
  return profile ? delayFunction(profile) : undefined;
}

/** The first `count` delays of `key`'s stream: what the sandbox injects for its first `count` requests. */
export function injectedDelays(spec: string, key: LatencyKey, count: number, seed = 1): number[] {
  const delay = parseLatency(spec, seed);
  return Array.from({ length: count }, () => (delay ? delay(key) : 0));
}

/** The theoretical quantile q (0..1) of an operation's delay model. */
export function modelQuantile(model: DelayModel | undefined, q: number): number {
  if (!model) return 0;
  if (model.kind === 'fixed') return model.ms;
  const sigma = Math.log(model.p99 / model.p50) / Z99;
  return Math.exp(Math.log(model.p50) + sigma * normalQuantile(q));
}

/** Inverse of the standard normal CDF (Acklam's rational approximation, relative error < 1.2e-9). */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`normalQuantile: ${p} is not in (0, 1)`);
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239,
  ];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const lo = 0.02425;
  if (p < lo) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (
      (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) /
      ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1)
    );
  }
  if (p > 1 - lo) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) /
    (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1)
  );
}

/** How much later than its p50 target a fault `latency-<key>-slow` makes each 2xx of its operation. */
export const SLOW_FACTOR = 1.5;

/** `(key) => ms` of the latency faults switched on (`latency-<key>-slow`), or undefined when none is. */
export function slowedBy(has: (fault: string) => boolean): DelayFor | undefined {
  const slowed = latencyKeys.filter((key) => has(`latency-${key}-slow`));
  if (!slowed.length) return undefined;
  return (key) => (slowed.includes(key) ? latencyTargets[key].p50 * SLOW_FACTOR : 0);
}
