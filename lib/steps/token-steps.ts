/**
 * The token request of a test, sent as the document says (lib/auth.ts), its answer kept as the
 * test's evidence with the client_secret redacted. A token answer that is the environment's (a
 * 5xx, a reset) is asked again, never judged.
 */
import { type ClientCredentials, requestTokenOutlasting, TokenUnavailable } from '../auth.js';
import type { Config } from '../config.js';
import { TransientError } from '../environment.js';
import type { TestLedger } from '../ledger.js';
import { REDACTED } from '../report/redact.js';
import { replayBaseUrl } from '../report/replay.js';
import { fetchFor } from '../transport/clients.js';

export async function tokenAnswer(
  credentials: ClientCredentials,
  config: Config,
  ledger: TestLedger
): Promise<{ response: Response; body: unknown }> {
  const startedAt = new Date();
  // Its resets and gateway answers, asked again, are the environment's: counted in the run's report.
  const answer = await requestTokenOutlasting(credentials, fetchFor(config.transport), (e) =>
    ledger.met(e, 'requestToken', undefined)
  ).catch((e: unknown) => {
    throw e instanceof TokenUnavailable ? new TransientError('token', e.message) : e;
  });
  const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
  const form = `grant_type=client_credentials&client_id=${encodeURIComponent(credentials.clientId)}&client_secret=${REDACTED}`;
  ledger.saw({
    operationId: 'requestToken',
    replayBaseUrl: replayBaseUrl(config),
    startedAt: startedAt.toISOString(),
    durationMs: Date.now() - startedAt.getTime(),
    request: {
      method: 'POST',
      path: new URL(credentials.tokenUrl).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      rawBody: form,
      auth: 'none',
    },
    response: {
      status: answer.response.status,
      headers: Object.fromEntries(answer.response.headers),
      text,
      body: answer.body,
      isJson: answer.body !== undefined,
    },
  });
  return answer;
}

export function accessTokenOf(body: unknown): unknown {
  return body && typeof body === 'object' ? (body as Record<string, unknown>).access_token : undefined;
}
