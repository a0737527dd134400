/**
 * sandbox/server.ts as a process: configuration errors, the banner, a real socket, SIGTERM.
 */
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test } from '@playwright/test';
import { defaults as d, TOKEN_PATH } from './core-harness.js';

test.describe.configure({ timeout: 90_000 });

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts the server with `env`; `whenUp` runs once the banner is out, then SIGTERM ends it. */
function runServer(env: Record<string, string>, whenUp?: (baseUrl: string) => Promise<void>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/server.ts'], {
      env: { ...process.env, SANDBOX_PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let failure: unknown;
    // Generous: a loaded machine can take many seconds to start tsx.
    const timer = setTimeout(() => child.kill('SIGKILL'), 50_000);
    child.stdout.on('data', (chunk: Buffer) => {
      const before = stdout;
      stdout += chunk.toString();
      const m = /on (http:\/\/\S+) /.exec(stdout);
      if (m && !/on http:\/\/\S+ /.test(before)) {
        (whenUp ? whenUp(m[1]!) : Promise.resolve()).catch((e) => (failure = e)).finally(() => child.kill('SIGTERM'));
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (failure) reject(failure);
      else resolve({ code, stdout, stderr });
    });
  });
}

test('prints one banner line, serves over HTTP, and exits 0 on SIGTERM', async () => {
  const run = await runServer({ SANDBOX_TOKEN_TTL: '2', SANDBOX_FAULTS: 'order-status-200' }, async (base) => {
    const tokenRes = await fetch(`${base}${TOKEN_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: d.clientId,
        client_secret: d.clientSecret,
      }),
    });
    const token = (await tokenRes.json()) as { access_token: string; expires_in: number };
    expect(token.expires_in).toBe(2);
    const master = await fetch(`${base}/master/all`, { headers: { authorization: `Bearer ${token.access_token}` } });
    expect(master.status).toBe(200);
    expect(master.headers.get('content-type')).toMatch(/^application\/json/);
    await sleep(2100);
    expect(
      (await fetch(`${base}/master/all`, { headers: { authorization: `Bearer ${token.access_token}` } })).status
    ).toBe(401);
  });
  expect(run.code).toBe(0);
  expect(run.stdout).toMatch(
    /^fleet sandbox on http:\/\/127\.0\.0\.1:\d+ \(faults: order-status-200, variants: none, latency: off, token ttl: 2s, card pool: 90 Active cards\)\n/
  );
  expect(run.stderr).toBe('');
});

test('a bad SANDBOX_* value stops the server with one line naming the variable and exit 1', async () => {
  const cases = [
    ['SANDBOX_PORT', 'eighty'],
    ['SANDBOX_FAULTS', 'no-such-fault'],
    ['SANDBOX_LATENCY', 'fast'],
    ['SANDBOX_TOKEN_TTL', '-5'],
  ] as const;
  const runs = await Promise.all(cases.map(([name, value]) => runServer({ [name]: value })));
  runs.forEach((run, i) => {
    const [name, value] = cases[i]!;
    expect(run.code, `${name}=${value}`).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines, `${name}=${value}`).toHaveLength(1);
    expect(lines[0]).toContain(name);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.stdout).toBe('');
  });
});
