/**
 * How fast the target answers, timed at the start of a run (npm run conformance): against a
 * latency-bound target requests wait on the network and the server, not on this machine's CPU,
 * so the run takes many workers and few fast-check runs per property; against a quick one, few
 * workers (this machine's cores) and many runs. Decided from round trips, never from the host
 * name: a test environment reached through a tunnel or port-forward answers on 127.0.0.1 at a
 * remote server's latencies.
 */
import { AuthError } from './auth.js';
import { LATENCY_BOUND_MS, type Config } from './config.js';
import { tokensFor } from './tokens.js';
import { fetchFor } from './transport/clients.js';
const ROUND_TRIPS = 3;

/**
 * The median of `ROUND_TRIPS` authenticated reads (GET /customers?limit=1), in whole ms; any answer
 * counts but a 401, which says before any test that the target refuses the token endpoint's tokens.
 */
export async function measureRoundTrip(config: Parameters<typeof tokensFor>[0] & Pick<Config, 'baseUrl'>, fetchImpl: typeof fetch = fetchFor(config.transport)): Promise<number> {
  const tokens = tokensFor(config);
  const token = await tokens.token();
  const times: number[] = [];
  for (let i = 0; i < ROUND_TRIPS; i++) {
    const started = performance.now();
    try {
      const response = await fetchImpl(`${config.baseUrl}/customers?limit=1`, {
        headers: { accept: 'application/json', authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(30_000),
      });
      await response.arrayBuffer();
      if (response.status === 401) throw tokens.rejectedFresh(token);
    } catch (e) {
      if (e instanceof AuthError) throw e;
      const { cause } = e as { cause?: { code?: string } };
      throw new AuthError(`cannot reach ${config.baseUrl} (${cause?.code ?? (e as Error).message}); is the target running and FLEET_BASE_URL right?`);
    }
    times.push(performance.now() - started);
  }
  return Math.round(times.sort((a, b) => a - b)[Math.floor(ROUND_TRIPS / 2)]!);
}

/** What the run chose from the target's speed, in one line. */
export function speedLine(config: Pick<Config, 'targetRoundTripMs' | 'workers' | 'fastCheck'>): string {
  const ms = config.targetRoundTripMs;
  const kind = ms === undefined ? '' : ms >= LATENCY_BOUND_MS ? ' (latency-bound)' : ' (quick)';
  return `target speed: ${ms === undefined ? 'not measured' : `median round trip ${ms} ms${kind}`} → ${config.workers} workers, ${config.fastCheck.runs} fast-check runs per property (FLEET_WORKERS, FLEET_FC_RUNS override)`;
}
