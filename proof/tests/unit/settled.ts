/**
 * A test's record as a run makes it: its ledger's verdict (lib/verdict.ts, decided in the worker
 * from the settled TestInfo, here from the result a test builds) attached, then read by the reports.
 */
import type { TestCase, TestResult } from '@playwright/test/reporter';
import type { Decided } from '../../../lib/ledger.js';
import { recordOf, type TestRecord } from '../../../lib/report/test-record.js';
import { declaredRuleIds } from '../../../lib/rules/declared.js';
import { VERDICT_ATTACHMENT, verdictOf } from '../../../lib/verdict.js';

export function settledRecord(
  test: TestCase,
  result: TestResult,
  baseUrl: string,
  { judged, blockedBy }: Decided = { judged: [] }
): TestRecord {
  const verdict = verdictOf(
    {
      status: result.status,
      errors: result.errors,
      annotations: result.annotations ?? test.annotations,
      attachments: result.attachments,
      ruleIds: declaredRuleIds(test.annotations),
      judged,
      timeout: test.timeout,
      ...(blockedBy ? { blockedBy } : {}),
    },
    baseUrl
  );
  const body = Buffer.from(JSON.stringify(verdict));
  return recordOf(test, {
    ...result,
    attachments: [...result.attachments, { name: VERDICT_ATTACHMENT, body }],
  } as TestResult);
}
