/**
 * OAuth 2.0 client credentials authenticate a client by its own secret, compared whole: near
 * misses of the client's credentials (lib/arbitraries/near-miss.arb.ts) obtain no token. A
 * careless endpoint (a comparison in lower case, one that stops at the shorter string, a secret
 * checked against any client's) passes a random wrong secret and fails here. A client_id that is a
 * UUID is case-insensitive by its own standard: in another case it may still name the client
 * (recorded; FLEET_STRICT=ASSUME-FORMATS refuses it). Near misses of the secret are secrets: the
 * fixture registers them, the counterexample shows only how the secret was changed.
 */

import { expect, forReading, test } from '../../fixtures/near-miss.js';
import { sameValueAs } from '../../lib/arbitraries/near-miss.arb.js';
import type { ClientCredentials } from '../../lib/auth.js';
import { rules } from '../../lib/rules/declared.js';
import { formatsSeen } from '../../lib/steps/near-miss-steps.js';
import { accessTokenOf, tokenAnswer } from '../../lib/steps/token-steps.js';
import { credentialsOf } from '../../lib/tokens.js';

const RULE = 'AUTH-TOKEN-WRONG-SECRET';

test.describe("token request with near misses of the client's credentials", () => {
  test(
    `a client_secret near the client's own (another case, a character changed, a prefix, trailing characters, blanks around it) or another client's obtains no token [${RULE}]`,
    rules(RULE),
    async ({ config, secrets, testLedger, nearMisses }) => {
      const own = credentialsOf(config);
      await nearMisses(
        {
          value: own.clientSecret,
          secret: true,
          ...(config.foreignClient ? { other: config.foreignClient.clientSecret } : {}),
        },
        [
          async (sent, how) => {
            const { response, body } = await tokenAnswer({ ...own, clientSecret: sent }, config, testLedger);
            const token = accessTokenOf(body);
            if (typeof token === 'string') secrets.add(token);
            expect(
              !response.ok && token === undefined,
              `client_secret, ${how}: the token request answered ${response.status}${token === undefined ? '' : ' with an access_token'}`
            ).toBe(true);
          },
        ]
      );
    }
  );

  test(
    `a client_id near the client's own (another case, a character changed, a prefix, trailing characters, blanks around it) or another client's, with this client's client_secret, obtains no token [${RULE}]`,
    rules(RULE),
    async ({ config, secrets, testLedger, nearMisses, assumptions }) => {
      const own = credentialsOf(config);
      const strict = assumptions.strict('ASSUME-FORMATS');
      const saw = formatsSeen(assumptions);
      const issues = async (credentials: ClientCredentials): Promise<{ status: number; issued: boolean }> => {
        const { response, body } = await tokenAnswer(credentials, config, testLedger);
        const token = accessTokenOf(body);
        if (typeof token === 'string') secrets.add(token);
        return { status: response.status, issued: response.ok || token !== undefined };
      };
      await nearMisses(
        { value: own.clientId, ...(config.foreignClient ? { other: config.foreignClient.clientId } : {}) },
        [
          async (sent, how) => {
            const { status, issued } = await issues({ ...own, clientId: sent });
            const what = `client_id ${JSON.stringify(sent)}, ${how}: the token request answered ${status}${issued ? ' and issued a token' : ''}`;
            if (sameValueAs(own.clientId, sent) !== 'UUID') expect(issued, what).toBe(false);
            else if (strict)
              await forReading('ASSUME-FORMATS', RULE, () => expect(issued, `${what} (strict reading)`).toBe(false));
            else saw(`the client_id, a UUID, in another case: ${issued ? 'a token issued' : `refused (${status})`}`);
          },
        ]
      );
    }
  );
});
