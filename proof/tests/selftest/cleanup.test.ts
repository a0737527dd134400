/**
 * `npm run cleanup` closes what a run left open, children before parents, only for the run asked
 * for, changes nothing with --dry-run and refuses production; the suite's own cleanup check
 * [SUITE-CLEANUP] fails while a customer of its run is open and passes once it is closed.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect, request, test } from '@playwright/test';
import { FleetApi } from '../../../lib/api.js';
import { TokenProvider } from '../../../lib/auth.js';
import { loadConfig } from '../../../lib/config.js';
import { ACTIVE } from '../../../lib/discovery.js';
import { freePlaces, subCustomerBody } from '../../../lib/factories/customer.js';
import { SecretRegistry } from '../../../lib/report/redact.js';
import { loadSchemas } from '../../../lib/validation.js';
import { playwright, run, type SandboxProcess, startRecorder, startSandbox, stopAll } from './harness.js';

test.afterEach(stopAll);

let sandbox: SandboxProcess;
let context: APIRequestContext;
let api: FleetApi;

test.beforeEach(async () => {
  sandbox = await startSandbox();
  context = await request.newContext();
  const config = loadConfig({ FLEET_BASE_URL: sandbox.baseUrl, FLEET_TARGET: 'sandbox' });
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

async function create(runId: string, serial: string, parent?: string): Promise<string> {
  const response = await api.createSubCustomer(
    subCustomerBody(runId, serial, freePlaces, parent ? { customerAccountNumber: parent } : {})
  );
  expect(response.status).toBe(200);
  return response.body.customerAccountNumber;
}

const statusOf = async (number: string) => (await api.getCustomer(number)).body.statusIdentifier;
const cleanup = (args: string[], env: Record<string, string> = {}) =>
  run('node', ['--import', 'tsx', 'scripts/cleanup.ts', ...args], {
    FLEET_BASE_URL: sandbox.baseUrl,
    FLEET_TARGET: 'sandbox',
    ...env,
  });

test('cleanup --run closes every open customer of that run, children first, and nothing else; --dry-run changes nothing', async () => {
  const parent = await create('fcrselftest1', 'p');
  const child = await create('fcrselftest1', 'c', parent);
  const blocked = await create('fcrselftest1', 'b');
  expect((await api.blockCustomer(blocked)).status).toBe(200);
  const blockedStatus = await statusOf(blocked);
  const otherRun = await create('fcrselftest2', 'o');

  const dry = await cleanup(['--run', 'fcrselftest1', '--dry-run']);
  expect(dry.code, dry.output).toBe(0);
  expect(dry.output.match(/^would close /gm)?.length, dry.output).toBe(3);
  expect([await statusOf(parent), await statusOf(child), await statusOf(blocked)]).toEqual([
    ACTIVE,
    ACTIVE,
    blockedStatus,
  ]);

  const real = await cleanup(['--run', 'fcrselftest1']);
  expect(real.code, real.output).toBe(0);
  expect(real.output.indexOf(`closed ${child}`), 'the child is closed before its parent').toBeLessThan(
    real.output.indexOf(`closed ${parent}`)
  );
  const closed = await statusOf(parent);
  expect(closed).not.toBe(ACTIVE);
  expect(closed).not.toBe(blockedStatus);
  expect(
    [await statusOf(child), await statusOf(blocked)],
    'every customer of the run is closed, the blocked one too'
  ).toEqual([closed, closed]);
  expect(await statusOf(otherRun), "another run's customer is left alone").toBe(ACTIVE);

  const again = await cleanup(['--run', 'fcrselftest1']);
  expect(again.output, 'a second cleanup finds them closed').toContain(
    '0 closed, 0 could not be closed, 3 already closed'
  );
});

test('cleanup refuses FLEET_TARGET=production without --yes-production and sends nothing; a bad --run is refused in one line', async () => {
  const recorder = await startRecorder();
  try {
    const refused = await cleanup([], {
      FLEET_BASE_URL: recorder.baseUrl,
      FLEET_TARGET: 'production',
      FLEET_CLIENT_ID: 'x',
      FLEET_CLIENT_SECRET: 'y',
    });
    expect(refused.code).toBe(2);
    expect(refused.output).toContain('--yes-production');
    expect(recorder.calls).toEqual([]);
  } finally {
    await recorder.close();
  }
  const bad = await cleanup(['--run', 'not-a-run']);
  expect(bad.code).toBe(2);
  expect(bad.output.trim().split('\n').at(-1)).toMatch(/^cleanup: --run: "not-a-run" is not a run id/);
});

test("the suite's cleanup check fails while a customer of its run is open and passes once it is closed [SUITE-CLEANUP]", async () => {
  test.setTimeout(180_000);
  const leftOpen = await create('fcrleak1', 'x');
  const check = async () => {
    const work = mkdtempSync(join(tmpdir(), 'fleet-cleanup-check-'));
    return playwright(
      ['--project', 'after the run', '-g', 'SUITE-CLEANUP', '--reporter=list', `--output=${join(work, 'out')}`],
      {
        FLEET_BASE_URL: sandbox.baseUrl,
        FLEET_TARGET: 'sandbox',
        FLEET_RUN_ID: 'fcrleak1',
        FLEET_REPORTS_DIR: work,
      }
    );
  };
  const failing = await check();
  expect(failing.code, failing.output.slice(-1500)).not.toBe(0);
  expect(failing.output).toContain(leftOpen);
  expect((await api.closeCustomer(leftOpen)).status).toBe(200);
  const passing = await check();
  expect(passing.code, passing.output.slice(-1500)).toBe(0);
});

test('what the second client created for a run is checked and closed too: the cleanup check fails while it is open, cleanup --run closes it [SUITE-CLEANUP]', async () => {
  test.setTimeout(180_000);
  const config = loadConfig({ FLEET_BASE_URL: sandbox.baseUrl, FLEET_TARGET: 'sandbox' });
  const second = new FleetApi({
    request: context,
    config,
    tokens: new TokenProvider({ tokenUrl: config.tokenUrl, ...config.foreignClient! }),
    schemas: loadSchemas(),
    secrets: new SecretRegistry(),
  });
  const created = await second.createSubCustomer(subCustomerBody('fcrleak2', 'f', freePlaces));
  expect(created.status).toBe(200);
  const leftOpen = created.body.customerAccountNumber;
  const work = mkdtempSync(join(tmpdir(), 'fleet-cleanup-second-'));
  const check = () =>
    playwright(
      ['--project', 'after the run', '-g', 'SUITE-CLEANUP', '--reporter=list', `--output=${join(work, 'out')}`],
      {
        FLEET_BASE_URL: sandbox.baseUrl,
        FLEET_TARGET: 'sandbox',
        FLEET_RUN_ID: 'fcrleak2',
        FLEET_REPORTS_DIR: work,
      }
    );
  const failing = await check();
  expect(failing.code, failing.output.slice(-1500)).not.toBe(0);
  expect(failing.output).toContain(leftOpen);
  const closed = await cleanup(['--run', 'fcrleak2']);
  expect(closed.code, closed.output).toBe(0);
  expect(closed.output).toContain('1 customers of the second client marked fcrleak2: 1 closed');
  expect((await second.getCustomer(leftOpen)).body.statusIdentifier).not.toBe(ACTIVE);
  const passing = await check();
  expect(passing.code, passing.output.slice(-1500)).toBe(0);
});
