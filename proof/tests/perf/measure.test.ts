/**
 * The fixed-rate driver (perf/measure.ts) against a trivial server in a child process:
 *  - arrivals are evenly spaced, as the server sees them (not autocannon's per-second bursts,
 *    shown here for contrast);
 *  - a server that stalls for 1 s shows ~1 s latencies for the requests that arrived during the
 *    stall, and no slot disappears (no coordinated omission);
 *  - connections the server closes, idle or never used (a 408 first), cost no request.
 */

import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test } from '@playwright/test';
import autocannon from 'autocannon';
import { answers, type Child, freePort, startTsChild } from '../../../perf/child.js';
import { ConnectionPool, drive } from '../../../perf/measure.js';
import { percentile } from '../../../perf/stats.js';

interface Arrivals {
  arrivals: number[];
  paths: string[];
}

async function loopbackServer(
  args: string[] = []
): Promise<{ url: string; child: Child; seen: () => Promise<Arrivals> }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = await startTsChild('perf/loopback-server.ts', ['--port', String(port), ...args], {
    name: 'loopback server',
    ready: () => answers(`${url}/__arrivals`),
  });
  return { url, child, seen: async () => (await fetch(`${url}/__arrivals`)).json() as Promise<Arrivals> };
}

/** Most arrivals inside any window of `ms`. */
const densest = (times: number[], ms: number) =>
  Math.max(...times.map((t, i) => times.filter((u, j) => j >= i && u < t + ms).length));

test('arrivals are evenly spaced at the fixed rate, as the server sees them', async () => {
  const server = await loopbackServer();
  // The only source of lateness the driver has is its event loop's: measured alongside, so that a
  // machine busy with other work does not read as a driver defect.
  const loop = monitorEventLoopDelay({ resolution: 1 });
  try {
    loop.enable();
    const result = await drive({
      origin: server.url,
      headers: {},
      rate: 100,
      slots: 300,
      plan: (slot) => ({ op: 'x', method: 'GET', path: `/x/${slot}`, counted: true }),
    });
    loop.disable();
    const loopP99 = loop.percentile(99) / 1e6;
    const loopMax = loop.max / 1e6;
    expect(result.samples.filter((s) => s.status === 200)).toHaveLength(300);
    // The schedule as the client kept it: each request left at its due time, give or take the loop's delay.
    const lateness = result.samples.map((s) => s.sentAt! - s.intendedAt);
    const info = `event loop delay p99 ${loopP99.toFixed(1)} ms, max ${loopMax.toFixed(1)} ms; lateness p50 ${percentile(lateness, 50).toFixed(2)}, p90 ${percentile(lateness, 90).toFixed(2)} ms`;
    expect(percentile(lateness, 90), info).toBeLessThanOrEqual(loopP99 + 2);
    expect(Math.max(...lateness), info).toBeLessThanOrEqual(loopMax + 5);
    // The schedule as the server saw it: 300 arrivals over ~3 s, never a burst (about 10 per
    // 100 ms and 50 per 500 ms; a per-second burst puts ~100 there).
    const { arrivals: arrived } = await server.seen();
    expect(arrived).toHaveLength(300);
    const span = arrived.at(-1)! - arrived[0]!;
    expect(span).toBeGreaterThan(2700);
    expect(span).toBeLessThan(3300);
    // A stalled loop (client's, or the server's alike) releases what fell due meanwhile at once.
    const slack = Math.ceil((2 * loopMax) / 10);
    expect(densest(arrived, 100), info).toBeLessThanOrEqual(13 + slack);
    expect(densest(arrived, 500), info).toBeLessThanOrEqual(56 + slack);
  } finally {
    loop.disable();
    await server.child.stop();
  }
});

test("for contrast: autocannon overallRate sends each second's quota in a burst", async () => {
  const server = await loopbackServer();
  try {
    // 100 connections at overallRate 100: each sends 1 request per second, all at the same moment.
    await new Promise<void>((resolve, reject) => {
      autocannon({ url: `${server.url}/x`, connections: 100, overallRate: 100, duration: 2 }, (err) =>
        err ? reject(err) : resolve()
      );
    });
    const { arrivals: arrived } = await server.seen();
    // Even spacing would put ~20 in any 200 ms: here most of a second's quota arrives at once.
    expect(densest(arrived, 200)).toBeGreaterThan(50);
  } finally {
    await server.child.stop();
  }
});

test('a server that stalls for 1 s: requests arriving during the stall show it, none goes missing', async () => {
  // The server answers nothing from 1000 ms after the first request until 2000 ms.
  const server = await loopbackServer(['--stall-at', '1000', '--stall', '1000']);
  try {
    const result = await drive({
      origin: server.url,
      headers: {},
      rate: 100,
      slots: 300,
      plan: (slot) => ({ op: 'x', method: 'GET', path: `/x/${slot}`, counted: true }),
    });
    const ok = result.samples.filter((s) => s.status === 200);
    expect(ok, 'every slot measured, none dropped or merged').toHaveLength(300);
    // Arrivals did not wait for the stalled server: ~100 requests arrived during the stall.
    const { arrivals: arrived, paths } = await server.seen();
    const stallFrom = arrived[0]! + 1000;
    const during = arrived.filter((t) => t >= stallFrom && t < stallFrom + 1000).length;
    expect(during).toBeGreaterThan(85);
    expect(during).toBeLessThan(115);
    // The first requests held by the stall waited ~1 s; those that came later waited the rest of it.
    const firstHeld = Number(paths[arrived.findIndex((t) => t >= stallFrom)]!.split('/').pop());
    const early = ok.filter((s) => s.slot >= firstHeld + 2 && s.slot < firstHeld + 10);
    expect(early).toHaveLength(8);
    for (const s of early) expect(s.latencyMs!, `slot ${s.slot}`).toBeGreaterThan(800);
    const worst = Math.max(...ok.map((s) => s.latencyMs!));
    expect(worst).toBeGreaterThan(900);
    expect(worst).toBeLessThan(1500);
    // About half of the stall window's ~100 requests waited more than 500 ms: the tail is not hidden.
    const over500 = ok.filter((s) => s.latencyMs! > 500).length;
    expect(over500).toBeGreaterThan(30);
    expect(over500).toBeLessThan(70);
    expect(
      percentile(
        ok.map((s) => s.latencyMs!),
        90
      )
    ).toBeGreaterThan(300);
  } finally {
    await server.child.stop();
  }
});

test('a request that gets no answer is an error, not a missing sample', async () => {
  const server = await loopbackServer(['--delay', '3000']);
  try {
    const result = await drive({
      origin: server.url,
      headers: {},
      rate: 20,
      slots: 10,
      requestTimeoutS: 1,
      plan: (slot) => ({ op: 'x', method: 'GET', path: `/x/${slot}`, counted: true }),
    });
    expect(result.samples).toHaveLength(10);
    for (const s of result.samples) expect(s.error).toBe('timeout');
  } finally {
    await server.child.stop();
  }
});

test('one pool serves phase after phase; connections the server closes while idle come back without losing a request', async () => {
  // The server closes keep-alive connections idle for 1 s; the pool reconnects them.
  const server = await loopbackServer(['--keep-alive', '1000']);
  const pool = await ConnectionPool.open({ origin: server.url, headers: {}, connections: 30 });
  try {
    const plan = (slot: number) => ({ op: 'x', method: 'GET' as const, path: `/x/${slot}`, counted: true });
    const first = await pool.schedule({ rate: 50, slots: 25, plan });
    await sleep(2500);
    const second = await pool.schedule({ rate: 100, slots: 150, plan });
    for (const result of [first, second]) {
      expect(result.samples.filter((s) => s.status === 200 && s.error === undefined)).toHaveLength(
        result.samples.length
      );
    }
    expect(second.samples).toHaveLength(150);
  } finally {
    await pool.close();
    await server.child.stop();
  }
});

for (const [kind, flags] of [
  ["Node's own, without a length", []],
  ["a sized one, as Fastify's", ['--sized-408']],
] as const) {
  test(`connections the server gives up on before their first request (a 408: ${kind}, then close) cost no request, and no crash`, async () => {
    // Few of 30 connections carry 10 requests/s; the others sit unused past the server's 0.5 s headers timeout.
    const server = await loopbackServer(['--headers-timeout', '500', '--delay', '20', ...flags]);
    const pool = await ConnectionPool.open({ origin: server.url, headers: {}, connections: 30 });
    try {
      const result = await pool.schedule({
        rate: 10,
        slots: 25,
        plan: (slot) => ({ op: 'x', method: 'GET' as const, path: `/x/${slot}`, counted: true }),
      });
      expect(result.samples.filter((s) => s.error !== undefined).map((s) => s.error)).toEqual([]);
      expect(result.samples.filter((s) => s.status === 200)).toHaveLength(25);
    } finally {
      await pool.close();
      await server.child.stop();
    }
  });
}
