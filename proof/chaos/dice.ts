/**
 * The layer's dice: one seeded draw per request, in the order requests arrive, decides what
 * happens to it. The same seed and rates give the same sequence of events, whatever the requests.
 */
import { RATED_KINDS, type RatedKind } from './options.js';

export interface Throw {
  kind?: RatedKind;
  /** How long a pause lasts (ms). */
  pauseMs?: number;
}

/** mulberry32: a small, well-mixed 32-bit generator; enough for picking events, not for secrets. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The throws of one seed: each call decides the next request. */
export function chaosDice(seed: number, rates: Record<RatedKind, number>, pauseMs: [number, number]): () => Throw {
  const next = generator(seed);
  return () => {
    const u = next();
    let low = 0;
    for (const kind of RATED_KINDS) {
      const high = low + rates[kind];
      if (u < high) {
        if (kind !== 'pause') return { kind };
        // Where the draw fell inside the pause's band says how long it lasts: no second draw.
        const within = (u - low) / rates[kind];
        return { kind, pauseMs: pauseMs[0] + Math.floor(within * (pauseMs[1] - pauseMs[0] + 1)) };
      }
      low = high;
    }
    return {};
  };
}
