/**
 * Run leases (lib/run-lease.ts) against a sandbox in a process of its own: runs that take leases at
 * the same moment all end with slices of their own; a run beyond the slices is refused in one line
 * that names the runs and the setting; a released or lapsed lease frees its slice; and the pool
 * cards of different slices never overlap.
 */
import { expect, request, test, type APIRequestContext } from '@playwright/test';
import { FleetApi } from '../../../lib/api.js';
import { TokenProvider } from '../../../lib/auth.js';
import { loadConfig, type Config } from '../../../lib/config.js';
import { inSlice } from '../../../lib/pool.js';
import { LEASE_TTL_MS, leaseName, liveLeases, parseLease, POOL_SLICES, RunLease } from '../../../lib/run-lease.js';
import { SecretRegistry } from '../../../lib/report/redact.js';
import { loadSchemas } from '../../../lib/validation.js';
import { startSandbox, stopAll, type SandboxProcess } from './harness.js';

test.afterEach(stopAll);

let sandbox: SandboxProcess;
let context: APIRequestContext;
let api: FleetApi;
let config: Config;

test.beforeEach(async () => {
  sandbox = await startSandbox({ SANDBOX_LATENCY: 'doc,scale=0.05' });
  context = await request.newContext();
  config = loadConfig({ FLEET_BASE_URL: sandbox.baseUrl, FLEET_TARGET: 'sandbox', FLEET_CARD_POOL_CUSTOMER: '7000000010' });
  api = new FleetApi({ request: context, config, tokens: new TokenProvider(config), schemas: loadSchemas(), secrets: new SecretRegistry() });
});
test.afterEach(async () => {
  await context.dispose();
  await sandbox.stop();
});

const runConfig = (runId: string) => ({ ...config, runId });

test('runs that take leases at the same moment each end with a slice of their own; one more is refused in one line; a released lease frees its slice', async () => {
  test.setTimeout(120_000);
  const leases = await Promise.all(Array.from({ length: POOL_SLICES }, (_, i) => RunLease.take(api, runConfig(`fcrlease${i}`))));
  expect(new Set(leases.map((l) => l.lease.slice)).size, 'six runs at once, six slices').toBe(POOL_SLICES);
  const live = await liveLeases(api, config.customerListFields);
  expect(live.map((l) => l.runId).sort()).toEqual(leases.map((l) => l.lease.runId).sort());

  const refused = await RunLease.take(api, runConfig('fcrleasex')).catch((e: Error) => e);
  expect((refused as Error).message).toMatch(/^FLEET_CARD_POOL_CUSTOMER 7000000010: all 6 slices of the card pool are held by runs in progress \(fcrlease\d(, fcrlease\d){5}\); wait for one to end, give this run a card pool of its own \(FLEET_CARD_POOL_CUSTOMER\), or close the leases of runs that were killed \(npm run cleanup\)$/);

  await leases[2]!.release();
  const next = await RunLease.take(api, runConfig('fcrleasey'));
  expect(next.lease.slice, 'the released slice is free again').toBe(leases[2]!.lease.slice);
});

test('a lease not renewed for five minutes is a dead run\'s; renewing keeps it alive; its name round-trips', async () => {
  const lease = await RunLease.take(api, runConfig('fcrleasez'));
  const later = new Date(Date.now() + LEASE_TTL_MS + 1_000);
  expect((await liveLeases(api, config.customerListFields, later)).map((l) => l.runId), 'lapsed after five minutes').toEqual([]);
  expect(await lease.renew(later)).toBe(true);
  expect((await liveLeases(api, config.customerListFields, later)).map((l) => l.runId), 'renewed').toEqual(['fcrleasez']);
  const name = leaseName('fcrabc', '7000000010', 3, new Date('2026-11-24T10:05:00Z'));
  expect(parseLease({ customerName: name, customerAccountNumber: '1', statusIdentifier: 1 })).toMatchObject({ runId: 'fcrabc', pool: '7000000010', slice: 3, open: true });
});

test('the slices split the pool: every card in exactly one', () => {
  const ids = Array.from({ length: 500 }, (_, i) => 700_001 + i * 7);
  for (const id of ids) {
    expect(Array.from({ length: POOL_SLICES }, (_, index) => inSlice(id, { index, count: POOL_SLICES })).filter(Boolean).length).toBe(1);
  }
  const sizes = Array.from({ length: POOL_SLICES }, (_, index) => ids.filter((id) => inSlice(id, { index, count: POOL_SLICES })).length);
  expect(Math.min(...sizes), `cards per slice: ${sizes.join(', ')}`).toBeGreaterThan(500 / POOL_SLICES / 2);
});
