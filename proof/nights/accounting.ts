/**
 * A chaos night's books: every event the chaos layer injected (its log) matched with what the run
 * itself reported of it (coverage.json's environment: each event the suite met, and what became of
 * it). An event is accounted for when the run says it retried the request, read back what a lost
 * write did (reconciled), counted a 5xx that did not come again (transient), or gave up (the test
 * ended incomplete, or set-up went on without it); a pause that ended before the suite's own time
 * limit is simply an answer that came late. An event the run does not account for is a problem of
 * the night: the suite met something and did not say so.
 */
import type { ChaosEvent } from '../chaos/events.js';
import type { ChaosKind } from '../chaos/options.js';

/** The fields of the suite's environment events (lib/environment.ts) the books read. */
export interface RunEvent {
  kind: string;
  at: string;
  method: string;
  path: string;
  status?: number;
  outcome: string;
  test: string;
}

export type Fate = 'retried' | 'reconciled' | 'transient' | 'gave-up' | 'answered late';

export interface Books {
  /** Injected, by kind. */
  injected: Partial<Record<ChaosKind, number>>;
  /** What became of them, as the run reports it. */
  fates: Partial<Record<Fate, number>>;
  /** Injected events the run does not account for (one line each). */
  unaccounted: string[];
}

/** The suite's kinds that can answer for a layer's event on an operation (the token endpoint has one kind of its own). */
const ANSWERS: Record<ChaosKind, string[]> = {
  'gateway-502': ['gateway'],
  'gateway-504': ['gateway'],
  'token-503': ['token'],
  'reset-before': ['reset'],
  'reset-after': ['reset'],
  pause: ['timeout'],
};
const TOKEN_PATH = /\/protocol\/openid-connect\/token$/;
/** How long before the layer's event the suite may have sent the request (a pause, a slow answer before a reset). */
const BEFORE_MS = 120_000;
/** Clock and write order between the two processes. */
const AFTER_MS = 2_000;

function answers(event: ChaosEvent, path: string, run: RunEvent): boolean {
  if (run.method !== event.method || run.path !== path) return false;
  if (TOKEN_PATH.test(path)) return run.kind === 'token';
  if (!ANSWERS[event.kind].includes(run.kind)) return false;
  return run.kind !== 'gateway' || run.status === Number(event.kind.slice(-3));
}

export function keepBooks(injected: ChaosEvent[], reported: RunEvent[]): Books {
  const books: Books = { injected: {}, fates: {}, unaccounted: [] };
  const open = reported.map((e) => ({ event: e, at: Date.parse(e.at) }));
  for (const event of [...injected].sort((a, b) => a.time.localeCompare(b.time))) {
    books.injected[event.kind] = (books.injected[event.kind] ?? 0) + 1;
    const path = event.path.split('?')[0]!;
    const time = Date.parse(event.time);
    let best = -1;
    for (const [i, c] of open.entries()) {
      if (c.at > time + AFTER_MS || time - c.at > BEFORE_MS || !answers(event, path, c.event)) continue;
      if (best < 0 || Math.abs(time - c.at) < Math.abs(time - open[best]!.at)) best = i;
    }
    if (best >= 0) {
      const [match] = open.splice(best, 1);
      const fate = match!.event.outcome as Fate;
      books.fates[fate] = (books.fates[fate] ?? 0) + 1;
    } else if (event.kind === 'pause') {
      books.fates['answered late'] = (books.fates['answered late'] ?? 0) + 1;
    } else {
      books.unaccounted.push(`${event.kind} ${event.method} ${event.path} at ${event.time} (request ${event.seq})`);
    }
  }
  return books;
}
