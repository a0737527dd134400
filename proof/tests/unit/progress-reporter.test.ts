/** The progress of a run without FLEET_VERBOSE (lib/report/progress-reporter.ts): a line at each tenth, the last at the end, failed counted as Playwright counts them. */
import { expect, test } from '@playwright/test';
import type { FullConfig, Suite, TestCase } from '@playwright/test/reporter';
import ProgressReporter from '../../../lib/report/progress-reporter.js';

type Outcome = ReturnType<TestCase['outcome']>;
const testCase = (id: string, outcome: () => Outcome) => ({ id, outcome }) as unknown as TestCase;

test('a line at each tenth of the tests, and the last one at the end: a test failed once and then passed when run again is not failed', () => {
  const printed: string[] = [];
  const log = console.log;
  console.log = (line: string) => printed.push(line.replace(/ \(\d+ s\)$/, ''));
  try {
    const reporter = new ProgressReporter();
    const tests = Array.from({ length: 20 }, (_, i) => testCase(`t${i}`, () => 'expected'));
    reporter.onBegin({ workers: 2 } as FullConfig, { allTests: () => tests } as unknown as Suite);
    let retried: Outcome = 'unexpected';
    const flaky = testCase('t0', () => retried);
    reporter.onTestEnd(flaky);
    reporter.onTestEnd(testCase('t1', () => 'unexpected'));
    for (const t of tests.slice(2)) reporter.onTestEnd(t);
    retried = 'flaky';
    reporter.onTestEnd(flaky);
    reporter.onEnd();
  } finally {
    console.log = log;
  }
  expect(printed).toEqual(['20 tests, 2 workers', '2/20 tests, 2 failed', '4/20 tests, 2 failed', '6/20 tests, 2 failed', '8/20 tests, 2 failed', '10/20 tests, 2 failed',
    '12/20 tests, 2 failed', '14/20 tests, 2 failed', '16/20 tests, 2 failed', '18/20 tests, 2 failed', '20/20 tests, 1 failed']);
});
