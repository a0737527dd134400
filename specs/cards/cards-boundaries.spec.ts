/**
 * Boundaries of card operations as fast-check properties: the search limit, the properties the
 * search body lists, the notes limit of block and unblock, and address completeness on PIN
 * reprint. Each property uses at most one pool card, and puts it back as it found it.
 */
import fc from 'fast-check';
import { type Assumptions, expect, forReading, forRule, test } from '../../fixtures/test.js';
import {
  type Case,
  jsonScalarArb,
  knownGoodSearchBodyArb,
  lengthVerdict,
  missingAddressFieldsArb,
  otherSearchValuesArb,
  searchLimitArb,
  textAroundLimitArb,
  unknownSearchPropertyArb,
  type Verdict,
} from '../../lib/arbitraries/card.arb.js';
import type { ApiResponse } from '../../lib/client.js';
import { ACTIVE, reasonFor } from '../../lib/discovery.js';
import { addressFields, pinLetterAddress, withoutFields, writtenText } from '../../lib/factories/card.js';
import { answerOrReadBack, untilDone } from '../../lib/read-back.js';
import type { RuleId } from '../../lib/rules/catalogue.js';
import { rules } from '../../lib/rules/declared.js';
import { cardStatusOf } from '../../lib/steps/card-steps.js';
import type { CardSearchRequest } from '../../lib/types.generated.js';

const NOTES_MAX = 200;

const succeeded = (response: ApiResponse) => response.status >= 200 && response.status < 300;

function expectVerdict(response: ApiResponse, verdict: Verdict, what: string): void {
  if (verdict === 'accepted') expect(response, what).toBeAccepted();
  else if (verdict === 'refused') expect(response, what).toBeRejected();
  else
    expect(
      succeeded(response) || (response.status >= 400 && response.status < 500),
      `${what}: accepted or refused, answered ${response.status}`
    ).toBe(true);
}

/**
 * A case's verdict for `rule`; where the document leaves it open (`either`), what the target chose
 * is recorded under `entry`, and the stricter reading judged when FLEET_STRICT asks for it.
 */
async function judgeCase(
  response: ApiResponse,
  c: Case<unknown>,
  what: string,
  rule: RuleId,
  entry: string,
  assumptions: Assumptions
): Promise<void> {
  await forRule(rule, () => expectVerdict(response, c.verdict, what));
  if (c.verdict !== 'either' || !c.strictly) return;
  assumptions.saw(entry, `${what}: ${succeeded(response) ? 'accepted' : `refused (${response.status})`}`);
  if (assumptions.strict(entry)) await forReading(entry, rule, () => expectVerdict(response, c.strictly!, what));
}

test.describe('card boundaries', () => {
  test(
    'search limit: integers from 1 to 20 are accepted, larger ones accepted or refused (ASSUME-CARD-SEARCH-DEFAULTS), and a page holds at most the limit; 0, negatives and non-integers are refused [CARD-SEARCH-LIMIT-MIN-1, CARD-SEARCH-LIMIT-HONOURED]',
    rules('CARD-SEARCH-LIMIT-MIN-1', 'CARD-SEARCH-LIMIT-HONOURED'),
    async ({ api, config, masterData, property, assumptions }) => {
      // A small set of cards (the pool's cards that are not Active), so that every run stays cheap.
      const scope: CardSearchRequest = {
        ...(config.poolCustomer ? { customerAccountNumber: config.poolCustomer } : {}),
        statusIdentifiers: masterData.status.map((s) => s.id!).filter((id) => id !== ACTIVE),
      };
      await property(
        fc.asyncProperty(searchLimitArb, async (c) => {
          const limit = c.value;
          const response = await api.cardSearch({ ...scope, limit });
          await judgeCase(
            response,
            c,
            `limit ${limit}`,
            'CARD-SEARCH-LIMIT-MIN-1',
            'ASSUME-CARD-SEARCH-DEFAULTS',
            assumptions
          );
          if (response.status === 200)
            await forRule('CARD-SEARCH-LIMIT-HONOURED', () =>
              expect(response.body.cards?.length ?? 0, `cards on a page of limit ${limit}`).toBeLessThanOrEqual(limit)
            );
        })
      );
    }
  );

  test(
    'search body: properties other than those listed are refused; the listed ones with known-good values accepted, with other values of their type accepted or refused (ASSUME-SEARCH-VALUES) [CARD-SEARCH-UNKNOWN-PROPERTY]',
    rules('CARD-SEARCH-UNKNOWN-PROPERTY'),
    async ({ api, config, masterData, property, assumptions }) => {
      const ids = { cardType: masterData.cardType.map((t) => t.id!), status: masterData.status.map((s) => s.id!) };
      const bodyArb: fc.Arbitrary<Case<Record<string, unknown>>> = fc.oneof(
        fc.tuple(unknownSearchPropertyArb, jsonScalarArb).map(([name, value]) => ({
          value: { limit: 1, [name]: value },
          verdict: 'refused' as const,
        })),
        knownGoodSearchBodyArb(ids, config.poolCustomer).map((value) => ({ value, verdict: 'accepted' as const })),
        otherSearchValuesArb(ids, config.poolCustomer).map((value) => ({
          value,
          verdict: 'either' as const,
          strictly: 'accepted' as const,
        }))
      );
      await property(
        fc.asyncProperty(bodyArb, async (c) => {
          await judgeCase(
            await api.call('cardSearch', { body: c.value }),
            c,
            `search body ${JSON.stringify(c.value)}`,
            'CARD-SEARCH-UNKNOWN-PROPERTY',
            'ASSUME-SEARCH-VALUES',
            assumptions
          );
        })
      );
    }
  );

  test(
    'notes of card block and unblock are at most 200 characters: 199, 200 and 201, 200 as people write them, then any length and kind of character (ASSUME-CHARACTER-COUNT) [CARD-NOTES-MAX-200] @write',
    rules('CARD-NOTES-MAX-200'),
    async ({ api, config, poolCards, masterData, nextSerial, property }) => {
      const card = await poolCards.take();
      const id = card.cardIdentifier!;
      const statusReasonId = reasonFor(masterData, card);
      let blocked = false;
      const isBlocked = async () => (await cardStatusOf(api, id)) !== ACTIVE;
      /**
       * Block, then unblock, each with `notes`; the card ends Active whatever the answers. A write
       * whose answer was lost is read back (many writes meet a lossy network): when it took effect,
       * that case has no answer to judge and the next case goes on from the state read.
       */
      const blockAndUnblockWith = async ({ value: notes, verdict }: Case<string>) => {
        const what = `notes of ${notes.length} UTF-16 units, ${[...notes].length} code points`;
        try {
          const block = await answerOrReadBack(() => api.blockCard(id, { statusReasonId, notes }), isBlocked);
          if (!block) {
            blocked = true;
            return;
          }
          blocked ||= succeeded(block);
          // Refused although valid: unless the unblock before it did not make the card Active again.
          if (verdict === 'accepted' && !succeeded(block))
            await forRule('CARD-UNBLOCK-REACTIVATES', async () =>
              expect(await cardStatusOf(api, id), 'the card, unblocked before this block').toBe(ACTIVE)
            );
          expectVerdict(block, verdict, `block with ${what}`);
          if (!blocked) {
            api.need(await api.blockCard(id, { statusReasonId }), 'block without notes');
            blocked = true;
          }
          const unblock = await answerOrReadBack(
            () => api.unblockCard(id, { statusReasonId, notes }),
            async () => !(await isBlocked())
          );
          if (!unblock) {
            blocked = false;
            return;
          }
          if (succeeded(unblock)) blocked = false;
          // Refused although valid: unless the block before it did not take the card out of Active.
          if (verdict === 'accepted' && !succeeded(unblock))
            await forRule('CARD-BLOCK', async () =>
              expect(await cardStatusOf(api, id), 'the card, blocked before this unblock').not.toBe(ACTIVE)
            );
          expectVerdict(unblock, verdict, `unblock with ${what}`);
        } finally {
          if (
            blocked &&
            (await untilDone(
              async () => succeeded(await api.unblockCard(id, { statusReasonId })),
              async () => !(await isBlocked())
            ))
          )
            blocked = false;
        }
      };
      for (const length of [NOTES_MAX - 1, NOTES_MAX, NOTES_MAX + 1]) {
        const notes = 'n'.repeat(length);
        await blockAndUnblockWith({ value: notes, verdict: lengthVerdict(notes, NOTES_MAX) });
      }
      // Letters beyond ASCII, a combining mark, quotes, ampersands and angle brackets: 200 characters, whatever their bytes.
      const written = Object.values(writtenText(nextSerial(), 0)).join(' ').repeat(20).slice(0, NOTES_MAX);
      await blockAndUnblockWith({ value: written, verdict: lengthVerdict(written, NOTES_MAX) });
      // The boundary is pinned above; these runs (up to four requests each) explore lengths and kinds of character.
      await property(fc.asyncProperty(textAroundLimitArb(NOTES_MAX), blockAndUnblockWith), {
        numRuns: Math.min(config.fastCheck.runs, 30),
      });
    }
  );

  test(
    'reprintPIN refuses a cardAddress without any of its six fields: each missing in turn, then several [ADDR-COMPLETE-REPRINT] @write',
    rules('ADDR-COMPLETE-REPRINT'),
    async ({ api, poolCards, config, property }) => {
      const card = await poolCards.take();
      const reprint = (missing: readonly (typeof addressFields)[number][]) =>
        api.call('reprintPIN', {
          params: { cardIdentifier: card.cardIdentifier! },
          body: { cardAddress: withoutFields(pinLetterAddress(), missing) },
        });
      for (const field of addressFields) expect(await reprint([field]), `cardAddress without ${field}`).toBeRejected();
      // 63 ways to leave fields out; the six single ones are checked above.
      await property(
        fc.asyncProperty(missingAddressFieldsArb, async (missing) => {
          expect(await reprint(missing), `cardAddress without ${missing.join(', ')}`).toBeRejected();
        }),
        { numRuns: Math.min(config.fastCheck.runs, 20) }
      );
    }
  );
});
