/**
 * Runs a model-based lifecycle (fc.commands + fc.asyncModelRun) inside a Playwright test. Every
 * run starts from a fresh model and its own resources (`setup`), is compared as a whole with the
 * model at its end (`verify`) and always releases what it created (`teardown`). A failure is
 * shrunk and reported with seed, path AND replayPath: fast-check replays a command sequence only
 * with all three (FLEET_FC_SEED, FLEET_FC_PATH, FLEET_FC_REPLAY_PATH).
 */
import type { TestInfo } from '@playwright/test';
import fc from 'fast-check';
import { runDeadline } from '../arbitraries/property.js';
import { stoppedBeforeAnyRun, withRunBudget } from '../arbitraries/run-budget.js';
import type { Config } from '../config.js';
import { carrying } from '../judgements.js';
import { IncompleteError, judgesNothing } from '../ledger.js';
import type { SecretRegistry } from '../report/redact.js';

export type LifecycleCommand<Model extends object, Real> = fc.AsyncCommand<Model, Real>;

/** The models' one way to choose: the `index`-th (round robin) of the items `accept` admits. */
export interface PickingModel<Item> {
  pick(index: number, accept: (item: Item) => boolean): Item | undefined;
}

/** A command on one item of the model, the `pick`-th of those it `accepts`; it applies only when there is one. */
export abstract class PickCommand<Model extends PickingModel<Item> & object, Real, Item>
  implements LifecycleCommand<Model, Real>
{
  constructor(readonly pick: number) {}

  protected abstract accepts(item: Item, model: Model): boolean;

  protected target(model: Model): Item | undefined {
    return model.pick(this.pick, (item) => this.accepts(item, model));
  }

  check(model: Readonly<Model>): boolean {
    return this.target(model as Model) !== undefined;
  }

  abstract run(model: Model, real: Real): Promise<void>;

  abstract toString(): string;
}

export interface Lifecycle<Model extends object, Real> {
  commands: fc.Arbitrary<LifecycleCommand<Model, Real>>[];
  /** Upper bound of commands per run: every command costs a few requests. */
  maxCommands: number;
  /** A fresh model and real system for one run, without a request yet. */
  setup(): { model: Model; real: Real };
  /** Brings the run's own resources into being (fresh sub-customers, cards made ready). */
  start(model: Model, real: Real): Promise<void>;
  verify(model: Model, real: Real): Promise<void>;
  /** Must not throw: it runs after failures too, and must not hide them. */
  teardown(model: Model, real: Real): Promise<void>;
}

/** Tests a model's runs are split over, so that workers share a lifecycle that one test would make the run's longest. */
export const LIFECYCLE_SHARDS = 3;

export interface LifecycleRun {
  config: Pick<Config, 'fastCheck'>;
  testInfo: TestInfo;
  secrets: SecretRegistry;
  numRuns: number;
  /** The running test's ledger: its deadline bounds the runs, and it hears which command runs (said if the time runs out). */
  ledger?: { deadline(): number; doing(what: string): () => void };
}

/** How far a lifecycle got: said when it stops early, and when the test's time runs out. */
interface Progress {
  runs: number;
  commands: number;
}

/** `command`, counted and said to the test's ledger while it runs. */
function counted<Model extends object, Real>(
  command: LifecycleCommand<Model, Real>,
  progress: Progress,
  ledger: LifecycleRun['ledger']
): LifecycleCommand<Model, Real> {
  return {
    check: (model) => command.check(model),
    async run(model, real) {
      progress.commands += 1;
      const done = ledger?.doing(
        `the lifecycle model (run ${progress.runs}, command ${progress.commands}: ${command.toString()})`
      );
      try {
        await command.run(model, real);
      } finally {
        done?.();
      }
    },
    toString: () => command.toString(),
  };
}

function replayCommand(testInfo: TestInfo, seed: number, path: string, replayPath: string | undefined): string {
  const grep = testInfo.title.replace(/[[\]().*+?^$|\\]/g, '.').slice(0, 80);
  const replay = replayPath ? ` FLEET_FC_REPLAY_PATH='${replayPath}'` : '';
  return `FLEET_FC_SEED=${seed} FLEET_FC_PATH=${path}${replay} npm run conformance -- -g "${grep}"`;
}

export async function checkLifecycle<Model extends object, Real>(
  lifecycle: Lifecycle<Model, Real>,
  run: LifecycleRun
): Promise<void> {
  const { seed, path, replayPath } = run.config.fastCheck;
  // size 'max': lengths spread evenly up to maxCommands (the default size would cap them near 10).
  const progress: Progress = { runs: 0, commands: 0 };
  const countedCommands = lifecycle.commands.map((arb) => arb.map((c) => counted(c, progress, run.ledger)));
  const commandsArb = fc.commands(countedCommands, {
    maxCommands: lifecycle.maxCommands,
    size: 'max',
    ...(replayPath ? { replayPath } : {}),
  });
  const property = fc.asyncProperty(commandsArb, async (commands) => {
    progress.runs += 1;
    const { model, real } = lifecycle.setup();
    try {
      await lifecycle.start(model, real);
      await fc.asyncModelRun(() => ({ model, real }), commands);
      await lifecycle.verify(model, real);
    } finally {
      await lifecycle.teardown(model, real);
    }
  });
  const details = await fc.check(
    withRunBudget(
      property,
      runDeadline({ testInfo: run.testInfo, ...(run.ledger ? { deadline: run.ledger.deadline() } : {}) }),
      undefined,
      judgesNothing
    ),
    {
      numRuns: run.numRuns,
      ...(seed !== undefined ? { seed, ...(path ? { path } : {}) } : {}),
      // Runs stop before the test timeout (withRunBudget): a time-limited lifecycle is reported, not failed.
      markInterruptAsFailure: false,
    }
  );
  run.testInfo.annotations.push({
    type: 'fast-check',
    description: `seed ${details.seed}, ${details.numRuns} model runs, ${progress.commands} commands run${details.interrupted ? ` (stopped by the time limit: ${run.numRuns - details.numRuns} runs not started)` : ''}`,
  });
  if (!details.failed) return;
  if (stoppedBeforeAnyRun(details))
    throw new IncompleteError("the test's time ran out before the first run of its lifecycle");
  if (judgesNothing(details.errorInstance)) throw details.errorInstance;
  // The commands print as `cmd,cmd /*replayPath="..."*/`.
  const commands = details.counterexample ? String(details.counterexample[0]) : '(none)';
  const failedReplayPath = /replayPath="([^"]*)"/.exec(commands)?.[1];
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  const message = run.secrets.scrub(
    [
      `lifecycle failed after ${details.numRuns} runs, shrunk ${details.numShrinks} times`,
      `commands: ${commands.replace(/ \/\*replayPath=.*\*\/$/, '')}`,
      `seed ${details.seed}, path ${details.counterexamplePath}, replayPath ${failedReplayPath ?? '(none)'}`,
      `replay: ${replayCommand(run.testInfo, details.seed, details.counterexamplePath ?? '', failedReplayPath)}`,
      '',
      cause,
    ].join('\n')
  );
  await run.testInfo.attach('fast-check counterexample', { body: message, contentType: 'text/plain' });
  throw carrying(new Error(message), details.errorInstance);
}
