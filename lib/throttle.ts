/**
 * Throttling: "Rate limits: not shown" says there are some. A 429, or a 503 with Retry-After, is
 * the target asking to come back later: the client waits as told (bounded) and sends again; it
 * is counted and reported as drift, never a rule's failure. When the target keeps refusing, the
 * test is blocked by it, with the reason.
 */

/** Sends of one request at most (the first and the retries). */
export const MAX_SENDS = 6;
/** The longest single wait, and the longest a request waits in all. */
export const MAX_WAIT_MS = 30_000;
export const MAX_TOTAL_WAIT_MS = 45_000;
/** The wait when a 429 names none: doubling from here. */
const DEFAULT_WAIT_MS = 500;

export interface Throttled {
  status: number;
  waitedMs: number;
}

/** How long the target asks to wait before sending again; undefined when the answer is no throttling. */
export function retryAfterMs(
  status: number,
  headers: Record<string, string>,
  attempt: number,
  now = Date.now()
): number | undefined {
  const header = headers['retry-after'];
  if (status !== 429 && !(status === 503 && header !== undefined)) return undefined;
  let ms = DEFAULT_WAIT_MS * 2 ** attempt;
  if (header !== undefined && /^\s*\d+(\.\d+)?\s*$/.test(header)) ms = Number(header) * 1000;
  else if (header !== undefined && !Number.isNaN(Date.parse(header))) ms = Date.parse(header) - now;
  return Math.min(MAX_WAIT_MS, Math.max(0, ms));
}
