import { expect, test } from '@playwright/test';
import { type LatencyKey, type OperationId, operations } from '../../../lib/operations.js';
import { seedStore } from '../../../sandbox/seed/index.js';
import {
  address,
  contact,
  createCustomer,
  defaults as d,
  form,
  type Harness,
  newCustomer,
  poolCards,
  reasonId,
  sandboxPerTest,
  schemaErrors,
  startSandbox,
  TOKEN_PATH,
} from './core-harness.js';

const h = sandboxPerTest();

/** A valid call of every core operation, so that each answers its documented success. */
async function everyOperation(s: Harness): Promise<[OperationId, Awaited<ReturnType<Harness['op']>>][]> {
  const [a, b, c, e, f, g] = await poolCards(s, 6, 40);
  const reason = await reasonId(s);
  const customer = await createCustomer(s, 'Every op');
  const calls: [OperationId, Record<string, string | number>, object?][] = [
    ['listCustomers', {}],
    ['getCustomer', { customerAccountNumber: customer }],
    ['createSubCustomer', {}, { body: { customerName: 'x', customerContact: {}, customerAddress: address } }],
    ['updateCustomerDetail', { customerAccountNumber: customer }, { body: { customerName: 'y' } }],
    ['getCustomerCardTypes', { customerAccountNumber: customer }],
    ['blockCustomer', { customerAccountNumber: customer }, { body: { notes: 'late payment' } }],
    ['unblockCustomer', { customerAccountNumber: customer }],
    ['closeCustomer', { customerAccountNumber: customer }],
    ['orderCards', {}, { body: { customerAccountNumber: d.poolCustomer, cards: [{ cardTypeId: 1 }] } }],
    ['getCard', { cardIdentifier: a! }],
    ['cardSearch', {}, { body: { limit: 3 } }],
    ['blockCard', { cardIdentifier: b! }, { body: { statusReasonId: reason } }],
    ['unblockCard', { cardIdentifier: b! }, { body: { statusReasonId: reason } }],
    ['cancelCard', { cardIdentifier: c! }],
    ['replaceCard', { cardIdentifier: e! }],
    ['reprintPIN', { cardIdentifier: f! }],
    ['getMasterData', {}],
  ];
  void g;
  const out: [OperationId, Awaited<ReturnType<Harness['op']>>][] = [];
  for (const [id, params, options] of calls) out.push([id, await s.op(id, params, options as never)]);
  return out;
}

test('every operation answers its documented success status with a JSON body valid against its schema', async () => {
  const answers = await everyOperation(h);
  expect(answers.map(([id]) => id).sort()).toEqual(
    Object.keys(operations)
      .filter((id) => !['requestToken', 'geosearchRectangle', 'getSession'].includes(id))
      .sort()
  );
  for (const [id, res] of answers) {
    expect(res.status, `${id}: ${res.text}`).toBe(operations[id].success);
    expect(res.contentType, id).toMatch(/^application\/json/);
    expect(schemaErrors(id, res), id).toEqual([]);
  }
  const empty: OperationId[] = [
    'updateCustomerDetail',
    'blockCustomer',
    'unblockCustomer',
    'closeCustomer',
    'blockCard',
    'unblockCard',
    'cancelCard',
    'replaceCard',
    'reprintPIN',
  ];
  for (const [id, res] of answers) if (empty.includes(id)) expect(res.body, id).toEqual({});
});

test('errors are JSON: unknown route 404, broken JSON 400, wrong content type 400, never a stack trace', async () => {
  const unknown = await h.call('GET', '/nothing/here');
  expect(unknown.status).toBe(404);
  expect(unknown.contentType).toMatch(/^application\/json/);
  expect(unknown.body).toEqual({ errorCode: 'NOT_FOUND', errorDescription: expect.any(String) });
  const broken = await h.call('POST', '/cards/search', {
    raw: { payload: '{"limit": ', contentType: 'application/json' },
  });
  expect(broken.status).toBe(400);
  expect(broken.body.errorCode).toBe('ER-001');
  const text = await h.call('POST', '/cards/search', { raw: { payload: 'limit=3', contentType: 'text/plain' } });
  expect(text.status).toBe(400);
  expect(text.contentType).toMatch(/^application\/json/);
  const orderText = await h.call('POST', '/cards/order', { raw: { payload: 'x', contentType: 'text/plain' } });
  expect(orderText.status).toBe(400);
  expect(Array.isArray(orderText.body)).toBe(true);
  for (const res of [unknown, broken, text, orderText]) expect(res.text).not.toMatch(/at .*\.(ts|js):\d+/);
});

test('an unexpected exception answers 500 ER-012 without internals', async () => {
  const broken = await startSandbox({ faults: ['card-types-500'] });
  try {
    const res = await broken.op('getCustomerCardTypes', { customerAccountNumber: d.poolCustomer });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ errorCode: 'ER-012', errorDescription: expect.any(String) });
    expect(res.text).not.toMatch(/fault|\.ts|at /);
  } finally {
    await broken.close();
  }
});

test("latency: the delay of the operation's latency key is applied before 2xx answers only", async () => {
  const asked: LatencyKey[] = [];
  const slow = await startSandbox({
    latency: (key) => {
      asked.push(key);
      return key === 'get-card' ? 150 : 0;
    },
  });
  try {
    const [id] = await poolCards(slow, 1);
    let t = performance.now();
    expect((await slow.op('getCard', { cardIdentifier: id! })).status).toBe(200);
    expect(performance.now() - t).toBeGreaterThanOrEqual(145);
    t = performance.now();
    expect((await slow.op('getCard', { cardIdentifier: 999_999_999 })).status).toBe(404);
    expect(performance.now() - t).toBeLessThan(100);
    t = performance.now();
    expect((await slow.op('getMasterData')).status).toBe(200);
    expect(performance.now() - t).toBeLessThan(100);
    expect(asked).toContain('master-data');
    expect(asked).toContain('search-cards');
  } finally {
    await slow.close();
  }
});

test('the seed is deterministic, fast, and holds the ids of sandbox/defaults.ts', async () => {
  const t = performance.now();
  const one = seedStore();
  expect(performance.now() - t).toBeLessThan(300);
  const two = seedStore();
  expect(JSON.stringify([...one.cards.values()])).toBe(JSON.stringify([...two.cards.values()]));
  expect(JSON.stringify([...one.customers.values()])).toBe(JSON.stringify([...two.customers.values()]));
  expect(one.customers.get(d.topLevelCustomer)!.depth).toBe(0);
  expect(one.customers.get(d.poolCustomer)!.depth).toBe(1);
  expect(one.customers.get(d.foreignCustomer)!.depth).toBe(1);
  expect(one.customers.get(d.foreignCustomer)!.topLevel).not.toBe(d.topLevelCustomer);
  expect([...one.clients.keys()].sort()).toEqual([d.clientId, d.foreignClientId].sort());
  // The authorization matrix's owners: pool cards at every depth of the main hierarchy, an Active card for every foreign customer.
  const activeOf = (acc: string) =>
    [...one.cards.values()].filter((c) => c.customerAccountNumber === acc && c.statusId === 1).length;
  expect(d.poolCustomers.map((acc) => one.customers.get(acc)!.depth)).toEqual([1, 0, 2]);
  expect(d.poolCustomers.map(activeOf).every((n) => n >= 24)).toBe(true);
  const foreign = [...one.customers.values()].filter((c) => c.topLevel !== d.topLevelCustomer);
  expect(foreign.filter((c) => activeOf(c.accountNumber) === 0).map((c) => c.accountNumber)).toEqual([]);
  expect(new Set(foreign.map((c) => c.depth))).toEqual(new Set([0, 1, 2]));
});

test("every request body but the token request's refuses a property it does not list, at every level, with the operation's documented error (ASSUME-UNKNOWN-PROPERTIES)", async () => {
  const x = { unlisted: 1 };
  const customer = await createCustomer(h, 'Unlisted');
  const [card] = await poolCards(h, 1, 45);
  const status = { statusReasonId: await reasonId(h) };
  const item = {
    cardTypeId: 1,
    cardAddress: { ...address, companyName: 'Unlisted BV' },
    cardContact: contact,
    products: [{ productId: 1 }],
  };
  const order = (at: (i: typeof item) => object, top = {}) => ({
    customerAccountNumber: customer,
    cards: [at(item)],
    ...top,
  });
  const cases: [string, () => Promise<Awaited<ReturnType<Harness['op']>>>][] = [
    ['create, top', () => h.op('createSubCustomer', {}, { body: newCustomer('u', x) })],
    [
      'create, customerContact',
      () => h.op('createSubCustomer', {}, { body: newCustomer('u', { customerContact: { ...contact, ...x } }) }),
    ],
    [
      'create, customerAddress',
      () => h.op('createSubCustomer', {}, { body: newCustomer('u', { customerAddress: { ...address, ...x } }) }),
    ],
    [
      'update, top',
      () => h.op('updateCustomerDetail', { customerAccountNumber: customer }, { body: { customerName: 'u', ...x } }),
    ],
    [
      'update, customerContact',
      () =>
        h.op(
          'updateCustomerDetail',
          { customerAccountNumber: customer },
          { body: { customerContact: { ...contact, ...x } } }
        ),
    ],
    [
      'update, customerAddress',
      () =>
        h.op(
          'updateCustomerDetail',
          { customerAccountNumber: customer },
          { body: { customerAddress: { ...address, ...x } } }
        ),
    ],
    ...(['blockCustomer', 'unblockCustomer', 'closeCustomer'] as const).map(
      (id): [string, () => ReturnType<Harness['op']>] => [
        id,
        () => h.op(id, { customerAccountNumber: customer }, { body: { notes: 'n', ...x } }),
      ]
    ),
    ['order, top', () => h.op('orderCards', {}, { body: order((i) => i, x) })],
    ['order, item', () => h.op('orderCards', {}, { body: order((i) => ({ ...i, ...x })) })],
    [
      'order, cardAddress',
      () => h.op('orderCards', {}, { body: order((i) => ({ ...i, cardAddress: { ...i.cardAddress, ...x } })) }),
    ],
    [
      'order, cardContact',
      () => h.op('orderCards', {}, { body: order((i) => ({ ...i, cardContact: { ...i.cardContact, ...x } })) }),
    ],
    [
      'order, products',
      () => h.op('orderCards', {}, { body: order((i) => ({ ...i, products: [{ productId: 1, ...x }] })) }),
    ],
    ...(['blockCard', 'unblockCard', 'cancelCard'] as const).map((id): [string, () => ReturnType<Harness['op']>] => [
      id,
      () => h.op(id, { cardIdentifier: card! }, { body: { ...status, ...x } }),
    ]),
    ['replace', () => h.op('replaceCard', { cardIdentifier: card! }, { body: x })],
    ['reprint, top', () => h.op('reprintPIN', { cardIdentifier: card! }, { body: { cardAddress: address, ...x } })],
    [
      'reprint, cardAddress',
      () => h.op('reprintPIN', { cardIdentifier: card! }, { body: { cardAddress: { ...address, ...x } } }),
    ],
    ['search, top', () => h.op('cardSearch', {}, { body: x })],
    ['search, filter', () => h.op('cardSearch', {}, { body: { filter: x } })],
  ];
  for (const [what, send] of cases) {
    const answer = await send();
    const error = Array.isArray(answer.body) ? answer.body[0] : answer.body;
    expect(
      [what, answer.status, error?.errorCode, /unknown property/.test(error?.errorDescription ?? '')],
      what
    ).toEqual([what, 400, 'ER-001', true]);
  }
  const rectangle = { topLatitude: 52.75, bottomLatitude: 52.3, leftLongitude: 13.05, rightLongitude: 13.75, count: 1 };
  for (const body of [x, { filters: x }, { options: x }]) {
    const answer = await h.call('POST', '/locations/geosearch/rectangle', { query: rectangle, body });
    expect(
      [answer.status, typeof answer.body.message, Array.isArray(answer.body.details)],
      JSON.stringify(body)
    ).toEqual([400, 'string', true]);
  }
  // OAuth 2.0: a token request ignores parameters it does not know.
  const token = await h.call('POST', TOKEN_PATH, {
    auth: 'none',
    raw: form({
      grant_type: 'client_credentials',
      client_id: d.clientId,
      client_secret: d.clientSecret,
      unlisted: '1',
    }),
  });
  expect(token.status).toBe(200);
  // Nothing was changed by a refused request.
  expect((await h.op('getCustomer', { customerAccountNumber: customer })).body.statusIdentifier).toBe(1);
});
