/**
 * One whole run of the conformance suite against a sandbox this process hosts (with faults or
 * variants), as a user would run it: its own Playwright process, its own reports folder. What
 * the fault and variant self-tests read back: the exit code, the wall time and coverage.json.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { CoverageReport } from '../../lib/report/coverage.js';
import { hostSandbox } from '../../sandbox/host.js';

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
}

/** The environment of a suite run: this process's, without another run's FLEET_/SANDBOX_/Playwright settings. */
function suiteEnv(overrides: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !/^(TEST_|PW_|PLAYWRIGHT_|FLEET_|SANDBOX_)/.test(key)) env[key] = value;
  }
  return { ...env, ...overrides };
}

export async function runSuite(options: SuiteRunOptions): Promise<SuiteRun> {
  const { app, baseUrl } = await hostSandbox(options.sandbox);
  rmSync(options.reportsDir, { recursive: true, force: true });
  mkdirSync(options.reportsDir, { recursive: true });
  const started = Date.now();
  try {
    const { code, output } = await new Promise<{ code: number; output: string }>((resolve) => {
      const child = spawn('npx', ['playwright', 'test', `--workers=${options.workers ?? 2}`, `--reporter=${options.reporter ?? './lib/report/conformance-reporter.ts'}`, ...(options.args ?? [])], {
        env: suiteEnv({ FLEET_BASE_URL: baseUrl, FLEET_TARGET: 'sandbox', FLEET_REPORTS_DIR: options.reportsDir, ...options.suite }),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let text = '';
      child.stdout.on('data', (d: Buffer) => (text = (text + d).slice(-20_000)));
      child.stderr.on('data', (d: Buffer) => (text = (text + d).slice(-20_000)));
      child.on('close', (c) => resolve({ code: c ?? 1, output: text }));
    });
    const file = join(options.reportsDir, 'coverage.json');
    return {
      code,
      seconds: (Date.now() - started) / 1000,
      ...(existsSync(file) ? { coverage: JSON.parse(readFileSync(file, 'utf8')) as CoverageReport } : {}),
      tail: output.split('\n').slice(-12).join('\n'),
    };
  } finally {
    await app.close();
  }
}

/** Rules a run shows red: failed, or failed under a stricter reading. */
export function redRules(coverage: CoverageReport): string[] {
  return coverage.rules.filter((r) => r.status === 'failed' || r.status === 'assumption-failed').map((r) => r.id);
}
