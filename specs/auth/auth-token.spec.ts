/**
 * The token request of the Authentication section: client credentials, form-encoded, accept:
 * application/json. A wrong secret obtains nothing, and a token that has run out is refused. A
 * token answer that is the environment's (a 5xx, a reset) is asked again, never judged; each
 * judged answer is the test's evidence.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, forRule, test } from '../../fixtures/test.js';
import { rules } from '../../lib/rules/declared.js';
import { accessTokenOf, tokenAnswer } from '../../lib/steps/token-steps.js';
import { credentialsOf } from '../../lib/tokens.js';

/** Longest token lifetime the expiry test waits out; longer-lived tokens are reported as not run. */
const MAX_WAIT_SECONDS = 5;

test.describe('token request', () => {
  test(
    'a form-encoded client-credentials request with accept: application/json obtains an access_token [AUTH-TOKEN-CLIENT-CREDENTIALS]',
    rules('AUTH-TOKEN-CLIENT-CREDENTIALS'),
    async ({ config, secrets, testLedger }) => {
      const { response, body } = await tokenAnswer(credentialsOf(config), config, testLedger);
      const token = accessTokenOf(body);
      if (typeof token === 'string') secrets.add(token);
      expect(response.ok, `token request answered ${response.status}`).toBe(true);
      expect(typeof token === 'string' && token !== '', 'the answer carries an access_token').toBe(true);
    }
  );

  const wrong = [
    [
      'a wrong client_secret',
      (c: { clientId: string }) => ({ clientId: c.clientId, clientSecret: randomBytes(12).toString('hex') }),
    ],
    [
      'an unknown client_id',
      (c: { clientSecret: string }) => ({
        clientId: `unknown-${randomBytes(4).toString('hex')}`,
        clientSecret: c.clientSecret,
      }),
    ],
  ] as const;
  for (const [label, wrongOf] of wrong) {
    test(
      `${label} obtains no token [AUTH-TOKEN-WRONG-SECRET]`,
      rules('AUTH-TOKEN-WRONG-SECRET'),
      async ({ config, secrets, testLedger }) => {
        const { response, body } = await tokenAnswer(
          { ...credentialsOf(config), ...wrongOf(config) },
          config,
          testLedger
        );
        const token = accessTokenOf(body);
        if (typeof token === 'string') secrets.add(token);
        expect(response.ok, `token request answered ${response.status}`).toBe(false);
        expect(token, 'no access_token in the answer').toBeUndefined();
      }
    );
  }

  test(
    'a token that has expired answers 401 [AUTH-INVALID-TOKEN-401]',
    rules('AUTH-INVALID-TOKEN-401'),
    async ({ api, config, secrets, testLedger }) => {
      const { response, body } = await tokenAnswer(credentialsOf(config), config, testLedger);
      const token = accessTokenOf(body);
      if (typeof token !== 'string')
        throw testLedger.block(
          'AUTH-TOKEN-CLIENT-CREDENTIALS',
          `the token request answered ${response.status} without an access_token`
        );
      secrets.add(token as string);
      const expiresIn = (body as Record<string, unknown>).expires_in;
      test.skip(
        typeof expiresIn !== 'number' || expiresIn > MAX_WAIT_SECONDS,
        `token lifetime ${String(expiresIn ?? 'not given')} s: only tokens living at most ${MAX_WAIT_SECONDS} s are waited out (sandbox: SANDBOX_TOKEN_TTL=2)`
      );
      await sleep((expiresIn as number) * 1000 + 1000);
      const expired = await api.call('getMasterData', { auth: { authorization: `Bearer ${token as string}` } });
      await forRule('AUTH-INVALID-TOKEN-401', () => expect(expired).toHaveStatus(401));
    }
  );
});
