/**
 * A write whose answer was lost (a reset after the server answered, a gateway's page) may have
 * happened or not: it is never sent again blindly. What the state shows now is read back: the
 * write happened (the caller goes on from there, without its answer), or it did not (then, and only
 * then, it is sent once more). The events it met are marked reconciled (lib/environment.ts). The
 * same read-back tells the client, when the server answered the write 5xx, whether it performed
 * what it answered 5xx to (lib/read-back-scope.ts): that answer is judged either way.
 */
import type { ApiResponse } from './client.js';
import { TransientError } from './environment.js';
import { withReadBack } from './read-back-scope.js';

/** The write's answer; undefined when it was lost and `happened` reads back that it took effect. */
export async function answerOrReadBack<T>(
  send: () => Promise<ApiResponse<T>>,
  happened: () => Promise<boolean>
): Promise<ApiResponse<T> | undefined> {
  try {
    return await withReadBack(happened, send);
  } catch (e) {
    if (!(e instanceof TransientError) || !e.write) throw e;
    const done = await happened();
    e.reconciled(done);
    return done ? undefined : withReadBack(happened, send);
  }
}

/**
 * For teardown, which judges nothing: `write` (true when its answer says it took effect); when its
 * answer was lost, `done` reads back whether it did, and it is tried again if not (at most `tries`
 * times). False when it was refused, failed otherwise, or never took effect; never throws.
 */
export async function untilDone(
  write: () => Promise<boolean>,
  done: () => Promise<boolean>,
  tries = 3
): Promise<boolean> {
  for (let attempt = 1; attempt <= tries; attempt++) {
    let lost: TransientError;
    try {
      return await write();
    } catch (e) {
      if (!(e instanceof TransientError) || !e.write) return false;
      lost = e;
    }
    const ok = await done().catch(() => false);
    lost.reconciled(ok);
    if (ok) return true;
  }
  return false;
}

/** A customer closed, as far as the document lets one tell: its status text says so (the closed status is not shown). */
export function isClosed(customer: { status?: string } | undefined): boolean {
  return /clos/i.test(customer?.status ?? '');
}

/**
 * A customer the caller closed, read back: its status says closed, or it answers 404 (whether a
 * closed customer can still be read is not shown: ASSUME-ENDED-READABLE).
 */
export function readClosed(read: { status: number; body?: { status?: string } }): boolean {
  return read.status === 404 || isClosed(read.body);
}
