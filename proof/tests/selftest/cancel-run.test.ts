/**
 * Cancelled and killed runs against a sandbox in a process of its own, as a CI job is cancelled:
 * SIGTERM in the middle of a run stops it, closes what it created and says so, in bounded time,
 * with nothing left open; SIGKILL leaves what it had open, and `npm run cleanup` afterwards closes
 * it (the run's own id, and plain cleanup, which knows the killed run's process is gone).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test } from '@playwright/test';
import { sandboxDefaults } from '../../../sandbox/defaults.js';
import { childEnv, repoRoot, run, type SandboxProcess, startSandbox, stopAll } from './harness.js';

test.afterEach(stopAll);

let sandbox: SandboxProcess;
let target: Record<string, string>;

test.beforeEach(async () => {
  sandbox = await startSandbox({ SANDBOX_LATENCY: 'doc,scale=0.2' });
  target = {
    FLEET_TARGET: 'test',
    FLEET_BASE_URL: sandbox.baseUrl,
    FLEET_CLIENT_ID: sandboxDefaults.clientId,
    FLEET_CLIENT_SECRET: sandboxDefaults.clientSecret,
    FLEET_CARD_POOL_CUSTOMER: sandboxDefaults.poolCustomer,
  };
});

/** `npm run conformance` in a process group of its own, signalled once the run has written for `seconds`. */
async function interruptedRun(
  signal: 'SIGTERM' | 'SIGKILL',
  seconds: number
): Promise<{ code: number | null; output: string; runId: string; ms: number }> {
  const reports = mkdtempSync(join(tmpdir(), 'fleet-cancel-'));
  const child = spawn('npm', ['run', 'conformance'], {
    cwd: repoRoot,
    // Verbose: a line per test, so the signal goes once a test has been reported.
    env: childEnv({ ...target, FLEET_REPORTS_DIR: reports, FLEET_VERBOSE: '1' }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  // Signalled once tests are under way (the first test reported, by the list reporter or, under CI, the dot one), then `seconds` later.
  const underWay = () => /carries this mark.*[✓·°×]/s.test(output);
  for (let waited = 0; !underWay() && waited < 120_000; waited += 200) await sleep(200);
  expect(underWay(), `no test reported within 120 s:\n${output.slice(-2000)}`).toBe(true);
  await sleep(seconds * 1000);
  const sent = Date.now();
  // SIGTERM to npm alone, as a CI runner does (npm exits and does not pass it on); SIGKILL to the whole group.
  if (signal === 'SIGTERM') child.kill('SIGTERM');
  else process.kill(-child.pid!, 'SIGKILL');
  const code = await exited;
  // The run goes on after npm has gone: wait until it says it is done.
  for (
    let waited = 0;
    signal === 'SIGTERM' && !/fleet-conformance: cancelled;/.test(output) && waited < 60_000;
    waited += 200
  )
    await sleep(200);
  return {
    code,
    output,
    runId: /run (fcr[a-z0-9]+): what it creates carries this mark/.exec(output)?.[1] ?? '',
    ms: Date.now() - sent,
  };
}

const openOf = async (args: string[]) => {
  const dry = await run('npm', ['run', '-s', 'cleanup', '--', '--dry-run', ...args], target);
  expect(dry.code, dry.output).toBe(0);
  return Number(/, (\d+) would be closed/.exec(dry.output)?.[1]);
};

test('SIGTERM in the middle of a run: it stops, closes what it created and says so, within 30 s; nothing is left open', async () => {
  test.setTimeout(240_000);
  const cancelled = await interruptedRun('SIGTERM', 6);
  expect(cancelled.runId, cancelled.output).not.toBe('');
  const said =
    /fleet-conformance: cancelled; run (fcr[a-z0-9]+): (\d+) sub-customers it created: (\d+) closed now, (\d+) closed before, (\d+) left open/.exec(
      cancelled.output
    );
  expect(said, cancelled.output.slice(-3000)).not.toBeNull();
  expect(said![1]).toBe(cancelled.runId);
  expect(Number(said![2]), 'it had created sub-customers').toBeGreaterThan(0);
  expect(said![5], 'left open').toBe('0');
  expect(cancelled.ms, 'stopped and closed within 30 s').toBeLessThan(30_000);
  expect(await openOf(['--run', cancelled.runId])).toBe(0);
});

test('SIGKILL in the middle of a run leaves what it had open; npm run cleanup afterwards closes it, and nothing is left open', async () => {
  test.setTimeout(240_000);
  const killed = await interruptedRun('SIGKILL', 6);
  expect(killed.runId, killed.output).not.toBe('');
  const before = await openOf(['--run', killed.runId]);
  expect(before, 'a killed run leaves sub-customers open (its lease at least)').toBeGreaterThan(0);
  // Plain cleanup: the killed run's lease is fresh, but its process on this machine is gone.
  const cleanup = await run('npm', ['run', '-s', 'cleanup'], target);
  expect(cleanup.code, cleanup.output).toBe(0);
  expect(cleanup.output).not.toContain(`left alone`);
  expect(await openOf([])).toBe(0);
  test.info().annotations.push({
    type: 'killed run',
    description: `${killed.runId}: ${before} open before npm run cleanup, 0 after`,
  });
});
