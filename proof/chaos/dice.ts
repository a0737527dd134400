/**
 * The layer's dice: one seeded draw per request, in the order requests arrive, decides what
 * happens to it. The same seed and rates give the same sequence of events, whatever the requests.
 */
import { mulberry32 } from '../../sandbox/latency.js';
import { RATED_KINDS, type RatedKind } from './options.js';

export interface Throw {
  kind?: RatedKind;
  /** How long a pause lasts (ms). */
  pauseMs?: number;
}

/** The throws of one seed: each call decides the next request. */
export function chaosDice(seed: number, rates: Record<RatedKind, number>, pauseMs: [number, number]): () => Throw {
  // The sandbox's seeded source (its latencies draw from it too).
  const next = mulberry32(seed);
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
