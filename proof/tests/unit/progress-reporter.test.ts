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
    let retried: Outcome = 'unexpected';
    const tests = [
      testCase('t0', () => retried),
      testCase('t1', () => 'unexpected'),
      ...Array.from({ length: 18 }, (_, i) => testCase(`t${i + 2}`, () => 'expected')),
    ];
    reporter.onBegin({ workers: 2 } as FullConfig, { allTests: () => tests } as unknown as Suite);
    for (const t of tests) reporter.onTestEnd(t);
    // t0 judged nothing at first: run again after the others, it passed.
    retried = 'flaky';
    reporter.onTestEnd(tests[0]!);
    reporter.onEnd();
  } finally {
    console.log = log;
  }
  expect(printed).toEqual([
    '20 tests, 2 workers',
    '2/20 tests, 2 failed',
    '4/20 tests, 2 failed',
    '6/20 tests, 2 failed',
    '8/20 tests, 2 failed',
    '10/20 tests, 2 failed',
    '12/20 tests, 2 failed',
    '14/20 tests, 2 failed',
    '16/20 tests, 2 failed',
    '18/20 tests, 2 failed',
    '20/20 tests, 1 failed',
  ]);
});
