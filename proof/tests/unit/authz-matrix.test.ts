/**
 * The authorization matrix's verdicts and report: a test fails only for the rules of its failed
 * cells (an assumption failure when only a stricter reading failed, blocked by the success rule of
 * a refused positive control), the listing checks tell a leak from an empty page, and the table
 * shows every cell, the failing ones with their request and replay, the unfilled ones with why.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test } from '@playwright/test';
import { commonMasterData } from '../../../lib/authz/customer-writes.js';
import {
  type JudgeContext,
  noForeignCustomerListed,
  refused403,
  refusedNamedInBody,
} from '../../../lib/authz/judges.js';
import { type CellResult, MATRIX_TESTS } from '../../../lib/authz/matrix.js';
import { MatrixRecorder, type RecorderDeps } from '../../../lib/authz/recorder.js';
import type { ApiResponse } from '../../../lib/client.js';
import { loadConfig } from '../../../lib/config.js';
import type { Exchange } from '../../../lib/exchange.js';
import { authzMatrixHtml, buildAuthzMatrix } from '../../../lib/report/authz-matrix.js';
import type { TestRecord } from '../../../lib/report/test-record.js';
import type { MasterData } from '../../../lib/types.generated.js';
import { fakeTarget } from './fake-target.js';

const config = loadConfig({
  FLEET_BASE_URL: 'https://fleet-test.example.com',
  FLEET_CLIENT_ID: 'qa',
  FLEET_CLIENT_SECRET: 'qa-secret-value',
});

const answer = (status: number, body: unknown = {}) =>
  fakeTarget(config, status, body).call('blockCustomer', { params: { customerAccountNumber: '8000000002' }, body: {} });

function recorder(): { matrix: MatrixRecorder; violations: string[]; steps: string[]; seen: string[] } {
  const violations: string[] = [];
  const steps: string[] = [];
  const seen: string[] = [];
  const deps: RecorderDeps = {
    evidence: (e: Exchange) => ({
      operationId: e.operationId,
      baseUrl: e.replayBaseUrl,
      request: e.request,
      response: { status: e.response.status, body: e.response.text },
      startedAt: e.startedAt,
    }),
    step: async (title) => void steps.push(title),
    violation: async (rule) => void violations.push(rule),
    saw: (what) => void seen.push(what),
  };
  return { matrix: new MatrixRecorder(deps), violations, steps, seen };
}

test('a matrix test fails only for the rules of its failed cells, each line naming its rule and the first with its replay', async () => {
  const { matrix, violations, steps } = recorder();
  await matrix.control('blockCustomer', 'ownSub', '7000001001', await answer(200));
  await matrix.failed('blockCustomer', 'foreignSub', '8000000002', await answer(200), 'served (200)');
  await matrix.passed('blockCustomer', 'foreignTop', '8000000001', await answer(403), 'refused: 403');
  await matrix.notRun('closeCustomer', 'foreignSubSub', 'not tried');
  const error = await matrix
    .conclude(() => new Error('no block expected'))
    .then(
      () => undefined,
      (e: Error) => e
    );
  const message = error?.message ?? '';
  expect([...message.matchAll(/^\[([A-Z0-9-]+)\]/gm)].map((m) => m[1])).toEqual(['CUST-FOREIGN-403']);
  expect(message).toContain("block × another client's sub-customer (8000000002): served (200)");
  expect(message).toMatch(/curl -sS -X POST 'https:\/\/fleet-test\.example\.com\/customers\/8000000002\/block'/);
  expect(violations).toEqual(['CUST-FOREIGN-403']);
  expect(steps).toEqual([
    "block × the caller's sub-customer: passed (200)",
    "block × another client's sub-customer: failed (200)",
    "block × another client's top-level account: passed (403)",
    "close × another client's sub-customer's sub-customer: not-run",
  ]);
});

test("a cell failed only under a stricter reading is an assumption failure; a refused positive control blocks the test by the operation's success rule", async () => {
  const strict = recorder().matrix;
  await strict.failedStrictly(
    'ASSUME-UNKNOWN-RESOURCE-404',
    'listCustomers',
    'foreignTop',
    '8000000001',
    await answer(200),
    '200 with none of its customers'
  );
  const message = await strict
    .conclude(() => new Error('no block expected'))
    .then(
      () => '',
      (e: Error) => e.message
    );
  expect(message.split('\n')[0]).toMatch(/^\[ASSUME-UNKNOWN-RESOURCE-404\] /);
  expect(message).toContain(
    '[AUTH-FOREIGN-NOT-LISTED] judged under the stricter reading of ASSUME-UNKNOWN-RESOURCE-404'
  );

  const refused = recorder().matrix;
  expect(
    await refused.control(
      'blockCustomer',
      'ownSubSub',
      '7000001001',
      await answer(400, { errorCode: 'ER-001', errorDescription: 'no' })
    )
  ).toBe(false);
  const blocked = await refused
    .conclude((rule, reason) => new Error(`blocked by ${rule}: ${reason}`))
    .then(
      () => '',
      (e: Error) => e.message
    );
  expect(blocked).toBe(
    'blocked by CUST-BLOCK: the caller\'s own request of "block" (the positive control): POST /customers/8000000002/block answered 400'
  );
});

test("a refusal of the caller's own top-level account, where the document leaves open whether it may, is no fault: the cell is not run, the answer recorded", async () => {
  const { matrix, seen } = recorder();
  expect(
    await matrix.control('getCustomer', 'ownTop', '7000000001', await answer(403), { tolerated: 'not shown' })
  ).toBe(false);
  expect(matrix.cells).toEqual([
    {
      row: 'getCustomer',
      column: 'ownTop',
      verdict: 'not-run',
      resource: '7000000001',
      note: 'not served (403): not shown',
    },
  ]);
  expect(seen).toEqual(["get a customer × the caller's top-level account: answered 403"]);
  await matrix.conclude(() => new Error('no block expected'));
});

test("a row's foreign cells wait for its own ones: served at the first own request served, not served once all are in without one, or when the own requests end", async () => {
  const { matrix } = recorder();
  const block = matrix.served('blockCustomer');
  const close = matrix.served('closeCustomer');
  const order = matrix.served('orderCards');
  await matrix.notRun('blockCustomer', 'ownTop', 'not tried');
  await matrix.control('blockCustomer', 'ownSubSub', '7000001002', await answer(200));
  expect(await block).toBe(true);
  await matrix.notRun('closeCustomer', 'ownTop', 'not tried');
  await matrix.notRun('closeCustomer', 'ownSubSub', 'not tried');
  await matrix.failed('closeCustomer', 'foreignSub', '8000000002', await answer(200), 'a foreign cell is no control');
  const pending = await Promise.race([close.then(() => 'settled'), sleep(20, 'pending')]);
  expect(pending).toBe('pending');
  await matrix.notRun('closeCustomer', 'ownSub', 'not tried');
  expect(await close).toBe(false);
  matrix.endControls();
  expect([await order, await matrix.served('cancelCard')]).toEqual([false, false]);
});

test('an own request served unlike asked (created elsewhere than under the parent named) leaves its whole row without a control, whatever another own cell shows, and blocks the test by the rule it broke', async () => {
  const { matrix } = recorder();
  const createUnder = matrix.served('createUnder');
  const unlike = {
    rule: 'CUST-CREATE-UNDER-PARENT',
    why: 'customer 7000001003, created under 7000001001: its parent is shown as 7000000001, and 7000001001 does not list it',
  };
  expect(
    await matrix.control('createUnder', 'ownSub', '7000001001', await answer(200), { served: false, unlike })
  ).toBe(false);
  expect(await matrix.control('createUnder', 'ownTop', '7000000001', await answer(200), { served: true })).toBe(true);
  expect(await createUnder).toBe(false);
  const blocked = await matrix
    .conclude((rule, reason) => new Error(`blocked by ${rule}: ${reason}`))
    .then(
      () => '',
      (e: Error) => e.message
    );
  expect(blocked).toBe(
    `blocked by CUST-CREATE-UNDER-PARENT: the caller's own request of "create a sub-customer under it" (the positive control): POST /customers/8000000002/block answered 200, but ${unlike.why}`
  );
});

test('refused403 passes only a 403; a served request and any other refusal fail', async () => {
  expect(refused403(await answer(403)).verdict).toBe('passed');
  expect(refused403(await answer(200)).note).toMatch(/^served \(200\)/);
  expect(refused403(await answer(404)).note).toMatch(/^answered 404 \(404 says it does not exist/);
  expect(refused403(await answer(400, { errorCode: 'ER-001', errorDescription: 'no' })).verdict).toBe('failed');
});

test('a foreign customer named in a body may be refused with 403 or another 4xx (400, 404, 422: lenient), never served', async () => {
  const invalid = { errorCode: 'ER-001', errorDescription: 'customerAccountNumber is not valid' };
  expect(refusedNamedInBody(await answer(403))).toEqual({ verdict: 'passed', note: 'refused: 403' });
  for (const refusal of [
    await answer(400, invalid),
    await answer(404),
    await answer(422, { message: 'invalid parent' }),
  ])
    expect(refusedNamedInBody(refusal)).toMatchObject({ verdict: 'passed', lenient: true });
  expect(refusedNamedInBody(await answer(200)).verdict).toBe('failed');
});

test('a customer list filtered by a foreign customer may answer 403 or an empty page (lenient), never one of its sub-accounts', async () => {
  const ctx: JudgeContext = {
    resource: '8000000001',
    customerListFields: config.customerListFields,
    foreignCustomers: new Set(['8000000003']),
    foreignAmong: async () => [],
  };
  const page = (customers: unknown[]) =>
    ({
      status: 200,
      body: { customers, hasNextPage: false },
      headers: {},
      nulls: [],
      breaches: [],
      exchange: {} as Exchange,
    }) as ApiResponse;
  expect(noForeignCustomerListed({ status: 403 } as ApiResponse, ctx)).toEqual({
    verdict: 'passed',
    note: 'refused: 403',
  });
  expect(noForeignCustomerListed(page([]), ctx)).toMatchObject({ verdict: 'passed', lenient: true });
  expect(
    noForeignCustomerListed(
      page([{ customerAccountNumber: '7000000002', parentCustomerAccountNumber: '7000000001' }]),
      ctx
    )
  ).toMatchObject({ verdict: 'passed' });
  expect(
    noForeignCustomerListed(
      page([{ customerAccountNumber: '8000000002', parentCustomerAccountNumber: '8000000001' }]),
      ctx
    )
  ).toMatchObject({ verdict: 'failed', note: 'shows 1 customer of another hierarchy: 8000000002' });
  expect(
    noForeignCustomerListed(
      page([{ customerAccountNumber: '8000000003', parentCustomerAccountNumber: '8000000099' }]),
      ctx
    )
  ).toMatchObject({ verdict: 'failed' });
});

test("the matrix shows two tables, every row against every owner: filled cells as the tests left them (the worse of two), the others not run with what their test's record says", async () => {
  const failing = await answer(200);
  const cells: CellResult[] = [
    { row: 'getCustomer', column: 'ownSub', verdict: 'passed', status: 200, note: 'served', resource: '7000000010' },
    {
      row: 'getCustomer',
      column: 'foreignTop',
      verdict: 'passed',
      status: 403,
      note: 'refused: 403',
      resource: '8000000001',
    },
    {
      row: 'getCustomer',
      column: 'foreignTop',
      verdict: 'failed',
      status: 200,
      note: 'served (200)',
      resource: '8000000001',
      evidence: {
        operationId: 'getCustomer',
        baseUrl: failing.exchange.replayBaseUrl,
        request: failing.exchange.request,
        response: { status: 200, body: '{}' },
        startedAt: failing.exchange.startedAt,
      },
    },
  ];
  const record = (title: string, outcome: TestRecord['outcome'], more: Partial<TestRecord> = {}): TestRecord => ({
    key: title,
    title,
    file: 'specs/auth/auth-matrix.spec.ts',
    ruleIds: [],
    outcome,
    ...more,
  });
  const records = [
    record(MATRIX_TESTS.customerReads, 'failed'),
    record(MATRIX_TESTS.cardWrites, 'not-run', { reason: 'no card pool configured (FLEET_CARD_POOL_CUSTOMER)' }),
    record(MATRIX_TESTS.customerWrites, 'blocked', {
      blockedBy: {
        rule: 'CUST-CREATE-RETURNS-NUMBER',
        reason: 'creating a sub-customer answered no customerAccountNumber',
      },
    }),
  ];
  const m = buildAuthzMatrix(cells, records);
  const [customers, cards] = m.tables;
  expect([customers!.id, customers!.rows.length, cards!.id, cards!.rows.length]).toEqual(['customers', 10, 'cards', 7]);
  const row = (id: string) => m.tables.flatMap((t) => t.rows).find((r) => r.id === id)!;
  expect(row('getCustomer').cells.foreignTop).toMatchObject({ verdict: 'failed', status: 200 });
  expect(row('getCustomer').cells.foreignSubSub).toEqual({
    verdict: 'not-run',
    note: 'its test stopped before this cell',
  });
  expect(row('createUnder').cells.foreignSubSub).toMatchObject({
    verdict: 'n/a',
    note: expect.stringContaining('CUST-DEPTH-MAX-2'),
  });
  expect(row('blockCard').cells.foreignSub.note).toBe('no card pool configured (FLEET_CARD_POOL_CUSTOMER)');
  expect(row('closeCustomer').cells.ownSub.note).toBe(
    'its test was blocked by CUST-CREATE-RETURNS-NUMBER: creating a sub-customer answered no customerAccountNumber'
  );
  expect(row('getCard').cells.ownTop.note).toBe('its test was not part of this run');
  // Every customer row against the six customer owners (but creating below the deepest level), every card row against the six card owners.
  expect(m.totals).toEqual({ passed: 1, failed: 1, 'not-run': 98 });
  expect([customers!.totals, cards!.totals]).toEqual([
    { passed: 1, failed: 1, 'not-run': 56 },
    { passed: 0, failed: 0, 'not-run': 42 },
  ]);
  // No column is mostly "—": at most one row of a table has no cell in a column.
  for (const t of m.tables)
    for (const c of t.columns)
      expect(t.rows.filter((r) => r.cells[c.id].verdict === 'n/a').length, `${t.id} × ${c.id}`).toBeLessThanOrEqual(1);
  const html = authzMatrixHtml(m);
  expect(html).toContain('100 cells');
  expect(html).toContain('curl -sS -X POST &#39;https://fleet-test.example.com/customers/8000000002/block&#39;');
  // A path wraps only between its segments.
  expect(html).toContain(
    '<code class="request">GET <span class="seg">/customers</span><wbr><span class="seg">/{customerAccountNumber}</span></code>'
  );
});

test('a card order item for both hierarchies takes the ids their master data share, whatever other fields the answers carry', () => {
  const mine = {
    cardType: [{ id: 1 }, { id: 4 }],
    product: [{ id: 1 }],
    reason: [{ id: 7 }],
    vendorExtension: 'x',
  } as unknown as MasterData;
  const theirs = {
    cardType: [{ id: 1 }, { id: 2 }],
    product: [{ id: 13 }],
    vendorExtension: { any: 1 },
  } as unknown as MasterData;
  expect(commonMasterData(mine, theirs)).toEqual({
    cardType: [{ id: 1 }],
    product: [{ id: 1 }],
    reason: [{ id: 7 }],
    vendorExtension: 'x',
  });
  expect(commonMasterData(mine, undefined)).toBe(mine);
});
