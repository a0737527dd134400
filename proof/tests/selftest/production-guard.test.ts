/**
 * The production guard: with FLEET_TARGET=production only read-only specs run, and no write request
 * can leave the suite. Proved three ways through a recording server: the listed tests, the client
 * called with every writing operation, and the whole conformance suite run in production mode
 * against a sandbox behind the recorder (the server must only ever see reads).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, request, test } from '@playwright/test';
import { FleetApi } from '../../../lib/api.js';
import { TokenProvider } from '../../../lib/auth.js';
import { ProductionGuardError } from '../../../lib/client.js';
import { loadConfig } from '../../../lib/config.js';
import { operation, operationIds } from '../../../lib/operations.js';
import { SecretRegistry } from '../../../lib/report/redact.js';
import { loadSchemas } from '../../../lib/validation.js';
import { sandboxDefaults } from '../../../sandbox/defaults.js';
import {
  type ListedTest,
  playwright,
  type Recorder,
  startRecorder,
  startSandbox,
  stopAll,
  testsOf,
} from './harness.js';

test.afterEach(stopAll);

const credentials = { FLEET_CLIENT_ID: 'guard-selftest', FLEET_CLIENT_SECRET: 'guard-selftest-secret' };
const writes = operationIds.filter((id) => !operation(id).readOnly);
/** What may reach a production server: reads, the read-only POSTs (search, geosearch) and the token request. */
const allowed = new Set(
  operationIds.filter((id) => operation(id).readOnly && operation(id).method === 'POST').map((id) => operation(id).path)
);

let recorder: Recorder;
test.beforeEach(async () => {
  recorder = await startRecorder();
});
test.afterEach(async () => recorder.close());

async function listed(target: 'test' | 'production'): Promise<ListedTest[]> {
  const work = mkdtempSync(join(tmpdir(), 'fleet-guard-list-'));
  const report = join(work, 'list.json');
  const { code, output } = await playwright(['--list', '--reporter=json'], {
    ...credentials,
    FLEET_BASE_URL: recorder.baseUrl,
    FLEET_TARGET: target,
    FLEET_REPORTS_DIR: work,
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
  });
  expect(code, output.slice(-1500)).toBe(0);
  return testsOf(JSON.parse(readFileSync(report, 'utf8')));
}

test('with FLEET_TARGET=production exactly the tests without @write are listed', async () => {
  const [all, production] = await Promise.all([listed('test'), listed('production')]);
  const readOnly = all.filter((t) => !t.path.includes('@write')).map((t) => t.path);
  expect(all.length - readOnly.length, 'tests tagged @write exist').toBeGreaterThan(0);
  expect(readOnly.length, 'read-only tests exist').toBeGreaterThan(0);
  expect(production.map((t) => t.path).sort()).toEqual(readOnly.sort());
});

test('in production the client refuses every writing operation before anything is sent', async () => {
  const config = loadConfig({ ...credentials, FLEET_BASE_URL: recorder.baseUrl, FLEET_TARGET: 'production' });
  const context = await request.newContext();
  try {
    const api = new FleetApi({
      request: context,
      config,
      tokens: new TokenProvider(config),
      schemas: loadSchemas(),
      secrets: new SecretRegistry(),
    });
    for (const id of writes) {
      const params = { customerAccountNumber: '7000000001', cardIdentifier: 1 };
      await expect(api.call(id, { params, body: {} }), id).rejects.toBeInstanceOf(ProductionGuardError);
    }
    expect(recorder.calls, 'requests that reached the server').toEqual([]);
  } finally {
    await context.dispose();
  }
});

test('the whole conformance suite in production mode sends only reads, and no read-only test writes', async () => {
  test.setTimeout(600_000);
  const sandbox = await startSandbox();
  const proxy = await startRecorder(sandbox.baseUrl);
  const work = mkdtempSync(join(tmpdir(), 'fleet-guard-suite-'));
  const report = join(work, 'report.json');
  try {
    await playwright(['--reporter=json', `--output=${join(work, 'test-results')}`], {
      FLEET_BASE_URL: proxy.baseUrl,
      FLEET_TARGET: 'production',
      FLEET_REPORTS_DIR: work,
      PLAYWRIGHT_JSON_OUTPUT_NAME: report,
      FLEET_CLIENT_ID: sandboxDefaults.clientId,
      FLEET_CLIENT_SECRET: sandboxDefaults.clientSecret,
      FLEET_SESSION_IDS: sandboxDefaults.sessionIds.join(','),
      FLEET_CARD_POOL_CUSTOMER: sandboxDefaults.poolCustomer,
      FLEET_FOREIGN_CUSTOMER: sandboxDefaults.foreignCustomer,
    });
  } finally {
    await proxy.close();
    await sandbox.stop();
  }
  const ran = testsOf(JSON.parse(readFileSync(report, 'utf8')));
  expect(ran.length, 'tests that ran').toBeGreaterThan(0);
  expect(
    ran.filter((t) => t.path.includes('@write')).map((t) => t.path),
    'tests tagged @write that ran'
  ).toEqual([]);
  const refused = ran.filter((t) =>
    t.results.some((r) => r.errors?.some((e) => /ProductionGuardError|production guard/.test(e.message ?? '')))
  );
  expect(
    refused.map((t) => t.path),
    'tests without @write that tried to write (tag them @write)'
  ).toEqual([]);
  const sent = proxy.calls.map((c) => `${c.method} ${c.url.split('?')[0]}`);
  expect(sent, 'the suite ran its reads, read-only POSTs included').toEqual(
    expect.arrayContaining(['GET /master/all', 'POST /cards/search'])
  );
  expect(
    [...new Set(sent.filter((s) => !s.startsWith('GET ') && !allowed.has(s.slice('POST '.length))))],
    'write requests that reached the server'
  ).toEqual([]);
});
