/**
 * The write phases of `npm run perf` under FLEET_WRITE_BUDGET: each is measured with the samples the
 * budget allows (perf/scenarios/write-plan.ts) instead of going unmeasured, says how few they are
 * (too few to decide a p99: not decided, with how many would), and the run stays within the budget. End to end against a sandbox in a process of its own, as a
 * test environment (FLEET_TARGET=test, its gentle default rate).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { LatencyKey } from '../../../lib/operations.js';
import { repoRoot } from '../../../perf/child.js';
import type { PerfSummary } from '../../../perf/report/summary.js';
import { writePlan } from '../../../perf/scenarios/write-plan.js';
import { sandboxDefaults } from '../../../sandbox/defaults.js';
import { startSandbox, stopAll } from '../selftest/harness.js';

test.afterEach(stopAll);

const WRITES: LatencyKey[] = ['create-subcustomer', 'close-customer', 'order-cards', 'cancel-card', 'replace-card'];

test('the plan: the largest equal share that fits, order-cards feeding the consuming phases, nothing capped without a budget', () => {
  const all = new Set(WRITES);
  expect(writePlan({}, 53, all, 0)).toEqual({ caps: {}, why: {} });
  // cards=80: n orders-worth for cancel and replace (+1 try each) and n (+1 try) replacements: 3n + 3 <= 80.
  const plan = writePlan({ customers: 350, cards: 80 }, 53, all, 0);
  expect(plan.caps).toEqual({ 'order-cards': 52, 'cancel-card': 25, 'replace-card': 25 });
  expect(plan.why['replace-card']).toBe('FLEET_WRITE_BUDGET cards=80: 52 cards ordered and 26 replacements');
  expect(writePlan({ customers: 20 }, 53, all, 0).caps).toEqual({ 'create-subcustomer': 20, 'close-customer': 20 });
  // Cards named by FLEET_PERF_CARDS feed the consuming phases without an order.
  expect(writePlan({ cards: 80 }, 53, all, 200).caps).toEqual({
    'cancel-card': 39,
    'replace-card': 39,
    'order-cards': 39,
  });
  expect(writePlan({ cards: 80 }, 53, new Set<LatencyKey>(['order-cards']), 0).caps).toEqual({});
});

test('npm run perf against a test environment with a small budget measures every write operation with the samples it allows, and stays within it', async ({}, testInfo) => {
  test.setTimeout(240_000);
  const sandbox = await startSandbox();
  const reports = mkdtempSync(join(tmpdir(), 'perf-budget-'));
  const env: Record<string, string> = {
    ...Object.fromEntries(
      Object.entries(process.env).filter(
        (e): e is [string, string] => e[1] !== undefined && !/^(FLEET_|SANDBOX_|TEST_|PW_|PLAYWRIGHT_)/.test(e[0])
      )
    ),
    FLEET_TARGET: 'test',
    FLEET_BASE_URL: sandbox.baseUrl,
    FLEET_CLIENT_ID: sandboxDefaults.clientId,
    FLEET_CLIENT_SECRET: sandboxDefaults.clientSecret,
    FLEET_CARD_POOL_CUSTOMER: sandboxDefaults.poolCustomer,
    FLEET_REPORTS_DIR: reports,
    FLEET_PERF_DURATION: '2',
    FLEET_PERF_ORDER_WAIT: '5',
    FLEET_PERF_OPS: WRITES.join(','),
    FLEET_WRITE_BUDGET: 'customers=12,cards=24',
  };
  const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'perf/run.ts'], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    child.stdout.on('data', (d: Buffer) => (text += d));
    child.stderr.on('data', (d: Buffer) => (text += d));
    child.on('close', (c) => resolve({ code: c, output: text }));
  });
  await testInfo.attach('npm run perf output', { body: output, contentType: 'text/plain' });
  expect(code, output).toBe(0);
  const summary = JSON.parse(readFileSync(join(reports, 'perf', 'summary.json'), 'utf8')) as PerfSummary;
  for (const op of summary.operations) {
    expect(op.status, `${op.operation}: ${op.note}`).not.toBe('not-measured');
    expect(op.samples, op.operation).toBeGreaterThan(0);
    // So few samples cannot show a p99 met: not decided, with how many would decide it.
    expect(op.status, `${op.operation}: ${op.note}`).toBe('inconclusive');
    expect(op.note, `${op.operation} says what so few samples can say`).toContain(
      `${op.samples} answers are too few to show it with 95% confidence (that takes at least 299 on its own, none slower)`
    );
  }
  const capped = summary.operations.filter((o) => o.operation !== 'order-cards');
  for (const op of capped)
    expect(op.note, `${op.operation} names the budget that capped it`).toMatch(
      /FLEET_WRITE_BUDGET (customers=12|cards=24)/
    );
  const w = summary.footprint.writes;
  expect(w.customersCreated, 'sub-customers created').toBeLessThanOrEqual(12);
  expect(w.cardsOrdered + w.cardsReplaced, 'cards ordered and replacements').toBeLessThanOrEqual(24);
  // On its own 299 would show its p99 met; with the run's other targets (judged together) more.
  const needed =
    /^create-subcustomer .* not decided {2}about (\d+) samples would decide it \(FLEET_PERF_DURATION=\d+\)/m.exec(
      output
    );
  expect(Number(needed?.[1]), output).toBeGreaterThan(299);
});
