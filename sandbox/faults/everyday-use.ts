/**
 * Faults of the interface as people use it: a secret or an identifier compared carelessly (near
 * misses); each client's own data; every item of a card order on its own; writes in sequence,
 * every field after every transition; text as people write it; optional fields left out and
 * defaults with every filter.
 */

import { sandboxDefaults as d } from '../defaults.js';
import type { FaultDefinition } from './definition.js';
import {
  address,
  blockedCard,
  cardOf,
  form,
  type ProbeTarget,
  poolCards,
  type Row,
  reasonId,
  replacement,
  searchAll,
  TOKEN_PATH,
} from './probe.js';
import { get, ids } from './sessions.js';

// ---- Probe helpers ----
/** The status of a token request with these credentials. */
const tokenStatus = async (h: ProbeTarget, clientId: string, secret: string) =>
  (
    await h.call('POST', TOKEN_PATH, {
      auth: 'none',
      raw: form({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }),
    })
  ).status;

/** The first id of `key` the foreign hierarchy's master data holds and the main one's does not. */
async function onlyForeign(h: ProbeTarget, key: string): Promise<number> {
  const ids = (m: Row) => (m[key] as Row[]).map((r) => r.id as number);
  const main = new Set(ids((await h.op('getMasterData')).body));
  return ids((await h.op('getMasterData', {}, { auth: 'foreign' })).body).find((id) => !main.has(id))!;
}
/** An order of two items whose addresses, products and driver names differ: each item with the card made of it. */
async function orderedItems(h: ProbeTarget): Promise<[Row, Row][]> {
  const items = [
    { cardTypeId: 1, driverName: 'Zoë Ørn', products: [{ productId: 1 }], cardAddress: { ...address, city: 'Malmö' } },
    {
      cardTypeId: 2,
      driverName: 'Łukasz Søn',
      products: [{ productId: 2 }, { productId: 3 }],
      cardAddress: { ...address, city: 'Łódź' },
    },
  ];
  const order = await h.op('orderCards', {}, { body: { customerAccountNumber: d.poolCustomer, cards: items } });
  const { cards } = await searchAll(h, { orderReference: order.body.orderReference });
  const made = await Promise.all(cards.map((c) => cardOf(h, c.cardIdentifier)));
  return items.map((item, i) => [item, made.sort((a, b) => a.cardIdentifier - b.cardIdentifier)[i] ?? {}]);
}

export const everydayUseFaults = {
  // ---- Near misses: a secret or an identifier compared carelessly ----
  'auth-secret-case-insensitive': {
    rule: 'AUTH-TOKEN-WRONG-SECRET',
    proves: ['auth.client-credentials#client-credentials'],
    description:
      "the token endpoint compares the client_secret in lower case: the client's secret in another case obtains a token",
    probe: {
      holds: async (h) => (await tokenStatus(h, d.clientId, d.clientSecret.toUpperCase())) === 401,
    },
  },
  'auth-secret-prefix': {
    rule: 'AUTH-TOKEN-WRONG-SECRET',
    proves: ['auth.client-credentials#client-credentials'],
    description:
      "the token endpoint compares the client_secret only as far as the one sent: a prefix of the client's secret of at least 8 characters obtains a token",
    probe: { holds: async (h) => (await tokenStatus(h, d.clientId, d.clientSecret.slice(0, 12))) === 401 },
  },
  'auth-secret-any-client': {
    rule: 'AUTH-TOKEN-WRONG-SECRET',
    proves: ['auth.client-credentials#client-credentials'],
    description:
      "the token endpoint checks the client_secret against every client's: a client_id with another client's secret obtains a token for that client_id",
    probe: { holds: async (h) => (await tokenStatus(h, d.clientId, d.foreignClientSecret)) === 401 },
  },
  'customer-number-trimmed': {
    rule: 'ERR-NOT-FOUND-404',
    proves: ['get-customer.path#near-miss'],
    description:
      'an account number is trimmed before it is looked up: with blanks around it, in the path or a body or filter, it names the customer',
    probe: {
      holds: async (h) =>
        (await h.op('getCustomer', { customerAccountNumber: ` ${d.topLevelCustomer}` })).status === 404,
    },
  },
  'card-id-parse-int': {
    rule: 'ERR-NOT-FOUND-404',
    proves: ['get-card.path#near-miss'],
    description: 'a cardIdentifier in the path is read with parseInt: "4000003abc" is card 4000003',
    probe: {
      holds: async (h) => (await h.call('GET', `/cards/${(await poolCards(h, 1))[0]!}abc`)).status === 400,
    },
  },
  'session-id-case-insensitive': {
    rule: 'SESSION-UNKNOWN-404',
    proves: ['session.path#near-miss'],
    suite: { FLEET_STRICT: 'ASSUME-FORMATS' },
    description:
      'a sessionId is looked up in lower case: a session id in another case answers that session (a UUID is case-insensitive by RFC 9562: caught under the strict reading of ASSUME-FORMATS)',
    probe: { holds: async (a) => (await get(a, ids[0]!.toUpperCase())).status === 404 },
  },
  'session-id-prefix': {
    rule: 'SESSION-UNKNOWN-404',
    proves: ['session.path#near-miss'],
    description:
      "a sessionId is looked up as LIKE 'x%': a prefix of a session id, of at least 8 characters, answers that session",
    probe: { holds: async (a) => (await get(a, ids[0]!.slice(0, 18))).status === 404 },
  },

  // ---- Each client's own data: master data per top-level customer, and ids of the caller's own ----
  'master-data-cached-first-caller': {
    rule: 'MASTER-IDS-ON-CARDS',
    proves: ['master.per-top-level', 'master.search-ids#card-types'],
    description:
      'GET /master/all answers every client the master data of the hierarchy of the first client that asked (cached once, not per top-level customer)',
    probe: {
      holds: async (h) => {
        const foreign = (await h.op('getMasterData', {}, { auth: 'foreign' })).body;
        return JSON.stringify((await h.op('getMasterData')).body) !== JSON.stringify(foreign);
      },
    },
  },
  'order-ids-any-hierarchy': {
    rule: 'CARD-ORDER-IDS-FROM-MASTER',
    proves: ['master.per-top-level', 'order.master-ids#cardTypeId', 'order.master-ids#productId'],
    companions: ['MASTER-IDS-ON-CARDS'],
    description:
      "the ids of a card order item are checked against the master data of every hierarchy: an id only another hierarchy's holds is accepted, and its card carries it",
    probe: {
      holds: async (h) =>
        (
          await h.op(
            'orderCards',
            {},
            {
              body: {
                customerAccountNumber: d.poolCustomer,
                cards: [{ cardTypeId: await onlyForeign(h, 'cardType') }],
              },
            }
          )
        ).status === 400,
    },
  },
  'card-reason-any-hierarchy': {
    rule: 'CARD-REASON-FROM-MASTER',
    proves: ['master.per-top-level', 'card-status.body#reason-from-master'],
    description:
      "a statusReasonId of card block, unblock and cancel is checked against the reasons of every hierarchy: one only another hierarchy's master data holds is accepted",
    probe: {
      holds: async (h) =>
        (
          await h.op(
            'blockCard',
            { cardIdentifier: (await poolCards(h, 1))[0]! },
            { body: { statusReasonId: await onlyForeign(h, 'reason') } }
          )
        ).status === 400,
    },
  },

  // ---- Every item on its own: the items of a card order, and the products of each ----
  'order-second-item-copies-first': {
    rule: 'CARD-ORDER-EACH-ITEM',
    proves: ['field:Card order item.cardAddress', 'field:Card order item.cardContact'],
    description:
      "every card of an order but the first gets the first item's cardAddress and cardContact (the order's address block is read once)",
    probe: {
      holds: async (h) =>
        (await orderedItems(h)).every(([item, card]) => card.cardDeliveryAddress?.city === item.cardAddress.city),
    },
  },
  'order-products-of-first-item': {
    rule: 'CARD-ORDER-EACH-ITEM',
    proves: ['field:Card order item.products'],
    description: "every card of an order gets the products of the order's first item",
    probe: {
      holds: async (h) =>
        (await orderedItems(h)).every(
          ([item, card]) =>
            JSON.stringify(card.products.map((p: Row) => p.productId).sort()) ===
            JSON.stringify(item.products.map((p: Row) => p.productId).sort())
        ),
    },
  },
  'card-driver-accents-stripped': {
    rule: 'CARD-ORDER-EACH-ITEM',
    proves: ['field:Card order item.driverName'],
    description: 'the driverName of a card order item is stored without its accents and combining marks (Zoë → Zoe)',
    probe: {
      holds: async (h) => (await orderedItems(h)).every(([item, card]) => card.driverName === item.driverName),
    },
  },

  // ---- Writes in sequence, every field after every transition ----
  'card-status-name-wrong-after-unblock': {
    rule: 'CARD-UNBLOCK-REACTIVATES',
    companions: ['CARD-STATUS-ACTIVE-1'],
    proves: ['states.card.unblock#unblocked'],
    description: 'an unblocked card shows status {id: 1, name: "Unblocked"}: the id of Active under another name',
    probe: {
      holds: async (h) => {
        const id = await blockedCard(h);
        await h.op('unblockCard', { cardIdentifier: id }, { body: { statusReasonId: await reasonId(h) } });
        return (await cardOf(h, id)).status.name === 'Active';
      },
    },
  },
  'card-block-changes-driver': {
    rule: 'CARD-BLOCK',
    proves: ['states.card.block#blocked'],
    description: "card block saves the card's driverName in capitals (the block form's embossing field)",
    probe: {
      holds: async (h) => {
        const [id] = await poolCards(h, 1);
        const before = (await cardOf(h, id!)).driverName;
        await h.op('blockCard', { cardIdentifier: id! }, { body: { statusReasonId: await reasonId(h) } });
        return (await cardOf(h, id!)).driverName === before;
      },
    },
  },
  'card-second-block-ignored': {
    rule: 'CARD-BLOCK',
    proves: ['states.card.block#blocked', 'scope.card-operations#block'],
    description:
      'a card blocked once before (and unblocked since) answers 200 {} to block but stays Active: its block record exists',
    probe: {
      holds: async (h) => {
        const id = await blockedCard(h);
        const statusReasonId = await reasonId(h);
        await h.op('unblockCard', { cardIdentifier: id }, { body: { statusReasonId } });
        await h.op('blockCard', { cardIdentifier: id }, { body: { statusReasonId } });
        return (await cardOf(h, id)).status.id !== 1;
      },
    },
  },
  'card-replace-changes-original': {
    rule: 'CARD-REPLACE-BLOCKS-ORIGINAL',
    proves: ['states.card.replace#original-blocked'],
    description:
      'replace applies the supplied driverName, vehicleRegNumber and additionalEmbossing to the original too (it is updated before it is copied)',
    probe: {
      holds: async (h) => {
        const { original, after } = await replacement(h, { driverName: 'Replacement driver' });
        return after.driverName === original.driverName;
      },
    },
  },

  // ---- Text as people write it ----
  'card-driver-name-html-escaped': {
    rule: 'CARD-REPLACE-APPLIES-CHANGES',
    proves: ['replace.body#applies'],
    description: 'the driverName supplied to replace is stored HTML-escaped (&amp; &lt; &gt; &quot; &#39;)',
    probe: {
      holds: async (h) =>
        (await replacement(h, { driverName: 'Zoë & <Ji> "Q"' })).copy?.driverName === 'Zoë & <Ji> "Q"',
    },
  },
  'card-notes-bytes-counted': {
    rule: 'CARD-NOTES-MAX-200',
    proves: ['card-status.body#notes-max-200', 'limits.notes#card'],
    description:
      'the notes limit of card block and unblock counts UTF-8 bytes: 200 characters with letters beyond ASCII are refused',
    probe: {
      holds: async (h) =>
        (
          await h.op(
            'blockCard',
            { cardIdentifier: (await poolCards(h, 1))[0]! },
            { body: { statusReasonId: await reasonId(h), notes: 'ë'.repeat(200) } }
          )
        ).status === 200,
    },
  },

  // ---- Optional means it may be left out; defaults with every filter ----
  'reprint-address-required': {
    rule: 'CARD-REPRINT-PIN',
    proves: ['reprint.body#address-optional'],
    description: 'reprintPIN refuses a body without cardAddress (400 ER-001)',
    probe: {
      holds: async (h) =>
        (await h.op('reprintPIN', { cardIdentifier: (await poolCards(h, 1))[0]! }, { body: {} })).status === 200,
    },
  },
  'card-unblock-notes-required': {
    rule: 'CARD-UNBLOCK-REACTIVATES',
    proves: ['card-status.unblock-body#notes-optional'],
    description: 'card unblock refuses a body without notes (400 ER-001)',
    probe: {
      holds: async (h) =>
        (
          await h.op(
            'unblockCard',
            { cardIdentifier: await blockedCard(h) },
            { body: { statusReasonId: await reasonId(h) } }
          )
        ).status === 200,
    },
  },
  'card-replace-vrn-needs-driver': {
    rule: 'CARD-REPLACE-COPIES',
    companions: ['CARD-REPLACE-BLOCKS-ORIGINAL'],
    proves: ['replace.body#optional'],
    description: 'replace refuses a body that supplies vehicleRegNumber without driverName (400 ER-001)',
    probe: {
      holds: async (h) =>
        (
          await h.op(
            'replaceCard',
            { cardIdentifier: (await poolCards(h, 1))[0]! },
            { body: { vehicleRegNumber: 'VRN ONLY 1' } }
          )
        ).status === 200,
    },
  },
  'card-search-active-first-only-without-filter': {
    rule: 'CARD-SEARCH-ACTIVE-FIRST',
    proves: ['search.sort', 'states.card.status#active-first'],
    description:
      'the default order lists Active cards first only without cardTypeIdentifiers, statusIdentifiers, orderReference and filter; with one, by cardIdentifier',
    probe: {
      holds: async (h) => {
        await blockedCard(h);
        const statuses = (await h.op('getMasterData')).body.status.map((s: Row) => s.id);
        const ids = (
          await h.op(
            'cardSearch',
            {},
            { body: { customerAccountNumber: d.poolCustomer, statusIdentifiers: statuses, limit: 200 } }
          )
        ).body.cards.map((c: Row) => c.status.id);
        return ids.lastIndexOf(1) < ids.findIndex((id: number) => id !== 1) || !ids.some((id: number) => id !== 1);
      },
    },
  },
} as const satisfies Record<string, FaultDefinition>;
