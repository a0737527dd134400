/**
 * A wait inside a test: polled until what it waits for shows up, for at most the bound the
 * document or an assumption gives it (then the answer it got is judged), and never past the test's
 * own deadline (lib/ledger.ts): a wait the test's time cut short judged nothing (IncompleteError).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { IncompleteError } from './ledger.js';

/** What a wait needs of the running test: its deadline, and to be told what it waits for. */
export interface TestClock {
  deadline(): number;
  doing(what: string): () => void;
}

const POLL_MS = 250;

/** `read()` until `found` holds of its value or `seconds` pass, within the test's time; the last value read. */
export async function waitFor<T>(
  what: string,
  seconds: number,
  clock: TestClock | undefined,
  read: () => Promise<T>,
  found: (value: T) => boolean
): Promise<T> {
  const bound = Date.now() + seconds * 1000;
  const until = Math.min(bound, clock?.deadline() ?? Number.POSITIVE_INFINITY);
  const done = clock?.doing(what);
  try {
    for (;;) {
      const value = await read();
      if (found(value)) return value;
      if (Date.now() >= until) {
        if (until < bound)
          throw new IncompleteError(
            `waited for ${what} until the test's time ran out, before the ${seconds} s it may take: not judged`
          );
        return value;
      }
      await sleep(POLL_MS);
    }
  } finally {
    done?.();
  }
}
