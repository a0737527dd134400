/**
 * The cards cancel-card and replace-card consume (perf/scenarios/consumable-cards.ts), against a
 * sandbox hosted in this process: cards the run ordered itself where orders show up, one probe card
 * and "not measured" where they do not (the document: up to 24 to 36 hours), FLEET_PERF_CARDS
 * first, never a card that is not the run's, a try before measuring on cards whose order is open,
 * and nothing ordered past FLEET_WRITE_BUDGET or in production.
 */
import { expect, test } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import { TokenProvider } from '../../../lib/auth.js';
import { loadConfig } from '../../../lib/config.js';
import type { OperationId } from '../../../lib/operations.js';
import type { Card, CardList } from '../../../lib/types.generated.js';
import type { ConsumingKey } from '../../../perf/scenarios/consumable-cards.js';
import { Resources } from '../../../perf/scenarios/resources.js';
import { NotMeasurable, SetupApi, SetupError } from '../../../perf/setup-api.js';
import { hostSandbox } from '../../../sandbox/host.js';

const TAG = 'perf-test01';
const cancelBody = { statusReasonId: 1, notes: 'unit test' };
const apps: FastifyInstance[] = [];

test.afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** Resources of a perf run against a fresh sandbox with `sandbox` settings and the run's `env`. */
async function run(sandbox: Record<string, string>, env: Record<string, string> = {}, api = SetupApi) {
  const hosted = await hostSandbox(sandbox);
  apps.push(hosted.app);
  const config = loadConfig({
    FLEET_BASE_URL: hosted.baseUrl,
    FLEET_TARGET: 'sandbox',
    FLEET_PERF_ORDER_WAIT: '2',
    ...env,
  });
  const tokens = new TokenProvider({
    tokenUrl: config.tokenUrl,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
  });
  const setup = new api(hosted.baseUrl, () => tokens.token());
  return { api: setup, resources: new Resources(setup, config, TAG, () => undefined) };
}

const take = (resources: Resources, op: ConsumingKey, count: number) =>
  resources.consumable.take(op, count, 2, cancelBody);

async function poolCardIds(api: SetupApi): Promise<number[]> {
  const body = await api.must<CardList>('cardSearch', {
    body: { customerAccountNumber: '7000000010', statusIdentifiers: [1], limit: 100 },
  });
  return body.cards!.map((c) => c.cardIdentifier!);
}

test('orders that show up at once: the run measures on cards it ordered itself (tried first while their order is open)', async () => {
  const { api, resources } = await run({});
  const { cards, why } = await take(resources, 'cancel-card', 10);
  expect(why).toBeUndefined();
  expect(cards).toHaveLength(10);
  for (const id of cards)
    expect((await api.must<Card>('getCard', { params: { cardIdentifier: id } })).additionalEmbossing).toBe(
      TAG.toUpperCase()
    );
  // The sandbox shows ordered cards as Ordered: one was cancelled first, to learn that cancel accepts them.
  expect(api.footprint.writes).toMatchObject({ cardsOrdered: 11, cardsCancelled: 1 });
  expect(resources.orderReferences).toHaveLength(2);
});

test('orders that do not show up within FLEET_PERF_ORDER_WAIT: not measurable, one card ordered to find out, for both operations', async () => {
  const { api, resources } = await run({ SANDBOX_ORDER_COMPLETION: '3600' });
  const why =
    /cards this run orders do not show up at once: order \S+ \(1 card\) was not in card search after 2 s \(completing an order takes up to 24 to 36 hours, the document says\); FLEET_PERF_CARDS can name cards to consume/;
  await expect(take(resources, 'cancel-card', 10)).rejects.toThrow(why);
  await expect(take(resources, 'replace-card', 10)).rejects.toThrow(why);
  await expect(take(resources, 'replace-card', 10)).rejects.toBeInstanceOf(NotMeasurable);
  expect(api.footprint.writes.cardsOrdered).toBe(1);
});

test('after the order-cards phase, the run watches its first order instead of ordering a card to find out', async () => {
  const { api, resources } = await run({ SANDBOX_ORDER_COMPLETION: '3600' });
  for (let i = 0; i < 3; i += 1) {
    const order = await api.must<{ orderReference: string }>('orderCards', {
      body: { customerAccountNumber: '7000000010', cards: [await resources.orderItem()] },
    });
    resources.adoptOrder(order.orderReference);
  }
  await expect(take(resources, 'cancel-card', 10)).rejects.toThrow(
    new RegExp(`order ${resources.orderReferences[0]} \\(1 card\\) was not in card search after 2 s`)
  );
  expect(api.footprint.writes.cardsOrdered).toBe(3);
});

test('orders that complete within the wait: measured on them once they show up (Active, no try needed)', async () => {
  const { api, resources } = await run({ SANDBOX_ORDER_COMPLETION: '1' }, { FLEET_PERF_ORDER_WAIT: '5' });
  expect((await take(resources, 'replace-card', 6)).cards).toHaveLength(6);
  expect(api.footprint.writes).toMatchObject({ cardsOrdered: 7, cardsCancelled: 0, cardsReplaced: 0 });
});

test('FLEET_PERF_CARDS come first: enough of them, nothing is ordered; too few, the phase runs shorter and says why', async () => {
  const named = Array.from({ length: 10 }, (_, i) => 5001 + i);
  const listed = await run({ SANDBOX_ORDER_COMPLETION: '3600' }, { FLEET_PERF_CARDS: named.join(',') });
  expect((await take(listed.resources, 'cancel-card', 10)).cards).toEqual(named);
  expect(listed.api.footprint.requests).toBe(0);

  const few = await run({ SANDBOX_ORDER_COMPLETION: '3600' }, { FLEET_PERF_CARDS: named.slice(0, 5).join(',') });
  const { cards, why } = await take(few.resources, 'cancel-card', 10);
  expect(cards).toEqual(named.slice(0, 5));
  expect(why).toMatch(/do not show up at once/);
  expect(few.api.footprint.writes.cardsOrdered).toBe(1);
});

test("a search that ignores the orderReference filter hands over none of the pool's cards: only cards showing the run's tag are taken", async () => {
  const { api, resources } = await run(
    { SANDBOX_FAULTS: 'card-search-order-reference-ignored', SANDBOX_ORDER_COMPLETION: '1' },
    { FLEET_PERF_ORDER_WAIT: '5' }
  );
  const pool = await poolCardIds(api);
  const { cards } = await take(resources, 'cancel-card', 5);
  expect(cards).toHaveLength(5);
  expect(cards.filter((id) => pool.includes(id))).toEqual([]);
});

/** A target that refuses (or fails) `refused` on every card. */
const refusing = (refused: OperationId, status: number) =>
  class extends SetupApi {
    override async call<T>(id: OperationId, options: Parameters<SetupApi['call']>[1] = {}) {
      if (id === refused) return { status, body: { errorCode: 'ER-001', errorDescription: 'not yet' } as T };
      return super.call<T>(id, options);
    }
  };

test('cards whose order is open and that the operation refuses (4xx): not measurable, with what the run saw', async () => {
  const { resources } = await run({}, {}, refusing('cancelCard', 400));
  await expect(take(resources, 'cancel-card', 10)).rejects.toThrow(
    /cards this run ordered show up as Ordered, and cancel-card refused one \(400\): they may be usable once the order completes/
  );
  const failing = await run({}, {}, refusing('cancelCard', 500));
  await expect(take(failing.resources, 'cancel-card', 10)).rejects.toBeInstanceOf(SetupError);
});

test('FLEET_WRITE_BUDGET and the production guard: nothing is ordered past the budget, nothing is written in production', async () => {
  const { api, resources } = await run({}, { FLEET_WRITE_BUDGET: 'cards=15' });
  await expect(take(resources, 'replace-card', 10)).rejects.toThrow(
    'FLEET_WRITE_BUDGET cards=15: replace-card: ordering 11 card(s) to consume and making 10 replacements would make 21 cards created (ordered or replacements), over 15'
  );
  expect(api.footprint.requests).toBe(0);
  expect((await take(resources, 'cancel-card', 10)).cards).toHaveLength(10);

  const guarded = await run(
    {},
    {},
    class extends SetupApi {
      constructor(baseUrl: string, token: () => Promise<string>) {
        super(baseUrl, token, true);
      }
    }
  );
  await expect(take(guarded.resources, 'cancel-card', 10)).rejects.toThrow(
    /production guard \(FLEET_TARGET=production\): orderCards writes/
  );
  expect(guarded.api.footprint.byOperation.orderCards).toBeUndefined();
});
