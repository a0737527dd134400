/**
 * A share of the faults for `selftest:faults --quick --share`: every n-th fault of the catalogue,
 * the day's share by default, so that consecutive days together check every fault.
 */
import { ConfigError } from '../../lib/config.js';

/** `n` (the day's share of n) or `k/n` (share k of n). */
export function parseShare(text: string): { part?: number; of: number } {
  const m = /^(?:(\d+)\/)?(\d+)$/.exec(text);
  const part = m?.[1] === undefined ? undefined : Number(m[1]);
  const of = Number(m?.[2]);
  if (!m || of < 1 || (part !== undefined && (part < 1 || part > of)))
    throw new ConfigError(`--share ${text}: n (the day's share of n) or k/n, 1 ≤ k ≤ n`);
  return { ...(part !== undefined ? { part } : {}), of };
}

/** Share `part` of `of` of the faults (every of-th, in the catalogue's order); the day's share when no part is named. */
export function shareOf<T>(
  faults: readonly T[],
  share: { part?: number; of: number },
  day = Math.floor(Date.now() / 86_400_000)
): { part: number; faults: T[] } {
  const part = share.part ?? (day % share.of) + 1;
  return { part, faults: faults.filter((_, i) => i % share.of === part - 1) };
}
