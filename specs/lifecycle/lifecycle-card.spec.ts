/** Model-based card lifecycle: random command sequences over pool cards and the replacements they make, each checked against a small model. */
import { test } from '../../fixtures/test.js';
import { cardLifecycle } from '../../lib/model/card/card-lifecycle.js';
import { CARDS_PER_RUN } from '../../lib/model/card/card-model.js';
import { checkLifecycle } from '../../lib/model/check-lifecycle.js';
import { rules } from '../../lib/rules/declared.js';

test.describe('card lifecycle model @write', () => {
  test(
    'pool cards blocked and unblocked (only when blocked) with master-data reasons, cancelled for good, replaced (original blocked, replacement copied with the supplied changes), sent a PIN letter, and orders found by orderReference agree with the model: after every command each card shows its status under the name it was first seen with, and every other field as it was [CARD-BLOCK, CARD-UNBLOCK-ONLY-BLOCKED, CARD-UNBLOCK-REACTIVATES, CARD-CANCEL-PERMANENT, CARD-REPLACE-BLOCKS-ORIGINAL, CARD-REPLACE-COPIES, CARD-REPLACE-APPLIES-CHANGES, CARD-REPRINT-PIN, CARD-ORDER-202, CARD-SEARCH-ORDER-REFERENCE]',
    rules(
      'CARD-BLOCK',
      'CARD-UNBLOCK-ONLY-BLOCKED',
      'CARD-UNBLOCK-REACTIVATES',
      'CARD-CANCEL-PERMANENT',
      'CARD-REPLACE-BLOCKS-ORIGINAL',
      'CARD-REPLACE-COPIES',
      'CARD-REPLACE-APPLIES-CHANGES',
      'CARD-REPRINT-PIN',
      'CARD-ORDER-202',
      'CARD-SEARCH-ORDER-REFERENCE'
    ),
    async ({ api, config, secrets, masterData, nextSerial, poolCards, testLedger, assumptions }, testInfo) => {
      // One card waited for; more only when free now (others are the run's other tests' to use).
      const shelf = { cards: [(await poolCards.take()).cardIdentifier!] };
      for (let i = 1; i < CARDS_PER_RUN; i++) {
        const spare = await poolCards.spare();
        if (spare) shelf.cards.push(spare.cardIdentifier!);
      }
      await checkLifecycle(
        cardLifecycle({
          api,
          config,
          masterData,
          nextSerial,
          customerAccountNumber: config.poolCustomer!,
          shelf,
          clock: testLedger,
          assumptions,
          notice: (entry, text) => assumptions.notice(entry, text),
          names: poolCards.statusNames(),
        }),
        {
          config,
          testInfo,
          secrets,
          ledger: testLedger,
          // Every run writes to shared pool cards and may replace or order cards: a sixth of FLEET_FC_RUNS.
          numRuns: Math.max(1, Math.ceil(config.fastCheck.runs / 6)),
        }
      );
    }
  );
});
