/**
 * npm run conformance [-- [--rule ID]... [--verbose] playwright args]: the conformance suite against
 * the configured target (the embedded sandbox when FLEET_BASE_URL is unset), then the Allure HTML
 * report; its last line is the verdict. Exits with the suite's status: non-zero when any check
 * fails; 2 for bad input (one line), a selection that matches no test among it; 130 / 143 when
 * cancelled by SIGINT / SIGTERM, after closing what the run created.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { AuthError, TOKEN_RULE, TokenUnavailable } from '../lib/auth.js';
import {
  BUDGET_KINDS,
  BUDGET_WORDS,
  type Budget,
  type BudgetKind,
  budgetText,
  estimate,
  overBudget,
  shardShare,
} from '../lib/budget.js';
import { cleanupApi, closeRun } from '../lib/cleanup.js';
import { ConformanceError } from '../lib/client.js';
import { banner, type Config, ConfigError, loadConfig, secretsOf } from '../lib/config.js';
import { TransientError } from '../lib/environment.js';
import { readProfile } from '../lib/footprint-profile.js';
import { GateInputError, readKnownFailures } from '../lib/gate/known-failures.js';
import { BlockedError, ledgerDir, SETUP_DIR, takeSetupRecords, WorkerLedger } from '../lib/ledger.js';
import { listTests, shardOf, withoutShard } from '../lib/listed-tests.js';
import type { OperationId } from '../lib/operations.js';
import {
  knownFailuresFile,
  packageFile,
  playwrightCommand,
  playwrightConfig,
  tsxImport,
} from '../lib/package-files.js';
import { poolFiles, shareKeeper } from '../lib/pool.js';
import { addEventsAfterTests } from '../lib/report/after-tests.js';
import { lastLine, runCoverage } from '../lib/report/last-line.js';
import { SecretRegistry } from '../lib/report/redact.js';
import { replayBaseUrl } from '../lib/report/replay.js';
import { runExit } from '../lib/report/run-verdict.js';
import { ruleById } from '../lib/rules/catalogue.js';
import { parseRunArgs } from '../lib/run-args.js';
import { LeaseRefused, REBALANCE_MS, RunLease, type ShareKeeper, slicesText } from '../lib/run-lease.js';
import { forgetRun, recordRun } from '../lib/run-record.js';
import { recordShard } from '../lib/shards.js';
import { measureRoundTrip, speedLine } from '../lib/target-speed.js';
import { tokenPathDeviation } from '../lib/token-endpoint.js';
import { checkTargetReach, ReachError } from '../lib/transport/reach.js';
import { loadSchemas, SchemaCompileError } from '../lib/validation.js';
import { allureReport } from './allure-report.js';
import { startTrusted } from './trusted-start.js';

/** How long Playwright may take to stop on a signal before its processes are killed. */
const STOP_GRACE_MS = 5_000;
/** How long a cancelled run may spend closing what it created. */
const CLOSE_GRACE_MS = 20_000;

const spentText = (total: Record<BudgetKind, number>) =>
  BUDGET_KINDS.map((k) => `${total[k]} ${BUDGET_WORDS[k]}`).join(', ');

/**
 * Stops a run that would leave more on the target than FLEET_WRITE_BUDGET allows, before it writes
 * anything, and returns what this process may spend: the whole budget, or a shard's share of it.
 */
function writeBudget(config: Config, args: string[]): Budget {
  if (!Object.keys(config.writeBudget).length || config.target === 'production') return config.writeBudget;
  const profile = readProfile();
  const env = { ...process.env, FLEET_RUN_ID: config.runId };
  const writes = (selected: string[]) =>
    listTests(selected, env).map((t) => ({ key: t.key, writes: t.tags.includes('@write') }));
  const shard = shardOf(args);
  const whole = estimate(profile, writes(withoutShard(args)), config.fastCheck.runs);
  const limit = budgetText(config.writeBudget);
  console.log(
    `write footprint of the ${shard ? 'whole run (all shards)' : 'run'}, estimated at ${config.fastCheck.runs} fast-check runs: ${spentText(whole.total)} (FLEET_WRITE_BUDGET ${limit})${whole.unknown ? `; ${whole.unknown} writing tests not in the footprint profile, counted as the largest` : ''}`
  );
  const over = overBudget(config.writeBudget, whole.total);
  if (over)
    throw new ConfigError(
      `FLEET_WRITE_BUDGET: this run would make about ${over.total} ${BUDGET_WORDS[over.kind]}, over ${over.kind}=${over.limit}; select fewer tests (-g, --grep-invert @write), lower FLEET_FC_RUNS or raise the budget`
    );
  if (!shard) return config.writeBudget;
  const share = shardShare(
    config.writeBudget,
    whole.total,
    estimate(profile, writes(args), config.fastCheck.runs).total
  );
  console.log(`shard ${shard.current} of ${shard.total}: its share of the budget ${budgetText(share) || 'nothing'}`);
  return share;
}

/**
 * Checks that the target and its token endpoint can be reached as configured (proxy, TLS, client
 * certificate), then times the target (a token and a few reads): workers, fast-check runs and time
 * limits follow its speed, not its host name.
 */
async function withMeasuredSpeed(
  config: Config,
  setup: WorkerLedger
): Promise<{ config: Config; tokenDeviation?: string }> {
  if (config.sandbox) return { config };
  await checkTargetReach(config);
  let rtt: number;
  try {
    rtt = await measureRoundTrip(config, undefined, (event) =>
      setup.met(event, event.operationId as OperationId, undefined)
    );
  } catch (e) {
    const tokenDeviation = await tokenPathDeviation(config, e);
    if (!tokenDeviation) throw e;
    console.log(
      `token: ${tokenDeviation}; ${TOKEN_RULE} is judged by its test, and the tests that need a token are blocked by it`
    );
    console.log(speedLine(config));
    return { config, tokenDeviation };
  }
  process.env.FLEET_TARGET_RTT_MS = String(rtt);
  const measured = loadConfig();
  console.log(speedLine(measured));
  return { config: measured };
}

interface CancelWatch {
  /** Set once a cancel began: resolves with the exit code when what the run created is closed. */
  done?: Promise<number>;
  stop(): void;
}

/**
 * SIGINT / SIGTERM / SIGHUP (a cancelled CI job), or the process that started this one gone (npm
 * exits on SIGTERM without passing it on): Playwright is stopped (its reporters still write), then
 * what the run created and left open is closed through the interface, in bounded time.
 */
function watchCancel(child: ChildProcess, config: Config, heldCards: () => number[]): CancelWatch {
  const parent = process.ppid;
  const watch: CancelWatch = { stop: () => undefined };
  const cancel = (signal: string) => {
    const code = signal === 'SIGINT' ? 130 : 143;
    if (watch.done) {
      console.error(
        `fleet-conformance: ${signal} again: stopping now; npm run cleanup -- --run ${config.runId} closes what is left`
      );
      process.exit(code);
    }
    console.error(`fleet-conformance: ${signal}: stopping run ${config.runId}, then closing what it created`);
    watch.done = (async () => {
      const stopped = new Promise((resolve) =>
        child.exitCode !== null || child.signalCode !== null ? resolve(undefined) : child.once('exit', resolve)
      );
      signalGroup(child, 'SIGINT');
      const kill = setTimeout(() => signalGroup(child, 'SIGKILL'), STOP_GRACE_MS);
      await stopped;
      clearTimeout(kill);
      // The embedded sandbox ended with Playwright: nothing it held survives.
      if (config.target !== 'production' && !config.sandbox) {
        const closed = await closeRun(config, config.runId, heldCards(), Date.now() + CLOSE_GRACE_MS).catch(
          (e: Error) => ({
            summary: `could not close what it created (${e.message.split('\n')[0]}): npm run cleanup -- --run ${config.runId}`,
          })
        );
        console.error(`fleet-conformance: cancelled; run ${config.runId}: ${closed.summary}`);
      }
      return code;
    })();
  };
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  for (const signal of signals) process.on(signal, cancel);
  const orphan = setInterval(() => process.ppid !== parent && !watch.done && cancel('its parent process ended'), 1_000);
  watch.stop = () => clearInterval(orphan);
  return watch;
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // the group is gone already
  }
}

interface RunPool {
  /** The slices the run holds at its end, in words; undefined without a lease. */
  held(): string | undefined;
  end(): Promise<void>;
}

/**
 * This run's lease (lib/run-lease.ts): its share of the card pool, looked at every few seconds
 * beside the runs at once, published to its tests (lib/pool.ts). What the lease's requests see
 * broken is a finding of its rule, handed to the run's tests; a lease the server refuses or the
 * environment keeps from the run leaves it without a share (its pool tests blocked by that rule),
 * and the run goes on. Only a pool whose every share is held by other runs refuses the run.
 */
async function takeLease(
  config: Config,
  runDir: string,
  setup: WorkerLedger,
  tokenDeviation: string | undefined
): Promise<RunPool> {
  const { share, claims } = poolFiles(runDir);
  if (tokenDeviation) {
    share.write([], { rule: TOKEN_RULE, reason: tokenDeviation });
    console.log(
      `card pool ${config.poolCustomer ?? '(none)'}: no lease without a token; its tests that need pool cards are blocked by ${TOKEN_RULE}`
    );
    return { held: () => undefined, end: async () => undefined };
  }
  const handOver = () => setup.handOver(join(runDir, SETUP_DIR));
  const { api, dispose } = await cleanupApi(config, false, setup);
  let lease: RunLease;
  try {
    lease = await RunLease.take(api, config);
  } catch (e) {
    handOver();
    await dispose();
    const blocker = leaseBlocker(e);
    if (!blocker) throw e instanceof LeaseRefused ? new ConfigError(e.message) : e;
    share.write([], blocker);
    console.log(
      `card pool ${config.poolCustomer ?? '(none)'}: no lease, so no share of the pool for this run (${blocker.reason}); its tests that need pool cards are ${blocker.rule ? `blocked by ${blocker.rule}` : 'not judged'}`
    );
    return { held: () => undefined, end: async () => undefined };
  }
  if (config.verbose)
    console.log(
      config.poolCustomer
        ? `card pool ${config.poolCustomers.join(', ')}: this run holds ${slicesText(lease.slices)} (as much as the runs beside it leave; runs at once never share a pool card); its lease is ${lease.lease.accountNumber}`
        : `run lease ${lease.lease.accountNumber} (no card pool configured)`
    );
  handOver();
  // Each change of what the run's tests may use, with its time: runs at once never use one slice at the same time.
  const published = shareKeeper(share, claims);
  let shown = '';
  const keeper: ShareKeeper = {
    inUse: published.inUse,
    publish(slices) {
      published.publish(slices);
      if (slicesText(slices) === shown) return;
      shown = slicesText(slices);
      if (config.verbose) console.log(`card pool: ${new Date().toISOString()} this run's tests may use ${shown}`);
    },
  };
  keeper.publish(lease.slices);
  let stop: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const looking = (async () => {
    while (
      await Promise.race([
        stopped.then(() => false),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(true), REBALANCE_MS)),
      ])
    ) {
      await lease.rebalance(keeper);
      handOver();
    }
  })();
  return {
    held: () => slicesText(lease.slices),
    end: async () => {
      stop();
      await looking;
      keeper.publish([]);
      await lease.release();
      handOver();
      await dispose();
    },
  };
}

/** Why a lease could not be had that is the server's doing or the environment's (then the run goes on without a share); undefined: a refusal of the run. */
function leaseBlocker(e: unknown): { rule?: string; reason: string } | undefined {
  if (e instanceof BlockedError) return e.blocker;
  if (e instanceof LeaseRefused) return e.rule ? { rule: e.rule, reason: e.message } : undefined;
  if (e instanceof TransientError) return { reason: `the environment: ${e.message}` };
  const tagged = e instanceof Error ? /^\[([A-Z0-9-]+)\] (.*)/.exec(e.message) : undefined;
  return tagged ? { rule: tagged[1]!, reason: tagged[2]!.split('\n')[0]! } : undefined;
}

function setupSecrets(config: Config): SecretRegistry {
  const secrets = new SecretRegistry();
  for (const secret of secretsOf(config)) secrets.add(secret);
  return secrets;
}

/** A selection that matches no test stops the run here, in one line, rather than in an empty summary. */
function checkSelection(config: Config, args: string[], rules: string[]): void {
  const selection = withoutShard(args);
  if (!selection.length && !config.grep) return;
  if (listTests(selection, { ...process.env, FLEET_RUN_ID: config.runId }).length) return;
  const words = [
    rules.length ? rules.map((r) => `--rule ${r}`).join(' ') : selection.join(' '),
    config.grep ? `FLEET_GREP=${config.grep}` : '',
  ];
  const latency = rules.length > 0 && rules.every((id) => ruleById(id).family === 'latency');
  throw new ConfigError(
    `no test matches ${words.filter(Boolean).join(' with ')} (${latency ? 'latency rules are judged by npm run perf' : 'npx playwright test --list shows what a selection selects'})`
  );
}

async function main(): Promise<number> {
  const startedAt = Date.now();
  const { playwright: args, verbose, rules } = parseRunArgs(process.argv.slice(2));
  if (verbose) process.env.FLEET_VERBOSE = '1';
  let config = loadConfig();
  console.log(banner(config));
  checkSelection(config, args, rules);
  // A broken schema stops the run here, in one line, rather than in every test.
  loadSchemas();
  // A malformed known-failures.json would only show when the Allure report is made, after the run.
  readKnownFailures(knownFailuresFile());
  // What the run's own requests before and beside the tests meet: handed to its tests (lib/ledger.ts).
  const setup = new WorkerLedger(setupSecrets(config), replayBaseUrl(config));
  const measured = await withMeasuredSpeed(config, setup);
  config = measured.config;
  const budget = writeBudget(config, args);
  if (config.target !== 'production' && !config.sandbox)
    console.log(
      `run ${config.runId}: what it creates carries this mark; if it is killed, npm run cleanup -- --run ${config.runId} closes what it left`
    );

  const reports = config.reportsDir;
  for (const dir of ['allure-results', 'allure', 'playwright', 'test-results'])
    rmSync(`${reports}/${dir}`, { recursive: true, force: true });
  recordRun(config.runId);
  const runDir = ledgerDir(reports, config.runId);
  setup.handOver(join(runDir, SETUP_DIR));
  const pool = config.target === 'test' ? await takeLease(config, runDir, setup, measured.tokenDeviation) : undefined;
  const { claims } = poolFiles(runDir);
  // Its own process group, so that a cancel reaches Playwright and every worker, and only them; the
  // guard ends that group if this process is killed outright.
  const suite = spawn(
    process.execPath,
    [
      ...tsxImport(),
      packageFile('scripts/group-guard.ts'),
      ...playwrightCommand(),
      'test',
      '-c',
      playwrightConfig(),
      ...args,
    ],
    {
      stdio: 'inherit',
      detached: true,
      env: {
        ...process.env,
        FLEET_RUN_ID: config.runId,
        FLEET_WRITE_BUDGET: budgetText(budget) || 'none',
        FLEET_BANNER_SHOWN: '1',
      },
    }
  );
  const cancel = watchCancel(suite, config, () => claims.held());
  const code = await new Promise<number>((resolve) => suite.once('exit', (c) => resolve(c ?? 1)));
  if (cancel.done) {
    const cancelled = await cancel.done;
    forgetRun(config.runId);
    return cancelled;
  }
  cancel.stop();
  const held = pool?.held();
  await pool?.end();
  // The lease's end came after the reporters: what the environment did to it joins the run's report.
  const after = takeSetupRecords(join(runDir, SETUP_DIR)).flatMap((r) => r.events);
  if (shard) shard.afterTests(after);
  else addEventsAfterTests(reports, after);
  if (held && config.poolCustomer && config.verbose)
    console.log(
      `card pool: this run held ${held} at its end; ${claims.held().length} pool cards used up by it (cancelled, replaced or left blocked); its lease closed`
    );
  forgetRun(config.runId);

  allureReport(reports);
  if (config.verbose)
    console.log(
      `reports: ${reports}/playwright/index.html · ${reports}/allure/index.html · ${reports}/coverage.html · ${reports}/document.html · ${reports}/drift.html · ${reports}/junit.xml`
    );
  // A shard's verdict is the merge's (npm run conformance:merge).
  if (shard) return code;
  const verdict = runExit(code, reports);
  if (verdict.line) console.log(verdict.line);
  console.log(lastLine(verdict.code, runCoverage(reports, startedAt), reports));
  return verdict.code;
}

// Trusting FLEET_CA_FILE in this process too (the run lease): started again with it when it was not.
await startTrusted();
// A shard's trace beside its blob report, written on every exit path: the merge names a shard that did not run.
const shard = recordShard(process.argv.slice(2), process.env);

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    shard?.because(e);
    if (e instanceof TokenUnavailable || e instanceof TransientError) {
      // The environment's trouble, not the settings': nothing was judged.
      console.error(`fleet-conformance: not judged: the environment was unavailable (${e.message})`);
      process.exit(1);
    }
    if (
      e instanceof ConfigError ||
      e instanceof AuthError ||
      e instanceof ReachError ||
      e instanceof SchemaCompileError ||
      e instanceof GateInputError
    ) {
      console.error(`fleet-conformance: ${e.message}`);
      process.exit(2);
    }
    // A deviation of the server met before the tests: the server's rule, never the suite's fault.
    const rule =
      e instanceof BlockedError ? e.blocker.rule : e instanceof ConformanceError ? e.findings[0]?.rule : undefined;
    if (e instanceof BlockedError || e instanceof ConformanceError) {
      console.error(
        `fleet-conformance: the run could not start: ${rule ? `the target broke ${rule}: ` : ''}${e.message.split('\n')[0]}`
      );
      process.exit(1);
    }
    // The suite's own fault, not the target's: said as such, with where it happened.
    console.error(
      `fleet-conformance: suite error (a fault of fleet-conformance itself, not of the target): ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`
    );
    if (e instanceof Error && e.stack) console.error(e.stack);
    process.exit(3);
  }
);
