import { expect, test } from '@playwright/test';
import { operations, type LatencyKey, type OperationId } from '../../../lib/operations.js';
import { seedStore } from '../../../sandbox/seed/index.js';
import { address, createCustomer, defaults as d, poolCards, reasonId, sandboxPerTest, schemaErrors, startSandbox, type Harness } from './core-harness.js';

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
  expect(answers.map(([id]) => id).sort()).toEqual(Object.keys(operations).filter((id) => !['requestToken', 'geosearchRectangle', 'getSession'].includes(id)).sort());
  for (const [id, res] of answers) {
    expect(res.status, `${id}: ${res.text}`).toBe(operations[id].success);
    expect(res.contentType, id).toMatch(/^application\/json/);
    expect(schemaErrors(id, res), id).toEqual([]);
  }
  const empty: OperationId[] = ['updateCustomerDetail', 'blockCustomer', 'unblockCustomer', 'closeCustomer', 'blockCard', 'unblockCard', 'cancelCard', 'replaceCard', 'reprintPIN'];
  for (const [id, res] of answers) if (empty.includes(id)) expect(res.body, id).toEqual({});
});

test('errors are JSON: unknown route 404, broken JSON 400, wrong content type 400, never a stack trace', async () => {
  const unknown = await h.call('GET', '/nothing/here');
  expect(unknown.status).toBe(404);
  expect(unknown.contentType).toMatch(/^application\/json/);
  expect(unknown.body).toEqual({ errorCode: 'NOT_FOUND', errorDescription: expect.any(String) });
  const broken = await h.call('POST', '/cards/search', { raw: { payload: '{"limit": ', contentType: 'application/json' } });
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

test('latency: the delay of the operation\'s latency key is applied before 2xx answers only', async () => {
  const asked: LatencyKey[] = [];
  const slow = await startSandbox({ latency: (key) => (asked.push(key), key === 'get-card' ? 150 : 0) });
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
});
