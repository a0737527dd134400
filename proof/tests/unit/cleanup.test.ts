/** Teardown writes only what the run made: a close refused never cancels cards a search cannot show are the customer's. */
import { expect, test } from '@playwright/test';
import { cancelCardsOf, closeCreatedCustomer } from '../../../lib/cleanup.js';
import { loadConfig } from '../../../lib/config.js';
import { leftOutSome } from '../../../lib/discovery.js';
import { TestLedger, WorkerLedger } from '../../../lib/ledger.js';
import { SecretRegistry } from '../../../lib/report/redact.js';
import { fakeTargetAnswering } from './fake-target.js';

const config = loadConfig({
  FLEET_BASE_URL: 'https://fleet-test.example.com',
  FLEET_CLIENT_ID: 'qa',
  FLEET_CLIENT_SECRET: 'qa-secret-value',
});

const card = (cardIdentifier: number) => ({ cardIdentifier, cardType: 'Fuel', status: { id: 1, name: 'Active' } });
const page = (ids: number[]) => ({ cards: ids.map(card), hasNextPage: false, totalCount: ids.length });
const hierarchy = [4000001, 4000002, 4000003];

/** A teardown's observer: what the answers break is recorded, no rule of its own is judged. */
const teardown = () => new TestLedger(new Set(), new WorkerLedger(new SecretRegistry(), config.baseUrl), 'a test');

/**
 * A server whose card search gives customer 7000001013 the card 4000003, or (`ignoresCustomer`)
 * every card of the hierarchy whatever customer is asked for; a close answered `close`. The
 * requests it was sent, as "METHOD path".
 */
function server({ ignoresCustomer = false, close = 400, customerStatus = 'Active' } = {}) {
  const sent: string[] = [];
  const api = fakeTargetAnswering(
    config,
    (body, url) => {
      const path = new URL(url).pathname;
      sent.push(`${body === undefined ? 'GET' : 'POST'} ${path}`);
      if (path === '/cards/search') {
        const { customerAccountNumber } = body as { customerAccountNumber?: string };
        return {
          status: 200,
          body: page(customerAccountNumber && !ignoresCustomer ? [4000003] : hierarchy),
        };
      }
      if (path === '/master/all') return { status: 200, body: { reason: [{ id: 7, name: 'Lost' }], cardType: [] } };
      if (path.endsWith('/close')) return { status: close, body: close === 200 ? {} : [{ errorCode: 'ER-001' }] };
      if (path.startsWith('/customers/')) return { status: 200, body: { status: customerStatus } };
      return { status: 200, body: {} };
    },
    teardown()
  );
  return { api, sent, cancels: () => sent.filter((s) => s.endsWith('/cancel')) };
}

test('a card search that ignores the customer filter: no card is cancelled for a close refused', async () => {
  const { api, cancels } = server({ ignoresCustomer: true });
  expect(await cancelCardsOf(api, '7000001013', 'teardown')).toBe(false);
  expect(cancels()).toEqual([]);
});

test("a search that narrowed the hierarchy's cards to the customer's: only its card is cancelled", async () => {
  const { api, cancels } = server();
  expect(await cancelCardsOf(api, '7000001013', 'teardown')).toBe(true);
  expect(cancels()).toEqual(['POST /cards/4000003/cancel']);
});

test('a customer its test closed already is not searched for cards at teardown, and counts as closed', async () => {
  const { api, sent } = server({ ignoresCustomer: true, customerStatus: 'Closed' });
  expect(await closeCreatedCustomer(api, '7000001013', 'teardown')).toBe(true);
  expect(sent.filter((s) => s.startsWith('POST /cards'))).toEqual([]);
});

test("the pool's search is compared with the same search without the customer, status filter kept: every Active card answered proves nothing", async () => {
  const bodies: unknown[] = [];
  const api = fakeTargetAnswering(
    config,
    (body) => {
      bodies.push(body);
      return { status: 200, body: page(hierarchy) };
    },
    teardown()
  );
  const search = { customerAccountNumber: '7000000001', statusIdentifiers: [1] };
  expect(await leftOutSome(api, search, hierarchy.map(card))).toBe(false);
  expect(bodies).toEqual([{ statusIdentifiers: [1] }]);
  expect(await leftOutSome(api, search, [card(4000002)])).toBe(true);
});

test("a customer whose cards fill the wider search's first page: the next page is read, at the default page size, until a card not the customer's shows", async () => {
  const sent: unknown[] = [];
  const api = fakeTargetAnswering(
    config,
    (body) => {
      sent.push(body);
      const { cursor } = body as { cursor?: string };
      return cursor
        ? { status: 200, body: page([4000009]) }
        : { status: 200, body: { ...page([4000001, 4000002]), hasNextPage: true, nextCursor: 'c-2' } };
    },
    teardown()
  );
  expect(await leftOutSome(api, { customerAccountNumber: '7000000001' }, [card(4000001), card(4000002)])).toBe(true);
  expect(sent).toEqual([{}, { cursor: 'c-2' }]);
});
