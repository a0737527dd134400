/** What FleetClient makes of a request that did not succeed: whose rule fails or blocks the test. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ConformanceError } from '../../../lib/client.js';
import { loadConfig } from '../../../lib/config.js';
import { CreatedNumbers } from '../../../lib/created-numbers.js';
import { BlockedError, TestLedger, WorkerLedger } from '../../../lib/ledger.js';
import { SecretRegistry } from '../../../lib/report/redact.js';
import { fakeTestInfo } from './failures.js';
import { fakeTarget, fakeTargetAnswering } from './fake-target.js';

const config = loadConfig({
  FLEET_BASE_URL: 'https://fleet-test.example.com',
  FLEET_CLIENT_ID: 'qa',
  FLEET_CLIENT_SECRET: 'qa-secret-value',
});

/** The error `need` throws for a card-types read answered `status`, in a test of CUST-CARDTYPES-SHAPE. */
async function needOfCardTypes(status: number, body: unknown): Promise<unknown> {
  const ledger = new TestLedger(
    new Set(['CUST-CARDTYPES-SHAPE']),
    new WorkerLedger(new SecretRegistry(), config.baseUrl),
    'a test'
  );
  const api = fakeTarget(config, status, body, ledger);
  const response = await api.call('getCustomerCardTypes', { params: { customerAccountNumber: '7000000010' } });
  try {
    api.need(response, 'reading the card types');
    return undefined;
  } catch (e) {
    return e;
  }
}

test("a set-up request refused (4xx) fails the test when the rule that promises its success is the test's own", async () => {
  const error = await needOfCardTypes(404, { errorCode: 'NOT_FOUND', errorDescription: 'no such customer' });
  expect(error).not.toBeInstanceOf(BlockedError);
  expect((error as Error).message).toMatch(
    /^\[CUST-CARDTYPES-SHAPE\] reading the card types: GET \/customers\/7000000010\/cardTypes answered 404/
  );
});

test("a set-up request answered 5xx blocks the test by the rule the answer broke, not by the test's own", async () => {
  const error = await needOfCardTypes(500, { errorCode: 'ER-012', errorDescription: 'contact support' });
  expect(error).toBeInstanceOf(BlockedError);
  expect((error as BlockedError).blocker.rule).toBe('HTTP-STATUS-DOCUMENTED');
});

/** A card search whose server refuses limit 1 with 400, in a test of `rules`: what the test and the worker get. */
async function searchWithLimit1(rules: string[], answerWithout: number, beside: Record<string, unknown> = {}) {
  const worker = new WorkerLedger(new SecretRegistry(), config.baseUrl);
  const ledger = new TestLedger(new Set(rules), worker, 'a test');
  const sent: unknown[] = [];
  const api = fakeTargetAnswering(
    config,
    (body) => {
      sent.push(body);
      const limit = (body as { limit?: number }).limit;
      return limit === 1
        ? { status: 400, body: { errorCode: 'ER-001', errorDescription: 'limit must be at least 2' } }
        : { status: answerWithout, body: { cards: [], hasNextPage: false } };
    },
    ledger
  );
  const body = { limit: 1, customerAccountNumber: '7000000010', ...beside };
  const outcome = await api.call('cardSearch', { body }).then(
    (r) => r.status,
    (e: Error) => e
  );
  return { outcome, sent, findings: worker.flush() };
}

test('a valid card search refused for limit 1, and accepted without it, is a finding of CARD-SEARCH-LIMIT-MIN-1 for a test of another rule, with both answers', async () => {
  const { outcome, sent, findings } = await searchWithLimit1(['CARD-SEARCH-CURSOR'], 200);
  expect(outcome).toBe(400);
  expect(sent).toEqual([{ limit: 1, customerAccountNumber: '7000000010' }, { customerAccountNumber: '7000000010' }]);
  expect(findings.map((f) => [f.rule, f.check, f.evidence?.acceptedWithout])).toEqual([
    ['CARD-SEARCH-LIMIT-MIN-1', 'promised_value_accepted', { field: 'limit', status: 200 }],
  ]);
});

test("the same refusal fails a test of CARD-SEARCH-LIMIT-MIN-1 for that rule; refused without limit too, it is no one's finding", async () => {
  const own = await searchWithLimit1(['CARD-SEARCH-LIMIT-MIN-1'], 200);
  expect(own.outcome).toBeInstanceOf(ConformanceError);
  expect((own.outcome as Error).message).toContain('sent once more without limit, it was accepted: 200');
  const both = await searchWithLimit1(['CARD-SEARCH-CURSOR'], 400);
  expect([both.outcome, both.findings.map((f) => f.rule)]).toEqual([400, []]);
});

test('a refused card search with limit 1 and a cursor is not judged for the limit: a cursor may bind its own page size', async () => {
  const { outcome, sent, findings } = await searchWithLimit1(['CARD-SEARCH-CURSOR'], 200, { cursor: 'c-2' });
  expect([outcome, sent.length, findings]).toEqual([400, 1, []]);
});

/** A failed test's TestInfo: an assertion of no check. */
const fakeFailedTest = () => fakeTestInfo('failed', [new Error('expect(received).toBe(expected)')]).info;

/** A test of `rule` in its own worker, whose creations and closes go to the run's numbers in `dir`. */
function creatingTest(dir: string, rule: string, title: string) {
  const worker = new WorkerLedger(new SecretRegistry(), config.baseUrl);
  const ledger = new TestLedger(new Set([rule]), worker, title);
  const api = fakeTargetAnswering(
    config,
    () => ({ status: 200, body: { customerAccountNumber: '7000001013' } }),
    ledger,
    {
      numbers: new CreatedNumbers(dir, 'main'),
    }
  );
  const create = () => api.call('createSubCustomer', { body: { customerName: title } });
  return { worker, ledger, api, create };
}

test("two creations of the run answered one account number: the second is CUST-CREATE-RETURNS-NUMBER's finding, and each test's failures are blocked by it", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'numbers-'));
  const first = creatingTest(dir, 'CUST-UPDATE-APPLIES', 'test one');
  const second = creatingTest(dir, 'CUST-LIST-SEARCH-NAME', 'test two');
  const firstCreation = await first.create();
  expect(firstCreation.breaches).toEqual([]);
  expect((await second.create()).breaches.map((f) => [f.rule, f.check])).toEqual([
    ['CUST-CREATE-RETURNS-NUMBER', 'created_number_own'],
  ]);
  for (const { ledger } of [first, second]) {
    const { blockedBy } = await ledger.settle(fakeFailedTest());
    expect(blockedBy?.rule).toBe('CUST-CREATE-RETURNS-NUMBER');
  }
  // The first test learns it when it ends, on the exchange it received: its records show that one.
  expect(firstCreation.exchange.sharedNumber).toMatchObject({
    accountNumber: '7000001013',
    with: { test: 'test two' },
  });
  // A test of the rule itself fails for it.
  const own = creatingTest(dir, 'CUST-CREATE-RETURNS-NUMBER', 'test three');
  await expect(own.create()).rejects.toBeInstanceOf(ConformanceError);
});

test('a creation sent after the holder closed its customer may be answered that number again: no finding', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'numbers-'));
  const first = creatingTest(dir, 'CUST-UPDATE-APPLIES', 'test one');
  await first.create();
  await first.api.call('closeCustomer', { params: { customerAccountNumber: '7000001013' }, body: {} });
  const second = creatingTest(dir, 'CUST-LIST-SEARCH-NAME', 'test two');
  expect((await second.create()).breaches).toEqual([]);
  expect((await first.ledger.settle(fakeFailedTest())).blockedBy).toBeUndefined();
});
