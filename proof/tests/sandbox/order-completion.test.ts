/**
 * SANDBOX_ORDER_COMPLETION (buildApp's orderCompletionSeconds): a legitimate choice the document
 * leaves open ("completing the order takes up to 24 to 36 hours"; "States of a card order after
 * acceptance: not shown"). The order is accepted at once; its cards show up, Active, only when it
 * completes. The setting is read and checked with the sandbox's other settings.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test } from '@playwright/test';
import { readServerConfig } from '../../../sandbox/server-config.js';
import { createCustomer, sandboxPerTest, searchAll } from './core-harness.js';

const h = sandboxPerTest({ orderCompletionSeconds: 1 });

test('an accepted order shows no card until it completes, then its cards, Active', async () => {
  const master = (await h.op('getMasterData')).body;
  const customer = await createCustomer(h, 'Late orderer');
  const res = await h.op(
    'orderCards',
    {},
    {
      body: {
        customerAccountNumber: customer,
        cards: [{ cardTypeId: master.cardType[0].id }, { cardTypeId: master.cardType[1].id }],
      },
    }
  );
  expect(res.status).toBe(202);
  expect((await searchAll(h, { orderReference: res.body.orderReference })).cards).toEqual([]);
  await sleep(1300);
  const { cards } = await searchAll(h, { orderReference: res.body.orderReference });
  expect(cards.map((c) => c.status)).toEqual([
    { id: 1, name: 'Active' },
    { id: 1, name: 'Active' },
  ]);
});

test('SANDBOX_ORDER_COMPLETION: 0 by default, whole seconds up to 36 hours, a mistake is one line', () => {
  expect(readServerConfig({}).orderCompletionSeconds).toBe(0);
  expect(readServerConfig({ SANDBOX_ORDER_COMPLETION: '86400' }).orderCompletionSeconds).toBe(86400);
  expect(() => readServerConfig({ SANDBOX_ORDER_COMPLETION: 'later' })).toThrow(
    'SANDBOX_ORDER_COMPLETION: "later" is not a whole number (0 to 129600)'
  );
  expect(() => readServerConfig({ SANDBOX_ORDER_COMPLETION: '200000' })).toThrow(
    'SANDBOX_ORDER_COMPLETION: 200000 is out of range (0 to 129600)'
  );
});
