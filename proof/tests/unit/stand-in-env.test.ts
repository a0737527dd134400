/**
 * `npm run sandbox -- --print-env`: the .env it prints, written to a file and read as the suite
 * reads any .env (readEnv, loadConfig), configures a full run against the sandbox as a test
 * environment: its clients, the card pool at three depths, every seeded session, the foreign customer.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { loadConfig, readEnv } from '../../../lib/config.js';
import { sandboxDefaults } from '../../../sandbox/launcher.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const printEnv = (env: Record<string, string>, args = ['--print-env']) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'sandbox/server.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });

test('the printed .env configures a full run against the sandbox as a test environment, read as any .env is', () => {
  const printed = printEnv({ SANDBOX_PORT: '4150' });
  expect(printed.status).toBe(0);
  const dir = mkdtempSync(join(tmpdir(), 'stand-in-env-'));
  try {
    writeFileSync(join(dir, '.env'), printed.stdout);
    const config = loadConfig(readEnv(join(dir, '.env'), {}));
    expect(config).toMatchObject({
      target: 'test',
      baseUrl: 'http://127.0.0.1:4150',
      clientId: sandboxDefaults.clientId,
      foreignCustomer: sandboxDefaults.foreignCustomer,
    });
    expect(config.foreignClient).toEqual({
      clientId: sandboxDefaults.foreignClientId,
      clientSecret: sandboxDefaults.foreignClientSecret,
    });
    expect(config.poolCustomers).toEqual([...sandboxDefaults.poolCustomers]);
    expect(config.sessionIds).toEqual([...sandboxDefaults.sessionIds]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  expect(printed.stdout).toContain('fixed test credentials');
});

test('with SANDBOX_TLS it names the CA and the client certificate; a port picked at start or another argument is one line, exit 1', () => {
  expect(printEnv({ SANDBOX_TLS: '/tmp/fleet-pki', SANDBOX_PORT: '4151' }).stdout).toMatch(
    /^FLEET_BASE_URL=https:\/\/localhost:4151\n[\s\S]*^FLEET_CA_FILE=\/tmp\/fleet-pki\/ca\.pem\nFLEET_CLIENT_CERT=\/tmp\/fleet-pki\/client\.pem\nFLEET_CLIENT_KEY=\/tmp\/fleet-pki\/client-key\.pem$/m
  );
  expect(printEnv({ SANDBOX_PORT: '0' })).toMatchObject({
    status: 1,
    stdout: '',
    stderr: 'fleet sandbox: --print-env: SANDBOX_PORT=0 picks the port at start; give it a port\n',
  });
  expect(printEnv({}, ['--env'])).toMatchObject({
    status: 1,
    stderr: 'fleet sandbox: unknown argument --env (the only one: --print-env)\n',
  });
});
