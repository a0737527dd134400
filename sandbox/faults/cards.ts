/**
 * Faults of the card as it is shown and its PIN letter, and of the card search.
 */

import { sandboxDefaults as d } from '../defaults.js';
import { ApiError, errorBody } from '../errors.js';
import { cardStatus } from '../store.js';
import type { FaultDefinition } from './definition.js';
import { address, cardOf, depth1WithSubs, type Probe, poolCards, searchAll } from './probe.js';
import { body, type Fields, type Items, type SendFault } from './send.js';

/** A filter on one card's field value: every result has that value (case-insensitively) and the card is among them. */
const filterProbe = (field: 'primaryVisualCardNumber' | 'driverName' | 'vehicleRegNumber'): Probe => ({
  holds: async (h) => {
    const [id] = await poolCards(h, 1);
    const value = (await cardOf(h, id!))[field] as string;
    const { cards } = await searchAll(h, { filter: { [field]: value }, limit: 200 });
    return (
      cards.some((c) => c.cardIdentifier === id) && cards.every((c) => c[field].toLowerCase() === value.toLowerCase())
    );
  },
});

/** A fault of each card shown: the card GET answers, and each item of a search. */
const eachCard = (change: (card: Fields) => Fields): SendFault => ({
  operations: ['getCard', 'cardSearch'],
  change: (sent, operationId) => {
    const page = sent.body as Fields;
    return {
      ...sent,
      body: operationId === 'getCard' ? change(page) : { ...page, cards: (page.cards as Items).map(change) },
    };
  },
});

function dottedDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}.${m}.${y}`;
}

export const cardsFaults = {
  // ---- Cards ----
  'card-identifier-string': {
    rule: 'CARD-SHAPE',
    proves: ['resources.json-types', 'field:Card.cardIdentifier'],
    description: 'cardIdentifier is sent as a string in GET /cards/{id} and search results',
    probe: {
      holds: async (h) => {
        const [id] = await poolCards(h, 1);
        return typeof (await cardOf(h, id!)).cardIdentifier === 'number';
      },
    },
    send: eachCard((c) => ({ ...c, cardIdentifier: String(c.cardIdentifier) })),
  },
  'card-status-id-string': {
    rule: 'CARD-SHAPE',
    proves: ['states.card.status#exposed'],
    description: 'status.id of a card is sent as a string',
    probe: {
      holds: async (h) => {
        const [id] = await poolCards(h, 1);
        return typeof (await cardOf(h, id!)).status.id === 'number';
      },
    },
    send: eachCard((c) => ({
      ...c,
      status: { ...(c.status as Fields), id: String((c.status as Fields).id) },
    })),
  },
  'card-status-plain-string': {
    rule: 'CARD-SHAPE',
    proves: ['states.card.status#exposed'],
    companions: ['CARD-STATUS-ACTIVE-1'],
    description: 'status of a card is its name as a plain string ("Active") instead of {id, name}',
    probe: {
      holds: async (h) => {
        const [id] = await poolCards(h, 1);
        const { status: cardStatus } = await cardOf(h, id!);
        return typeof cardStatus === 'object' && cardStatus?.id === 1;
      },
    },
    send: eachCard((c) => ({ ...c, status: (c.status as Fields).name })),
  },
  'card-order-date-format': {
    rule: 'CARD-SHAPE',
    proves: ['field:Card.orderDate'],
    description: 'orderDate is sent as DD.MM.YYYY',
    probe: {
      holds: async (h) =>
        (await searchAll(h, { limit: 200 })).cards.every((c) => /^\d{4}-\d{2}-\d{2}$/.test(c.orderDate)),
    },
    send: eachCard((c) => ({ ...c, orderDate: dottedDate(c.orderDate as string) })),
  },
  'card-status-active-name-wrong': {
    rule: 'CARD-STATUS-ACTIVE-1',
    proves: ['states.card.status#active'],
    description: 'an Active card shows status {id: 1, name: "ACTIVE"} instead of "Active"',
    probe: {
      holds: async (h) => {
        const [id] = await poolCards(h, 1);
        return (await cardOf(h, id!)).status.name === 'Active';
      },
    },
    send: eachCard((c) => {
      const status = c.status as Fields;
      return status.id === cardStatus.active
        ? { ...c, status: { ...status, name: (status.name as string).toUpperCase() } }
        : c;
    }),
  },
  'card-get-wrapped': {
    rule: 'CARD-GET',
    proves: ['get-card.200', 'scope.card-operations#read'],
    description: 'GET /cards/{id} answers {card: Card} instead of the Card',
    probe: {
      holds: async (h) => {
        const [id] = await poolCards(h, 1);
        return (await cardOf(h, id!)).cardIdentifier === id;
      },
    },
    send: body(['getCard'], (card) => ({ card })),
  },
  'card-pin-echoed': {
    rule: 'CARD-PIN-NEVER-ECHOED',
    proves: ['field:Card order item.cardPIN'],
    description: 'cards ordered with a cardPIN show it (cardPIN) in GET and search results',
    probe: {
      holds: async (h) => {
        const order = await h.op(
          'orderCards',
          {},
          { body: { customerAccountNumber: d.poolCustomer, cards: [{ cardTypeId: 1, cardPIN: '4711' }] } }
        );
        const { pages, cards } = await searchAll(h, { orderReference: order.body.orderReference });
        const get = await h.op('getCard', { cardIdentifier: cards[0].cardIdentifier });
        return ![...pages.map((p) => p.text), get.text].some((t) => t.includes('4711'));
      },
    },
  },
  'card-reprint-pin-404': {
    rule: 'CARD-REPRINT-PIN',
    proves: ['reprint.200#answered', 'scope.card-operations#reprint'],
    description: 'reprintPIN answers 404 for an existing card',
    probe: {
      holds: async (h) => {
        const [id] = await poolCards(h, 1);
        return (await h.op('reprintPIN', { cardIdentifier: id! })).status === 200;
      },
    },
  },
  'card-reprint-address-incomplete-accepted': {
    rule: 'ADDR-COMPLETE-REPRINT',
    proves: ['reprint.body#address-complete', 'address.complete#reprint'],
    description: 'reprintPIN accepts a cardAddress with fields missing',
    probe: {
      holds: async (h) => {
        const [id] = await poolCards(h, 1);
        const { city: _c, ...partial } = address;
        return (await h.op('reprintPIN', { cardIdentifier: id! }, { body: { cardAddress: partial } })).status === 400;
      },
    },
  },

  // ---- Card search ----
  'card-list-has-next-page-string': {
    rule: 'CARD-LIST-SHAPE',
    proves: ['search.200#list', 'scope.card-operations#search'],
    description: 'hasNextPage and lastPage are sent as strings ("true"/"false")',
    probe: {
      holds: async (h) => {
        const body = (await h.op('cardSearch', {}, { body: { limit: 1 } })).body;
        return typeof body.hasNextPage === 'boolean' && typeof body.lastPage === 'boolean';
      },
    },
    send: body(['cardSearch'], (page) => ({
      ...page,
      hasNextPage: String(page.hasNextPage),
      lastPage: String(page.lastPage),
    })),
  },
  'card-search-limit-0-accepted': {
    rule: 'CARD-SEARCH-LIMIT-MIN-1',
    proves: ['search.limit#minimum-1', 'limits.card-search-limit'],
    description: 'limit 0 is accepted (an empty page) instead of 400',
    probe: {
      holds: async (h) => (await h.op('cardSearch', {}, { body: { limit: 0 } })).status === 400,
    },
  },
  // An off-by-one minimum, as another hand wrote it: the tests that page with limit 1 are blocked by this rule.
  'card-search-limit-1-refused': {
    rule: 'CARD-SEARCH-LIMIT-MIN-1',
    proves: ['search.limit#minimum-1', 'limits.card-search-limit'],
    description: 'limit 1 is refused (400 ER-001 "limit must be at least 2"): the minimum is taken as 2',
    probe: {
      holds: async (h) => (await h.op('cardSearch', {}, { body: { limit: 1 } })).status === 200,
    },
    send: {
      operations: ['cardSearch'],
      change: (sent, _operationId, request) =>
        (request.body as Fields | undefined)?.limit === 1
          ? { status: 400, body: errorBody('cardSearch', ApiError.badRequest('limit must be at least 2')) }
          : sent,
    },
  },
  'card-search-limit-ignored': {
    rule: 'CARD-SEARCH-LIMIT-HONOURED',
    proves: ['search.limit#maximum'],
    description: 'limit is ignored: a page holds up to the maximum page size (200)',
    probe: {
      holds: async (h) => (await h.op('cardSearch', {}, { body: { limit: 3 } })).body.cards.length <= 3,
    },
  },
  'card-search-unknown-property-accepted': {
    rule: 'CARD-SEARCH-UNKNOWN-PROPERTY',
    proves: ['search.unknown-properties'],
    description: 'properties the document does not list are accepted and ignored',
    probe: {
      holds: async (h) => (await h.op('cardSearch', {}, { body: { colour: 'red' } })).status === 400,
    },
  },
  'card-search-filter-unknown-property-accepted': {
    rule: 'CARD-SEARCH-UNKNOWN-PROPERTY',
    proves: ['search.unknown-properties'],
    description:
      'a property the document does not list inside `filter` is accepted and ignored (one at the top level is still refused)',
    probe: {
      holds: async (h) => (await h.op('cardSearch', {}, { body: { filter: { colour: 'red' } } })).status === 400,
    },
  },
  'card-search-active-not-first': {
    rule: 'CARD-SEARCH-ACTIVE-FIRST',
    proves: ['search.sort', 'states.card.status#active-first'],
    description: 'the default order is by cardIdentifier only, not Active first',
    probe: {
      holds: async (h) => {
        const active = (await searchAll(h, {})).cards.map((c) => c.status.id === 1);
        return active.indexOf(false) === -1 || !active.slice(active.indexOf(false)).includes(true);
      },
    },
  },
  'card-search-page-gap': {
    rule: 'CARD-SEARCH-CURSOR',
    proves: ['search.cursor#every-card-once'],
    description: 'each next page skips the first card that should be on it',
    probe: {
      holds: async (h) => {
        const { cards, pages } = await searchAll(h, { limit: 7 });
        return new Set(cards.map((c) => c.cardIdentifier)).size === pages[0]!.body.totalCount;
      },
    },
  },
  'card-search-has-next-page-wrong': {
    rule: 'CARD-SEARCH-PAGE-FLAGS',
    proves: ['search.200#continue'],
    description: 'the last page says hasNextPage true (with lastPage true and a nextCursor)',
    probe: {
      holds: async (h) => {
        const { pages } = await searchAll(h, { customerAccountNumber: d.poolCustomer, limit: 40 }, 10);
        return pages.every(
          (p) => p.body.hasNextPage === !p.body.lastPage && (p.body.nextCursor !== undefined) === p.body.hasNextPage
        );
      },
    },
  },
  'card-search-total-count-wrong': {
    rule: 'CARD-SEARCH-TOTALCOUNT',
    proves: ['field:Card list response.totalCount'],
    description: 'totalCount is the number of cards on the page, not of all matching cards',
    probe: {
      holds: async (h) => {
        const first = await h.op('cardSearch', {}, { body: { limit: 5, statusIdentifiers: [1] } });
        return first.body.totalCount === (await searchAll(h, { statusIdentifiers: [1], limit: 200 })).cards.length;
      },
    },
    send: body(['cardSearch'], (page) =>
      page.totalCount === undefined ? page : { ...page, totalCount: (page.cards as Items).length }
    ),
  },
  'card-search-customer-ignored': {
    rule: 'CARD-SEARCH-CUSTOMER',
    proves: ['search.customer#restricts'],
    description: "customerAccountNumber is ignored: the search returns every card of the caller's hierarchy",
    probe: {
      holds: async (h) => {
        const pool = new Set(
          (await searchAll(h, { customerAccountNumber: d.poolCustomer })).cards.map((c) => c.cardIdentifier)
        );
        const { cards } = await searchAll(h, { customerAccountNumber: depth1WithSubs });
        return cards.length > 0 && cards.every((c) => !pool.has(c.cardIdentifier));
      },
    },
  },
  'card-search-order-reference-ignored': {
    rule: 'CARD-SEARCH-ORDER-REFERENCE',
    proves: ['search.order-reference'],
    description: 'orderReference is ignored',
    probe: {
      holds: async (h) => {
        const order = await h.op(
          'orderCards',
          {},
          { body: { customerAccountNumber: d.poolCustomer, cards: [{ cardTypeId: 1 }, { cardTypeId: 2 }] } }
        );
        return (await searchAll(h, { orderReference: order.body.orderReference })).cards.length === 2;
      },
    },
  },
  'card-search-card-type-filter-ignored': {
    rule: 'CARD-SEARCH-CARDTYPE',
    proves: ['search.card-types#restricts', 'master.search-ids#card-types'],
    description: 'cardTypeIdentifiers is ignored',
    probe: {
      holds: async (h) => {
        const type = (await h.op('getMasterData')).body.cardType[0];
        return (await searchAll(h, { cardTypeIdentifiers: [type.id], limit: 200 })).cards.every(
          (c) => c.cardType === type.name
        );
      },
    },
  },
  'card-search-status-filter-ignored': {
    rule: 'CARD-SEARCH-STATUS',
    proves: ['search.statuses#restricts', 'master.search-ids#statuses'],
    description: 'statusIdentifiers is ignored',
    probe: {
      holds: async (h) =>
        (await searchAll(h, { statusIdentifiers: [2], limit: 200 })).cards.every((c) => c.status.id === 2),
    },
  },
  'card-search-first-card-type-only': {
    rule: 'CARD-SEARCH-CARDTYPE',
    proves: ['search.card-types#restricts'],
    description:
      'cardTypeIdentifiers applies its first id only: the cards of the other card types it names are not found',
    probe: {
      holds: async (h) => {
        const [first, second] = (await h.op('getMasterData')).body.cardType;
        return (await searchAll(h, { cardTypeIdentifiers: [first.id, second.id], limit: 200 })).cards.some(
          (c) => c.cardType === second.name
        );
      },
    },
  },
  'card-search-first-status-only': {
    rule: 'CARD-SEARCH-STATUS',
    proves: ['search.statuses#restricts'],
    description: 'statusIdentifiers applies its first id only: the cards of the other statuses it names are not found',
    probe: {
      holds: async (h) =>
        (await searchAll(h, { statusIdentifiers: [1, 2], limit: 200 })).cards.some((c) => c.status.id === 2),
    },
  },
  'card-search-pvcn-filter-ignored': {
    rule: 'CARD-SEARCH-FILTER-PVCN',
    proves: ['search.filter#pvcn'],
    description: 'filter.primaryVisualCardNumber is ignored',
    probe: filterProbe('primaryVisualCardNumber'),
  },
  'card-search-driver-filter-ignored': {
    rule: 'CARD-SEARCH-FILTER-DRIVER',
    proves: ['search.filter#driver'],
    description: 'filter.driverName is ignored',
    probe: filterProbe('driverName'),
  },
  'card-search-vrn-filter-ignored': {
    rule: 'CARD-SEARCH-FILTER-VRN',
    proves: ['search.filter#vrn'],
    description: 'filter.vehicleRegNumber is ignored',
    probe: filterProbe('vehicleRegNumber'),
  },
  'card-search-partial-match-ignored': {
    rule: 'CARD-SEARCH-PARTIAL-TRUE',
    proves: ['search.filter#partial-true'],
    description: 'partialMatch true still requires the whole value',
    probe: {
      holds: async (h) => {
        const [id] = await poolCards(h, 1);
        const part = ((await cardOf(h, id!)).driverName as string).slice(2, -2);
        return (await searchAll(h, { filter: { driverName: part, partialMatch: true }, limit: 200 })).cards.some(
          (c) => c.cardIdentifier === id
        );
      },
    },
  },
  'card-search-whole-match-partial': {
    rule: 'CARD-SEARCH-PARTIAL-FALSE',
    proves: ['search.filter#partial-false'],
    description: 'partialMatch false (or omitted) matches part of the value',
    probe: {
      holds: async (h) => {
        const [id] = await poolCards(h, 1);
        const part = ((await cardOf(h, id!)).driverName as string).slice(2, -2);
        return !(await searchAll(h, { filter: { driverName: part, partialMatch: false }, limit: 200 })).cards.some(
          (c) => c.cardIdentifier === id
        );
      },
    },
  },
} as const satisfies Record<string, FaultDefinition>;
