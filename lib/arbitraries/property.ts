/**
 * Runs a fast-check property inside a Playwright test. Runs per property come from FLEET_FC_RUNS;
 * a failure is shrunk to its smallest case and reported with its seed and path, and the exact
 * command that replays it (FLEET_FC_SEED / FLEET_FC_PATH).
 */
import type { TestInfo } from '@playwright/test';
import fc from 'fast-check';
import type { Config } from '../config.js';
import { carrying } from '../judgements.js';
import { IncompleteError, judgesNothing } from '../ledger.js';
import type { SecretRegistry } from '../report/redact.js';
import { isOwnFault, SuiteError } from '../suite-error.js';
import { stoppedBeforeAnyRun, withRunBudget } from './run-budget.js';

export interface PropertyRun {
  config: Pick<Config, 'fastCheck'>;
  testInfo: TestInfo;
  secrets: SecretRegistry;
  /** Overrides FLEET_FC_RUNS for a property whose input space is small. */
  numRuns?: number;
  /** Until when runs may start (epoch ms): the test's own deadline, leaving room to report (lib/ledger.ts). */
  deadline?: number;
}

/** Until when a property's runs may start: the test's deadline, or its limit less 15 s. */
export function runDeadline(run: Pick<PropertyRun, 'testInfo' | 'deadline'>): number {
  return run.deadline ?? Date.now() + Math.max(5_000, run.testInfo.timeout - 15_000);
}

function replayCommand(testInfo: TestInfo, seed: number, path: string | undefined): string {
  const grep = testInfo.title.replace(/[[\]().*+?^$|\\]/g, '.').slice(0, 80);
  return `FLEET_FC_SEED=${seed}${path ? ` FLEET_FC_PATH=${path}` : ''} npm run conformance -- -g "${grep}"`;
}

export async function checkProperty<Ts>(property: fc.IAsyncPropertyWithHooks<Ts>, run: PropertyRun): Promise<void> {
  const { seed, path, runs } = run.config.fastCheck;
  const replaying = seed !== undefined;
  const details = await fc.check(withRunBudget(property, runDeadline(run), undefined, judgesNothing), {
    numRuns: run.numRuns ?? runs,
    ...(replaying ? { seed, ...(path ? { path } : {}) } : {}),
    // Runs stop before the test timeout (withRunBudget): a time-limited property is reported, not failed.
    markInterruptAsFailure: false,
  });
  run.testInfo.annotations.push({
    type: 'fast-check',
    description: `seed ${details.seed}, ${details.numRuns} runs${details.interrupted ? ' (interrupted by time limit)' : ''}`,
  });
  if (!details.failed) return;
  if (stoppedBeforeAnyRun(details))
    throw new IncompleteError("the test's time ran out before the first run of its property");
  // What the property needed was broken, or the environment spoiled a run: the test is blocked or
  // not judged, never failed by a counterexample.
  if (judgesNothing(details.errorInstance)) throw details.errorInstance;
  const counterexample = run.secrets.scrub(fc.stringify(details.counterexample));
  const error = details.errorInstance;
  const cause = run.secrets.scrub(error instanceof Error ? error.message : String(error));
  const fastCheck = [
    `fast-check: property failed after ${details.numRuns} runs, shrunk ${details.numShrinks} times`,
    `counterexample: ${counterexample.length > 1500 ? `${counterexample.slice(0, 1500)}…` : counterexample}`,
    `seed ${details.seed}, path ${details.counterexamplePath}`,
    `replay: ${replayCommand(run.testInfo, details.seed, details.counterexamplePath ?? undefined)}`,
  ].join('\n');
  // The cause comes first, as every report shows a failure's first line: the check that failed, or the suite's own exception.
  await run.testInfo.attach('fast-check counterexample', {
    body: `${cause}\n\n${fastCheck}`,
    contentType: 'text/plain',
  });
  if (isOwnFault(error)) {
    const failure = new SuiteError(`${(error as Error).name}: ${cause}\n\n${fastCheck}`);
    failure.stack = `SuiteError: ${failure.message}\n${((error as Error).stack ?? '')
      .split('\n')
      .filter((l) => /^\s+at /.test(l))
      .join('\n')}`;
    throw failure;
  }
  throw carrying(new Error(`${cause}\n\n${fastCheck}`), error);
}
