/**
 * One test as the reports show it: what Playwright hands a reporter (title, attempt, attachments)
 * and the verdict its ledger decided in the worker (lib/verdict.ts, `fleet-verdict.json`). Nothing
 * here reads a failure's message: an attempt with no verdict attached is judged by its status
 * alone, and never red.
 */
import type { TestCase, TestResult } from '@playwright/test/reporter';
import { BUDGET_KINDS, type BudgetKind, spentOf } from '../budget.js';
import { ENVIRONMENT_ATTACHMENT, type EnvironmentEvent } from '../environment.js';
import { FOOTPRINT_ATTACHMENT, type Footprint } from '../footprint.js';
import { FINDINGS_ATTACHMENT, type LedgerEntry } from '../ledger.js';
import { declaredRuleIds } from '../rules/declared.js';
import { suiteErrorOf } from '../suite-error.js';
import { timedOut, VERDICT_ATTACHMENT, type Verdict } from '../verdict.js';
import { DRIFT_ATTACHMENT, type DriftRecord } from './test-sink.js';

export type { Outcome } from '../verdict.js';

export interface TestRecord extends Verdict {
  /** Project, file and title path: the same test in another run (or shard) has the same key. */
  key: string;
  title: string;
  file: string;
  ruleIds: string[];
  /** Attempts it took: 2 when its first judged nothing and it was run again. */
  attempts?: number;
  /** What it left on the target (the write budget's kinds), when anything. */
  spent?: Record<BudgetKind, number>;
  /** A fast-check property or lifecycle: what it spends grows with FLEET_FC_RUNS. */
  fastCheck?: true;
}

function json<T>(result: TestResult, match: (name: string) => boolean): T[] {
  return result.attachments
    .filter((a) => match(a.name) && a.body)
    .map((a) => JSON.parse(a.body!.toString('utf8')) as T);
}

export function testKey(test: TestCase): string {
  return test.titlePath().filter(Boolean).join(' › ');
}

export function recordOf(test: TestCase, result: TestResult): TestRecord {
  const ruleIds: string[] = declaredRuleIds(test.annotations);
  const spent = footprintOf(result)
    .map(spentOf)
    .reduce<Record<BudgetKind, number> | undefined>(
      (sum, s) =>
        sum
          ? {
              customers: sum.customers + s.customers,
              cards: sum.cards + s.cards,
              poolCards: sum.poolCards + s.poolCards,
            }
          : s,
      undefined
    );
  const base = {
    key: testKey(test),
    title: test.title,
    file: test.location.file.replace(/^.*?specs\//, 'specs/'),
    ruleIds,
    ...(spent && BUDGET_KINDS.some((k) => spent[k]) ? { spent } : {}),
    ...(test.annotations.some((a) => a.type === 'fast-check') ? { fastCheck: true as const } : {}),
    ...(result.retry ? { attempts: result.retry + 1 } : {}),
  };
  const [verdict] = json<Verdict>(result, (n) => n === VERDICT_ATTACHMENT);
  return { ...base, ...(verdict ?? unsettled(test, result)) };
}

/**
 * An attempt whose ledger did not settle it (its teardown did not finish, or it never started):
 * what its status alone says, never red (no verdict, no evidence).
 */
function unsettled(test: TestCase, result: TestResult): Verdict {
  if (result.status === 'passed') return { outcome: 'passed' };
  if (result.status === 'timedOut') return timedOut(test.timeout);
  if (result.status === 'interrupted') return { outcome: 'not-run', reason: 'interrupted: the run was cancelled' };
  if (result.status === 'skipped') {
    const skip = (result.annotations ?? test.annotations).find((a) => a.type === 'skip' || a.type === 'fixme');
    return { outcome: 'not-run', reason: skip?.description ?? 'skipped' };
  }
  // Before its ledger (a fixture's own exception): a JavaScript error of the suite's code, by its name.
  const suiteError = suiteErrorOf(result.errors.map((e) => e.message ?? ''));
  if (suiteError) return { outcome: 'suite-error', reason: suiteError };
  return { outcome: 'incomplete', reason: 'failed before its ledger could judge it (no verdict recorded): not judged' };
}

/** A test of the run that never started (the run was cancelled, timed out or stopped early). */
export function notStartedRecord(test: TestCase, reason: string): TestRecord {
  const ruleIds = declaredRuleIds(test.annotations);
  return {
    key: testKey(test),
    title: test.title,
    file: test.location.file.replace(/^.*?specs\//, 'specs/'),
    ruleIds,
    outcome: 'not-run',
    reason,
  };
}

export function findingsOf(result: TestResult): LedgerEntry[] {
  return json<LedgerEntry[]>(result, (n) => n === FINDINGS_ATTACHMENT).flat();
}

export function footprintOf(result: TestResult): Footprint[] {
  return json<Footprint>(result, (n) => n === FOOTPRINT_ATTACHMENT);
}

export function eventsOf(result: TestResult): EnvironmentEvent[] {
  return json<EnvironmentEvent[]>(result, (n) => n === ENVIRONMENT_ATTACHMENT).flat();
}

export function driftOf(result: TestResult): DriftRecord[] {
  return json<DriftRecord[]>(result, (n) => n === DRIFT_ATTACHMENT).flat();
}
