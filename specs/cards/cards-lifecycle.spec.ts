/**
 * Card block, unblock, cancel, replace and PIN reprint, by example, on cards of the pool. The
 * document shows one status, Active (id 1): a blocked card is "no longer Active", an unblocked
 * one Active again. A replacement card joins the pool and is left Active.
 */
import { expect, expectUnmetCondition, forRule, test } from '../../fixtures/test.js';
import type { FleetApi } from '../../lib/api.js';
import { ACTIVE, allCards, cardTypeIdOf, reasonFor } from '../../lib/discovery.js';
import { pinLetterAddress, uniqueVehicleRegNumber } from '../../lib/factories/card.js';
import { sendShortening } from '../../lib/field-lengths.js';
import type { Card, CardSearchRequest } from '../../lib/types.generated.js';
import { blockCardFirst, cardOf, cardStatusOf, documentedCard, unblockCardFirst } from '../../lib/steps/card-steps.js';
import { waitFor, type TestClock } from '../../lib/waits.js';

const statusOf = (api: FleetApi, card: Card) => cardStatusOf(api, card.cardIdentifier!);

/** The cards a filter finds, polled for up to `seconds` until one is `wanted` (ASSUME-REPLACEMENT-VISIBLE), within the test's time. */
async function findWithin(api: FleetApi, filter: NonNullable<CardSearchRequest['filter']>, seconds: number, clock: TestClock, wanted: (c: Card) => boolean = () => true): Promise<Card[]> {
  return waitFor(`a card with ${JSON.stringify(filter)} to show up`, seconds, clock, () => allCards(api, { filter: { ...filter, partialMatch: false } }), (cards) => cards.some(wanted));
}

test.describe('card lifecycle', () => {
  test('block makes a card no longer Active; unblock makes it Active again [CARD-BLOCK, CARD-UNBLOCK-REACTIVATES] @write', async ({ api, poolCards, masterData }) => {
    const card = await poolCards.take();
    const statusReasonId = reasonFor(masterData, card);
    // Notes are optional: the block goes without, the unblock with.
    await blockCardFirst(api, card.cardIdentifier!, { statusReasonId });
    await unblockCardFirst(api, card.cardIdentifier!, { statusReasonId, notes: 'conformance: unblock' });
  });

  test('block and unblock without statusReasonId are refused and leave the status as it was [CARD-BLOCK-REASON-REQUIRED] @write', async ({ api, poolCards, masterData }) => {
    const card = await poolCards.take();
    const noReason = { notes: 'conformance: no reason' };
    expect(await api.call('blockCard', { params: { cardIdentifier: card.cardIdentifier! }, body: noReason })).toBeRejected();
    expect(await statusOf(api, card), 'status after the refused block').toBe(ACTIVE);
    await blockCardFirst(api, card.cardIdentifier!, { statusReasonId: reasonFor(masterData, card) });
    expect(await api.call('unblockCard', { params: { cardIdentifier: card.cardIdentifier! }, body: noReason })).toBeRejected();
    expect(await statusOf(api, card), 'status after the refused unblock').not.toBe(ACTIVE);
  });

  test('a statusReasonId that is no reason id of the master data is refused [CARD-REASON-FROM-MASTER] @write', async ({ api, poolCards, masterData }) => {
    const card = await poolCards.take();
    const notAReason = Math.max(0, ...masterData.reason.map((r) => r.id ?? 0)) + 1_000;
    expect(await api.blockCard(card.cardIdentifier!, { statusReasonId: notAReason })).toBeRejected();
    expect(await statusOf(api, card), 'status after the refused block').toBe(ACTIVE);
  });

  test('unblock of a card that was not blocked changes nothing: refused, or accepted as a no-op (ASSUME-UNMET-CONDITION), it stays Active [CARD-UNBLOCK-ONLY-BLOCKED] @write', async ({ api, config, poolCards, masterData }) => {
    const card = await poolCards.take();
    await expectUnmetCondition(await api.unblockCard(card.cardIdentifier!, { statusReasonId: reasonFor(masterData, card) }), config, 'CARD-UNBLOCK-ONLY-BLOCKED', 'unblock of an Active card');
    expect(await statusOf(api, card), 'status after the unblock').toBe(ACTIVE);
  });

  test('cancel is permanent: later block, unblock and replace leave the card cancelled, never Active [CARD-CANCEL-PERMANENT] @write', async ({ api, poolCards, masterData }) => {
    const card = await poolCards.take();
    const statusReasonId = reasonFor(masterData, card);
    expect(await api.cancelCard(card.cardIdentifier!, { statusReasonId, notes: 'conformance: cancel' })).toBeAccepted();
    const cancelled = await statusOf(api, card);
    expect(cancelled, 'status after cancel').not.toBe(ACTIVE);
    const attempts: [string, () => Promise<unknown>][] = [
      ['block', () => api.blockCard(card.cardIdentifier!, { statusReasonId })],
      ['unblock', () => api.unblockCard(card.cardIdentifier!, { statusReasonId })],
      ['replace', () => api.replaceCard(card.cardIdentifier!, {})],
    ];
    for (const [action, attempt] of attempts) {
      await attempt();
      expect(await statusOf(api, card), `status after ${action} of the cancelled card`).toBe(cancelled);
    }
  });

  test('replace blocks the original and creates a replacement with the original\'s properties where none are supplied [CARD-REPLACE-BLOCKS-ORIGINAL, CARD-REPLACE-COPIES] @write', async ({ api, poolCards, config, testLedger }) => {
    const original = await cardOf(api, (await poolCards.take()).cardIdentifier!);
    test.skip(!original.driverName, 'the pool card has no driverName to find its replacement by');
    const byDriver = { driverName: original.driverName! };
    const before = new Set((await findWithin(api, byDriver, 0, testLedger)).map((c) => c.cardIdentifier));
    // "Body, every field optional": none at all keeps every property of the original.
    expect(await api.replaceCard(original.cardIdentifier!, {})).toBeAccepted('CARD-REPLACE-COPIES');
    await forRule('CARD-REPLACE-BLOCKS-ORIGINAL', async () => expect(await statusOf(api, original), 'status of the original after replace').not.toBe(ACTIVE));
    await forRule('CARD-REPLACE-COPIES', async () => {
      // The replacement: a card with the original's driverName that was not there before.
      // By what the cards show, not only by the filter: the search filter is another rule's.
      const isNew = (c: Card) => !before.has(c.cardIdentifier) && c.cardIdentifier !== original.cardIdentifier && c.driverName === original.driverName;
      const found = (await findWithin(api, byDriver, config.replacementTimeoutSeconds, testLedger, isNew)).filter(isNew);
      expect(found.length, `new cards with driverName "${original.driverName}" within ${config.replacementTimeoutSeconds} s (FLEET_REPLACEMENT_TIMEOUT)`).toBeGreaterThan(0);
      const replacement = found.find((c) => c.vehicleRegNumber === original.vehicleRegNumber) ?? found[0]!;
      expect(documentedCard(replacement), `the replacement ${replacement.cardIdentifier} of card ${original.cardIdentifier}`).toEqual(documentedCard(original));
    });
  });

  test('replace applies the supplied cardTypeId, purchaseCategoryId, driverName, vehicleRegNumber and additionalEmbossing to the replacement [CARD-REPLACE-APPLIES-CHANGES] @write', async ({ api, poolCards, masterData, config, nextSerial, testLedger, assumptions }) => {
    const original = await cardOf(api, (await poolCards.take()).cardIdentifier!);
    const type = masterData.cardType.find((t) => t.id !== cardTypeIdOf(masterData, original));
    test.skip(!type, 'the master data has no second card type to change to');
    // A consistent request: the new type's default purchase category when it differs, and a group of the new type.
    const others = masterData.purchaseCategory.filter((p) => p.name !== original.purchaseCategoryName);
    const category = others.find((p) => p.id === type!.defaultPurchaseCategoryId) ?? others[0];
    test.skip(!category, 'the master data has no second purchase category to change to');
    const group = masterData.cardGroup.find((g) => g.cardTypeId === type!.id);
    const serial = nextSerial();
    const supplied = {
      cardTypeId: type!.id!, purchaseCategoryId: category!.id!, ...(group ? { cardGroupId: group.id! } : {}),
      driverName: `${config.runId} r${serial}`, vehicleRegNumber: uniqueVehicleRegNumber(config.runId, serial), additionalEmbossing: `FC ${serial}`.toUpperCase(),
    };
    const { response, sent: changes } = await sendShortening(assumptions, supplied, (body) => api.replaceCard(original.cardIdentifier!, body));
    expect(response).toBeAccepted();
    const isReplacement = (c: Card) => c.driverName === changes.driverName;
    const found = (await findWithin(api, { driverName: changes.driverName }, config.replacementTimeoutSeconds, testLedger, isReplacement)).filter(isReplacement);
    expect(found.length, `replacement cards found by driverName within ${config.replacementTimeoutSeconds} s (FLEET_REPLACEMENT_TIMEOUT)`).toBe(1);
    const replacement = found[0]!;
    expect({
      cardType: replacement.cardType, purchaseCategoryName: replacement.purchaseCategoryName, driverName: replacement.driverName,
      vehicleRegNumber: replacement.vehicleRegNumber, additionalEmbossing: replacement.additionalEmbossing,
    }).toEqual({
      cardType: type!.name, purchaseCategoryName: category!.name, driverName: changes.driverName,
      vehicleRegNumber: changes.vehicleRegNumber, additionalEmbossing: changes.additionalEmbossing,
    });
  });

  test('reprintPIN with a complete cardAddress answers 200 [CARD-REPRINT-PIN] @write', async ({ api, poolCards, assumptions }) => {
    const card = await poolCards.take();
    expect((await sendShortening(assumptions, { cardAddress: pinLetterAddress() }, (body) => api.reprintPIN(card.cardIdentifier!, body))).response).toHaveStatus(200);
  });
});
