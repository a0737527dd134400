/**
 * Identifiers from master data, at every level of every request that carries one: the card order's
 * items ("Identifiers used in the request come from master data"), replace's cardTypeId,
 * purchaseCategoryId and cardGroupId, the statusReasonId of card block, unblock and cancel, and the
 * card search's cardTypeIdentifiers and statusIdentifiers. An id the caller's master data does not
 * hold is refused (any 4xx: the document names the order's 400 only) and changes nothing; a search
 * filter naming one may instead match no card (ASSUME-UNKNOWN-FILTER-IDS). A 5xx is never a refusal.
 */
import { expect, test } from '../../fixtures/test.js';
import type { ApiResponse } from '../../lib/client.js';
import { ACTIVE, reasonFor, unknownId } from '../../lib/discovery.js';
import { cardOrderBody, cardOrderItem } from '../../lib/factories/card.js';
import type { RuleId } from '../../lib/rules/catalogue.js';
import { rules } from '../../lib/rules/declared.js';
import { blockCardFirst, cardStatusOf, unblockCardFirst } from '../../lib/steps/card-steps.js';
import { judgeLater, sortUnknownIdOrder, type UnrefusedOrders } from '../../lib/steps/order-validation.js';
import type { CardOrderItem, MasterData } from '../../lib/types.generated.js';

/** Each id of a card order item, and how an item names an unknown one. */
const orderIds: [field: string, change: (master: MasterData) => Partial<CardOrderItem>][] = [
  ['cardTypeId', (m) => ({ cardTypeId: unknownId(m, 'cardType') })],
  ['cardCategoryId', (m) => ({ cardCategoryId: unknownId(m, 'cardCategory') })],
  ['cardGroupId', (m) => ({ cardGroupId: unknownId(m, 'cardGroup') })],
  ['purchaseCategoryId', (m) => ({ purchaseCategoryId: unknownId(m, 'purchaseCategory') })],
  ['fuelProductRestrictionId', (m) => ({ fuelProductRestrictionId: unknownId(m, 'fuelProductRestriction') })],
  ['products[].productId', (m) => ({ products: [{ productId: unknownId(m, 'product') }] })],
];

/** Refused: a 4xx, never an acceptance nor a 5xx. */
const refused = (response: ApiResponse) => response.status >= 400 && response.status < 500;

test.describe('identifiers from master data', () => {
  test(
    'a card order item naming a cardTypeId, cardCategoryId, cardGroupId, purchaseCategoryId, fuelProductRestrictionId or products[].productId that master data does not hold is refused [CARD-ORDER-IDS-FROM-MASTER] @write',
    rules('CARD-ORDER-IDS-FROM-MASTER'),
    async ({ api, masterData, subCustomer, config, nextSerial, assumptions }) => {
      const orders: UnrefusedOrders = { taken: [], later: [] };
      for (const [field, change] of orderIds) {
        const item = {
          ...cardOrderItem(masterData, { driverName: `${config.runId} u${nextSerial()}` }),
          ...change(masterData),
        };
        const response = await api.orderCards(cardOrderBody(subCustomer.customerAccountNumber, [item]));
        await sortUnknownIdOrder(api, response, `${field} ${JSON.stringify(change(masterData))}`, orders);
      }
      expect(orders.taken, 'orders with an id master data does not hold that were not refused').toEqual([]);
      await judgeLater(orders.later, 'CARD-ORDER-IDS-FROM-MASTER', config, assumptions);
    }
  );

  test(
    'replace naming a cardTypeId, purchaseCategoryId or cardGroupId that master data does not hold is refused, and the card stays as it was [CARD-REPLACE-IDS-FROM-MASTER] @write',
    rules('CARD-REPLACE-IDS-FROM-MASTER'),
    async ({ api, poolCards, masterData }) => {
      const card = await poolCards.take();
      const changes = [
        { cardTypeId: unknownId(masterData, 'cardType') },
        { purchaseCategoryId: unknownId(masterData, 'purchaseCategory') },
        { cardGroupId: unknownId(masterData, 'cardGroup') },
      ];
      for (const change of changes) {
        expect(
          await api.replaceCard(card.cardIdentifier!, change),
          `replace with ${JSON.stringify(change)}`
        ).toBeRejected();
        expect(
          await cardStatusOf(api, card.cardIdentifier!),
          `status of card ${card.cardIdentifier} after the refused replace with ${JSON.stringify(change)}`
        ).toBe(ACTIVE);
      }
    }
  );

  test(
    'statusReasonId of card unblock and cancel is a reason of the master data: an unknown one is refused and changes nothing [CARD-REASON-FROM-MASTER] @write',
    rules('CARD-REASON-FROM-MASTER'),
    async ({ api, poolCards, masterData }) => {
      const card = await poolCards.take();
      const id = card.cardIdentifier!;
      const statusReasonId = reasonFor(masterData, card);
      const notAReason = unknownId(masterData, 'reason');
      await blockCardFirst(api, id, { statusReasonId });
      expect(
        await api.unblockCard(id, { statusReasonId: notAReason }),
        `unblock with statusReasonId ${notAReason}`
      ).toBeRejected();
      expect(await cardStatusOf(api, id), 'status after the refused unblock').not.toBe(ACTIVE);
      await unblockCardFirst(api, id, { statusReasonId });
      expect(
        await api.cancelCard(id, { statusReasonId: notAReason, notes: 'conformance: unknown reason' }),
        `cancel with statusReasonId ${notAReason}`
      ).toBeRejected();
      expect(await cardStatusOf(api, id), 'status after the refused cancel').toBe(ACTIVE);
    }
  );

  const filters: [rule: RuleId, field: 'cardTypeIdentifiers' | 'statusIdentifiers', key: 'cardType' | 'status'][] = [
    ['CARD-SEARCH-CARDTYPE', 'cardTypeIdentifiers', 'cardType'],
    ['CARD-SEARCH-STATUS', 'statusIdentifiers', 'status'],
  ];
  for (const [rule, field, key] of filters) {
    test(
      `a card search whose ${field} names an id that is no ${key} of the master data is refused or finds no card (ASSUME-UNKNOWN-FILTER-IDS) [${rule}]`,
      rules(rule),
      async ({ api, masterData }) => {
        const unknown = unknownId(masterData, key);
        const response = await api.cardSearch({ [field]: [unknown], limit: 5 });
        if (refused(response)) return;
        expect(response, `${field} [${unknown}]: refused or answered`).toHaveStatus(200);
        expect(
          response.body.cards?.map((c) => c.cardIdentifier) ?? [],
          `cards found for ${field} [${unknown}]`
        ).toEqual([]);
      }
    );
  }
});
