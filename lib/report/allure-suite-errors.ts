/**
 * Suite errors in the Allure report: allure-playwright marks every failed test "failed" (a defect
 * of the product); a test that stopped on the suite's own exception becomes "broken" (a defect of
 * the test, in Allure's words), its message saying so. An incomplete test (lib/ledger.ts: out of
 * time, the environment's trouble) is skipped there, its message saying it was not judged.
 * Rewritten in the results before the report is generated.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NOT_JUDGED } from '../ledger.js';
import { isOwnFault } from '../suite-error.js';

export const SUITE_ERROR_PREFIX = 'Suite error (a fault of fleet-conformance itself, not of the target): ';
export const INCOMPLETE_PREFIX = 'Incomplete, not judged in this run (nothing proven broken): ';
export const UNAVAILABLE_PREFIX =
  'Unavailable: the server answered unavailable (429/503 with Retry-After) to a request this test needed; not judged, and the run does not pass: ';
const UNAVAILABLE = /^UnavailableError: /;
const TIMEOUT = /^Test timeout of \d+ms exceeded/;

interface AllureResult {
  status?: string;
  statusDetails?: { message?: string };
}

/** Rewrites each result in `resultsDir` that `mark` changes (it returns true); how many it changed. */
function rewriteResults(resultsDir: string, mark: (result: AllureResult, message: string) => boolean): number {
  let marked = 0;
  for (const file of readdirSync(resultsDir).filter((f) => f.endsWith('-result.json'))) {
    const path = join(resultsDir, file);
    const result = JSON.parse(readFileSync(path, 'utf8')) as AllureResult;
    const message = result.statusDetails?.message;
    if (!message || !mark(result, message)) continue;
    writeFileSync(path, JSON.stringify(result));
    marked += 1;
  }
  return marked;
}

/** Marks the suite errors among the results in `resultsDir` as broken; how many it marked. */
export function markSuiteErrors(resultsDir: string): number {
  return rewriteResults(resultsDir, (result, message) => {
    if (result.status !== 'failed' || !isOwnFault(message)) return false;
    result.status = 'broken';
    result.statusDetails = { ...result.statusDetails, message: `${SUITE_ERROR_PREFIX}${message}` };
    return true;
  });
}

/** Says so in the message of each result that is an incomplete (or unavailable) test or attempt, skipped; how many it marked. */
export function markIncomplete(resultsDir: string): number {
  return rewriteResults(resultsDir, (result, message) => {
    const unavailable = UNAVAILABLE.test(message);
    if (result.status === 'passed' || message.startsWith(INCOMPLETE_PREFIX) || message.startsWith(UNAVAILABLE_PREFIX))
      return false;
    if (!(unavailable || NOT_JUDGED.test(message) || TIMEOUT.test(message))) return false;
    result.status = 'skipped';
    result.statusDetails = {
      ...result.statusDetails,
      message: `${unavailable ? UNAVAILABLE_PREFIX : INCOMPLETE_PREFIX}${message}`,
    };
    return true;
  });
}
