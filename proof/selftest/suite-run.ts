/**
 * One whole run of the conformance suite, as a user would run it, with its own reports folder:
 * against a sandbox this process hosts (with faults or variants) in a Playwright process of its own,
 * or with `npm run conformance` against a server in another process. What the fault and variant
 * self-tests read back: the exit code, the wall time and coverage.json.
 */
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { CoverageReport } from '../../lib/report/coverage.js';
import { runExit } from '../../lib/report/run-verdict.js';
import type { PerfSummary } from '../../perf/report/summary.js';
import { hostSandbox } from '../../sandbox/host.js';
import { standInSettings, startStandIn } from '../nights/stand-in.js';

export interface SuiteRun {
  code: number;
  seconds: number;
  coverage?: CoverageReport;
  /** The last lines Playwright printed (for a run that produced no coverage). */
  tail: string;
}

export interface SuiteRunOptions {
  /** SANDBOX_* settings of the hosted sandbox (faults, variants, latency, token lifetime). */
  sandbox: Record<string, string>;
  /** FLEET_* settings of the suite run (a variant's documented settings, a strict reading). */
  suite?: Record<string, string>;
  reportsDir: string;
  workers?: number;
  /** Extra Playwright arguments (a grep, a shard). */
  args?: string[];
  /** Playwright's --reporter (default: the conformance reporter alone; `blob` for a shard to merge). */
  reporter?: string;
  /** What stands between the suite and the hosted sandbox (a chaos layer): given its URL, where the suite goes. */
  front?: (baseUrl: string) => Promise<{ url: string; stop(): Promise<void> }>;
}

/** The environment of a suite run: this process's, without another run's FLEET_/SANDBOX_/Playwright settings. */
function suiteEnv(overrides: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !/^(TEST_|PW_|PLAYWRIGHT_|FLEET_|SANDBOX_)/.test(key)) env[key] = value;
  }
  return { ...env, ...overrides };
}

/** Waits for a run's process; its exit code and the last of what it printed. */
function finished(child: ChildProcessByStdio<null, Readable, Readable>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    let text = '';
    child.stdout.on('data', (d: Buffer) => (text = (text + d).slice(-20_000)));
    child.stderr.on('data', (d: Buffer) => (text = (text + d).slice(-20_000)));
    child.on('close', (c) => resolve({ code: c ?? 1, output: text }));
  });
}

/** `command` with `env` writing to a fresh `reportsDir`: its exit code, its time and the last lines it printed. */
async function runInto(
  command: string,
  args: string[],
  env: Record<string, string>,
  reportsDir: string
): Promise<{ code: number; seconds: number; tail: string }> {
  rmSync(reportsDir, { recursive: true, force: true });
  mkdirSync(reportsDir, { recursive: true });
  const started = Date.now();
  const { code, output } = await finished(
    spawn(command, args, {
      env: suiteEnv({ ...env, FLEET_REPORTS_DIR: reportsDir }),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
  );
  return { code, seconds: (Date.now() - started) / 1000, tail: output.split('\n').slice(-12).join('\n') };
}

async function run(
  command: string,
  args: string[],
  env: Record<string, string>,
  reportsDir: string
): Promise<SuiteRun> {
  const { code, seconds, tail } = await runInto(command, args, env, reportsDir);
  const file = join(reportsDir, 'coverage.json');
  return {
    // As `npm run conformance` says it: an operation unavailable is exit 4 (a run of Playwright alone says 0).
    code: runExit(code, reportsDir).code,
    seconds,
    ...(existsSync(file) ? { coverage: JSON.parse(readFileSync(file, 'utf8')) as CoverageReport } : {}),
    tail,
  };
}

export async function runSuite(options: SuiteRunOptions): Promise<SuiteRun> {
  const { app, baseUrl } = await hostSandbox(options.sandbox);
  const front = await options.front?.(baseUrl).catch(async (e: unknown) => {
    await app.close();
    throw e;
  });
  try {
    const args = [
      'playwright',
      'test',
      `--workers=${options.workers ?? 2}`,
      `--reporter=${options.reporter ?? './lib/report/conformance-reporter.ts'}`,
      ...(options.args ?? []),
    ];
    return await run(
      'npx',
      args,
      { FLEET_BASE_URL: front?.url ?? baseUrl, FLEET_TARGET: 'sandbox', ...options.suite },
      options.reportsDir
    );
  } finally {
    await front?.stop();
    await app.close();
  }
}

/**
 * One whole run as a user of a test environment makes it: `npm run conformance` against a server in
 * a process of its own, with the variables a repository holds (the lease, the pool's share, the
 * target's measured speed, every default).
 */
export function runConformance(env: Record<string, string>, reportsDir: string): Promise<SuiteRun> {
  return run('npm', ['run', '-s', 'conformance'], env, reportsDir);
}

/**
 * The sandbox with `sandbox` settings out of process, as a test environment is met in the field,
 * and a run against it with a repository's variables and every default.
 */
export async function runAsTestEnvironment(
  sandbox: Record<string, string>,
  suite: Record<string, string>,
  reportsDir: string,
  latency: string
): Promise<SuiteRun> {
  const standIn = await startStandIn({ latency, variants: [], faults: [], cwd: process.cwd(), env: sandbox });
  try {
    const { vars, secrets } = standInSettings(standIn.baseUrl, suite);
    return await runConformance({ ...vars, ...secrets }, reportsDir);
  } finally {
    await standIn.stop();
  }
}

/** Rules a run shows red: failed, or failed under a stricter reading. */
export function redRules(coverage: CoverageReport): string[] {
  return coverage.rules.filter((r) => r.status === 'failed' || r.status === 'assumption-failed').map((r) => r.id);
}

export interface PerfRun {
  code: number;
  seconds: number;
  /** Each measured operation's status (passed, failed, inconclusive, not-measured), from summary.json. */
  statuses: Record<string, string>;
  tail: string;
}

/**
 * `npm run perf` as a user of a test environment runs it: against the sandbox with `sandbox` settings
 * in a process of its own, with the variables a repository holds, `operations` chosen
 * (FLEET_PERF_OPS; none: every operation) and every other default (5 requests/s for 10 s).
 */
export async function perfAsTestEnvironment(
  sandbox: Record<string, string>,
  operations: string[],
  reportsDir: string
): Promise<PerfRun> {
  const standIn = await startStandIn({ latency: 'off', variants: [], faults: [], cwd: process.cwd(), env: sandbox });
  try {
    const { vars, secrets } = standInSettings(
      standIn.baseUrl,
      operations.length ? { FLEET_PERF_OPS: operations.join(',') } : {}
    );
    const done = await runInto('npm', ['run', '-s', 'perf'], { ...vars, ...secrets }, reportsDir);
    const file = join(reportsDir, 'perf', 'summary.json');
    const summary = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as PerfSummary) : undefined;
    return { ...done, statuses: Object.fromEntries((summary?.operations ?? []).map((o) => [o.operation, o.status])) };
  } finally {
    await standIn.stop();
  }
}
