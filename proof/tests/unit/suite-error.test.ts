/**
 * A suite error (an exception of fleet-conformance's own code, not a check of a response) is said
 * as one everywhere: the test record, coverage (no rule red), the terminal summary, Allure
 * (broken, not failed) and the gate (its own row, never a regression of the target). A property
 * failure leads with its cause.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestInfo } from '@playwright/test';
import { expect, test } from '@playwright/test';
import type { TestCase, TestResult } from '@playwright/test/reporter';
import fc from 'fast-check';
import { checkProperty } from '../../../lib/arbitraries/property.js';
import { loadConfig } from '../../../lib/config.js';
import { emptyFootprint } from '../../../lib/footprint.js';
import { compareRuns } from '../../../lib/gate/compare.js';
import { verdictLine } from '../../../lib/gate/table.js';
import { IncompleteError } from '../../../lib/ledger.js';
import { markVerdicts, SUITE_ERROR_PREFIX } from '../../../lib/report/allure-suite-errors.js';
import { buildCoverage } from '../../../lib/report/coverage.js';
import { coverageHtml } from '../../../lib/report/coverage-html.js';
import { buildDrift } from '../../../lib/report/drift.js';
import { SecretRegistry } from '../../../lib/report/redact.js';
import { summaryLines } from '../../../lib/report/summary-text.js';
import type { TestRecord } from '../../../lib/report/test-record.js';
import { isOwnFault, ownFrame, suiteErrorOf } from '../../../lib/suite-error.js';
import { VERDICT_ATTACHMENT, type Verdict } from '../../../lib/verdict.js';
import { settledRecord } from './settled.js';
import { declaredBy } from './title-ids.js';

const RACE = 'SyntaxError: Unexpected end of JSON input';
const STACK = `${RACE}\n    at JSON.parse (<anonymous>)\n    at spentIn (/home/ci/fleet-conformance/lib/budget.ts:72:31)\n    at /home/ci/fleet-conformance/node_modules/x.js:1:1`;

function record(
  title: string,
  status: TestResult['status'],
  errors: { message: string; stack?: string }[]
): TestRecord {
  const test = {
    title,
    titlePath: () => ['', 'conformance', 'x.spec.ts', title],
    location: { file: '/p/specs/x.spec.ts', line: 1, column: 1 },
    annotations: declaredBy(title),
  } as unknown as TestCase;
  return settledRecord(test, { status, errors, attachments: [] } as unknown as TestResult, 'http://127.0.0.1:4010');
}

test("the suite's own exceptions are suite errors; a check's verdict, tagged or asserted, never is", () => {
  expect(suiteErrorOf([RACE])).toBe(RACE);
  expect(suiteErrorOf(["TypeError: Cannot read properties of undefined (reading 'id')"])).toMatch(/^TypeError/);
  expect(suiteErrorOf(["Error: ENOENT: no such file or directory, open 'specs/footprint.json'"])).toMatch(/ENOENT/);
  expect(
    suiteErrorOf(['SuiteError: SyntaxError: Unexpected end of JSON input\n\nfast-check: property failed after 48 runs'])
  ).toMatch(/^SuiteError: SyntaxError/);
  // A check's verdict: a rule tag, an expect assertion, a plain error of the suite's judgement.
  expect(suiteErrorOf(['Error: [ADDR-COMPLETE-CREATE] create without city answered 200'])).toBeUndefined();
  expect(suiteErrorOf(['Error: expect(received).toBe(expected)'])).toBeUndefined();
  // By class, not words: a rule's tag in a message is not read (a check's mark is, by the callers).
  expect(suiteErrorOf(['TypeError: x\n[CARD-SHAPE] judged'])).toBe('TypeError: x');
  expect(suiteErrorOf(['Error: a TypeError: x, ENOENT'])).toBeUndefined();
  // One real verdict beside it: the test failed for its rule.
  expect(suiteErrorOf([RACE, 'Error: [CARD-BLOCK] still Active'])).toBeUndefined();
  expect(isOwnFault(new TypeError('x'))).toBe(true);
  expect(isOwnFault(new Error('[CARD-BLOCK] x'))).toBe(false);
  expect(ownFrame(STACK)).toBe('lib/budget.ts:72');
});

test('a suite error turns no rule red: coverage, the summary and coverage.html say it apart, with where it was thrown', () => {
  const records = [
    record('address [ADDR-COMPLETE-CREATE, ADDR-COMPLETE-UPDATE]', 'failed', [{ message: RACE, stack: STACK }]),
    record('shape [CARD-SHAPE]', 'passed', []),
  ];
  expect(records[0]).toMatchObject({ outcome: 'suite-error', reason: RACE, thrownAt: 'lib/budget.ts:72' });
  expect(records[0]!.failedRules).toBeUndefined();
  const coverage = buildCoverage('test', records, [], emptyFootprint());
  expect(coverage.rules.filter((r) => r.status === 'failed')).toEqual([]);
  expect(coverage.rules.find((r) => r.id === 'ADDR-COMPLETE-CREATE')!.status).toBe('suite-error');
  expect(coverage.tests['suite-error']).toBe(1);
  const summary = summaryLines(coverage, buildDrift(undefined, 'test', []), []).join('\n');
  expect(summary).toContain(
    'suite errors (1): faults of fleet-conformance itself, not of the target; no rule is judged by them'
  );
  expect(summary).toContain(`${RACE} (at lib/budget.ts:72)`);
  expect(summary).not.toContain('what broke');
  const html = coverageHtml(coverage);
  expect(html).toContain('Suite errors (1): faults of fleet-conformance itself, not of the target');
  expect(html).toContain('No rule of the document is broken');
});

test('the gate: a suite error is its own row, fails the night, and is no regression of the target', () => {
  const ok = [record('address [ADDR-COMPLETE-CREATE, ADDR-COMPLETE-UPDATE]', 'passed', [])];
  const broken = [
    record('address [ADDR-COMPLETE-CREATE, ADDR-COMPLETE-UPDATE]', 'failed', [{ message: RACE, stack: STACK }]),
  ];
  const reports = (records: TestRecord[]) => ({
    dir: 'r',
    coverage: buildCoverage('test', records, [], emptyFootprint()),
    drift: buildDrift(undefined, 'test', []),
  });
  const result = compareRuns(reports(ok), reports(broken), [], '2030-01-01');
  expect(result.passed).toBe(false);
  expect(result.regressions).toEqual([]);
  expect(result.suiteErrors.map((r) => r.kind)).toEqual(['suite error']);
  expect(result.suiteErrors[0]!.detail.join('\n')).toContain(
    'leaves ADDR-COMPLETE-CREATE, ADDR-COMPLETE-UPDATE unjudged'
  );
  expect(result.rows.filter((r) => r.kind === 'no longer run')).toEqual([]);
  expect(verdictLine(result)).toMatch(
    /^gate: FAIL — no regression of the target; 1 suite error \(faults of fleet-conformance, not of the target/
  );
});

test("Allure shows a suite error as broken, a check's failure as failed: as each test's verdict says, whatever its message", () => {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-allure-suite-'));
  const write = (name: string, message: string, verdict: Verdict) => {
    writeFileSync(join(dir, `${name}-verdict.json`), JSON.stringify(verdict));
    const attachments = [{ name: VERDICT_ATTACHMENT, source: `${name}-verdict.json` }];
    writeFileSync(
      join(dir, `${name}-result.json`),
      JSON.stringify({ status: 'failed', statusDetails: { message }, steps: [{ steps: [{ attachments }] }] })
    );
  };
  write('a', RACE, { outcome: 'suite-error', reason: RACE });
  write('b', 'Error: [CARD-BLOCK] still Active', { outcome: 'failed', failedRules: ['CARD-BLOCK'] });
  // The message of a suite error, the verdict of a check: failed.
  write('c', RACE, { outcome: 'failed', failedRules: ['CARD-BLOCK'] });
  expect(markVerdicts(dir)).toBe(1);
  const read = (f: string) => JSON.parse(readFileSync(join(dir, f), 'utf8'));
  expect(read('a-result.json')).toMatchObject({
    status: 'broken',
    statusDetails: { message: `${SUITE_ERROR_PREFIX}${RACE}` },
  });
  expect(read('b-result.json').status).toBe('failed');
  expect(read('c-result.json').status).toBe('failed');
});

test("a property whose test's time ran out before its first run is incomplete, never failed", async () => {
  const testInfo = {
    title: 'p [GEO-LANGUAGE-SUPPORTED]',
    timeout: 60_000,
    annotations: [],
    attach: async () => undefined,
  } as unknown as TestInfo;
  const run = { config: loadConfig({}), testInfo, secrets: new SecretRegistry(), deadline: Date.now() - 1 };
  const outcome = await checkProperty(
    fc.asyncProperty(fc.integer(), async () => undefined),
    run
  ).catch((e: Error) => e);
  expect(outcome).toBeInstanceOf(IncompleteError);
});

test("a property that fails leads with its cause: the check's message, or a suite error for the suite's own exception", async () => {
  const attached: string[] = [];
  const testInfo = {
    title: 'p [CUST-NAME-MAX-310]',
    timeout: 60_000,
    annotations: [],
    attach: async (_n: string, o: { body: string }) => void attached.push(o.body),
  } as unknown as TestInfo;
  const run = { config: loadConfig({}), testInfo, secrets: new SecretRegistry(), numRuns: 5 };
  const check = fc.asyncProperty(fc.integer(), async () => {
    throw new Error('[CUST-NAME-MAX-310] a name of 311 characters answered 200');
  });
  const failure = await checkProperty(check, run).catch((e: Error) => e);
  expect((failure as Error).message.split('\n')[0]).toBe('[CUST-NAME-MAX-310] a name of 311 characters answered 200');
  expect((failure as Error).message).toMatch(/fast-check: property failed after \d+ runs/);
  const crash = fc.asyncProperty(fc.integer(), async () => JSON.parse(''));
  const own = await checkProperty(crash, run).catch((e: Error) => e);
  expect((own as Error).name).toBe('SuiteError');
  expect(suiteErrorOf([`${(own as Error).name}: ${(own as Error).message}`])).toMatch(
    /^SuiteError: SyntaxError: Unexpected end of JSON input/
  );
  expect(attached[1]).toMatch(/^Unexpected end of JSON input/);
});
