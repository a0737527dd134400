/**
 * The token request of the Authentication section: client credentials, form-encoded, accept:
 * application/json. A wrong secret obtains nothing, and a token that has run out is refused. A
 * token answer that is the environment's (a 5xx, a reset) is asked again, never judged; each
 * judged answer is the test's evidence.
 */
import { randomBytes } from 'node:crypto';
import { expect, test } from '../../fixtures/test.js';
import { requestTokenOutlasting, TokenUnavailable, type ClientCredentials } from '../../lib/auth.js';
import type { Config } from '../../lib/config.js';
import { TransientError } from '../../lib/environment.js';
import type { TestLedger } from '../../lib/ledger.js';
import { REDACTED } from '../../lib/report/redact.js';
import { replayBaseUrl } from '../../lib/report/replay.js';
import { credentialsOf } from '../../lib/tokens.js';
import { fetchFor } from '../../lib/transport/clients.js';

/** The token request, its answer kept as the test's evidence (what the reports show of it is redacted). */
async function requestToken(credentials: ClientCredentials, config: Config, ledger: TestLedger): Promise<{ response: Response; body: unknown }> {
  const startedAt = new Date();
  // Its resets and gateway answers, asked again, are the environment's: counted in the run's report.
  const answer = await requestTokenOutlasting(credentials, fetchFor(config.transport), (e) => ledger.met(e, 'requestToken', undefined)).catch((e: unknown) => {
    throw e instanceof TokenUnavailable ? new TransientError('token', e.message) : e;
  });
  const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
  const form = `grant_type=client_credentials&client_id=${encodeURIComponent(credentials.clientId)}&client_secret=${REDACTED}`;
  ledger.saw({
    operationId: 'requestToken', replayBaseUrl: replayBaseUrl(config), startedAt: startedAt.toISOString(), durationMs: Date.now() - startedAt.getTime(),
    request: { method: 'POST', path: new URL(credentials.tokenUrl).pathname, headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, rawBody: form, auth: 'none' },
    response: { status: answer.response.status, headers: Object.fromEntries(answer.response.headers), text, body: answer.body, isJson: answer.body !== undefined },
  });
  return answer;
}

/** Longest token lifetime the expiry test waits out; longer-lived tokens are reported as not run. */
const MAX_WAIT_SECONDS = 5;

function accessTokenOf(body: unknown): unknown {
  return body && typeof body === 'object' ? (body as Record<string, unknown>).access_token : undefined;
}

test.describe('token request', () => {
  test('a form-encoded client-credentials request with accept: application/json obtains an access_token [AUTH-TOKEN-CLIENT-CREDENTIALS]', async ({ config, secrets, testLedger }) => {
    const { response, body } = await requestToken(credentialsOf(config), config, testLedger);
    const token = accessTokenOf(body);
    if (typeof token === 'string') secrets.add(token);
    expect(response.ok, `token request answered ${response.status}`).toBe(true);
    expect(typeof token === 'string' && token !== '', 'the answer carries an access_token').toBe(true);
  });

  const wrong = [
    ['a wrong client_secret', (c: { clientId: string }) => ({ clientId: c.clientId, clientSecret: randomBytes(12).toString('hex') })],
    ['an unknown client_id', (c: { clientSecret: string }) => ({ clientId: `unknown-${randomBytes(4).toString('hex')}`, clientSecret: c.clientSecret })],
  ] as const;
  for (const [label, wrongOf] of wrong) {
    test(`${label} obtains no token [AUTH-TOKEN-WRONG-SECRET]`, async ({ config, secrets, testLedger }) => {
      const { response, body } = await requestToken({ ...credentialsOf(config), ...wrongOf(config) }, config, testLedger);
      const token = accessTokenOf(body);
      if (typeof token === 'string') secrets.add(token);
      expect(response.ok, `token request answered ${response.status}`).toBe(false);
      expect(token, 'no access_token in the answer').toBeUndefined();
    });
  }

  test('a token that has expired answers 401 [AUTH-INVALID-TOKEN-401]', async ({ api, config, secrets, testLedger }) => {
    const { response, body } = await requestToken(credentialsOf(config), config, testLedger);
    const token = accessTokenOf(body);
    if (typeof token !== 'string') throw testLedger.block('AUTH-TOKEN-CLIENT-CREDENTIALS', `the token request answered ${response.status} without an access_token`);
    secrets.add(token as string);
    const expiresIn = (body as Record<string, unknown>).expires_in;
    test.skip(typeof expiresIn !== 'number' || expiresIn > MAX_WAIT_SECONDS,
      `token lifetime ${String(expiresIn ?? 'not given')} s: only tokens living at most ${MAX_WAIT_SECONDS} s are waited out (sandbox: SANDBOX_TOKEN_TTL=2)`);
    await new Promise((resolve) => setTimeout(resolve, (expiresIn as number) * 1000 + 1000));
    expect(await api.call('getMasterData', { auth: { authorization: `Bearer ${token as string}` } })).toHaveStatus(401, 'AUTH-INVALID-TOKEN-401');
  });
});
