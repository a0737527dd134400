/** What FleetClient.need makes of a set-up request that did not succeed: whose rule fails or blocks the test. */
import { expect, test } from '@playwright/test';
import { loadConfig } from '../../../lib/config.js';
import { BlockedError, TestLedger, WorkerLedger } from '../../../lib/ledger.js';
import { SecretRegistry } from '../../../lib/report/redact.js';
import { fakeTarget } from './fake-target.js';

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
