/**
 * How fast the target answers, timed at the start of a run (npm run conformance): against a
 * latency-bound target requests wait on the network and the server, not on this machine's CPU,
 * so the run takes many workers and few fast-check runs per property; against a quick one, few
 * workers (this machine's cores) and many runs. Decided from round trips, never from the host
 * name: a test environment reached through a tunnel or port-forward answers on 127.0.0.1 at a
 * remote server's latencies.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { AuthError, TokenProvider } from './auth.js';
import { type Config, LATENCY_BOUND_MS } from './config.js';
import {
  backoffMs,
  type EnvironmentEvent,
  standardErrorBody,
  TransientError,
  transportKind,
  whoAnswered,
} from './environment.js';
import { credentialsOf, type tokensFor } from './tokens.js';
import { fetchFor } from './transport/clients.js';

const ROUND_TRIPS = 3;

/**
 * Tries of one round trip the environment spoils (a reset, a timeout, a gateway's page), backing off
 * between them. The target was reached just before (checkTargetReach): losing every try is the
 * environment's night, never a wrong FLEET_BASE_URL. At a bad night's rates (a tenth of requests
 * spoiled) three in a row happen once in a thousand round trips; six, once in a million.
 */
const TRIES = 6;
const BACKOFF_MS = 250;

/**
 * The median of `ROUND_TRIPS` authenticated reads (GET /customers?limit=1), in whole ms; any answer
 * counts but a 401, which says before any test that the target refuses the token endpoint's tokens.
 * A lost connection or a gateway's page is tried again (the environment's night); a target whose
 * every try is lost is unavailable tonight (TransientError). `onEvent` hears what the environment did.
 */
export async function measureRoundTrip(
  config: Parameters<typeof tokensFor>[0] & Pick<Config, 'baseUrl'>,
  fetchImpl: typeof fetch = fetchFor(config.transport),
  onEvent?: (event: EnvironmentEvent) => void
): Promise<number> {
  // The same transport for the token as for the reads.
  const tokens = new TokenProvider(credentialsOf(config), fetchImpl);
  if (onEvent) tokens.onEvent = onEvent;
  const token = await tokens.token();
  const times: number[] = [];
  for (let i = 0; i < ROUND_TRIPS; i++) times.push(await roundTrip(config.baseUrl, token, tokens, fetchImpl, onEvent));
  return Math.round(times.sort((a, b) => a - b)[Math.floor(ROUND_TRIPS / 2)]!);
}

async function roundTrip(
  baseUrl: string,
  token: string,
  tokens: TokenProvider,
  fetchImpl: typeof fetch,
  onEvent?: (event: EnvironmentEvent) => void
): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const started = performance.now();
    const at = new Date().toISOString();
    try {
      const response = await fetchImpl(`${baseUrl}/customers?limit=1`, {
        headers: { accept: 'application/json', authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(30_000),
      });
      const text = await response.text();
      if (response.status === 401) throw tokens.rejectedFresh(token);
      const ms = performance.now() - started;
      // A gateway's page is the environment's answer, not the target's round trip: said, and asked again.
      if (
        whoAnswered(
          response.status,
          /json/i.test(response.headers.get('content-type') ?? ''),
          text,
          standardErrorBody
        ) === 'server'
      )
        return ms;
      onEvent?.({
        kind: 'gateway',
        at,
        operationId: 'listCustomers',
        method: 'GET',
        path: '/customers',
        status: response.status,
        outcome: attempt < TRIES ? 'retried' : 'gave-up',
        test: '',
      });
      if (attempt >= TRIES) return ms;
    } catch (e) {
      if (e instanceof AuthError) throw e;
      const { cause } = e as { cause?: { code?: string } };
      const detail = cause?.code ?? (e as Error).message;
      const event: EnvironmentEvent = {
        kind: transportKind(detail),
        at,
        operationId: 'listCustomers',
        method: 'GET',
        path: '/customers',
        detail,
        outcome: attempt < TRIES ? 'retried' : 'gave-up',
        test: '',
      };
      onEvent?.(event);
      if (attempt >= TRIES)
        throw new TransientError(event.kind, `${TRIES} reads of ${baseUrl} in a row got no answer (last: ${detail})`, [
          event,
        ]);
    }
    await sleep(backoffMs(attempt, BACKOFF_MS));
  }
}

/** A test's time limit on the quickest target. */
export const MIN_TEST_TIMEOUT_MS = 60_000;
/** Round trips a test's time limit holds at least: a slower target gets a longer limit by itself. */
const TIMEOUT_ROUND_TRIPS = 500;

/** A test's time limit for a target of median round trip `roundTripMs` (unmeasured: the quickest). */
export function testTimeoutMs(roundTripMs: number | undefined): number {
  return Math.max(MIN_TEST_TIMEOUT_MS, Math.round((roundTripMs ?? 0) * TIMEOUT_ROUND_TRIPS));
}

/** What the run chose from the target's speed, in one line. */
export function speedLine(config: Pick<Config, 'targetRoundTripMs' | 'workers' | 'fastCheck'>): string {
  const ms = config.targetRoundTripMs;
  const kind = ms === undefined ? '' : ms >= LATENCY_BOUND_MS ? ' (latency-bound)' : ' (quick)';
  return `target speed: ${ms === undefined ? 'not measured' : `median round trip ${ms} ms${kind}`} → ${config.workers} workers, ${config.fastCheck.runs} fast-check runs per property (FLEET_WORKERS, FLEET_FC_RUNS override), ${Math.round(testTimeoutMs(ms) / 1000)} s per test`;
}
