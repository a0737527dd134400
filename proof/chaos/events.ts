/**
 * The layer's event log: one JSON line per event it injected, so that whoever ran behind it can
 * account for each one (retried, reconciled, or a test left incomplete).
 */
import { existsSync, readFileSync } from 'node:fs';
import type { ChaosKind } from './options.js';

export interface ChaosEvent {
  /** When it happened (ISO 8601). */
  time: string;
  /** The request's number in the order the layer received them (1 is the first). */
  seq: number;
  kind: ChaosKind;
  method: string;
  /** Path and query, as the client sent them. */
  path: string;
  /** Whether the request reached the server: true for a pause and a reset after the answer. */
  reachedServer: boolean;
  /** reset-after: the status the server answered, which the client never saw. */
  status?: number;
  /** pause: how long (ms). */
  ms?: number;
}

/** The events of a log file (whole lines only: a line being written is not read). */
export function readChaosEvents(file: string): ChaosEvent[] {
  if (!existsSync(file)) return [];
  const text = readFileSync(file, 'utf8');
  return text
    .slice(0, text.lastIndexOf('\n') + 1)
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as ChaosEvent);
}

/** How many events of each kind. */
export function countByKind(events: ChaosEvent[]): Partial<Record<ChaosKind, number>> {
  const counts: Partial<Record<ChaosKind, number>> = {};
  for (const e of events) counts[e.kind] = (counts[e.kind] ?? 0) + 1;
  return counts;
}
