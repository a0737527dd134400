/**
 * A value near a cardIdentifier (integer) is not that card: near misses (lib/arbitraries/
 * near-miss.arb.ts) of a card the caller holds, in the path of every card operation. A digit
 * changed to a letter or trailing characters make no integer: refused (400 as malformed, 404 as
 * unknown, any 4xx), never the card a careless parser (parseInt) reads in them. The same integer
 * written otherwise (leading zeros, a trailing point or zero fraction, blanks around it) is read
 * as that integer by JSON Schema and Number(): the card itself or a refusal (recorded), never
 * another card; the writes leave it out. Prefixes of an integer are other integers, not near misses.
 */

import { test } from '../../fixtures/near-miss.js';
import { sameValueAs } from '../../lib/arbitraries/near-miss.arb.js';
import type { ApiResponse } from '../../lib/client.js';
import { reasonFor } from '../../lib/discovery.js';
import { pinLetterAddress } from '../../lib/factories/card.js';
import { rules } from '../../lib/rules/declared.js';
import { expectNotTaken, formatsSeen } from '../../lib/steps/near-miss-steps.js';

const RULE = 'ERR-NOT-FOUND-404';

test.describe('near misses of a cardIdentifier', () => {
  test(
    `a value near a cardIdentifier (a digit changed to a letter, trailing characters) is refused, never that card; the same integer written otherwise (leading zeros, a zero fraction, blanks around it) is that card or refused [${RULE}]`,
    rules(RULE),
    async ({ api, assumptions, nearMisses }) => {
      // The id by its integer value, however the target types it (its type is CARD-SHAPE's to judge).
      const listed = (await api.cardSearch({ limit: 1 })).body.cards?.[0]?.cardIdentifier;
      const card = listed === undefined ? undefined : Number(listed);
      test.skip(card === undefined, "the caller's hierarchy holds no card");
      const saw = formatsSeen(assumptions);
      await nearMisses({ value: card! }, [
        async (sent, how) => {
          const response = await api.getCard(sent);
          const same = sameValueAs(card!, sent);
          await expectNotTaken(
            response,
            RULE,
            `GET /cards/${encodeURIComponent(sent)}, ${how}`,
            () => same === 'integer' && String(response.body?.cardIdentifier) === String(card),
            same === 'integer' ? '/cardIdentifier' : undefined
          );
          if (same)
            saw(
              `a cardIdentifier written otherwise (leading zeros, a zero fraction, blanks around it): answered ${response.status}${response.status === 200 ? ', the card' : ''}`
            );
        },
      ]);
    }
  );

  test(
    `a value near a cardIdentifier is refused by block, unblock, PIN reprint, replace and cancel: nothing is done to that card [${RULE}] @write`,
    rules(RULE),
    async ({ api, config, masterData, poolCards, nearMisses }) => {
      const card = await poolCards.take();
      const id = Number(card.cardIdentifier!);
      const reason = reasonFor(masterData, card);
      // Undone first: a careless server acts on the card, and cancel cannot be undone.
      const writes: [name: string, send: (sent: string) => Promise<ApiResponse>][] = [
        ['block', (s) => api.blockCard(s, { statusReasonId: reason })],
        ['unblock', (s) => api.unblockCard(s, { statusReasonId: reason })],
        ['reprintPIN', (s) => api.reprintPIN(s, { cardAddress: pinLetterAddress() })],
        ['replace', (s) => api.replaceCard(s, {})],
        ['cancel', (s) => api.cancelCard(s, { statusReasonId: reason, notes: `${config.runId} near miss` })],
      ];
      await nearMisses(
        { value: id },
        writes.map(([name, send]) => async (sent, how) => {
          // The same integer written otherwise names this very card: acting on it is no confusion.
          if (sameValueAs(id, sent)) return;
          await expectNotTaken(
            await send(sent),
            RULE,
            `POST /cards/${encodeURIComponent(sent)}/${name}, ${how}`,
            () => false
          );
        })
      );
    }
  );
});
