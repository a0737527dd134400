/**
 * "The data depends on the top-level customer of the caller": an id that only another hierarchy's
 * master data holds (the second client's, FLEET_FOREIGN_CLIENT_ID) is no id of the caller's, in
 * every request that carries one: a card order item, a replace, a block's statusReasonId, a search
 * filter. A server that checks ids against every hierarchy's master data takes them.
 */
import { expect, test } from '../../fixtures/test.js';
import { ACTIVE } from '../../lib/discovery.js';
import { cardOrderBody, cardOrderItem } from '../../lib/factories/card.js';
import { rules } from '../../lib/rules/declared.js';
import { cardStatusOf } from '../../lib/steps/card-steps.js';
import { judgeLater, sortUnknownIdOrder, type UnrefusedOrders } from '../../lib/steps/order-validation.js';
import type { CardOrderItem, MasterData } from '../../lib/types.generated.js';

type Key = 'cardType' | 'cardGroup' | 'purchaseCategory' | 'fuelProductRestriction' | 'product' | 'reason';

/** The first id of `key` the other master data holds and the caller's does not. */
function onlyTheirs(mine: MasterData, theirs: MasterData | undefined, key: Key): number | undefined {
  const own = new Set((mine[key] ?? []).map((e) => e.id));
  return (theirs?.[key] ?? []).map((e) => e.id).find((id): id is number => id !== undefined && !own.has(id));
}

const orderFields: [key: Key, item: (id: number) => Partial<CardOrderItem>][] = [
  ['cardType', (id) => ({ cardTypeId: id })],
  ['cardGroup', (id) => ({ cardGroupId: id })],
  ['purchaseCategory', (id) => ({ purchaseCategoryId: id })],
  ['fuelProductRestriction', (id) => ({ fuelProductRestrictionId: id })],
  ['product', (id) => ({ products: [{ productId: id }] })],
];

const NO_SECOND_CLIENT = 'no second client configured (FLEET_FOREIGN_CLIENT_ID / FLEET_FOREIGN_CLIENT_SECRET)';

test.describe("ids of another hierarchy's master data", () => {
  test(
    "a card order item naming a card type, group, purchase category, restriction or product only another hierarchy's master data holds is refused [CARD-ORDER-IDS-FROM-MASTER] @write",
    rules('CARD-ORDER-IDS-FROM-MASTER'),
    async ({ api, masterData, foreignFound, testLedger, subCustomer, config, nextSerial, assumptions }) => {
      const theirs = testLedger.adopt(foreignFound)?.masterData;
      test.skip(!theirs, NO_SECOND_CLIENT);
      const named = orderFields.flatMap(([key, item]) => {
        const id = onlyTheirs(masterData, theirs, key);
        return id === undefined ? [] : [{ what: `${key} ${id}`, change: item(id) }];
      });
      test.skip(
        !named.length,
        "the other hierarchy's master data holds no card type, group, category, restriction or product the caller's lacks"
      );
      const orders: UnrefusedOrders = { taken: [], later: [] };
      for (const { what, change } of named) {
        const item = { ...cardOrderItem(masterData, { driverName: `${config.runId} h${nextSerial()}` }), ...change };
        const response = await api.orderCards(cardOrderBody(subCustomer.customerAccountNumber, [item]));
        await sortUnknownIdOrder(api, response, what, orders);
      }
      expect(
        orders.taken,
        "orders naming an id only another hierarchy's master data holds that were not refused"
      ).toEqual([]);
      await judgeLater(orders.later, 'CARD-ORDER-IDS-FROM-MASTER', config, assumptions);
    }
  );

  test(
    "replace naming a cardTypeId, purchaseCategoryId or cardGroupId only another hierarchy's master data holds is refused, and the card stays as it was [CARD-REPLACE-IDS-FROM-MASTER] @write",
    rules('CARD-REPLACE-IDS-FROM-MASTER'),
    async ({ api, masterData, foreignFound, testLedger, poolCards }) => {
      const theirs = testLedger.adopt(foreignFound)?.masterData;
      test.skip(!theirs, NO_SECOND_CLIENT);
      const changes = (
        [
          ['cardType', 'cardTypeId'],
          ['purchaseCategory', 'purchaseCategoryId'],
          ['cardGroup', 'cardGroupId'],
        ] as const
      ).flatMap(([key, field]) => {
        const id = onlyTheirs(masterData, theirs, key);
        return id === undefined ? [] : [{ [field]: id }];
      });
      test.skip(
        !changes.length,
        "the other hierarchy's master data holds no card type, purchase category or group the caller's lacks"
      );
      const card = await poolCards.take();
      for (const change of changes) {
        expect(
          await api.replaceCard(card.cardIdentifier!, change),
          `replace with ${JSON.stringify(change)} (another hierarchy's)`
        ).toBeRejected();
        expect(
          await cardStatusOf(api, card.cardIdentifier!),
          `status of card ${card.cardIdentifier} after the refused replace`
        ).toBe(ACTIVE);
      }
    }
  );

  test(
    "a block whose statusReasonId only another hierarchy's master data holds is refused, and the card stays Active [CARD-REASON-FROM-MASTER] @write",
    rules('CARD-REASON-FROM-MASTER'),
    async ({ api, masterData, foreignFound, testLedger, poolCards }) => {
      const reason = onlyTheirs(masterData, testLedger.adopt(foreignFound)?.masterData, 'reason');
      test.skip(
        reason === undefined,
        foreignFound.value ? "the other hierarchy's master data holds no reason the caller's lacks" : NO_SECOND_CLIENT
      );
      const card = await poolCards.take();
      expect(
        await api.blockCard(card.cardIdentifier!, { statusReasonId: reason! }),
        `block with statusReasonId ${reason} (another hierarchy's)`
      ).toBeRejected();
      expect(await cardStatusOf(api, card.cardIdentifier!), 'status after the refused block').toBe(ACTIVE);
    }
  );

  test(
    "a card search whose cardTypeIdentifiers names a card type only another hierarchy's master data holds is refused or finds none of the caller's cards nor the other hierarchy's (ASSUME-UNKNOWN-FILTER-IDS) [CARD-SEARCH-CARDTYPE]",
    rules('CARD-SEARCH-CARDTYPE'),
    async ({ api, masterData, foreignFound, testLedger }) => {
      const type = onlyTheirs(masterData, testLedger.adopt(foreignFound)?.masterData, 'cardType');
      test.skip(
        type === undefined,
        foreignFound.value
          ? "the other hierarchy's master data holds no card type the caller's lacks"
          : NO_SECOND_CLIENT
      );
      const response = await api.cardSearch({ cardTypeIdentifiers: [type!], limit: 5 });
      if (response.status >= 400 && response.status < 500) return;
      expect(response, `cardTypeIdentifiers [${type}]: refused or answered`).toHaveStatus(200);
      expect(
        response.body.cards?.map((c) => c.cardIdentifier) ?? [],
        `cards found for cardTypeIdentifiers [${type}]`
      ).toEqual([]);
    }
  );
});
