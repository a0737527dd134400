/**
 * Run leases (lib/run-lease.ts) against a sandbox in a process of its own: a run alone holds the
 * whole card pool; a run that comes beside it gets its fair part as the first gives back slices,
 * never one whose card a test of the first still holds; runs that take leases at the same moment
 * all end with slices of their own, never one in two leases; a run beyond the slices is refused in
 * one line that names the runs and the setting; a released or lapsed lease frees its slices; and
 * the pool cards of different slices never overlap.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect, request, test } from '@playwright/test';
import { FleetApi } from '../../../lib/api.js';
import { TokenProvider } from '../../../lib/auth.js';
import { type Config, loadConfig } from '../../../lib/config.js';
import { poolFiles, shareKeeper, sliceOf } from '../../../lib/pool.js';
import { SecretRegistry } from '../../../lib/report/redact.js';
import {
  LEASE_TTL_MS,
  leaseName,
  liveLeases,
  POOL_SLICES,
  parseLease,
  RunLease,
  type ShareKeeper,
} from '../../../lib/run-lease.js';
import { loadSchemas } from '../../../lib/validation.js';
import { type SandboxProcess, startSandbox, stopAll } from './harness.js';

test.afterEach(stopAll);

let sandbox: SandboxProcess;
let context: APIRequestContext;
let api: FleetApi;
let config: Config;

test.beforeEach(async () => {
  sandbox = await startSandbox({ SANDBOX_LATENCY: 'doc,scale=0.05' });
  context = await request.newContext();
  config = loadConfig({
    FLEET_BASE_URL: sandbox.baseUrl,
    FLEET_TARGET: 'sandbox',
    FLEET_CARD_POOL_CUSTOMER: '7000000010',
  });
  api = new FleetApi({
    request: context,
    config,
    tokens: new TokenProvider(config),
    schemas: loadSchemas(),
    secrets: new SecretRegistry(),
  });
});
test.afterEach(async () => {
  await context.dispose();
  await sandbox.stop();
});

const runConfig = (runId: string) => ({ ...config, runId });
/** A run whose tests hold no card: it gives back whatever it is asked to. */
const idle: ShareKeeper = { publish: () => undefined, inUse: () => false };
const all = Array.from({ length: POOL_SLICES }, (_, i) => i);

/** Every lease looks at the others until none changes (or `rounds` looks each). */
async function settle(leases: RunLease[], keepers: ShareKeeper[] = leases.map(() => idle), rounds = 8): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    const before = leases.map((l) => l.slices.join(',')).join(' ');
    for (const [i, lease] of leases.entries()) await lease.rebalance(keepers[i]!);
    if (leases.map((l) => l.slices.join(',')).join(' ') === before) return;
  }
}

function expectDisjoint(leases: RunLease[]): void {
  const held = leases.flatMap((l) => l.slices);
  expect(
    new Set(held).size,
    `slices held: ${leases.map((l) => `${l.lease.runId} ${l.slices.join(',')}`).join('; ')}`
  ).toBe(held.length);
}

test('a run alone holds the whole pool; one beside it gets half as the first gives back, never a slice whose card a test of the first still holds', async () => {
  const first = await RunLease.take(api, runConfig('fcrlonea'));
  expect(first.slices, 'alone: every slice').toEqual(all);

  const { share, claims } = poolFiles(mkdtempSync(join(tmpdir(), 'fleet-lease-')));
  share.write(first.slices);
  const held = 4_000_123;
  expect(claims.claim(held), 'a test of the first run holds a card').toBe(true);
  const keeper = shareKeeper(share, claims);

  const second = await RunLease.take(api, runConfig('fcrloneb'));
  expect(second.slices, 'the first holds everything: nothing yet').toEqual([]);
  await settle([first, second], [keeper, idle]);
  expectDisjoint([first, second]);
  expect([first.slices.length, second.slices.length], 'half each').toEqual([POOL_SLICES / 2, POOL_SLICES / 2]);
  expect(first.slices, "the slice of the card a test holds stays the first run's").toContain(sliceOf(held));
  expect([...share.slices()!].sort(), 'its tests may use what it holds').toEqual(first.slices);

  await second.release();
  await settle([first], [keeper]);
  expect(first.slices, 'the slices of a run that ended are taken up again').toEqual(all);
});

test('runs that take leases at the same moment each end with slices of their own; one more is refused in one line; a released lease frees its slices', async () => {
  test.setTimeout(180_000);
  const leases = await Promise.all(
    Array.from({ length: POOL_SLICES }, (_, i) => RunLease.take(api, runConfig(`fcrlease${i}`)))
  );
  expectDisjoint(leases);
  await settle(leases);
  expectDisjoint(leases);
  expect(
    leases.map((l) => l.slices.length),
    'six runs at once, a slice each'
  ).toEqual(leases.map(() => 1));
  const live = await liveLeases(api, config.customerListFields);
  expect(live.map((l) => l.runId).sort()).toEqual(leases.map((l) => l.lease.runId).sort());

  const refused = await RunLease.take(api, runConfig('fcrleasex')).catch((e: Error) => e);
  expect((refused as Error).message).toMatch(
    /^FLEET_CARD_POOL_CUSTOMER 7000000010: 6 runs in progress already share the card pool \(fcrlease\d(, fcrlease\d){5}\); wait for one to end, give this run a card pool of its own \(FLEET_CARD_POOL_CUSTOMER\), or close the leases of runs that were killed \(npm run cleanup\)$/
  );

  await leases[2]!.release();
  const next = await RunLease.take(api, runConfig('fcrleasey'));
  expect(next.slices, 'the released slice is free again').toEqual(leases[2]!.slices);
});

test("a lease not renewed for five minutes is a dead run's; renewing keeps it alive; its name round-trips, one-slice leases of earlier versions too", async () => {
  const lease = await RunLease.take(api, runConfig('fcrleasez'));
  const later = new Date(Date.now() + LEASE_TTL_MS + 1_000);
  expect(
    (await liveLeases(api, config.customerListFields, later)).map((l) => l.runId),
    'lapsed after five minutes'
  ).toEqual([]);
  expect(await lease.renew(later)).toBe(true);
  expect(
    (await liveLeases(api, config.customerListFields, later)).map((l) => l.runId),
    'renewed'
  ).toEqual(['fcrleasez']);
  const name = leaseName('fcrabc', '7000000010', [0, 3, 4], new Date('2026-11-24T10:05:00Z'));
  expect(name).toBe('fcrabc run lease, card pool 7000000010 slices 1,4,5 of 6, alive 2026-11-24T10:05:00Z');
  expect(parseLease({ customerName: name, customerAccountNumber: '1', statusIdentifier: 1 })).toMatchObject({
    runId: 'fcrabc',
    pool: '7000000010',
    slices: [0, 3, 4],
    open: true,
  });
  expect(
    parseLease({
      customerName: 'fcrold run lease, card pool 7000000010 slice 3 of 6, alive 2026-11-24T10:05:00Z',
      customerAccountNumber: '2',
      statusIdentifier: 1,
    })
  ).toMatchObject({ runId: 'fcrold', slices: [2] });
  expect(
    parseLease({
      customerName: leaseName('fcrnone', '7000000010', [], new Date()),
      customerAccountNumber: '3',
      statusIdentifier: 1,
    })
  ).toMatchObject({ slices: [] });
});

test('the slices split the pool: every card in exactly one', () => {
  const ids = Array.from({ length: 500 }, (_, i) => 700_001 + i * 7);
  const sizes = all.map((slice) => ids.filter((id) => sliceOf(id) === slice).length);
  expect(
    sizes.reduce((a, b) => a + b),
    'every card in one slice'
  ).toBe(ids.length);
  expect(Math.min(...sizes), `cards per slice: ${sizes.join(', ')}`).toBeGreaterThan(500 / POOL_SLICES / 2);
});
