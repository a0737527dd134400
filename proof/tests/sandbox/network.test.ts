/**
 * SANDBOX_NETWORK (sandbox/network.ts): a network in front of the sandbox holds each way for a
 * delay in its range, keeps a body whole and in order, closes with the sandbox, and a bad value
 * stops with one line naming the variable.
 */
import { expect, test } from '@playwright/test';
import { hostSandbox } from '../../../sandbox/host.js';
import { readServerConfig } from '../../../sandbox/server-config.js';
import { defaults as d, TOKEN_PATH } from './core-harness.js';

test('a bad SANDBOX_NETWORK stops the sandbox with one line naming it', () => {
  expect(readServerConfig({ SANDBOX_NETWORK: '40-80' }).network).toEqual({ minMs: 40, maxMs: 80 });
  expect(readServerConfig({ SANDBOX_NETWORK: '60' }).network).toEqual({ minMs: 60, maxMs: 60 });
  expect(readServerConfig({ SANDBOX_NETWORK: 'off' }).network).toBeUndefined();
  for (const bad of ['fast', '80-40', '20000']) {
    expect(() => readServerConfig({ SANDBOX_NETWORK: bad })).toThrow(
      /^SANDBOX_NETWORK: ".+" is not a delay each way in ms \(off, 60, or 40-80 for 40 to 80; at most 10000\)$/
    );
  }
});

test('behind SANDBOX_NETWORK=40-80 every round trip, a 401 too, takes 80 to 160 ms more; bodies arrive whole; the network closes with the sandbox', async () => {
  const sandbox = await hostSandbox({ SANDBOX_NETWORK: '40-80' });
  const base = sandbox.baseUrl;
  try {
    const times: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const t0 = performance.now();
      const res = await fetch(`${base}/master/all`);
      await res.text();
      expect(res.status).toBe(401);
      times.push(performance.now() - t0);
    }
    // The first may open the connection (a round trip more); a busy machine adds, never takes away.
    expect(Math.min(...times)).toBeGreaterThanOrEqual(80);
    expect(Math.min(...times.slice(1))).toBeLessThan(160 + 100);
    const token = await fetch(`${base}${TOKEN_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: d.clientId,
        client_secret: d.clientSecret,
      }),
    });
    const { access_token } = (await token.json()) as { access_token: string };
    const master = await fetch(`${base}/master/all`, { headers: { authorization: `Bearer ${access_token}` } });
    expect(Object.keys((await master.json()) as object)).toHaveLength(10);
  } finally {
    await sandbox.app.close();
  }
  await expect(fetch(`${base}/master/all`, { signal: AbortSignal.timeout(2000) })).rejects.toThrow();
});
