/**
 * Every fault of the sandbox core changes the behaviour it claims: its probe (sandbox/faults/)
 * checks the rule the fault names; it must hold on a clean sandbox and fail on one with the fault
 * (and only that fault) switched on. The locations and sessions faults' probes run in their own
 * test files; the latency faults, which have none, are checked below as a table. The registry
 * itself: every fault names a rule of lib/rules/catalogue.ts.
 */
import { expect, test } from '@playwright/test';
import { latencyKeys, latencyTargets } from '../../../lib/latency-targets.js';
import { rules } from '../../../lib/rules/catalogue.js';
import { performedWrites } from '../../../sandbox/faults/server-errors.js';
import { faultCatalogue } from '../../../sandbox/faults.js';
import { slowedBy } from '../../../sandbox/latency.js';
import { defaults as d, type Harness, startSandbox, testFaultProbes } from './core-harness.js';

test('a "performed, then 500" fault performs the write, then answers 500 with the standard error body (ER-012)', async () => {
  for (const [id, write] of Object.entries(performedWrites)) {
    const h = await startSandbox({ faults: [id] });
    try {
      const { answer, effect } = await write.send(h);
      expect([answer.status, answer.body?.errorCode], id).toEqual([500, 'ER-012']);
      if (effect) expect(await effect(), `${id}: the write took effect`).toBe(true);
    } finally {
      await h.close();
    }
  }
});

test('card-types-503-unavailable: the card types answer 503 with Retry-After and the standard error body every time, every other operation works', async () => {
  const h = await startSandbox({ faults: ['card-types-503-unavailable'] });
  try {
    for (let i = 0; i < 3; i++) {
      const answer = await h.op('getCustomerCardTypes', { customerAccountNumber: d.poolCustomer });
      expect([
        answer.status,
        answer.headers['retry-after'],
        typeof answer.body?.errorCode,
        typeof answer.body?.errorDescription,
      ]).toEqual([503, '1', 'string', 'string']);
    }
    expect((await h.op('getCustomer', { customerAccountNumber: d.poolCustomer })).status).toBe(200);
  } finally {
    await h.close();
  }
});

test('every fault names a rule of lib/rules/catalogue.ts and has a description', () => {
  const bad = Object.entries(faultCatalogue)
    .filter(([, f]) => !rules.has(f.rule) || f.description.length < 10)
    .map(([id, f]) => `${id} → ${f.rule}`);
  expect(bad).toEqual([]);
});

test('each latency fault slows the 2xx answers of its own operation, and of no other, past the p50 target', async () => {
  expect(
    latencyKeys.filter((key) => !(`latency-${key}-slow` in faultCatalogue)),
    'operations without a latency fault'
  ).toEqual([]);
  for (const key of latencyKeys) {
    const delay = slowedBy((id) => id === `latency-${key}-slow`)!;
    expect(
      latencyKeys.filter((k) => (k === key ? delay(k) <= latencyTargets[k].p50 : delay(k) !== 0)),
      `latency-${key}-slow`
    ).toEqual([]);
  }
  // Wired into the app: a slowed answer through the interface, the clean one well under the target.
  const timed = async (h: Harness) => {
    const started = performance.now();
    await h.op('getMasterData');
    return performance.now() - started;
  };
  const [clean, slow] = await Promise.all([startSandbox(), startSandbox({ faults: ['latency-master-data-slow'] })]);
  try {
    expect(await timed(clean)).toBeLessThan(latencyTargets['master-data'].p50);
    expect(await timed(slow)).toBeGreaterThan(latencyTargets['master-data'].p50);
  } finally {
    await Promise.all([clean.close(), slow.close()]);
  }
});

test('every fault but the latency faults (npm run perf) has a probe', () => {
  expect(
    Object.entries(faultCatalogue)
      .filter(([id, fault]) => !('probe' in fault) && !id.startsWith('latency-'))
      .map(([id]) => id)
  ).toEqual([]);
});

testFaultProbes((id) => !/^(geo|loc|session)-/.test(id));
