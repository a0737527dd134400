/**
 * Every fault of the sandbox core changes the behaviour it claims: a probe checks the rule the
 * fault names; it must hold on a clean sandbox and fail on one with the fault (and only that
 * fault) switched on. The registry itself: every fault names a rule of lib/rules/catalogue.ts.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test } from '@playwright/test';
import { latencyKeys, latencyTargets } from '../../../lib/latency-targets.js';
import { rules } from '../../../lib/rules/catalogue.js';
import { type FaultId, faultCatalogue } from '../../../sandbox/faults.js';
import { slowedBy } from '../../../sandbox/latency.js';
import {
  type Answer,
  address,
  contact,
  createCustomer,
  defaults as d,
  form,
  type Harness,
  type HarnessOptions,
  listAll,
  newCustomer,
  poolCards,
  reasonId,
  searchAll,
  startSandbox,
  TOKEN_PATH,
} from './core-harness.js';

// biome-ignore lint/suspicious/noExplicitAny: the sandbox's answers, faulty shapes included, are read field by field as they came
type Row = Record<string, any>;

interface Probe {
  /** Build options for both sandboxes (the fault is added to one). */
  options?: Omit<HarnessOptions, 'faults'>;
  /** True when the rule holds. */
  holds(h: Harness): Promise<boolean>;
}

/** The faults of the locations and sessions plugins have their own tests; the latency faults theirs below. */
const otherAreas = /^(geo|loc|session|latency)-/;
const coreFaults = (Object.keys(faultCatalogue) as FaultId[]).filter((id) => !otherAreas.test(id));

// ---- Probe helpers ----
/** The status of a token request with these credentials. */
const tokenStatus = async (h: Harness, clientId: string, secret: string) =>
  (
    await h.call('POST', TOKEN_PATH, {
      auth: 'none',
      raw: form({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }),
    })
  ).status;
const status = async (h: Harness, acc: string) => (await h.op('getCustomer', { customerAccountNumber: acc })).body;
const cardOf = async (h: Harness, id: number) => (await h.op('getCard', { cardIdentifier: id })).body;
const maxCardId = async (h: Harness) =>
  Math.max(...(await searchAll(h, { limit: 200 })).cards.map((c) => c.cardIdentifier as number));
/** The replacement created by `replace` of the first pool card. */
async function replacement(h: Harness, body?: Row): Promise<{ original: Row; copy: Row | undefined; after: Row }> {
  const [id] = await poolCards(h, 1);
  const original = await cardOf(h, id!);
  const before = await maxCardId(h);
  await h.op('replaceCard', { cardIdentifier: id! }, body ? { body } : {});
  const { cards } = await searchAll(h, { limit: 200 });
  return { original, copy: cards.find((c) => c.cardIdentifier > before), after: await cardOf(h, id!) };
}
const codes = (res: { body: unknown }) => (Array.isArray(res.body) ? res.body.map((e: Row) => e.errorCode) : []);
function brokenLinks(m: Row): string[] {
  const ids = (key: string) => new Set((m[key] as Row[]).map((r) => r.id));
  const links: [string, string, string][] = [
    ['reason', 'cardTypeId', 'cardType'],
    ['cardGroup', 'cardTypeId', 'cardType'],
    ['cardType', 'defaultPurchaseCategoryId', 'purchaseCategory'],
    ['purchaseCategory', 'productRestrictionId', 'fuelProductRestriction'],
  ];
  return links.flatMap(([from, field, to]) =>
    (m[from] as Row[]).filter((r) => !ids(to).has(r[field])).map(() => `${from}.${field}`)
  );
}
const masterLinks: Probe = { holds: async (h) => brokenLinks((await h.op('getMasterData')).body).length === 0 };
const depth1WithSubs = '7000000002';
/** The second client's cursor, sent by the caller: it shows none of the second client's next page. */
function foreignCursorProbe(op: 'cardSearch' | 'listCustomers'): Probe {
  const ask = (h: Harness, auth: 'main' | 'foreign', page: Row) =>
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
/** A create without `field` is refused (400). */
const createRefusedWithout = (field: string): Probe => ({
  holds: async (h) => {
    const body = newCustomer('required probe');
    delete body[field];
    return (await h.op('createSubCustomer', {}, { body })).status === 400;
  },
});
/** Unblock of a blocked card with `body` (notes beside a valid statusReasonId, or nothing at all): refused (400). */
const unblockRefused = (body: Row): Probe => ({
  holds: async (h) => {
    const [id] = await poolCards(h, 1);
    const statusReasonId = await reasonId(h);
    await h.op('blockCard', { cardIdentifier: id! }, { body: { statusReasonId } });
    return (
      (
        await h.op(
          'unblockCard',
          { cardIdentifier: id! },
          { body: 'notes' in body ? { statusReasonId, ...body } : body }
        )
      ).status === 400
    );
  },
});
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
const cardTypeFields = [
  'cardTypeId',
  'cardTypeName',
  'cardTypeDescription',
  'defaultPurchaseCategoryId',
  'purchaseCategoryName',
  'isEV',
];
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

/** The first id of `key` the foreign hierarchy's master data holds and the main one's does not. */
async function onlyForeign(h: Harness, key: string): Promise<number> {
  const ids = (m: Row) => (m[key] as Row[]).map((r) => r.id as number);
  const main = new Set(ids((await h.op('getMasterData')).body));
  return ids((await h.op('getMasterData', {}, { auth: 'foreign' })).body).find((id) => !main.has(id))!;
}
/** An order of two items whose addresses, products and driver names differ: each item with the card made of it. */
async function orderedItems(h: Harness): Promise<[Row, Row][]> {
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
/**
 * Each write of a "performed, then 500" fault (sandbox/server-errors.ts): how it is sent on a fresh
 * resource, and whether its effect shows afterwards (undefined: a PIN letter shows none).
 */
interface PerformedWrite {
  send(h: Harness): Promise<{ answer: Answer; effect?: () => Promise<boolean> }>;
}
const blockedCard = async (h: Harness) => {
  const [id] = await poolCards(h, 1);
  await h.op('blockCard', { cardIdentifier: id! }, { body: { statusReasonId: await reasonId(h) } });
  return id!;
};
const performedWrites: Record<string, PerformedWrite> = {
  'customer-create-performed-500': {
    send: async (h) => ({
      answer: await h.op('createSubCustomer', {}, { body: newCustomer('made-then-500') }),
      effect: async () => (await listAll(h, { searchText: 'made-then-500' })).customers.length === 1,
    }),
  },
  'customer-update-performed-500': {
    send: async (h) => {
      const acc = await createCustomer(h, 'before');
      return {
        answer: await h.op('updateCustomerDetail', { customerAccountNumber: acc }, { body: { customerName: 'after' } }),
        effect: async () => (await status(h, acc)).customerName === 'after',
      };
    },
  },
  'customer-block-performed-500': {
    send: async (h) => {
      const acc = await createCustomer(h, 'x');
      return {
        answer: await h.op('blockCustomer', { customerAccountNumber: acc }),
        effect: async () => (await status(h, acc)).status === 'Blocked',
      };
    },
  },
  'customer-unblock-performed-500': {
    send: async (h) => {
      const acc = await createCustomer(h, 'x');
      await h.op('blockCustomer', { customerAccountNumber: acc });
      return {
        answer: await h.op('unblockCustomer', { customerAccountNumber: acc }),
        effect: async () => (await status(h, acc)).status === 'Active',
      };
    },
  },
  'customer-close-performed-500': {
    send: async (h) => {
      const acc = await createCustomer(h, 'x');
      return {
        answer: await h.op('closeCustomer', { customerAccountNumber: acc }),
        effect: async () => /clos/i.test((await status(h, acc)).status),
      };
    },
  },
  'order-performed-500': {
    send: async (h) => {
      const before = (await searchAll(h, { customerAccountNumber: d.poolCustomer, limit: 200 })).cards.length;
      return {
        answer: await h.op(
          'orderCards',
          {},
          { body: { customerAccountNumber: d.poolCustomer, cards: [{ cardTypeId: 1 }] } }
        ),
        effect: async () =>
          (await searchAll(h, { customerAccountNumber: d.poolCustomer, limit: 200 })).cards.length === before + 1,
      };
    },
  },
  'card-block-performed-500': {
    send: async (h) => {
      const [id] = await poolCards(h, 1);
      return {
        answer: await h.op('blockCard', { cardIdentifier: id! }, { body: { statusReasonId: await reasonId(h) } }),
        effect: async () => (await cardOf(h, id!)).status.name === 'Blocked',
      };
    },
  },
  'card-unblock-performed-500': {
    send: async (h) => {
      const id = await blockedCard(h);
      return {
        answer: await h.op('unblockCard', { cardIdentifier: id }, { body: { statusReasonId: await reasonId(h) } }),
        effect: async () => (await cardOf(h, id)).status.id === 1,
      };
    },
  },
  'card-cancel-performed-500': {
    send: async (h) => {
      const [id] = await poolCards(h, 1);
      return {
        answer: await h.op('cancelCard', { cardIdentifier: id! }, { body: { statusReasonId: await reasonId(h) } }),
        effect: async () => (await cardOf(h, id!)).status.id !== 1,
      };
    },
  },
  'card-replace-performed-500': {
    send: async (h) => {
      const [id] = await poolCards(h, 1);
      return {
        answer: await h.op('replaceCard', { cardIdentifier: id! }, { body: {} }),
        effect: async () => (await cardOf(h, id!)).status.name === 'Blocked',
      };
    },
  },
  'card-reprint-pin-performed-500': {
    send: async (h) => {
      const [id] = await poolCards(h, 1);
      return {
        answer: await h.op(
          'reprintPIN',
          { cardIdentifier: id! },
          { body: { cardAddress: { ...address, companyName: 'Fleet' } } }
        ),
      };
    },
  },
};
/** The rule such a fault breaks holds when the write answers its documented success. */
const answersSuccess = (id: string): Probe => ({
  holds: async (h) => [200, 202].includes((await performedWrites[id]!.send(h)).answer.status),
});

const probes: Record<string, Probe> = {
  // ---- Server errors ----
  ...Object.fromEntries(Object.keys(performedWrites).map((id) => [id, answersSuccess(id)])),
  'card-types-503-unavailable': {
    holds: async (h) => (await h.op('getCustomerCardTypes', { customerAccountNumber: d.poolCustomer })).status === 200,
  },
  // ---- Transport, errors, authentication ----
  'response-content-type-text-plain': {
    holds: async (h) => /^application\/json/.test((await h.op('getMasterData')).contentType ?? ''),
  },
  'content-type-text-plain-everywhere': {
    holds: async (h) => {
      const answers = [
        await h.call('POST', TOKEN_PATH, {
          auth: 'none',
          raw: form({ grant_type: 'client_credentials', client_id: d.clientId, client_secret: d.clientSecret }),
        }),
        await h.op('getSession', { sessionId: d.sessionIds[0]! }),
        await h.op('getMasterData'),
      ];
      return answers.every((a) => /^application\/json/.test(a.contentType ?? ''));
    },
  },
  'error-code-renamed': {
    holds: async (h) => {
      const res = await h.op('createSubCustomer', {}, { body: newCustomer('n'.repeat(311)) });
      return res.status === 400 && typeof res.body?.errorCode === 'string' && !('code' in res.body);
    },
  },
  'card-types-500': {
    holds: async (h) => (await h.op('getCustomerCardTypes', { customerAccountNumber: d.poolCustomer })).status === 200,
  },
  'opstatus-empty-body': {
    holds: async (h) => {
      const res = await h.op('blockCustomer', { customerAccountNumber: await createCustomer(h, 'x') });
      return res.status === 200 && JSON.stringify(res.body) === '{}';
    },
  },
  'error-body-message-style': {
    holds: async (h) => {
      const res = await h.op('createSubCustomer', {}, { body: newCustomer('n'.repeat(311)) });
      return (
        res.status === 400 && typeof res.body?.errorCode === 'string' && typeof res.body?.errorDescription === 'string'
      );
    },
  },
  'error-code-er001-on-404': {
    holds: async (h) => (await h.op('getCard', { cardIdentifier: 999_999_999 })).body?.errorCode !== 'ER-001',
  },
  'card-unknown-400': { holds: async (h) => (await h.op('getCard', { cardIdentifier: 999_999_999 })).status === 404 },
  'card-bad-id-500': { holds: async (h) => (await h.call('GET', '/cards/abc')).status === 400 },
  'auth-token-json-only': {
    holds: async (h) =>
      (
        await h.call('POST', TOKEN_PATH, {
          auth: 'none',
          raw: form({ grant_type: 'client_credentials', client_id: d.clientId, client_secret: d.clientSecret }),
        })
      ).status === 200,
  },
  'auth-wrong-secret-accepted': {
    holds: async (h) =>
      (
        await h.call('POST', TOKEN_PATH, {
          auth: 'none',
          raw: form({ grant_type: 'client_credentials', client_id: d.clientId, client_secret: 'guess' }),
        })
      ).status === 401,
  },
  'auth-missing-token-accepted': {
    holds: async (h) => (await h.op('getMasterData', {}, { auth: 'none' })).status === 401,
  },
  'auth-flipped-token-accepted': {
    holds: async (h) => {
      const t = await h.token();
      const flipped = `${t.slice(0, 5)}${t[5] === 'x' ? 'y' : 'x'}${t.slice(6)}`;
      return (await h.op('getMasterData', {}, { auth: { header: `Bearer ${flipped}` } })).status === 401;
    },
  },
  'auth-expired-token-accepted': {
    options: { tokenTtlSeconds: 1 },
    holds: async (h) => {
      const header = `Bearer ${await h.token()}`;
      await sleep(1100);
      return (await h.op('getMasterData', {}, { auth: { header } })).status === 401;
    },
  },
  'customer-unknown-400': {
    holds: async (h) => (await h.op('getCustomer', { customerAccountNumber: '9999999999' })).status === 404,
  },
  'customer-foreign-200': {
    holds: async (h) => (await h.op('getCustomer', { customerAccountNumber: d.foreignCustomer })).status === 403,
  },
  'card-foreign-200': {
    holds: async (h) => {
      const foreign = (await h.op('cardSearch', {}, { auth: 'foreign', body: { limit: 1 } })).body.cards[0]
        .cardIdentifier;
      return (await h.op('getCard', { cardIdentifier: foreign })).status === 403;
    },
  },
  'customer-foreign-sub-writable': {
    holds: async (h) =>
      (await h.op('blockCustomer', { customerAccountNumber: d.foreignCustomer }, { body: {} })).status === 403,
  },
  'customer-foreign-update-applied': {
    holds: async (h) => {
      const update = await h.op(
        'updateCustomerDetail',
        { customerAccountNumber: d.foreignCustomer },
        { body: { customerName: 'not theirs to change' } }
      );
      return (
        update.status === 403 &&
        (await h.op('getCustomer', { customerAccountNumber: d.foreignCustomer }, { auth: 'foreign' })).body
          .customerName !== 'not theirs to change'
      );
    },
  },
  'customer-foreign-card-types-readable': {
    holds: async (h) =>
      (await h.op('getCustomerCardTypes', { customerAccountNumber: d.foreignCustomer })).status === 403,
  },
  'card-foreign-writable': {
    holds: async (h) => {
      const foreign = (await h.op('cardSearch', {}, { auth: 'foreign', body: { limit: 1, statusIdentifiers: [1] } }))
        .body.cards[0].cardIdentifier;
      return (
        (await h.op('blockCard', { cardIdentifier: foreign }, { body: { statusReasonId: await reasonId(h) } }))
          .status === 403
      );
    },
  },
  'card-foreign-sub-writable': {
    holds: async (h) => {
      // A card of a sub-customer directly under the foreign top-level account.
      const search = { customerAccountNumber: d.foreignCustomer, limit: 1, statusIdentifiers: [1] };
      const foreign = (await h.op('cardSearch', {}, { auth: 'foreign', body: search })).body.cards[0].cardIdentifier;
      return (
        (await h.op('blockCard', { cardIdentifier: foreign }, { body: { statusReasonId: await reasonId(h) } }))
          .status === 403
      );
    },
  },
  'customer-foreign-depth-2-writable': {
    holds: async (h) => {
      const listed = await h.op(
        'listCustomers',
        {},
        { auth: 'foreign', query: { customerAccountNumber: d.foreignCustomer } }
      );
      const subSub = listed.body.customers[0].customerAccountNumber as string;
      return (await h.op('blockCustomer', { customerAccountNumber: subSub }, { body: {} })).status === 403;
    },
  },
  'card-search-foreign-card-number': {
    holds: async (h) => {
      const foreign = (await h.op('cardSearch', {}, { auth: 'foreign', body: { limit: 1 } })).body.cards[0];
      return (
        (
          await h.op(
            'cardSearch',
            {},
            { body: { filter: { primaryVisualCardNumber: foreign.primaryVisualCardNumber } } }
          )
        ).body.cards.length === 0
      );
    },
  },

  // ---- Customers ----
  'customer-status-identifier-string': {
    holds: async (h) => typeof (await status(h, d.poolCustomer)).statusIdentifier === 'number',
  },
  'customer-status-text-uppercase': {
    holds: async (h) => {
      const c = await status(h, d.poolCustomer);
      return c.status === 'Active' && c.statusIdentifier === 1;
    },
  },
  'customer-contact-mobile-phone-number': {
    holds: async (h) => typeof (await status(h, d.poolCustomer)).customerContact.mobilePhone === 'string',
  },
  'customer-address-company-name': {
    holds: async (h) =>
      (await listAll(h, { limit: 200 })).customers.every((c) => !('companyName' in c.customerAddress)),
  },
  'customer-zip-code-number': {
    holds: async (h) =>
      (await listAll(h, { limit: 200 })).customers.every((c) => typeof c.customerAddress.zipCode === 'string'),
  },
  'contact-email-unchecked': {
    holds: async (h) =>
      (
        await h.op(
          'createSubCustomer',
          {},
          { body: newCustomer('x', { customerContact: { ...contact, emailAddress: 'no-at-sign' } }) }
        )
      ).status === 400,
  },
  'customer-name-311-accepted': {
    holds: async (h) => (await h.op('createSubCustomer', {}, { body: newCustomer('n'.repeat(311)) })).status === 400,
  },
  'customer-business-reference-21-accepted': {
    holds: async (h) =>
      (await h.op('createSubCustomer', {}, { body: newCustomer('x', { customerBusinessReference: 'r'.repeat(21) }) }))
        .status === 400,
  },
  'customer-update-name-311-accepted': {
    holds: async (h) =>
      (
        await h.op(
          'updateCustomerDetail',
          { customerAccountNumber: await createCustomer(h, 'x') },
          { body: { customerName: 'n'.repeat(311) } }
        )
      ).status === 400,
  },
  'customer-update-business-reference-21-accepted': {
    holds: async (h) =>
      (
        await h.op(
          'updateCustomerDetail',
          { customerAccountNumber: await createCustomer(h, 'x') },
          { body: { customerBusinessReference: 'r'.repeat(21) } }
        )
      ).status === 400,
  },
  'customer-name-optional': {
    holds: async (h) => {
      const { customerName: _n, ...body } = newCustomer('x');
      return (await h.op('createSubCustomer', {}, { body })).status === 400;
    },
  },
  'customer-business-reference-required': {
    holds: async (h) => (await h.op('createSubCustomer', {}, { body: newCustomer('x') })).status === 200,
  },
  'customer-address-incomplete-accepted': {
    holds: async (h) => {
      const { zipCode: _z, ...partial } = address;
      return (
        (await h.op('createSubCustomer', {}, { body: newCustomer('x', { customerAddress: partial }) })).status === 400
      );
    },
  },
  'customer-update-address-incomplete-accepted': {
    holds: async (h) => {
      const { zipCode: _z, ...partial } = address;
      return (
        (
          await h.op(
            'updateCustomerDetail',
            { customerAccountNumber: await createCustomer(h, 'x') },
            { body: { customerAddress: partial } }
          )
        ).status === 400
      );
    },
  },
  'customer-create-number-missing': {
    holds: async (h) =>
      typeof (await h.op('createSubCustomer', {}, { body: newCustomer('x') })).body.customerAccountNumber === 'string',
  },
  'customer-create-default-parent-wrong': {
    holds: async (h) =>
      (await status(h, await createCustomer(h, 'x'))).parentCustomerAccountNumber === d.topLevelCustomer,
  },
  'customer-create-parent-ignored': {
    holds: async (h) =>
      (await status(h, await createCustomer(h, 'x', { customerAccountNumber: d.poolCustomer })))
        .parentCustomerAccountNumber === d.poolCustomer,
  },
  'customer-address-not-main': {
    holds: async (h) => {
      const c = await status(h, await createCustomer(h, 'x'));
      return (
        JSON.stringify(c.customerAddress) === JSON.stringify(address) &&
        JSON.stringify(c.customerContact) === JSON.stringify(contact)
      );
    },
  },
  'customer-depth-3-accepted': {
    holds: async (h) => {
      const two = await createCustomer(h, 'two', { customerAccountNumber: d.poolCustomer });
      return (
        (await h.op('createSubCustomer', {}, { body: newCustomer('three', { customerAccountNumber: two }) })).status ===
        400
      );
    },
  },
  'customer-update-not-applied': {
    holds: async (h) => {
      const acc = await createCustomer(h, 'before');
      await h.op('updateCustomerDetail', { customerAccountNumber: acc }, { body: { customerName: 'after' } });
      return (await status(h, acc)).customerName === 'after';
    },
  },
  'customer-count-of-sub-accounts-stale': {
    holds: async (h) => {
      await createCustomer(h, 'child', { customerAccountNumber: d.poolCustomer });
      const { customers } = await listAll(h, { customerAccountNumber: d.poolCustomer });
      return (await status(h, d.poolCustomer)).countOfSubAccounts === customers.length;
    },
  },
  'customer-count-all-descendants': {
    holds: async (h) => {
      // Only the top-level customer has sub-accounts of sub-accounts (depth 2 is the deepest).
      const { customers } = await listAll(h, { customerAccountNumber: d.topLevelCustomer });
      return (await status(h, d.topLevelCustomer)).countOfSubAccounts === customers.length;
    },
  },
  'customer-parent-number-wrong': {
    holds: async (h) =>
      (await listAll(h, { customerAccountNumber: depth1WithSubs })).customers.every(
        (c) => c.parentCustomerAccountNumber === depth1WithSubs
      ),
  },
  'customer-card-types-isev-string': {
    holds: async (h) =>
      (await h.op('getCustomerCardTypes', { customerAccountNumber: d.poolCustomer })).body.every(
        (t: Row) => typeof t.isEV === 'boolean'
      ),
  },
  'customer-card-types-description-absent': {
    holds: async (h) =>
      (await h.op('getCustomerCardTypes', { customerAccountNumber: d.poolCustomer })).body.every(
        (t: Row) => typeof t.cardTypeDescription === 'string'
      ),
  },
  'customer-card-types-renamed': {
    holds: async (h) =>
      (await h.op('getCustomerCardTypes', { customerAccountNumber: d.poolCustomer })).body.every((t: Row) =>
        cardTypeFields.some((f) => f in t)
      ),
  },

  // ---- Customer list ----
  'customer-list-includes-top-level': {
    holds: async (h) => !(await listAll(h, {})).customers.some((c) => c.customerAccountNumber === d.topLevelCustomer),
  },
  'customer-list-only-direct': {
    holds: async (h) => {
      const all = new Set((await listAll(h, {})).customers.map((c) => c.customerAccountNumber));
      return (await listAll(h, { customerAccountNumber: depth1WithSubs })).customers.every((c) =>
        all.has(c.customerAccountNumber)
      );
    },
  },
  'customer-list-all-descendants': {
    holds: async (h) =>
      (await listAll(h, { customerAccountNumber: d.topLevelCustomer })).customers.every(
        (c) => c.parentCustomerAccountNumber === d.topLevelCustomer
      ),
  },
  'customer-search-ignores-number': {
    holds: async (h) =>
      (await listAll(h, { searchText: '7000000105' })).customers.some((c) => c.customerAccountNumber === '7000000105'),
  },
  'customer-search-ignores-name': {
    holds: async (h) =>
      (await listAll(h, { searchText: 'Alpenblick' })).customers.some(
        (c) => c.customerAccountNumber === depth1WithSubs
      ),
  },
  'customer-search-ignores-business-reference': {
    holds: async (h) =>
      (await listAll(h, { searchText: 'POOL-MAIN' })).customers.some((c) => c.customerAccountNumber === d.poolCustomer),
  },
  'customer-search-case-sensitive': {
    holds: async (h) =>
      (await listAll(h, { searchText: 'aLpEnBlIcK' })).customers.some(
        (c) => c.customerAccountNumber === depth1WithSubs
      ),
  },
  'customer-list-filters-not-combined': {
    holds: async (h) =>
      (await listAll(h, { customerAccountNumber: d.topLevelCustomer, searchText: 'Alpenblick' })).customers.every((c) =>
        c.customerName.includes('Alpenblick')
      ),
  },
  'customer-list-default-limit-20': { holds: async (h) => (await h.op('listCustomers')).body.customers.length === 50 },
  'customer-list-limit-ignored': {
    holds: async (h) => (await h.op('listCustomers', {}, { query: { limit: 5 } })).body.customers.length <= 5,
  },
  'customer-list-page-gap': {
    holds: async (h) =>
      (await listAll(h, { limit: 10 })).customers.length === (await listAll(h, { limit: 200 })).customers.length,
  },
  'customer-list-page-overlap': {
    holds: async (h) => {
      const numbers = (await listAll(h, { limit: 10 })).customers.map((c) => c.customerAccountNumber);
      return new Set(numbers).size === numbers.length;
    },
  },

  // ---- Customer lifecycle ----
  'customer-block-not-applied': {
    holds: async (h) => {
      const acc = await createCustomer(h, 'x');
      await h.op('blockCustomer', { customerAccountNumber: acc });
      return (await status(h, acc)).status === 'Blocked';
    },
  },
  'customer-unblock-active-accepted': {
    holds: async (h) =>
      (await h.op('unblockCustomer', { customerAccountNumber: await createCustomer(h, 'x') })).status === 400,
  },
  'customer-unblock-open-changes-status': {
    holds: async (h) => {
      const acc = await createCustomer(h, 'x');
      await h.op('unblockCustomer', { customerAccountNumber: acc });
      return (await status(h, acc)).status === 'Active';
    },
  },
  'customer-unblock-not-applied': {
    holds: async (h) => {
      const acc = await createCustomer(h, 'x');
      await h.op('blockCustomer', { customerAccountNumber: acc });
      await h.op('unblockCustomer', { customerAccountNumber: acc });
      return (await status(h, acc)).status === 'Active';
    },
  },
  'customer-block-after-close-accepted': {
    holds: async (h) => {
      const acc = await createCustomer(h, 'x');
      await h.op('closeCustomer', { customerAccountNumber: acc });
      const res = await h.op('blockCustomer', { customerAccountNumber: acc });
      return res.status === 400 && (await status(h, acc)).status === 'Closed';
    },
  },
  'customer-notes-201-accepted': {
    holds: async (h) =>
      (
        await h.op(
          'blockCustomer',
          { customerAccountNumber: await createCustomer(h, 'x') },
          { body: { notes: 'n'.repeat(201) } }
        )
      ).status === 400,
  },

  // ---- Customers as people use them ----
  'customer-update-stale-copy': {
    holds: async (h) => {
      const acc = await createCustomer(h, 'stale probe');
      await h.op('updateCustomerDetail', { customerAccountNumber: acc }, { body: { customerName: 'first update' } });
      await h.op('updateCustomerDetail', { customerAccountNumber: acc }, { body: { customerAddress: address } });
      return (await status(h, acc)).customerName === 'first update';
    },
  },
  'customer-update-reactivates-blocked': {
    holds: async (h) => {
      const acc = await createCustomer(h, 'blocked update probe');
      await h.op('blockCustomer', { customerAccountNumber: acc });
      await h.op('updateCustomerDetail', { customerAccountNumber: acc }, { body: { customerName: 'while blocked' } });
      return (await status(h, acc)).status === 'Blocked';
    },
  },
  'customer-status-name-stale-after-unblock': {
    holds: async (h) => {
      const acc = await createCustomer(h, 'unblock name probe');
      await h.op('blockCustomer', { customerAccountNumber: acc });
      await h.op('unblockCustomer', { customerAccountNumber: acc });
      const { status: text, statusIdentifier } = await status(h, acc);
      return statusIdentifier === 1 && text === 'Active';
    },
  },
  'customer-name-html-escaped': {
    holds: async (h) => (await status(h, await createCustomer(h, 'Smith & <Sons>'))).customerName === 'Smith & <Sons>',
  },
  'customer-name-accents-stripped': {
    holds: async (h) => (await status(h, await createCustomer(h, 'Zoë Ærø'))).customerName === 'Zoë Ærø',
  },
  'customer-name-limit-in-bytes': {
    holds: async (h) => (await h.op('createSubCustomer', {}, { body: newCustomer('ë'.repeat(310)) })).status === 200,
  },
  'customer-update-contact-required': {
    holds: async (h) =>
      (
        await h.op(
          'updateCustomerDetail',
          { customerAccountNumber: await createCustomer(h, 'update probe') },
          { body: { customerName: 'renamed' } }
        )
      ).status === 200,
  },
  'customer-close-notes-required': {
    holds: async (h) =>
      (await h.op('closeCustomer', { customerAccountNumber: await createCustomer(h, 'close probe') })).status === 200,
  },
  'customer-list-default-limit-with-filter-20': {
    holds: async (h) =>
      (await h.op('listCustomers', {}, { query: { searchText: '70000001' } })).body.customers.length === 50,
  },
  'customer-list-default-limit-searched-all': {
    holds: async (h) =>
      (await h.op('listCustomers', {}, { query: { searchText: '70000001' } })).body.customers.length === 50,
  },

  // ---- Cards ----
  'card-identifier-string': {
    holds: async (h) => {
      const [id] = await poolCards(h, 1);
      return typeof (await cardOf(h, id!)).cardIdentifier === 'number';
    },
  },
  'card-status-id-string': {
    holds: async (h) => {
      const [id] = await poolCards(h, 1);
      return typeof (await cardOf(h, id!)).status.id === 'number';
    },
  },
  'card-status-plain-string': {
    holds: async (h) => {
      const [id] = await poolCards(h, 1);
      const { status: cardStatus } = await cardOf(h, id!);
      return typeof cardStatus === 'object' && cardStatus?.id === 1;
    },
  },
  'card-status-active-name-wrong': {
    holds: async (h) => {
      const [id] = await poolCards(h, 1);
      return (await cardOf(h, id!)).status.name === 'Active';
    },
  },
  'card-order-date-format': {
    holds: async (h) =>
      (await searchAll(h, { limit: 200 })).cards.every((c) => /^\d{4}-\d{2}-\d{2}$/.test(c.orderDate)),
  },
  'card-get-wrapped': {
    holds: async (h) => {
      const [id] = await poolCards(h, 1);
      return (await cardOf(h, id!)).cardIdentifier === id;
    },
  },
  'card-pin-echoed': {
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
  'card-reprint-pin-404': {
    holds: async (h) => {
      const [id] = await poolCards(h, 1);
      return (await h.op('reprintPIN', { cardIdentifier: id! })).status === 200;
    },
  },
  'card-reprint-address-incomplete-accepted': {
    holds: async (h) => {
      const [id] = await poolCards(h, 1);
      const { city: _c, ...partial } = address;
      return (await h.op('reprintPIN', { cardIdentifier: id! }, { body: { cardAddress: partial } })).status === 400;
    },
  },

  // ---- Card search ----
  'card-list-has-next-page-string': {
    holds: async (h) => {
      const body = (await h.op('cardSearch', {}, { body: { limit: 1 } })).body;
      return typeof body.hasNextPage === 'boolean' && typeof body.lastPage === 'boolean';
    },
  },
  'card-search-limit-0-accepted': {
    holds: async (h) => (await h.op('cardSearch', {}, { body: { limit: 0 } })).status === 400,
  },
  'card-search-limit-ignored': {
    holds: async (h) => (await h.op('cardSearch', {}, { body: { limit: 3 } })).body.cards.length <= 3,
  },
  'card-search-unknown-property-accepted': {
    holds: async (h) => (await h.op('cardSearch', {}, { body: { colour: 'red' } })).status === 400,
  },
  'card-search-filter-unknown-property-accepted': {
    holds: async (h) => (await h.op('cardSearch', {}, { body: { filter: { colour: 'red' } } })).status === 400,
  },
  'card-search-active-not-first': {
    holds: async (h) => {
      const active = (await searchAll(h, {})).cards.map((c) => c.status.id === 1);
      return active.indexOf(false) === -1 || !active.slice(active.indexOf(false)).includes(true);
    },
  },
  'card-search-page-gap': {
    holds: async (h) => {
      const { cards, pages } = await searchAll(h, { limit: 7 });
      return new Set(cards.map((c) => c.cardIdentifier)).size === pages[0]!.body.totalCount;
    },
  },
  'card-search-has-next-page-wrong': {
    holds: async (h) => {
      const { pages } = await searchAll(h, { customerAccountNumber: d.poolCustomer, limit: 40 }, 10);
      return pages.every(
        (p) => p.body.hasNextPage === !p.body.lastPage && (p.body.nextCursor !== undefined) === p.body.hasNextPage
      );
    },
  },
  'card-search-total-count-wrong': {
    holds: async (h) => {
      const first = await h.op('cardSearch', {}, { body: { limit: 5, statusIdentifiers: [1] } });
      return first.body.totalCount === (await searchAll(h, { statusIdentifiers: [1], limit: 200 })).cards.length;
    },
  },
  'card-search-customer-ignored': {
    holds: async (h) => {
      const pool = new Set(
        (await searchAll(h, { customerAccountNumber: d.poolCustomer })).cards.map((c) => c.cardIdentifier)
      );
      const { cards } = await searchAll(h, { customerAccountNumber: depth1WithSubs });
      return cards.length > 0 && cards.every((c) => !pool.has(c.cardIdentifier));
    },
  },
  'card-search-order-reference-ignored': {
    holds: async (h) => {
      const order = await h.op(
        'orderCards',
        {},
        { body: { customerAccountNumber: d.poolCustomer, cards: [{ cardTypeId: 1 }, { cardTypeId: 2 }] } }
      );
      return (await searchAll(h, { orderReference: order.body.orderReference })).cards.length === 2;
    },
  },
  'card-search-card-type-filter-ignored': {
    holds: async (h) => {
      const type = (await h.op('getMasterData')).body.cardType[0];
      return (await searchAll(h, { cardTypeIdentifiers: [type.id], limit: 200 })).cards.every(
        (c) => c.cardType === type.name
      );
    },
  },
  'card-search-status-filter-ignored': {
    holds: async (h) =>
      (await searchAll(h, { statusIdentifiers: [2], limit: 200 })).cards.every((c) => c.status.id === 2),
  },
  'card-search-first-card-type-only': {
    holds: async (h) => {
      const [first, second] = (await h.op('getMasterData')).body.cardType;
      return (await searchAll(h, { cardTypeIdentifiers: [first.id, second.id], limit: 200 })).cards.some(
        (c) => c.cardType === second.name
      );
    },
  },
  'card-search-first-status-only': {
    holds: async (h) =>
      (await searchAll(h, { statusIdentifiers: [1, 2], limit: 200 })).cards.some((c) => c.status.id === 2),
  },
  'card-search-pvcn-filter-ignored': filterProbe('primaryVisualCardNumber'),
  'card-search-driver-filter-ignored': filterProbe('driverName'),
  'card-search-vrn-filter-ignored': filterProbe('vehicleRegNumber'),
  'card-search-partial-match-ignored': {
    holds: async (h) => {
      const [id] = await poolCards(h, 1);
      const part = ((await cardOf(h, id!)).driverName as string).slice(2, -2);
      return (await searchAll(h, { filter: { driverName: part, partialMatch: true }, limit: 200 })).cards.some(
        (c) => c.cardIdentifier === id
      );
    },
  },
  'card-search-whole-match-partial': {
    holds: async (h) => {
      const [id] = await poolCards(h, 1);
      const part = ((await cardOf(h, id!)).driverName as string).slice(2, -2);
      return !(await searchAll(h, { filter: { driverName: part, partialMatch: false }, limit: 200 })).cards.some(
        (c) => c.cardIdentifier === id
      );
    },
  },

  // ---- Card lifecycle ----
  'card-block-not-applied': {
    holds: async (h) => {
      const [id] = await poolCards(h, 1);
      await h.op('blockCard', { cardIdentifier: id! }, { body: { statusReasonId: await reasonId(h) } });
      return (await cardOf(h, id!)).status.name === 'Blocked';
    },
  },
  'card-block-reason-optional': {
    holds: async (h) => {
      const [id] = await poolCards(h, 1);
      return (await h.op('blockCard', { cardIdentifier: id! }, { body: { notes: 'no reason' } })).status === 400;
    },
  },
  'card-reason-unchecked': {
    holds: async (h) => {
      const [id] = await poolCards(h, 1);
      return (await h.op('blockCard', { cardIdentifier: id! }, { body: { statusReasonId: 9999 } })).status === 400;
    },
  },
  'card-unblock-active-accepted': {
    holds: async (h) => {
      const [id] = await poolCards(h, 1);
      return (
        (await h.op('unblockCard', { cardIdentifier: id! }, { body: { statusReasonId: await reasonId(h) } })).status ===
        400
      );
    },
  },
  'card-unblock-active-changes-status': {
    holds: async (h) => {
      const [id] = await poolCards(h, 1);
      await h.op('unblockCard', { cardIdentifier: id! }, { body: { statusReasonId: await reasonId(h) } });
      return (await cardOf(h, id!)).status.name === 'Active';
    },
  },
  'card-unblock-stays-blocked': {
    holds: async (h) => {
      const [id] = await poolCards(h, 1);
      const reason = await reasonId(h);
      await h.op('blockCard', { cardIdentifier: id! }, { body: { statusReasonId: reason } });
      await h.op('unblockCard', { cardIdentifier: id! }, { body: { statusReasonId: reason } });
      return (await cardOf(h, id!)).status.name === 'Active';
    },
  },
  'card-notes-201-accepted': {
    holds: async (h) => {
      const [id] = await poolCards(h, 1);
      return (
        (
          await h.op(
            'blockCard',
            { cardIdentifier: id! },
            { body: { statusReasonId: await reasonId(h), notes: 'n'.repeat(201) } }
          )
        ).status === 400
      );
    },
  },
  'card-cancel-not-permanent': {
    holds: async (h) => {
      const [id] = await poolCards(h, 1);
      await h.op('cancelCard', { cardIdentifier: id! });
      const block = await h.op('blockCard', { cardIdentifier: id! }, { body: { statusReasonId: await reasonId(h) } });
      return block.status === 400 && (await cardOf(h, id!)).status.name === 'Cancelled';
    },
  },
  'card-gone-revived-by-block': {
    holds: async (h) => {
      const [id] = await poolCards(h, 1);
      await h.op('cancelCard', { cardIdentifier: id! });
      const cancelled = await h.op('getCard', { cardIdentifier: id! });
      await h.op('blockCard', { cardIdentifier: id! }, { body: { statusReasonId: await reasonId(h) } });
      const after = await h.op('getCard', { cardIdentifier: id! });
      return cancelled.status === after.status && after.body?.status?.name === cancelled.body?.status?.name;
    },
  },
  'card-replace-original-not-blocked': { holds: async (h) => (await replacement(h)).after.status.name === 'Blocked' },
  'card-replace-loses-property': {
    holds: async (h) => {
      const { original, copy } = await replacement(h);
      return (
        !!copy &&
        ['driverName', 'vehicleRegNumber', 'additionalEmbossing', 'cardType', 'purchaseCategoryName'].every(
          (f) => copy[f] === original[f]
        )
      );
    },
  },
  'card-replace-ignores-change': {
    holds: async (h) => {
      const { copy } = await replacement(h, { vehicleRegNumber: 'NEW-42', driverName: 'New Driver' });
      return copy?.vehicleRegNumber === 'NEW-42' && copy?.driverName === 'New Driver';
    },
  },

  // ---- Card order ----
  'order-status-200': {
    holds: async (h) =>
      (await h.op('orderCards', {}, { body: { customerAccountNumber: d.poolCustomer, cards: [{ cardTypeId: 1 }] } }))
        .status === 202,
  },
  'order-reference-missing': {
    holds: async (h) =>
      typeof (
        await h.op('orderCards', {}, { body: { customerAccountNumber: d.poolCustomer, cards: [{ cardTypeId: 1 }] } })
      ).body.orderReference === 'string',
  },
  'order-customer-optional': {
    holds: async (h) => (await h.op('orderCards', {}, { body: { cards: [{ cardTypeId: 1 }] } })).status === 400,
  },
  'order-errors-single-object': {
    holds: async (h) =>
      Array.isArray((await h.op('orderCards', {}, { body: { customerAccountNumber: d.poolCustomer } })).body),
  },
  'order-errors-first-only': { holds: async (h) => codes(await h.op('orderCards', {}, { body: {} })).length === 2 },
  'order-missing-field-er001': {
    holds: async (h) => {
      const c = codes(await h.op('orderCards', {}, { body: {} }));
      return c.length > 0 && c.every((code) => code === 'ER-002');
    },
  },

  // ---- Master data ----
  'master-data-nine-arrays': {
    holds: async (h) => {
      const m = (await h.op('getMasterData')).body;
      return [
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
      ].every((k) => Array.isArray(m[k]));
    },
  },
  'master-data-isev-string': {
    holds: async (h) => (await h.op('getMasterData')).body.cardType.every((t: Row) => typeof t.isEV === 'boolean'),
  },
  'master-data-region-renamed': {
    holds: async (h) =>
      (await h.op('getMasterData')).body.region.every(
        (r: Row) => typeof r.id === 'number' && typeof r.name === 'string'
      ),
  },
  'master-data-reason-dangling': masterLinks,
  'master-data-group-dangling': masterLinks,
  'master-data-card-type-dangling': masterLinks,
  'master-data-purchase-category-dangling': masterLinks,
  'master-data-status-missing': {
    holds: async (h) => {
      const ids = new Set((await h.op('getMasterData')).body.status.map((s: Row) => s.id));
      return (await searchAll(h, { limit: 200 })).cards.every((c) => ids.has(c.status.id));
    },
  },

  // ---- Identifiers from master data ----
  'order-unknown-card-type-accepted': orderRefused({ cardTypeId: 999 }),
  'order-unknown-card-category-accepted': orderRefused({ cardTypeId: 1, cardCategoryId: 999 }),
  'order-unknown-card-group-accepted': orderRefused({ cardTypeId: 1, cardGroupId: 999 }),
  'order-unknown-purchase-category-accepted': orderRefused({ cardTypeId: 1, purchaseCategoryId: 999 }),
  'order-unknown-fuel-restriction-accepted': orderRefused({ cardTypeId: 1, fuelProductRestrictionId: 999 }),
  'order-unknown-product-accepted': orderRefused({ cardTypeId: 1, products: [{ productId: 999 }] }),
  'card-replace-unknown-card-type-accepted': replaceRefused({ cardTypeId: 999 }),
  'card-replace-unknown-purchase-category-accepted': replaceRefused({ purchaseCategoryId: 999 }),
  'card-replace-unknown-card-group-accepted': replaceRefused({ cardGroupId: 999 }),
  'card-unblock-reason-unchecked': {
    holds: async (h) => {
      const [id] = await poolCards(h, 1);
      await h.op('blockCard', { cardIdentifier: id! }, { body: { statusReasonId: await reasonId(h) } });
      return (await h.op('unblockCard', { cardIdentifier: id! }, { body: { statusReasonId: 9999 } })).status === 400;
    },
  },
  'card-cancel-reason-unchecked': {
    holds: async (h) => {
      const [id] = await poolCards(h, 1);
      return (await h.op('cancelCard', { cardIdentifier: id! }, { body: { statusReasonId: 9999 } })).status === 400;
    },
  },
  'card-search-unknown-card-type-ignored': {
    holds: async (h) => (await h.op('cardSearch', {}, { body: { cardTypeIdentifiers: [999] } })).status === 400,
  },
  'card-search-unknown-status-ignored': {
    holds: async (h) => (await h.op('cardSearch', {}, { body: { statusIdentifiers: [999] } })).status === 400,
  },

  // ---- Cursors ----
  'card-search-cursor-foreign': foreignCursorProbe('cardSearch'),
  'card-search-cursor-drops-filters': {
    holds: async (h) =>
      (await searchAll(h, { statusIdentifiers: [2], limit: 1 }, 4)).cards.every((c) => c.status.id === 2),
  },
  'card-search-cursor-drops-limit': {
    holds: async (h) => (await searchAll(h, { limit: 2 }, 3)).pages.every((p) => p.body.cards.length <= 2),
  },
  'customer-list-cursor-foreign': foreignCursorProbe('listCustomers'),
  'customer-list-cursor-drops-filters': {
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
  'customer-list-cursor-drops-limit': {
    holds: async (h) => (await listAll(h, { limit: 2 }, 3)).pages.every((p) => p.body.customers.length <= 2),
  },
  'card-search-foreign-customer-listed': {
    holds: async (h) =>
      (await h.op('cardSearch', {}, { body: { customerAccountNumber: d.foreignCustomer } })).status === 403,
  },
  'customer-list-foreign-customer-listed': {
    holds: async (h) =>
      (await h.op('listCustomers', {}, { query: { customerAccountNumber: d.foreignCustomer } })).status === 403,
  },

  // ---- The sweep of the document ----
  'card-types-versioned-path': {
    holds: async (h) => (await h.op('getCustomerCardTypes', { customerAccountNumber: d.poolCustomer })).status === 200,
  },
  'customer-card-types-pascal-case': {
    holds: async (h) =>
      (await h.op('getCustomerCardTypes', { customerAccountNumber: d.poolCustomer })).body.every(
        (t: Row) => 'cardTypeId' in t
      ),
  },
  'customer-contact-optional': createRefusedWithout('customerContact'),
  'customer-address-optional': createRefusedWithout('customerAddress'),
  'customer-update-name-required': {
    holds: async (h) =>
      (
        await h.op(
          'updateCustomerDetail',
          { customerAccountNumber: await createCustomer(h, 'update probe') },
          { body: { customerAddress: address } }
        )
      ).status === 200,
  },
  'opstatus-update-empty-body': {
    holds: async (h) =>
      (
        await h.op(
          'updateCustomerDetail',
          { customerAccountNumber: await createCustomer(h, 'update probe') },
          { body: { customerName: 'Renamed' } }
        )
      ).text === '{}',
  },
  'customer-block-notes-required': {
    holds: async (h) =>
      (await h.op('blockCustomer', { customerAccountNumber: await createCustomer(h, 'block probe') })).status === 200,
  },
  'order-cards-optional': {
    holds: async (h) =>
      (await h.op('orderCards', {}, { body: { customerAccountNumber: d.poolCustomer } })).status === 400,
  },
  'card-block-notes-required': {
    holds: async (h) =>
      (
        await h.op(
          'blockCard',
          { cardIdentifier: (await poolCards(h, 1))[0]! },
          { body: { statusReasonId: await reasonId(h) } }
        )
      ).status === 200,
  },
  'card-unblock-reason-optional': unblockRefused({}),
  'card-unblock-notes-201-accepted': unblockRefused({ notes: 'n'.repeat(201) }),
  'opstatus-card-block-empty-body': {
    holds: async (h) =>
      (
        await h.op(
          'blockCard',
          { cardIdentifier: (await poolCards(h, 1))[0]! },
          { body: { statusReasonId: await reasonId(h) } }
        )
      ).text === '{}',
  },
  'opstatus-cancel-empty-body': {
    holds: async (h) =>
      (
        await h.op(
          'cancelCard',
          { cardIdentifier: (await poolCards(h, 1))[0]! },
          { body: { statusReasonId: await reasonId(h) } }
        )
      ).text === '{}',
  },
  'card-replace-body-required': {
    holds: async (h) =>
      (await h.op('replaceCard', { cardIdentifier: (await poolCards(h, 1))[0]! }, { body: {} })).status === 200,
  },
  'opstatus-replace-empty-body': {
    holds: async (h) =>
      (await h.op('replaceCard', { cardIdentifier: (await poolCards(h, 1))[0]! }, { body: {} })).text === '{}',
  },
  'opstatus-reprint-empty-body': {
    holds: async (h) =>
      (await h.op('reprintPIN', { cardIdentifier: (await poolCards(h, 1))[0]! }, { body: { cardAddress: address } }))
        .text === '{}',
  },
  'master-data-parameter-message-body': {
    holds: async (h) => (await h.call('GET', '/master/all', { query: { region: 'EU' } })).status === 200,
  },
  'auth-token-path-moved': {
    holds: async (h) =>
      (
        await h.call('POST', TOKEN_PATH, {
          auth: 'none',
          raw: form({ grant_type: 'client_credentials', client_id: d.clientId, client_secret: d.clientSecret }),
        })
      ).status === 200,
  },
  'card-foreign-404': {
    holds: async (h) =>
      (
        await h.op(
          'getCard',
          { cardIdentifier: (await searchAll(h, { limit: 1 }, 1)).cards[0]!.cardIdentifier },
          { auth: 'foreign' }
        )
      ).status === 403,
  },
  'error-code-er012-on-400': {
    holds: async (h) => (await h.op('cardSearch', {}, { body: { limit: 0 } })).body.errorCode === 'ER-001',
  },

  // ---- Several problems at once ----
  'order-errors-first-item-only': {
    holds: async (h) =>
      codes(
        await h.op(
          'orderCards',
          {},
          { body: { customerAccountNumber: d.poolCustomer, cards: [{ cardTypeId: 999 }, { cardTypeId: 998 }] } }
        )
      ).length === 2,
  },

  // ---- Near misses ----
  'auth-secret-case-insensitive': {
    holds: async (h) => (await tokenStatus(h, d.clientId, d.clientSecret.toUpperCase())) === 401,
  },
  'auth-secret-prefix': { holds: async (h) => (await tokenStatus(h, d.clientId, d.clientSecret.slice(0, 12))) === 401 },
  'auth-secret-any-client': { holds: async (h) => (await tokenStatus(h, d.clientId, d.foreignClientSecret)) === 401 },
  'customer-number-trimmed': {
    holds: async (h) => (await h.op('getCustomer', { customerAccountNumber: ` ${d.topLevelCustomer}` })).status === 404,
  },
  'card-id-parse-int': {
    holds: async (h) => (await h.call('GET', `/cards/${(await poolCards(h, 1))[0]!}abc`)).status === 400,
  },

  // ---- Each client's own data ----
  'master-data-cached-first-caller': {
    holds: async (h) => {
      const foreign = (await h.op('getMasterData', {}, { auth: 'foreign' })).body;
      return JSON.stringify((await h.op('getMasterData')).body) !== JSON.stringify(foreign);
    },
  },
  'order-ids-any-hierarchy': {
    holds: async (h) =>
      (
        await h.op(
          'orderCards',
          {},
          { body: { customerAccountNumber: d.poolCustomer, cards: [{ cardTypeId: await onlyForeign(h, 'cardType') }] } }
        )
      ).status === 400,
  },
  'card-reason-any-hierarchy': {
    holds: async (h) =>
      (
        await h.op(
          'blockCard',
          { cardIdentifier: (await poolCards(h, 1))[0]! },
          { body: { statusReasonId: await onlyForeign(h, 'reason') } }
        )
      ).status === 400,
  },

  // ---- Every item on its own ----
  'order-second-item-copies-first': {
    holds: async (h) =>
      (await orderedItems(h)).every(([item, card]) => card.cardDeliveryAddress?.city === item.cardAddress.city),
  },
  'order-products-of-first-item': {
    holds: async (h) =>
      (await orderedItems(h)).every(
        ([item, card]) =>
          JSON.stringify(card.products.map((p: Row) => p.productId).sort()) ===
          JSON.stringify(item.products.map((p: Row) => p.productId).sort())
      ),
  },
  'card-driver-accents-stripped': {
    holds: async (h) => (await orderedItems(h)).every(([item, card]) => card.driverName === item.driverName),
  },

  // ---- Every field after every transition, writes in sequence ----
  'card-status-name-wrong-after-unblock': {
    holds: async (h) => {
      const id = await blockedCard(h);
      await h.op('unblockCard', { cardIdentifier: id }, { body: { statusReasonId: await reasonId(h) } });
      return (await cardOf(h, id)).status.name === 'Active';
    },
  },
  'card-block-changes-driver': {
    holds: async (h) => {
      const [id] = await poolCards(h, 1);
      const before = (await cardOf(h, id!)).driverName;
      await h.op('blockCard', { cardIdentifier: id! }, { body: { statusReasonId: await reasonId(h) } });
      return (await cardOf(h, id!)).driverName === before;
    },
  },
  'card-second-block-ignored': {
    holds: async (h) => {
      const id = await blockedCard(h);
      const statusReasonId = await reasonId(h);
      await h.op('unblockCard', { cardIdentifier: id }, { body: { statusReasonId } });
      await h.op('blockCard', { cardIdentifier: id }, { body: { statusReasonId } });
      return (await cardOf(h, id)).status.id !== 1;
    },
  },
  'card-replace-changes-original': {
    holds: async (h) => {
      const { original, after } = await replacement(h, { driverName: 'Replacement driver' });
      return after.driverName === original.driverName;
    },
  },

  // ---- Text as people write it ----
  'card-driver-name-html-escaped': {
    holds: async (h) => (await replacement(h, { driverName: 'Zoë & <Ji> "Q"' })).copy?.driverName === 'Zoë & <Ji> "Q"',
  },
  'card-notes-bytes-counted': {
    holds: async (h) =>
      (
        await h.op(
          'blockCard',
          { cardIdentifier: (await poolCards(h, 1))[0]! },
          { body: { statusReasonId: await reasonId(h), notes: 'ë'.repeat(200) } }
        )
      ).status === 200,
  },

  // ---- Optional fields left out; defaults with filters ----
  'reprint-address-required': {
    holds: async (h) =>
      (await h.op('reprintPIN', { cardIdentifier: (await poolCards(h, 1))[0]! }, { body: {} })).status === 200,
  },
  'card-unblock-notes-required': {
    holds: async (h) =>
      (
        await h.op(
          'unblockCard',
          { cardIdentifier: await blockedCard(h) },
          { body: { statusReasonId: await reasonId(h) } }
        )
      ).status === 200,
  },
  'card-replace-vrn-needs-driver': {
    holds: async (h) =>
      (
        await h.op(
          'replaceCard',
          { cardIdentifier: (await poolCards(h, 1))[0]! },
          { body: { vehicleRegNumber: 'VRN ONLY 1' } }
        )
      ).status === 200,
  },
  'card-search-active-first-only-without-filter': {
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
};

test('a "performed, then 500" fault performs the write, then answers 500 with the standard error body (ER-012)', async () => {
  for (const [id, write] of Object.entries(performedWrites)) {
    const h = await startSandbox({ faults: [id] });
    try {
      const { answer, effect } = await write.send(h);
      expect([answer.status, answer.body?.errorCode], id).toEqual([500, 'ER-012']);
      if (effect) expect(await effect(), `${id}: the write took effect`).toBe(true);
    } finally {
      await h.close();
    }
  }
});

test('card-types-503-unavailable: the card types answer 503 with Retry-After and the standard error body every time, every other operation works', async () => {
  const h = await startSandbox({ faults: ['card-types-503-unavailable'] });
  try {
    for (let i = 0; i < 3; i++) {
      const answer = await h.op('getCustomerCardTypes', { customerAccountNumber: d.poolCustomer });
      expect([
        answer.status,
        answer.headers['retry-after'],
        typeof answer.body?.errorCode,
        typeof answer.body?.errorDescription,
      ]).toEqual([503, '1', 'string', 'string']);
    }
    expect((await h.op('getCustomer', { customerAccountNumber: d.poolCustomer })).status).toBe(200);
  } finally {
    await h.close();
  }
});

test('every fault names a rule of lib/rules/catalogue.ts and has a description', () => {
  const bad = Object.entries(faultCatalogue)
    .filter(([, f]) => !rules.has(f.rule) || f.description.length < 10)
    .map(([id, f]) => `${id} → ${f.rule}`);
  expect(bad).toEqual([]);
});

test('each latency fault slows the 2xx answers of its own operation, and of no other, past the p50 target', async () => {
  expect(
    latencyKeys.filter((key) => !(`latency-${key}-slow` in faultCatalogue)),
    'operations without a latency fault'
  ).toEqual([]);
  for (const key of latencyKeys) {
    const delay = slowedBy((id) => id === `latency-${key}-slow`)!;
    expect(
      latencyKeys.filter((k) => (k === key ? delay(k) <= latencyTargets[k].p50 : delay(k) !== 0)),
      `latency-${key}-slow`
    ).toEqual([]);
  }
  // Wired into the app: a slowed answer through the interface, the clean one well under the target.
  const timed = async (h: Harness) => {
    const started = performance.now();
    await h.op('getMasterData');
    return performance.now() - started;
  };
  const [clean, slow] = await Promise.all([startSandbox(), startSandbox({ faults: ['latency-master-data-slow'] })]);
  try {
    expect(await timed(clean)).toBeLessThan(latencyTargets['master-data'].p50);
    expect(await timed(slow)).toBeGreaterThan(latencyTargets['master-data'].p50);
  } finally {
    await Promise.all([clean.close(), slow.close()]);
  }
});

test('every core fault has a probe, and every probe a fault', () => {
  expect(coreFaults.filter((id) => !probes[id])).toEqual([]);
  expect(Object.keys(probes).filter((id) => !(coreFaults as string[]).includes(id))).toEqual([]);
});

/**
 * One clean sandbox per worker serves every probe without build options (probes take fresh
 * resources: new customers, the next Active pool card); the faulty sandbox is always fresh.
 */
let sharedClean: Promise<Harness> | undefined;
test.afterAll(async () => {
  const clean = sharedClean;
  sharedClean = undefined;
  if (clean) await (await clean).close();
});

for (const id of coreFaults) {
  const fault = faultCatalogue[id];
  test(`${id} breaks ${fault.rule}`, async () => {
    const probe = probes[id];
    test.skip(!probe, 'no probe (reported by the test above)');
    const own = probe!.options !== undefined;
    if (!own) sharedClean ??= startSandbox();
    const [clean, faulty] = await Promise.all([
      own ? startSandbox(probe!.options) : sharedClean!,
      startSandbox({ ...probe!.options, faults: [id] }),
    ]);
    try {
      const [onClean, onFaulty] = await Promise.all([probe!.holds(clean), probe!.holds(faulty)]);
      expect(onClean, 'the rule holds on the clean sandbox').toBe(true);
      expect(onFaulty, `with ${id}: ${fault.description}`).toBe(false);
    } finally {
      await Promise.all([faulty.close(), own ? clean.close() : undefined]);
    }
  });
}
