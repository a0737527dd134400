import { expect, test } from '@playwright/test';
import type { TestCase, TestResult } from '@playwright/test/reporter';
import { emptyFootprint } from '../../../lib/footprint.js';
import { compareRuns } from '../../../lib/gate/compare.js';
import { judgedBy } from '../../../lib/judgements.js';
import { type Decided, EVIDENCE_ATTACHMENT, type Evidence, type LedgerEntry } from '../../../lib/ledger.js';
import { buildCoverage } from '../../../lib/report/coverage.js';
import { buildDrift } from '../../../lib/report/drift.js';
import { curlOf } from '../../../lib/report/replay.js';
import { recordOf, type TestRecord } from '../../../lib/report/test-record.js';
import { VERDICT_ATTACHMENT, type Verdict } from '../../../lib/verdict.js';
import { judgedError } from './failures.js';
import { settledRecord } from './settled.js';
import { declaredBy } from './title-ids.js';

const shown: Evidence = {
  operationId: 'cardSearch',
  baseUrl: 'http://127.0.0.1:4010',
  request: { method: 'POST', path: '/cards/search', headers: {}, auth: 'token' },
  response: { status: 200, body: '{}' },
  startedAt: new Date(0).toISOString(),
};

/** A test's record; a failed one carries the answer its ledger attached as evidence, unless `evidence` is false. */
function run(
  title: string,
  status: TestResult['status'],
  failures: (string | Error)[] = [],
  annotations: TestCase['annotations'] = [],
  evidence = status === 'failed',
  blockedBy?: Decided['blockedBy']
): TestRecord {
  const test = {
    title,
    titlePath: () => ['', 'conformance', 'x.spec.ts', title],
    location: { file: '/p/specs/x.spec.ts', line: 1, column: 1 },
    annotations: [...declaredBy(title), ...annotations],
    timeout: 60_000,
  } as unknown as TestCase;
  const attachments = evidence ? [{ name: EVIDENCE_ATTACHMENT, body: Buffer.from(JSON.stringify(shown)) }] : [];
  const errors = failures.map((f) => ({ message: f instanceof Error ? `${f.name}: ${f.message}` : f }));
  const judged = failures.map((f) => (f instanceof Error ? (judgedBy(f)?.rules ?? []) : []));
  const result = { status, errors, attachments } as unknown as TestResult;
  return settledRecord(test, result, 'http://127.0.0.1:4010', { judged, ...(blockedBy ? { blockedBy } : {}) });
}

test('a failing test of several rules fails the rules its failure names, or all of them when it names none', () => {
  expect(
    run('t [CARD-SEARCH-CURSOR, CARD-SEARCH-PAGE-FLAGS]', 'failed', [
      judgedError(['CARD-SEARCH-CURSOR'], 'cards seen twice'),
    ]).failedRules
  ).toEqual(['CARD-SEARCH-CURSOR']);
  expect(
    run('t [CARD-SEARCH-CURSOR, CARD-SEARCH-PAGE-FLAGS]', 'failed', ['Error: expect(received).toBe(expected)'])
      .failedRules
  ).toEqual(['CARD-SEARCH-CURSOR', 'CARD-SEARCH-PAGE-FLAGS']);
  const strict = run('t [CUST-UNBLOCK-ONLY-BLOCKED]', 'failed', [
    judgedError(['ASSUME-UNMET-CONDITION', 'CUST-UNBLOCK-ONLY-BLOCKED'], 'unblock (strict reading)'),
  ]);
  expect([strict.outcome, strict.assumption]).toEqual(['assumption-failed', 'ASSUME-UNMET-CONDITION']);
});

test('a stricter reading in a test of several rules is an assumption failure of the rule it judged alone', () => {
  const title = 'lifecycle [CUST-BLOCK, CUST-UNBLOCK-ONLY-BLOCKED, CUST-CLOSE-PERMANENT]';
  const record = run(title, 'failed', [
    judgedError(
      ['ASSUME-UNMET-CONDITION', 'CUST-UNBLOCK-ONLY-BLOCKED'],
      'lifecycle failed after 3 runs: unblocking open customer 7000001001 (strict reading)'
    ),
  ]);
  expect([record.outcome, record.failedRules]).toEqual(['assumption-failed', ['CUST-UNBLOCK-ONLY-BLOCKED']]);
  const coverage = buildCoverage('sandbox', [record], [], emptyFootprint());
  const statusOf = (id: string) => coverage.rules.find((r) => r.id === id)!.status;
  expect(['CUST-BLOCK', 'CUST-UNBLOCK-ONLY-BLOCKED', 'CUST-CLOSE-PERMANENT'].map(statusOf)).toEqual([
    'not-run',
    'assumption-failed',
    'not-run',
  ]);
  // Beside a failure of the document's own statement, the test fails.
  expect(
    run(title, 'failed', [
      judgedError(['CUST-BLOCK'], 'still Active'),
      judgedError(['ASSUME-UNMET-CONDITION', 'CUST-UNBLOCK-ONLY-BLOCKED'], 'x'),
    ]).outcome
  ).toBe('failed');
});

test('no red without evidence: a failure no answer of the server shows, and a test out of time, are incomplete, their rules not judged', () => {
  const bare = run('t [CARD-BLOCK]', 'failed', [judgedError(['CARD-BLOCK'], 'still Active')], [], false);
  expect([bare.outcome, bare.failedRules, bare.reason]).toEqual([
    'incomplete',
    undefined,
    'failed with no answer of the server to show for it: not judged (Error: [CARD-BLOCK] still Active)',
  ]);
  const late = run('t [CARD-BLOCK, CARD-UNBLOCK-REACTIVATES]', 'timedOut', ['Test timeout of 60000ms exceeded.']);
  expect([late.outcome, late.reason]).toEqual(['incomplete', 'ran out of time (its limit: 60 s): not judged']);
  const said = run(
    't [CARD-BLOCK]',
    'skipped',
    [],
    [{ type: 'incomplete', description: 'POST /cards/1/block lost its connection (ECONNRESET): not judged' }]
  );
  expect([said.outcome, said.reason]).toEqual([
    'incomplete',
    'POST /cards/1/block lost its connection (ECONNRESET): not judged',
  ]);
  const coverage = buildCoverage(
    'sandbox',
    [bare, late, said, run('block [CARD-BLOCK]', 'passed')],
    [],
    emptyFootprint()
  );
  const statusOf = (id: string) => coverage.rules.find((r) => r.id === id)!.status;
  expect(
    [statusOf('CARD-BLOCK'), statusOf('CARD-UNBLOCK-REACTIVATES')],
    'not judged, never red, also beside a pass'
  ).toEqual(['incomplete', 'incomplete']);
  expect(coverage.tests).toMatchObject({ total: 4, passed: 1, failed: 0, incomplete: 3 });
  expect(coverage.environment.incompleteTests).toBe(3);
});

test('the gate reads an incomplete test: its rules not judged tonight are a notice, never a regression', () => {
  const reports = (records: TestRecord[]) => ({
    dir: 'reports',
    coverage: buildCoverage('sandbox', records, [], emptyFootprint()),
    drift: buildDrift(undefined, 'sandbox', []),
  });
  const title = 'block [CARD-BLOCK]';
  const gate = compareRuns(
    reports([run(title, 'passed')]),
    reports([run(title, 'timedOut', ['Test timeout of 60000ms exceeded.'])]),
    [],
    '2030-06-15'
  );
  expect(gate.regressions).toEqual([]);
  expect(gate.rows.map((r) => `${r.kind} ${r.subject}: ${r.detail.join('; ')}`)).toEqual([
    'not judged CARD-BLOCK: ran out of time (its limit: 60 s): not judged',
  ]);
});

test('skipped is blocked (by which rule) or not run (why)', () => {
  const blocked = run('t [CARD-BLOCK]', 'skipped', [], [], false, {
    rule: 'CARD-SHAPE',
    reason: 'no usable Active card',
  });
  expect([blocked.outcome, blocked.blockedBy]).toEqual([
    'blocked',
    { rule: 'CARD-SHAPE', reason: 'no usable Active card' },
  ]);
  const throttled = run('t [CARD-BLOCK]', 'skipped', [], [], false, { reason: 'throttled: 429 after 6 sends' });
  expect(throttled.blockedBy).toEqual({ reason: 'throttled: 429 after 6 sends' });
  const notRun = run('t [CARD-BLOCK]', 'skipped', [], [{ type: 'skip', description: 'no card pool configured' }]);
  expect([notRun.outcome, notRun.reason]).toEqual(['not-run', 'no card pool configured']);
});

test('coverage: a finding makes its rule red even when its tests pass; blocked tests count under the rule that blocked them', () => {
  const finding: LedgerEntry = {
    rule: 'CARD-SHAPE',
    operationId: 'cardSearch',
    check: 'response_schema_conformance',
    title: '/cards/0/status/id must be integer',
    count: 3,
    seenIn: 'x',
  };
  const records = [
    run('shape [CARD-SHAPE]', 'passed'),
    run('block [CARD-BLOCK]', 'skipped', [], [], false, { rule: 'CARD-SHAPE', reason: 'no usable Active card' }),
    run('cursor [CARD-SEARCH-CURSOR, CARD-SEARCH-PAGE-FLAGS]', 'failed', [
      judgedError(['CARD-SEARCH-CURSOR'], 'cards seen twice'),
    ]),
  ];
  const coverage = buildCoverage('sandbox', records, [finding], emptyFootprint());
  const status = (id: string) => coverage.rules.find((r) => r.id === id)!;
  expect(status('CARD-SHAPE')).toMatchObject({ status: 'failed', blocks: 1 });
  expect(status('CARD-BLOCK').status).toBe('blocked');
  expect(status('CARD-SEARCH-CURSOR').status).toBe('failed');
  // The failing test did not conclude on its other rule.
  expect(status('CARD-SEARCH-PAGE-FLAGS').status).toBe('not-run');
  expect(coverage.tests).toMatchObject({ total: 3, passed: 1, failed: 1, blocked: 1 });
});

test('a replay command never carries a secret: the token is $FLEET_TOKEN, a chosen header a placeholder', () => {
  const curl = curlOf('https://fleet-test.example.com', {
    method: 'POST',
    path: "/cards/search?x=it's",
    auth: 'token',
    headers: { accept: 'application/json', authorization: '[REDACTED]', 'content-type': 'application/json' },
    body: { cardPIN: '[REDACTED]' },
  });
  expect(curl).toBe(
    `curl -sS -X POST 'https://fleet-test.example.com/cards/search?x=it'\\''s' -H 'accept: application/json' -H 'content-type: application/json' -H "Authorization: Bearer $FLEET_TOKEN" --data-raw '{"cardPIN":"[REDACTED]"}'`
  );
  expect(curlOf('http://h', { method: 'GET', path: '/master/all', auth: 'none', headers: {} })).toBe(
    `curl -sS -X GET 'http://h/master/all'`
  );
});

test("the reports read the verdict its ledger attached, never the failure's message; an attempt with none is never red", () => {
  const test = {
    title: 'card block [CARD-BLOCK, CARD-GET]',
    titlePath: () => ['', 'conformance', 'x.spec.ts', 'card block [CARD-BLOCK, CARD-GET]'],
    location: { file: '/p/specs/x.spec.ts', line: 1, column: 1 },
    annotations: [],
    timeout: 60_000,
  } as unknown as TestCase;
  const verdict: Verdict = { outcome: 'failed', failedRules: ['CARD-GET'], reason: 'reworded', evidence: shown };
  const attached = (v?: Verdict) =>
    ({
      status: 'failed',
      errors: [{ message: 'Error: [CARD-BLOCK] status of card 4000001 after its block' }],
      attachments: [
        { name: EVIDENCE_ATTACHMENT, body: Buffer.from(JSON.stringify(shown)) },
        ...(v ? [{ name: VERDICT_ATTACHMENT, body: Buffer.from(JSON.stringify(v)) }] : []),
      ],
    }) as unknown as TestResult;
  expect(recordOf(test, attached(verdict))).toMatchObject({ outcome: 'failed', failedRules: ['CARD-GET'] });
  expect(recordOf(test, attached()).outcome).toBe('incomplete');
});
