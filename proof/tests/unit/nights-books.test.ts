/**
 * A chaos night's books (proof/nights/accounting.ts): each event the layer injected matched with
 * the run's own report of it, one to one, by method, path, time and kind; a pause without a
 * timeout is an answer that came late; what the run does not report stays unaccounted.
 */
import { expect, test } from '@playwright/test';
import type { ChaosEvent } from '../../chaos/events.js';
import { keepBooks, type RunEvent } from '../../nights/accounting.js';

const T0 = Date.parse('2030-06-15T01:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();
let seq = 0;
const injected = (kind: ChaosEvent['kind'], method: string, path: string, ms: number): ChaosEvent => ({
  time: at(ms),
  seq: ++seq,
  kind,
  method,
  path,
  reachedServer: kind === 'pause' || kind === 'reset-after',
});
const reported = (
  kind: string,
  method: string,
  path: string,
  ms: number,
  outcome: string,
  status?: number
): RunEvent => ({ kind, at: at(ms), method, path, outcome, test: 't', ...(status ? { status } : {}) });

test("every injected event finds the run's report of it, one to one; what the run did not report is named", () => {
  const token = '/identity/realms/fleet/protocol/openid-connect/token';
  const books = keepBooks(
    [
      injected('token-503', 'POST', token, 100),
      injected('reset-before', 'POST', token, 900),
      injected('gateway-502', 'GET', '/cards/4000001?x=1', 2_000),
      injected('gateway-504', 'GET', '/cards/4000001?x=1', 2_500),
      injected('reset-after', 'POST', '/customers/subcustomer', 9_000),
      injected('pause', 'GET', '/master/all', 12_000),
      injected('pause', 'GET', '/master/all', 40_000),
      injected('gateway-504', 'GET', '/customers?limit=1', 50_000),
    ],
    [
      reported('token', 'POST', token, 80, 'retried', 503),
      reported('token', 'POST', token, 880, 'retried'),
      // Sent before the layer logged its answer; the 504 is told apart from the 502 by its status.
      reported('gateway', 'GET', '/cards/4000001', 2_490, 'retried', 504),
      reported('gateway', 'GET', '/cards/4000001', 1_990, 'gave-up', 502),
      // The write reached the server before the layer reset the connection: read back.
      reported('reset', 'POST', '/customers/subcustomer', 8_700, 'reconciled'),
      // A pause the suite did not wait out (its request timed out); the later pause's answer only came late.
      reported('timeout', 'GET', '/master/all', 10_000, 'retried'),
      // The run's own 502 of another path answers for nothing the layer did.
      reported('gateway', 'GET', '/customers', 49_990, 'retried', 502),
    ]
  );
  expect(books.injected).toEqual({
    'token-503': 1,
    'reset-before': 1,
    'gateway-502': 1,
    'gateway-504': 2,
    'reset-after': 1,
    pause: 2,
  });
  expect(books.fates).toEqual({ retried: 4, 'gave-up': 1, reconciled: 1, 'answered late': 1 });
  expect(books.unaccounted).toEqual([`gateway-504 GET /customers?limit=1 at ${at(50_000)} (request 8)`]);
});

test('a report from well before the event, or after it, answers for nothing', () => {
  const books = keepBooks(
    [injected('reset-before', 'GET', '/master/all', 200_000)],
    [
      reported('reset', 'GET', '/master/all', 200_000 - 121_000, 'retried'),
      reported('reset', 'GET', '/master/all', 200_000 + 2_500, 'retried'),
    ]
  );
  expect(books.unaccounted).toHaveLength(1);
});
