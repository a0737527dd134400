/**
 * The embedded sandbox of a run takes a free port of its own (lib/embedded-sandbox.ts): a run
 * passes while `npm run sandbox` holds 4010 (as the README's walk-through invites), and two runs
 * started at the same time, as CI jobs on one machine do, both pass, each on its own port.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { CoverageReport } from '../../../lib/report/coverage.js';
import { sandboxDefaults } from '../../../sandbox/defaults.js';
import { type Run, run, startSandbox, stopAll } from './harness.js';

test.afterEach(stopAll);

/** Four quick read-only tests (and the two that run after the run). */
const SUBSET = '\\[MASTER-LINK-';

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.once('connect', () => done(true)).once('error', () => done(false));
  });
}

/** `npm run conformance -- -g SUBSET` with reports of its own. */
async function conformance(): Promise<Run & { reports: string }> {
  const reports = mkdtempSync(join(tmpdir(), 'fleet-port-'));
  return {
    ...(await run('node', ['--import', 'tsx', 'scripts/conformance.ts', '-g', SUBSET], { FLEET_REPORTS_DIR: reports })),
    reports,
  };
}

test('a run passes while npm run sandbox holds 4010, and two runs started together both pass on ports of their own', async () => {
  test.setTimeout(240_000);
  // The port's usual holder, npm run sandbox; on a shared machine another process may hold it already.
  await startSandbox({ SANDBOX_PORT: String(sandboxDefaults.port) }).catch((e: Error) => {
    if (!/already in use/.test(e.message)) throw e;
  });
  expect(await listening(sandboxDefaults.port), `port ${sandboxDefaults.port} is held`).toBe(true);

  const runs = await Promise.all([conformance(), conformance()]);
  const ports = runs.map((r) => /embedded sandbox on http:\/\/127\.0\.0\.1:(\d+)/.exec(r.output)?.[1]);
  for (const [i, r] of runs.entries()) {
    expect(r.code, `run ${i + 1}:\n${r.output.slice(-2500)}`).toBe(0);
    expect(r.output).not.toMatch(/already used|EADDRINUSE/);
    const coverage = JSON.parse(readFileSync(join(r.reports, 'coverage.json'), 'utf8')) as CoverageReport;
    expect(coverage.tests.passed, `run ${i + 1} ran the subset`).toBeGreaterThanOrEqual(4);
    expect(coverage.target).toBe(`sandbox http://127.0.0.1:${ports[i]}`);
  }
  expect(ports[0], 'each run names its sandbox').toBeDefined();
  expect(new Set([...ports, String(sandboxDefaults.port)]).size, 'two ports of their own, neither 4010').toBe(3);
  for (const r of runs) rmSync(r.reports, { recursive: true, force: true });
});
