/**
 * What a write's caller knows of how to read it back: whether the write took effect, told by the
 * state it reads now (a card no longer Active after a block). The client asks it after the server
 * answered the write with a 5xx (lib/client.ts): the server's answer is judged either way, and the
 * read-back says whether the server performed what it answered 5xx to. Carried by an async scope so
 * that a step wraps its write without every typed method of the API taking one more argument.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** True when the write took effect; it throws ReadBackUnknown when nothing can tell. */
export type ReadBack = () => Promise<boolean>;

/** Nothing the read-back could look for (a creation with no mark of the run): the write is sent once more. */
export class ReadBackUnknown extends Error {
  override name = 'ReadBackUnknown';
}

const scope = new AsyncLocalStorage<ReadBack>();

/** Runs `send` (one write) with `happened` as its read-back. */
export function withReadBack<T>(happened: ReadBack, send: () => Promise<T>): Promise<T> {
  return scope.run(happened, send);
}

/** The read-back the running write's caller gave, if any. */
export function givenReadBack(): ReadBack | undefined {
  return scope.getStore();
}

/** Runs a read-back outside the scope: the reads it sends are no write of the caller's. */
export function outsideReadBack<T>(read: () => Promise<T>): Promise<T> {
  return scope.exit(read);
}
