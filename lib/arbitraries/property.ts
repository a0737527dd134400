/**
 * Runs a fast-check property inside a Playwright test. Runs per property come from FLEET_FC_RUNS;
 * a failure is shrunk to its smallest case and reported with its seed and path, and the exact
 * command that replays it (FLEET_FC_SEED / FLEET_FC_PATH).
 */
import type { TestInfo } from '@playwright/test';
import fc from 'fast-check';
import type { Config } from '../config.js';
import { BlockedError } from '../ledger.js';
import { withRunBudget } from './run-budget.js';
import type { SecretRegistry } from '../report/redact.js';

export interface PropertyRun {
  config: Pick<Config, 'fastCheck'>;
  testInfo: TestInfo;
  secrets: SecretRegistry;
  /** Overrides FLEET_FC_RUNS for a property whose input space is small. */
  numRuns?: number;
}

function replayCommand(testInfo: TestInfo, seed: number, path: string | undefined): string {
  const grep = testInfo.title.replace(/[[\]().*+?^$|\\]/g, '.').slice(0, 80);
  return `FLEET_FC_SEED=${seed}${path ? ` FLEET_FC_PATH=${path}` : ''} npm run conformance -- -g "${grep}"`;
}

export async function checkProperty<Ts>(property: fc.IAsyncPropertyWithHooks<Ts>, run: PropertyRun): Promise<void> {
  const { seed, path, runs } = run.config.fastCheck;
  const replaying = seed !== undefined;
  const details = await fc.check(withRunBudget(property, Date.now() + Math.max(5_000, run.testInfo.timeout - 15_000)), {
    numRuns: run.numRuns ?? runs,
    ...(replaying ? { seed, ...(path ? { path } : {}) } : {}),
    // Runs stop before the test timeout (withRunBudget): a time-limited property is reported, not failed.
    markInterruptAsFailure: false,
  });
  run.testInfo.annotations.push({ type: 'fast-check', description: `seed ${details.seed}, ${details.numRuns} runs${details.interrupted ? ' (interrupted by time limit)' : ''}` });
  if (!details.failed) return;
  // What the property needed was broken: the test is blocked, not failed by a counterexample.
  if (details.errorInstance instanceof BlockedError) throw details.errorInstance;
  const counterexample = run.secrets.scrub(fc.stringify(details.counterexample));
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  const message = [
    `property failed after ${details.numRuns} runs, shrunk ${details.numShrinks} times`,
    `counterexample: ${counterexample.length > 1500 ? `${counterexample.slice(0, 1500)}…` : counterexample}`,
    `seed ${details.seed}, path ${details.counterexamplePath}`,
    `replay: ${replayCommand(run.testInfo, details.seed, details.counterexamplePath ?? undefined)}`,
    '',
    run.secrets.scrub(cause),
  ].join('\n');
  await run.testInfo.attach('fast-check counterexample', { body: message, contentType: 'text/plain' });
  throw new Error(message);
}
