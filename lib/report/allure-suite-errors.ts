/**
 * The Allure report says each test's verdict (lib/verdict.ts), not allure-playwright's reading of
 * its status: a test that stopped on the suite's own exception is "broken" (a defect of the test,
 * in Allure's words), not failed; an incomplete or unavailable test (out of time, the
 * environment's trouble, the server unavailable) is skipped, its message saying it was not judged.
 * Rewritten in the results before the report is generated, from the verdict each attached.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { VERDICT_ATTACHMENT, type Verdict } from '../verdict.js';

export const SUITE_ERROR_PREFIX = 'Suite error (a fault of fleet-conformance itself, not of the target): ';
export const INCOMPLETE_PREFIX = 'Incomplete, not judged in this run (nothing proven broken): ';
export const UNAVAILABLE_PREFIX =
  'Unavailable: the server answered unavailable (429/503 with Retry-After) to a request this test needed; not judged, and the run does not pass: ';

interface AllureStep {
  attachments?: { name: string; source: string }[];
  steps?: AllureStep[];
}

interface AllureResult extends AllureStep {
  status?: string;
  statusDetails?: { message?: string };
}

/** The source file of the verdict a result (or one of its steps) attached. */
function verdictSource(step: AllureStep): string | undefined {
  return (
    step.attachments?.find((a) => a.name === VERDICT_ATTACHMENT)?.source ?? step.steps?.map(verdictSource).find(Boolean)
  );
}

/** What `verdict` makes of an Allure result: its status and the words its message starts with. */
function marking(verdict: Verdict, status: string | undefined): { status: string; prefix: string } | undefined {
  if (verdict.outcome === 'suite-error' && status === 'failed') return { status: 'broken', prefix: SUITE_ERROR_PREFIX };
  if (verdict.outcome === 'unavailable') return { status: 'skipped', prefix: UNAVAILABLE_PREFIX };
  if (verdict.outcome === 'incomplete') return { status: 'skipped', prefix: INCOMPLETE_PREFIX };
  return undefined;
}

/** Marks every result in `resultsDir` as its verdict says; how many it changed. */
export function markVerdicts(resultsDir: string): number {
  let marked = 0;
  for (const file of readdirSync(resultsDir).filter((f) => f.endsWith('-result.json'))) {
    const path = join(resultsDir, file);
    const result = JSON.parse(readFileSync(path, 'utf8')) as AllureResult;
    const source = verdictSource(result);
    if (!source) continue;
    const verdict = JSON.parse(readFileSync(join(resultsDir, source), 'utf8')) as Verdict;
    const mark = marking(verdict, result.status);
    const message = result.statusDetails?.message ?? verdict.reason ?? '';
    if (!mark || message.startsWith(mark.prefix)) continue;
    result.status = mark.status;
    result.statusDetails = { ...result.statusDetails, message: `${mark.prefix}${message}` };
    writeFileSync(path, JSON.stringify(result));
    marked += 1;
  }
  return marked;
}
