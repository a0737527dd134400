/**
 * Faults of the identifiers from master data, in every request that carries one; of several
 * problems at once (the card order's error array); and of the cursors: the caller's own, keeping
 * the limit and filters on every page.
 */

import { sandboxDefaults as d } from '../defaults.js';
import type { FaultDefinition } from './definition.js';
import {
  type Answer,
  codes,
  createCustomer,
  listAll,
  type Probe,
  type ProbeTarget,
  poolCards,
  type Row,
  reasonId,
  searchAll,
} from './probe.js';

/** The second client's cursor, sent by the caller: it shows none of the second client's next page. */
function foreignCursorProbe(op: 'cardSearch' | 'listCustomers'): Probe {
  const ask = (h: ProbeTarget, auth: 'main' | 'foreign', page: Row) =>
    op === 'cardSearch' ? h.op(op, {}, { auth, body: page }) : h.op(op, {}, { auth, query: page });
  const keys = (a: Answer) =>
    (op === 'cardSearch'
      ? a.body.cards.map((c: Row) => c.cardIdentifier)
      : a.body.customers.map((c: Row) => c.customerAccountNumber)) as unknown[];
  return {
    holds: async (h) => {
      const cursor = (await ask(h, 'foreign', { limit: 2 })).body.nextCursor as string;
      const theirs = new Set(keys(await ask(h, 'foreign', { limit: 2, cursor })));
      return !keys(await ask(h, 'main', { limit: 2, cursor })).some((k) => theirs.has(k));
    },
  };
}
/** An order of one item that names an id master data does not hold is refused (400). */
const orderRefused = (item: Row): Probe => ({
  holds: async (h) =>
    (await h.op('orderCards', {}, { body: { customerAccountNumber: d.poolCustomer, cards: [item] } })).status === 400,
});
/** Replace naming an id master data does not hold is refused (400). */
const replaceRefused = (body: Row): Probe => ({
  holds: async (h) =>
    (await h.op('replaceCard', { cardIdentifier: (await poolCards(h, 1))[0]! }, { body })).status === 400,
});

export const identifiersFaults = {
  // ---- Identifiers from master data, in every request that carries one ----
  // An accepted id that master data does not hold shows on the card it made (MASTER-IDS-ON-CARDS, by the document's own logic).
  'order-unknown-card-type-accepted': {
    rule: 'CARD-ORDER-IDS-FROM-MASTER',
    companions: ['MASTER-IDS-ON-CARDS'],
    proves: ['order.master-ids#cardTypeId', 'scope.master-data#needed-by-cards'],
    description:
      'a card order item with a cardTypeId that master data does not hold is accepted (its cards carry that id)',
    probe: orderRefused({ cardTypeId: 999 }),
  },
  'order-unknown-card-category-accepted': {
    rule: 'CARD-ORDER-IDS-FROM-MASTER',
    proves: ['order.master-ids#cardCategoryId', 'field:Card order item.cardCategoryId'],
    description: 'a card order item with a cardCategoryId that master data does not hold is accepted',
    probe: orderRefused({ cardTypeId: 1, cardCategoryId: 999 }),
  },
  'order-unknown-card-group-accepted': {
    rule: 'CARD-ORDER-IDS-FROM-MASTER',
    proves: ['order.master-ids#cardGroupId', 'field:Card order item.cardGroupId'],
    description: 'a card order item with a cardGroupId that master data does not hold is accepted',
    probe: orderRefused({ cardTypeId: 1, cardGroupId: 999 }),
  },
  'order-unknown-purchase-category-accepted': {
    rule: 'CARD-ORDER-IDS-FROM-MASTER',
    companions: ['MASTER-IDS-ON-CARDS'],
    proves: ['order.master-ids#purchaseCategoryId', 'field:Card order item.purchaseCategoryId'],
    description: 'a card order item with a purchaseCategoryId that master data does not hold is accepted',
    probe: orderRefused({ cardTypeId: 1, purchaseCategoryId: 999 }),
  },
  'order-unknown-fuel-restriction-accepted': {
    rule: 'CARD-ORDER-IDS-FROM-MASTER',
    companions: ['MASTER-IDS-ON-CARDS'],
    proves: ['order.master-ids#fuelProductRestrictionId', 'field:Card order item.fuelProductRestrictionId'],
    description: 'a card order item with a fuelProductRestrictionId that master data does not hold is accepted',
    probe: orderRefused({ cardTypeId: 1, fuelProductRestrictionId: 999 }),
  },
  'order-unknown-product-accepted': {
    rule: 'CARD-ORDER-IDS-FROM-MASTER',
    companions: ['MASTER-IDS-ON-CARDS'],
    proves: ['order.master-ids#productId', 'field:Card order item.products'],
    description:
      'a card order item whose products name a productId that master data does not hold is accepted (the nested level)',
    probe: orderRefused({ cardTypeId: 1, products: [{ productId: 999 }] }),
  },
  'card-replace-unknown-card-type-accepted': {
    rule: 'CARD-REPLACE-IDS-FROM-MASTER',
    companions: ['MASTER-IDS-ON-CARDS'],
    proves: ['replace.body#card-type-from-master'],
    description: 'replace with a cardTypeId that master data does not hold is accepted: the replacement carries it',
    probe: replaceRefused({ cardTypeId: 999 }),
  },
  'card-replace-unknown-purchase-category-accepted': {
    rule: 'CARD-REPLACE-IDS-FROM-MASTER',
    companions: ['MASTER-IDS-ON-CARDS'],
    proves: ['replace.body#purchase-category-from-master'],
    description: 'replace with a purchaseCategoryId that master data does not hold is accepted',
    probe: replaceRefused({ purchaseCategoryId: 999 }),
  },
  'card-replace-unknown-card-group-accepted': {
    rule: 'CARD-REPLACE-IDS-FROM-MASTER',
    proves: ['replace.body#card-group-from-master'],
    description: 'replace with a cardGroupId that master data does not hold is accepted',
    probe: replaceRefused({ cardGroupId: 999 }),
  },
  'card-unblock-reason-unchecked': {
    rule: 'CARD-REASON-FROM-MASTER',
    proves: ['master.reason-ids#unblock', 'card-status.unblock-body#reason-from-master'],
    description:
      'card unblock accepts a statusReasonId that is no reason id of the master data (block and cancel still refuse it)',
    probe: {
      holds: async (h) => {
        const [id] = await poolCards(h, 1);
        await h.op('blockCard', { cardIdentifier: id! }, { body: { statusReasonId: await reasonId(h) } });
        return (await h.op('unblockCard', { cardIdentifier: id! }, { body: { statusReasonId: 9999 } })).status === 400;
      },
    },
  },
  'card-cancel-reason-unchecked': {
    rule: 'CARD-REASON-FROM-MASTER',
    proves: ['master.reason-ids#cancel', 'cancel.body'],
    description:
      'card cancel accepts a statusReasonId that is no reason id of the master data, and cancels the card (block and unblock still refuse it)',
    probe: {
      holds: async (h) => {
        const [id] = await poolCards(h, 1);
        return (await h.op('cancelCard', { cardIdentifier: id! }, { body: { statusReasonId: 9999 } })).status === 400;
      },
    },
  },
  'card-search-unknown-card-type-ignored': {
    rule: 'CARD-SEARCH-CARDTYPE',
    proves: ['search.card-types#from-master'],
    description:
      'a cardTypeIdentifiers id that master data does not hold is dropped from the filter: naming only such ids searches every card type',
    probe: {
      holds: async (h) => (await h.op('cardSearch', {}, { body: { cardTypeIdentifiers: [999] } })).status === 400,
    },
  },
  'card-search-unknown-status-ignored': {
    rule: 'CARD-SEARCH-STATUS',
    proves: ['search.statuses#from-master'],
    description:
      'a statusIdentifiers id that master data does not hold is dropped from the filter: naming only such ids searches every status',
    probe: {
      holds: async (h) => (await h.op('cardSearch', {}, { body: { statusIdentifiers: [999] } })).status === 400,
    },
  },

  // ---- Several problems at once: the card order's error array ----
  'order-errors-first-item-only': {
    rule: 'CARD-ORDER-ERRORS-ARRAY',
    proves: ['order.400#one-per-problem'],
    description:
      'a refused order answers the problems of the order itself and of its first faulty card item only: bad ids in two items give one error',
    probe: {
      holds: async (h) =>
        codes(
          await h.op(
            'orderCards',
            {},
            { body: { customerAccountNumber: d.poolCustomer, cards: [{ cardTypeId: 999 }, { cardTypeId: 998 }] } }
          )
        ).length === 2,
    },
  },

  // ---- Cursors: the caller's own, keeping the limit and filters on every page ----
  'card-search-cursor-foreign': {
    rule: 'AUTH-FOREIGN-NOT-LISTED',
    proves: ['search.cursor#own'],
    description:
      'a card search cursor sent by a client of another hierarchy answers the next page of the client it was issued to: its cards',
    probe: foreignCursorProbe('cardSearch'),
  },
  'card-search-cursor-drops-filters': {
    rule: 'CARD-SEARCH-CURSOR-SCOPE',
    proves: ['search.cursor#filters-kept'],
    description:
      "the pages a card search cursor leads to ignore the filters (and the sort) the search was asked with: every card of the hierarchy after the cursor's position",
    probe: {
      holds: async (h) =>
        (await searchAll(h, { statusIdentifiers: [2], limit: 1 }, 4)).cards.every((c) => c.status.id === 2),
    },
  },
  'card-search-cursor-drops-limit': {
    rule: 'CARD-SEARCH-LIMIT-HONOURED',
    proves: ['search.cursor#limit-kept', 'search.limit#maximum'],
    description:
      'the pages a card search cursor leads to hold the default page size (50) whatever limit they are asked with; the first page keeps its limit',
    probe: {
      holds: async (h) => (await searchAll(h, { limit: 2 }, 3)).pages.every((p) => p.body.cards.length <= 2),
    },
  },
  'customer-list-cursor-foreign': {
    rule: 'AUTH-FOREIGN-NOT-LISTED',
    proves: ['list.cursor#own'],
    description:
      'a customer list cursor sent by a client of another hierarchy answers the next page of the client it was issued to: its customers',
    probe: foreignCursorProbe('listCustomers'),
  },
  'customer-list-cursor-drops-filters': {
    rule: 'CUST-LIST-CURSOR-SCOPE',
    proves: ['list.cursor#filters-kept'],
    description:
      "the pages a customer list cursor leads to ignore customerAccountNumber and searchText: every customer of the hierarchy after the cursor's position",
    probe: {
      holds: async (h) => {
        // Two children of a parent with a customer of another parent numbered between them.
        const parent = await createCustomer(h, 'cursor parent');
        await createCustomer(h, 'child 1', { customerAccountNumber: parent });
        await createCustomer(h, 'between');
        await createCustomer(h, 'child 2', { customerAccountNumber: parent });
        return (await listAll(h, { customerAccountNumber: parent, limit: 1 })).customers.every(
          (c) => c.parentCustomerAccountNumber === parent
        );
      },
    },
  },
  'customer-list-cursor-drops-limit': {
    rule: 'CUST-LIST-LIMIT-HONOURED',
    proves: ['list.cursor#limit-kept', 'list.limit#limit'],
    description:
      'the pages a customer list cursor leads to hold the default page size (50) whatever limit they are asked with; the first page keeps its limit',
    probe: {
      holds: async (h) => (await listAll(h, { limit: 2 }, 3)).pages.every((p) => p.body.customers.length <= 2),
    },
  },
  'card-search-foreign-customer-listed': {
    rule: 'AUTH-FOREIGN-NOT-LISTED',
    proves: ['search.customer#foreign'],
    description:
      "a card search filtered by a customer of another hierarchy answers that customer's cards (GET of the customer still answers 403)",
    probe: {
      holds: async (h) =>
        (await h.op('cardSearch', {}, { body: { customerAccountNumber: d.foreignCustomer } })).status === 403,
    },
  },
  'customer-list-foreign-customer-listed': {
    rule: 'AUTH-FOREIGN-NOT-LISTED',
    proves: ['list.customer#foreign'],
    description:
      'a customer list filtered by a customer of another hierarchy answers its direct sub-accounts (GET of the customer still answers 403)',
    probe: {
      holds: async (h) =>
        (await h.op('listCustomers', {}, { query: { customerAccountNumber: d.foreignCustomer } })).status === 403,
    },
  },
} as const satisfies Record<string, FaultDefinition>;
