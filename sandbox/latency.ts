/**
 * SANDBOX_LATENCY: `off` (default), `doc` (per-operation log-normal delays whose median and 99th
 * percentile equal the document's p50/p99), or `op=ms,...` fixed delays keyed by latency key.
 */
import { latencyKeys, latencyTargets } from '../lib/latency-targets.js';
import type { LatencyKey } from '../lib/operations.js';

/** z such that P(N(0,1) <= z) = 0.99. */
const Z99 = 2.326347874;

export type DelayFor = (key: LatencyKey) => number;

export class LatencyConfigError extends Error {}

/** Deterministic uniform (0,1) source, so a `doc` run draws the same delays each time. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) + 0.5) / 4294967296;
  };
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

export function parseLatency(spec: string | undefined, seed = 1): DelayFor | undefined {
  const value = (spec ?? 'off').trim();
  if (value === '' || value === 'off') return undefined;
  if (value === 'doc') {
    const uniform = mulberry32(seed);
    const samplers = new Map(latencyKeys.map((k) => [k, logNormalSampler(latencyTargets[k].p50, latencyTargets[k].p99, uniform)]));
    return (key) => samplers.get(key)!();
  }
  const fixed = new Map<string, number>();
  for (const part of value.split(',')) {
    const m = /^\s*([a-z-]+)\s*=\s*(\d+(?:\.\d+)?)\s*$/.exec(part);
    if (!m) throw new LatencyConfigError(`SANDBOX_LATENCY: "${part}" is not op=ms (expected off, doc, or e.g. get-card=50,search-cards=300)`);
    if (!(latencyKeys as string[]).includes(m[1]!)) {
      throw new LatencyConfigError(`SANDBOX_LATENCY: unknown operation "${m[1]}" (known: ${latencyKeys.join(', ')})`);
    }
    fixed.set(m[1]!, Number(m[2]));
  }
  return (key) => fixed.get(key) ?? 0;
}
