/**
 * GET /master/all: ten arrays whose ids refer to each other, and which each client's cards take
 * their values from: its own master data ("The data depends on the top-level customer of the
 * caller"), read by the caller and by the second client alike.
 */
import { expect, forReading, judgingPlaces, placeOf, test } from '../../fixtures/test.js';
import type { FleetApi } from '../../lib/api.js';
import { allCards } from '../../lib/discovery.js';
import type { Read } from '../../lib/judgements.js';
import type { RuleId } from '../../lib/rules/catalogue.js';
import { rules } from '../../lib/rules/declared.js';
import type { MasterData } from '../../lib/types.generated.js';

const arrays = [
  'cardCategory',
  'cardGroup',
  'cardType',
  'country',
  'fuelProductRestriction',
  'product',
  'purchaseCategory',
  'reason',
  'region',
  'status',
] as const;

function ids(rows: { id?: number }[]): Set<number | undefined> {
  return new Set(rows.map((r) => r.id));
}

/** The register entry of links an element may leave out, and values a card may keep from retired master data. */
const MASTER_LINKS = 'ASSUME-MASTER-LINKS';

interface Link {
  rule: RuleId;
  words: string;
  /** Elements whose link names no element, and elements that carry no link (absent or null). */
  judge: (m: MasterData) => { dangling: unknown[]; unlinked: unknown[] };
}

/** A link of `elements` to `named`: judged only where an element carries it (ASSUME-MASTER-LINKS). */
function link<T>(
  rule: RuleId,
  words: string,
  elements: (m: MasterData) => T[],
  of: (element: T) => number | null | undefined,
  named: (m: MasterData) => { id?: number }[]
): Link {
  return {
    rule,
    words,
    judge: (m) => {
      const targets = ids(named(m));
      const linked = elements(m).filter((e) => of(e) != null);
      return {
        dangling: linked.filter((e) => !targets.has(of(e)!)),
        unlinked: elements(m).filter((e) => of(e) == null),
      };
    },
  };
}

/** Derived links: each field names an element of another array of the same master data. */
const links: Link[] = [
  link(
    'MASTER-LINK-REASON-CARDTYPE',
    'reason.cardTypeId names a cardType',
    (m) => m.reason,
    (r) => r.cardTypeId,
    (m) => m.cardType
  ),
  link(
    'MASTER-LINK-GROUP-CARDTYPE',
    'cardGroup.cardTypeId names a cardType',
    (m) => m.cardGroup,
    (g) => g.cardTypeId,
    (m) => m.cardType
  ),
  link(
    'MASTER-LINK-CARDTYPE-PURCHASECATEGORY',
    'cardType.defaultPurchaseCategoryId names a purchaseCategory',
    (m) => m.cardType,
    (t) => t.defaultPurchaseCategoryId,
    (m) => m.purchaseCategory
  ),
  link(
    'MASTER-LINK-PURCHASECATEGORY-RESTRICTION',
    'purchaseCategory.productRestrictionId names a fuelProductRestriction',
    (m) => m.purchaseCategory,
    (p) => p.productRestrictionId,
    (m) => m.fuelProductRestriction
  ),
];

/**
 * What `api`'s own cards show that its own master data does not hold, and how many cards it has.
 * `unknown`: a status or card type of any card (the ids card search takes), and the purchase
 * category, restriction and products of a card the run made (its driverName carries the run id);
 * `retired`: those of other cards, which may keep values master data no longer holds.
 */
async function unknownOnOwnCards(
  api: FleetApi,
  runId: string
): Promise<{ unknown: Seen; retired: Seen; cards: number }> {
  const master = api.need(await api.getMasterData(), 'reading the master data').body;
  const cards = await allCards(api, {});
  const names = (rows: { name?: string }[]) => new Set(rows.map((r) => r.name));
  const unknown: Seen = { values: [], reads: [] };
  const retired: Seen = { values: [], reads: [] };
  for (const card of cards) {
    const at = `card ${card.cardIdentifier}`;
    const note = (seen: Seen, value: string, path: string) => {
      seen.values.push(`${at}: ${value}`);
      seen.reads.push(...placeOf(card, path));
    };
    if (card.status && !ids(master.status).has(card.status.id)) note(unknown, `status.id ${card.status.id}`, '/status');
    if (card.cardType !== undefined && !names(master.cardType).has(card.cardType))
      note(unknown, `cardType "${card.cardType}"`, '/cardType');
    const kept = card.driverName?.includes(runId) ? unknown : retired;
    if (card.purchaseCategoryName !== undefined && !names(master.purchaseCategory).has(card.purchaseCategoryName))
      note(kept, `purchaseCategoryName "${card.purchaseCategoryName}"`, '/purchaseCategoryName');
    const restriction = card.fuelProductRestriction?.productRestrictionId;
    if (restriction !== undefined && !ids(master.fuelProductRestriction).has(restriction))
      note(kept, `productRestrictionId ${restriction}`, '/fuelProductRestriction');
    (card.products ?? []).forEach((p, i) => {
      if (!ids(master.product).has(p.productId)) note(kept, `productId ${p.productId}`, `/products/${i}`);
    });
  }
  return { unknown, retired, cards: cards.length };
}

/** Values of cards that master data does not hold, and the places of the answers that showed them. */
interface Seen {
  values: string[];
  reads: Read[];
}

test.describe('master data', () => {
  test(
    'GET /master/all answers an object with ten arrays, elements with the documented fields and types [MASTER-TEN-ARRAYS, MASTER-SHAPE]',
    rules('MASTER-TEN-ARRAYS', 'MASTER-SHAPE'),
    async ({ api }) => {
      const response = await api.getMasterData();
      expect(response).toHaveStatus(200);
      for (const key of arrays) expect(Array.isArray(response.body[key]), `${key} is an array`).toBe(true);
    }
  );

  for (const link of links) {
    test(
      `${link.words} of the master data, where an element carries it [${link.rule}]`,
      rules(link.rule),
      async ({ api, assumptions }) => {
        const { body } = await api.getMasterData();
        const { dangling, unlinked } = link.judge(body);
        expect(dangling, 'elements whose link names no element').toEqual([]);
        if (unlinked.length) assumptions.saw(MASTER_LINKS, `${link.words}: ${unlinked.length} element(s) without it`);
        if (assumptions.strict(MASTER_LINKS))
          await forReading(MASTER_LINKS, link.rule, () =>
            expect(unlinked, 'elements without the link (the stricter reading)').toEqual([])
          );
      }
    );
  }

  test(
    "statuses and card types seen on each client's cards, and the products, fuel restrictions and purchase categories of the cards the run made, exist in that client's own master data, the caller's and the second client's alike [MASTER-IDS-ON-CARDS]",
    rules('MASTER-IDS-ON-CARDS'),
    async ({ api, assumptions, config, foreignFound, testLedger }) => {
      const second = testLedger.adopt(foreignFound);
      const clients: [who: string, api: FleetApi][] = [
        ['the caller', api],
        ...(second ? [['the second client', second.api] as [string, FleetApi]] : []),
      ];
      let seen = 0;
      for (const [who, client] of clients) {
        const { unknown, retired, cards } = await unknownOnOwnCards(client, config.runId);
        seen += cards;
        judgingPlaces(unknown.reads, () =>
          expect(unknown.values, `${who}: values on its cards that its own master data does not hold`).toEqual([])
        );
        if (retired.values.length)
          assumptions.saw(
            MASTER_LINKS,
            `${who}: ${retired.values.length} value(s) of older cards its master data no longer holds`
          );
        if (assumptions.strict(MASTER_LINKS))
          await forReading(MASTER_LINKS, 'MASTER-IDS-ON-CARDS', () =>
            judgingPlaces(retired.reads, () =>
              expect(
                retired.values,
                `${who}: values on older cards that its own master data does not hold (the stricter reading)`
              ).toEqual([])
            )
          );
      }
      test.skip(seen === 0, "no client's hierarchy holds a card");
    }
  );

  test(
    'searching by each status id of the master data returns only cards with that status id [CARD-SEARCH-STATUS]',
    rules('CARD-SEARCH-STATUS'),
    async ({ api, masterData }) => {
      let found = 0;
      for (const status of masterData.status) {
        const response = await api.cardSearch({ statusIdentifiers: [status.id!], limit: 20 });
        expect(response).toHaveStatus(200);
        const cards = response.body.cards ?? [];
        found += cards.length;
        const other = cards.filter((c) => c.status?.id !== status.id);
        judgingPlaces(
          other.flatMap((c) => placeOf(c, '/status')),
          () =>
            expect(
              other.map((c) => c.cardIdentifier),
              `cards found for status ${status.id} with another status`
            ).toEqual([])
        );
      }
      test.skip(found === 0, "no card of the caller's hierarchy has a master-data status");
    }
  );
});
