/**
 * A value near a sessionId (string, "unique id of the session") is not that session: near misses
 * (lib/arbitraries/near-miss.arb.ts) of a configured session id are refused (404, or the second
 * error answer whose status is not shown: any 4xx), never answered with that session. A sessionId
 * that is a UUID is case-insensitive by its own standard (RFC 9562): in another case it may name
 * the same session (recorded; FLEET_STRICT=ASSUME-FORMATS refuses it).
 */

import { expect, forReading, test } from '../../fixtures/near-miss.js';
import { sameValueAs } from '../../lib/arbitraries/near-miss.arb.js';
import { rules } from '../../lib/rules/declared.js';
import { expectNotTaken, formatsSeen } from '../../lib/steps/near-miss-steps.js';

const RULE = 'SESSION-UNKNOWN-404';

test(
  `a value near a sessionId (another case, a character changed, a prefix, trailing characters, blanks around it) is not found: refused, never that session [${RULE}]`,
  rules(RULE),
  async ({ api, config, assumptions, nearMisses }) => {
    const [session] = config.sessionIds;
    test.skip(session === undefined, 'no session ids configured (FLEET_SESSION_IDS)');
    const strict = assumptions.strict('ASSUME-FORMATS');
    const saw = formatsSeen(assumptions);
    await nearMisses({ value: session! }, [
      async (sent, how) => {
        const response = await api.getSession(sent);
        const what = `GET /sessions/${encodeURIComponent(sent)}, ${how}`;
        const shown = response.status === 200 ? response.body?.sessionId : undefined;
        if (!sameValueAs(session!, sent))
          return expectNotTaken(response, RULE, what, () => shown === sent, '/sessionId');
        if (strict)
          return forReading('ASSUME-FORMATS', RULE, () => expect(response, `${what} (strict reading)`).toBeRejected());
        await expectNotTaken(response, RULE, what, () => shown?.toLowerCase() === session!.toLowerCase(), '/sessionId');
        saw(`the sessionId, a UUID, in another case: answered ${response.status}${shown ? ', the session' : ''}`);
      },
    ]);
  }
);
