/**
 * Card block, unblock, cancel, replace and PIN reprint, by example, on cards of the pool. The
 * document shows one status, Active (id 1): a blocked card is "no longer Active", an unblocked
 * one Active again, under the name it had before. A transition changes the status and nothing else
 * of the card it acts on. A replacement card joins the pool and is left Active.
 */
import { expect, expectUnmetCondition, forRule, test } from '../../fixtures/test.js';
import type { FleetApi } from '../../lib/api.js';
import type { Config } from '../../lib/config.js';
import { ACTIVE, allCards, cardTypeIdOf, reasonFor } from '../../lib/discovery.js';
import { pinLetterAddress, uniqueVehicleRegNumber, writtenText } from '../../lib/factories/card.js';
import { sendShortening } from '../../lib/field-lengths.js';
import { ConfigurationNotice } from '../../lib/ledger.js';
import { rules } from '../../lib/rules/declared.js';
import {
  blockCardFirst,
  cancelledStatusOf,
  cardOf,
  cardStatusOf,
  unblockCardFirst,
} from '../../lib/steps/card-steps.js';
import { documentedCard, untouchedFields } from '../../lib/steps/card-views.js';
import { notSeen, type ReplacementWatch, replacementOf } from '../../lib/steps/replacement.js';
import type { Card } from '../../lib/types.generated.js';
import type { TestClock } from '../../lib/waits.js';

const statusOf = (api: FleetApi, card: Card) => cardStatusOf(api, card.cardIdentifier!);

/** A replacement watch for a test: not seen in time, the test is not run, with a configuration notice. */
const watch = (api: FleetApi, config: Config, clock: TestClock): ReplacementWatch => ({
  api,
  config,
  clock,
  notice: (entry, text) => {
    throw new ConfigurationNotice(entry, text);
  },
});

/** The card as it reads now, compared field by field with `before`: only its status may differ. */
async function expectUntouched(api: FleetApi, before: Card, after: string): Promise<Card> {
  const now = await cardOf(api, before.cardIdentifier!);
  expect(untouchedFields(now), `card ${before.cardIdentifier}: every field but its status ${after}`).toEqual(
    untouchedFields(before)
  );
  return now;
}

test.describe('card lifecycle', () => {
  test(
    'block makes a card no longer Active and unblock Active again under the name it had, twice in a row, with notes and without (they are optional), and neither changes any other field of the card [CARD-BLOCK, CARD-UNBLOCK-REACTIVATES] @write',
    rules('CARD-BLOCK', 'CARD-UNBLOCK-REACTIVATES'),
    async ({ api, poolCards, masterData }) => {
      const card = await cardOf(api, (await poolCards.take()).cardIdentifier!);
      const id = card.cardIdentifier!;
      const statusReasonId = reasonFor(masterData, card);
      const names = poolCards.statusNames();
      names.contradiction(card.status);
      // Each block after an unblock takes effect again; notes go with every other request.
      for (const [round, notes] of [
        [1, [undefined, 'conformance: unblock']],
        [2, ['conformance: block again', undefined]],
      ] as const) {
        await blockCardFirst(api, id, { statusReasonId, ...(notes[0] ? { notes: notes[0] } : {}) });
        await forRule('CARD-BLOCK', async () => {
          const blocked = await expectUntouched(api, card, `after block ${round}`);
          expect(names.contradiction(blocked.status), `card ${id} after block ${round}`).toBeUndefined();
        });
        await unblockCardFirst(api, id, { statusReasonId, ...(notes[1] ? { notes: notes[1] } : {}) });
        await forRule('CARD-UNBLOCK-REACTIVATES', async () => {
          const unblocked = await expectUntouched(api, card, `after unblock ${round}`);
          expect(
            { id: unblocked.status?.id, name: unblocked.status?.name },
            `card ${id} after unblock ${round}: Active again, as before its block`
          ).toEqual({ id: card.status?.id, name: names.nameOf(card.status?.id) });
        });
      }
    }
  );

  test(
    'block and unblock without statusReasonId are refused and leave the status as it was [CARD-BLOCK-REASON-REQUIRED] @write',
    rules('CARD-BLOCK-REASON-REQUIRED'),
    async ({ api, poolCards, masterData }) => {
      const card = await poolCards.take();
      const noReason = { notes: 'conformance: no reason' };
      expect(
        await api.call('blockCard', { params: { cardIdentifier: card.cardIdentifier! }, body: noReason })
      ).toBeRejected();
      expect(await statusOf(api, card), 'status after the refused block').toBe(ACTIVE);
      await blockCardFirst(api, card.cardIdentifier!, { statusReasonId: reasonFor(masterData, card) });
      expect(
        await api.call('unblockCard', { params: { cardIdentifier: card.cardIdentifier! }, body: noReason })
      ).toBeRejected();
      expect(await statusOf(api, card), 'status after the refused unblock').not.toBe(ACTIVE);
    }
  );

  test(
    'a statusReasonId that is no reason id of the master data is refused [CARD-REASON-FROM-MASTER] @write',
    rules('CARD-REASON-FROM-MASTER'),
    async ({ api, poolCards, masterData }) => {
      const card = await poolCards.take();
      const notAReason = Math.max(0, ...masterData.reason.map((r) => r.id ?? 0)) + 1_000;
      expect(await api.blockCard(card.cardIdentifier!, { statusReasonId: notAReason })).toBeRejected();
      expect(await statusOf(api, card), 'status after the refused block').toBe(ACTIVE);
    }
  );

  test(
    'unblock of a card that was not blocked changes nothing: refused, or accepted as a no-op (ASSUME-UNMET-CONDITION), it stays Active [CARD-UNBLOCK-ONLY-BLOCKED] @write',
    rules('CARD-UNBLOCK-ONLY-BLOCKED'),
    async ({ api, config, poolCards, masterData }) => {
      const card = await poolCards.take();
      await expectUnmetCondition(
        await api.unblockCard(card.cardIdentifier!, { statusReasonId: reasonFor(masterData, card) }),
        config,
        'CARD-UNBLOCK-ONLY-BLOCKED',
        'unblock of an Active card'
      );
      expect(await statusOf(api, card), 'status after the unblock').toBe(ACTIVE);
    }
  );

  test(
    'cancel is permanent: later block, unblock and replace leave the card cancelled, never Active, or gone for good (ASSUME-ENDED-READABLE) [CARD-CANCEL-PERMANENT] @write',
    rules('CARD-CANCEL-PERMANENT'),
    async ({ api, config, assumptions, poolCards, masterData }) => {
      const card = await poolCards.take();
      const statusReasonId = reasonFor(masterData, card);
      expect(
        await api.cancelCard(card.cardIdentifier!, { statusReasonId, notes: 'conformance: cancel' })
      ).toBeAccepted();
      const readCancelled = () => cancelledStatusOf(api, config, assumptions, card.cardIdentifier!);
      const cancelled = await readCancelled();
      expect(cancelled, 'status after cancel').not.toBe(ACTIVE);
      const attempts: [string, () => Promise<unknown>][] = [
        ['block', () => api.blockCard(card.cardIdentifier!, { statusReasonId })],
        ['unblock', () => api.unblockCard(card.cardIdentifier!, { statusReasonId })],
        ['replace', () => api.replaceCard(card.cardIdentifier!, {})],
      ];
      for (const [action, attempt] of attempts) {
        await attempt();
        expect(await readCancelled(), `status after ${action} of the cancelled card`).toBe(cancelled);
      }
    }
  );

  test(
    "replace blocks the original, and leaves its other fields as they were, and creates a replacement with the original's properties where none are supplied [CARD-REPLACE-BLOCKS-ORIGINAL, CARD-REPLACE-COPIES] @write",
    rules('CARD-REPLACE-BLOCKS-ORIGINAL', 'CARD-REPLACE-COPIES'),
    async ({ api, poolCards, config, testLedger }) => {
      const original = await cardOf(api, (await poolCards.take()).cardIdentifier!);
      test.skip(!original.driverName, 'the pool card has no driverName to find its replacement by');
      const byDriver = { driverName: original.driverName! };
      const before = new Set(
        (await allCards(api, { filter: { ...byDriver, partialMatch: false } })).map((c) => c.cardIdentifier)
      );
      // "Body, every field optional": none at all keeps every property of the original.
      const replaced = await api.replaceCard(original.cardIdentifier!, {});
      await forRule('CARD-REPLACE-COPIES', () => expect(replaced).toBeAccepted());
      await forRule('CARD-REPLACE-BLOCKS-ORIGINAL', async () => {
        expect(await statusOf(api, original), 'status of the original after replace').not.toBe(ACTIVE);
        await expectUntouched(api, original, 'after its replace');
      });
      // The replacement: a card with the original's driverName that was not there before.
      // By what the cards show, not only by the filter: the search filter is another rule's.
      const isNew = (c: Card) =>
        !before.has(c.cardIdentifier) &&
        c.cardIdentifier !== original.cardIdentifier &&
        c.driverName === original.driverName;
      const replacement = await replacementOf(
        watch(api, config, testLedger),
        original.cardIdentifier!,
        byDriver,
        isNew,
        'CARD-REPLACE-COPIES'
      );
      test.skip(notSeen(replacement), notSeen(replacement) ? replacement.why : '');
      await forRule('CARD-REPLACE-COPIES', () =>
        expect(
          documentedCard(replacement as Card),
          `the replacement ${(replacement as Card).cardIdentifier} of card ${original.cardIdentifier}`
        ).toEqual(documentedCard(original))
      );
    }
  );

  test(
    'replace applies the supplied cardTypeId, purchaseCategoryId, cardGroupId, driverName, vehicleRegNumber and additionalEmbossing, written as people write them, to the replacement, and leaves the original as it was but blocked [CARD-REPLACE-APPLIES-CHANGES, CARD-REPLACE-BLOCKS-ORIGINAL] @write',
    rules('CARD-REPLACE-APPLIES-CHANGES', 'CARD-REPLACE-BLOCKS-ORIGINAL'),
    async ({ api, poolCards, masterData, config, nextSerial, testLedger, assumptions }) => {
      const taken = await poolCards.take();
      const original = await cardOf(api, taken.cardIdentifier!);
      // Which combinations replace accepts is not shown (ASSUME-REPLACE-COMBINATIONS): a type the
      // customer is offered, with its default purchase category and a group of that type.
      const owner = poolCards.ownerOf(taken);
      const what = `card types of customer ${owner}`;
      const offered = api.intact(api.need(await api.getCustomerCardTypes(owner), what), what).body;
      const own = offered.find(
        (o) =>
          o.cardTypeId !== cardTypeIdOf(masterData, original) && masterData.cardType.some((t) => t.id === o.cardTypeId)
      );
      test.skip(!own, `customer ${owner} is offered no second card type of the master data to change to`);
      const type = masterData.cardType.find((t) => t.id === own!.cardTypeId)!;
      const defaultCategory = own!.defaultPurchaseCategoryId ?? type.defaultPurchaseCategoryId;
      const category = masterData.purchaseCategory.find((p) => p.id === defaultCategory);
      test.skip(!category, `card type ${type.id} names no default purchase category of the master data`);
      assumptions.saw(
        'ASSUME-REPLACE-COMBINATIONS',
        `replace sent card type ${type.id} of customer ${owner}'s card types with its default purchase category ${category!.id}`
      );
      const group = masterData.cardGroup.find((g) => g.cardTypeId === type.id);
      const serial = nextSerial();
      const text = writtenText(serial, 0);
      const supplied = {
        cardTypeId: type.id!,
        purchaseCategoryId: category!.id!,
        ...(group ? { cardGroupId: group.id! } : {}),
        driverName: text.driverName,
        vehicleRegNumber: uniqueVehicleRegNumber(config.runId, serial),
        additionalEmbossing: text.additionalEmbossing,
      };
      const { response, sent: changes } = await sendShortening(assumptions, supplied, (body) =>
        api.replaceCard(original.cardIdentifier!, body)
      );
      expect(response).toBeAccepted();
      await forRule('CARD-REPLACE-BLOCKS-ORIGINAL', () => expectUntouched(api, original, 'after its replace'));
      const byVrn = { vehicleRegNumber: changes.vehicleRegNumber };
      const replacement = await replacementOf(
        watch(api, config, testLedger),
        original.cardIdentifier!,
        byVrn,
        (c) => c.vehicleRegNumber === changes.vehicleRegNumber,
        'CARD-REPLACE-APPLIES-CHANGES'
      );
      test.skip(notSeen(replacement), notSeen(replacement) ? replacement.why : '');
      const shown = replacement as Card;
      await forRule('CARD-REPLACE-APPLIES-CHANGES', () =>
        expect(
          {
            cardType: shown.cardType,
            purchaseCategoryName: shown.purchaseCategoryName,
            driverName: shown.driverName,
            vehicleRegNumber: shown.vehicleRegNumber,
            additionalEmbossing: shown.additionalEmbossing,
          },
          `replacement ${shown.cardIdentifier} of card ${original.cardIdentifier}`
        ).toEqual({
          cardType: type.name,
          purchaseCategoryName: category!.name,
          driverName: changes.driverName,
          vehicleRegNumber: changes.vehicleRegNumber,
          additionalEmbossing: changes.additionalEmbossing,
        })
      );
    }
  );

  test(
    'reprintPIN answers 200 with a complete cardAddress, and without one: the address is optional ("all address fields when given") [CARD-REPRINT-PIN] @write',
    rules('CARD-REPRINT-PIN'),
    async ({ api, poolCards, assumptions }) => {
      const card = await poolCards.take();
      expect(
        (
          await sendShortening(assumptions, { cardAddress: pinLetterAddress() }, (body) =>
            api.reprintPIN(card.cardIdentifier!, body)
          )
        ).response,
        'with a cardAddress'
      ).toHaveStatus(200);
      expect(
        await api.call('reprintPIN', { params: { cardIdentifier: card.cardIdentifier! }, body: {} }),
        'without cardAddress'
      ).toHaveStatus(200);
    }
  );
});
