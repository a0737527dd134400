/** GET /master/all: ten arrays whose ids refer to each other, and which the cards' ids come from. */
import { expect, test } from '../../fixtures/test.js';
import { allCards } from '../../lib/discovery.js';
import type { MasterData } from '../../lib/types.generated.js';

const arrays = ['cardCategory', 'cardGroup', 'cardType', 'country', 'fuelProductRestriction', 'product', 'purchaseCategory', 'reason', 'region', 'status'] as const;

function ids(rows: { id?: number }[]): Set<number | undefined> {
  return new Set(rows.map((r) => r.id));
}

/** Derived links: each field names an element of another array of the same master data. */
const links: { rule: string; words: string; dangling: (m: MasterData) => unknown[] }[] = [
  { rule: 'MASTER-LINK-REASON-CARDTYPE', words: 'reason.cardTypeId names a cardType', dangling: (m) => m.reason.filter((r) => !ids(m.cardType).has(r.cardTypeId)) },
  { rule: 'MASTER-LINK-GROUP-CARDTYPE', words: 'cardGroup.cardTypeId names a cardType', dangling: (m) => m.cardGroup.filter((g) => !ids(m.cardType).has(g.cardTypeId)) },
  { rule: 'MASTER-LINK-CARDTYPE-PURCHASECATEGORY', words: 'cardType.defaultPurchaseCategoryId names a purchaseCategory', dangling: (m) => m.cardType.filter((t) => !ids(m.purchaseCategory).has(t.defaultPurchaseCategoryId)) },
  { rule: 'MASTER-LINK-PURCHASECATEGORY-RESTRICTION', words: 'purchaseCategory.productRestrictionId names a fuelProductRestriction', dangling: (m) => m.purchaseCategory.filter((p) => !ids(m.fuelProductRestriction).has(p.productRestrictionId)) },
];

test.describe('master data', () => {
  test('GET /master/all answers an object with ten arrays, elements with the documented fields and types [MASTER-TEN-ARRAYS, MASTER-SHAPE]', async ({ api }) => {
    const response = await api.getMasterData();
    expect(response).toHaveStatus(200);
    for (const key of arrays) expect(Array.isArray(response.body[key]), `${key} is an array`).toBe(true);
  });

  for (const link of links) {
    test(`${link.words} of the master data [${link.rule}]`, async ({ api }) => {
      const { body } = await api.getMasterData();
      expect(link.dangling(body), 'elements whose link names no element').toEqual([]);
    });
  }

  test('statuses, card types, products, fuel restrictions and purchase categories seen on cards exist in the master data [MASTER-IDS-ON-CARDS]', async ({ api, masterData }) => {
    const cards = await allCards(api, {});
    test.skip(cards.length === 0, 'the caller\'s hierarchy holds no card');
    const names = (rows: { name?: string }[]) => new Set(rows.map((r) => r.name));
    const unknown: string[] = [];
    for (const card of cards) {
      const at = `card ${card.cardIdentifier}`;
      if (card.status && !ids(masterData.status).has(card.status.id)) unknown.push(`${at}: status.id ${card.status.id}`);
      if (card.cardType !== undefined && !names(masterData.cardType).has(card.cardType)) unknown.push(`${at}: cardType "${card.cardType}"`);
      if (card.purchaseCategoryName !== undefined && !names(masterData.purchaseCategory).has(card.purchaseCategoryName)) unknown.push(`${at}: purchaseCategoryName "${card.purchaseCategoryName}"`);
      const restriction = card.fuelProductRestriction?.productRestrictionId;
      if (restriction !== undefined && !ids(masterData.fuelProductRestriction).has(restriction)) unknown.push(`${at}: productRestrictionId ${restriction}`);
      for (const p of card.products ?? []) if (!ids(masterData.product).has(p.productId)) unknown.push(`${at}: productId ${p.productId}`);
    }
    expect(unknown, 'values on cards that the master data does not hold').toEqual([]);
  });

  test('searching by each status id of the master data returns only cards with that status id [CARD-SEARCH-STATUS]', async ({ api, masterData }) => {
    let found = 0;
    for (const status of masterData.status) {
      const response = await api.cardSearch({ statusIdentifiers: [status.id!], limit: 20 });
      expect(response).toHaveStatus(200);
      const cards = response.body.cards ?? [];
      found += cards.length;
      expect(cards.filter((c) => c.status?.id !== status.id).map((c) => c.cardIdentifier), `cards found for status ${status.id} with another status`).toEqual([]);
    }
    test.skip(found === 0, 'no card of the caller\'s hierarchy has a master-data status');
  });
});
