/**
 * The probe of the network's share (register ASSUME-LATENCY-MEASURE, lib/latency/floor.ts): a
 * request the service answers without work, sent on the phase's own connections and schedule
 * beside its measured requests, one per round of them. A read of master data without a token: the
 * document says every operation requires the token and a missing one gives 401, so a conforming
 * service refuses it at its edge, reads nothing and writes nothing (in production too). Its round
 * trip is the network's, the client's and the edge's time; only a 4xx is such an answer.
 */
import { type OperationId, operations } from '../lib/operations.js';
import type { PlannedRequest, Sample } from './measure.js';

/** The probe's label among a phase's samples (never a latency key). */
export const PROBE = 'network probe';

/** What the footprint counts a probe as (a request of that operation, never served). */
export const PROBE_OPERATION: OperationId = 'getMasterData';

/** The probe of one round; counted from the end of the warm-up, as the measured requests. */
export function probeRequest(counted: boolean): PlannedRequest {
  return { op: PROBE, method: 'GET', path: operations[PROBE_OPERATION].path, counted, withoutToken: true };
}

/** The counted probes' round trips, ms; null for one without a 4xx answer (no answer, a 2xx or a 5xx: not an answer without work). */
export function probeRoundTrips(samples: readonly Sample[]): (number | null)[] {
  return samples
    .filter((s) => s.op === PROBE && s.counted)
    .map((s) => (!s.error && s.status !== undefined && s.status >= 400 && s.status <= 499 ? s.latencyMs! : null));
}
