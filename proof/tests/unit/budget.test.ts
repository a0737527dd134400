import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { BudgetGuard, costOf, estimate, type FootprintProfile, overBudget, spentIn } from '../../../lib/budget.js';
import { ConfigError, loadConfig } from '../../../lib/config.js';

const profile: FootprintProfile = {
  fcRuns: 15,
  tests: {
    'conformance › a.spec.ts › creates two': { customers: 2, cards: 0, poolCards: 0 },
    'conformance › b.spec.ts › a property': { customers: 3, cards: 1, poolCards: 0, fastCheck: true },
  },
};

test('an order costs its cards, a replace a card and a pool card; reads cost nothing', () => {
  expect(costOf('orderCards', { cards: [{}, {}, {}] })).toEqual({ customers: 0, cards: 3, poolCards: 0 });
  expect(costOf('replaceCard', {})).toEqual({ customers: 0, cards: 1, poolCards: 1 });
  expect(costOf('createSubCustomer', {})).toEqual({ customers: 1, cards: 0, poolCards: 0 });
  expect(costOf('getCard', undefined)).toEqual({ customers: 0, cards: 0, poolCards: 0 });
});

test('the estimate scales fast-check tests to the runs configured and counts an unknown writing test as the largest', () => {
  const keys = [
    { key: 'conformance › a.spec.ts › creates two', writes: true },
    { key: 'conformance › b.spec.ts › a property', writes: true },
    { key: 'conformance › c.spec.ts › new test @write', writes: true },
    { key: 'conformance › d.spec.ts › reads only', writes: false },
  ];
  const { total, unknown } = estimate(profile, keys, 60);
  expect(unknown).toBe(1);
  expect(total).toEqual({ customers: 2 + 12 + 3, cards: 4 + 1, poolCards: 0 });
  expect(overBudget({ customers: 10 }, total)).toEqual({ kind: 'customers', total: 17, limit: 10 });
  expect(overBudget({ customers: 20, cards: 5 }, total)).toBeUndefined();
});

test('workers share the budget: a write over it is refused with a line naming the budget', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-budget-'));
  const one = new BudgetGuard({ customers: 2 }, dir, 'w0');
  const two = new BudgetGuard({ customers: 2 }, dir, 'w1');
  expect(one.refusal('createSubCustomer', {})).toBeUndefined();
  one.spend('createSubCustomer', {});
  two.spend('createSubCustomer', {});
  expect(two.refusal('getCustomer', undefined)).toBeUndefined();
  expect(one.refusal('createSubCustomer', {})).toBe(
    'FLEET_WRITE_BUDGET customers=2: this would make 3 sub-customers created, over 2'
  );
});

test("six processes spending and reading one run's budget at once: no reader sees a half-written record, every write is counted", async () => {
  test.setTimeout(60_000);
  const dir = mkdtempSync(join(tmpdir(), 'fleet-budget-hammer-'));
  const writer = join(import.meta.dirname, 'budget-writer.ts');
  const processes = 6;
  const writes = 400;
  const exits = await Promise.all(
    Array.from(
      { length: processes },
      (_, i) =>
        new Promise<{ code: number | null; stderr: string }>((resolve) => {
          const child = spawn(process.execPath, ['--import', 'tsx', writer, dir, `w${i}`, String(writes)], {
            stdio: ['ignore', 'ignore', 'pipe'],
          });
          let stderr = '';
          child.stderr.on('data', (d) => (stderr += d));
          child.on('close', (code) => resolve({ code, stderr }));
        })
    )
  );
  expect(
    exits.map((e) => (e.code === 0 ? 'ok' : (e.stderr.split('\n').find((l) => /Error/.test(l)) ?? `exit ${e.code}`)))
  ).toEqual(Array(processes).fill('ok'));
  expect(spentIn(dir)).toEqual({ customers: processes * writes, cards: 2 * processes * writes, poolCards: 0 });
});

test('FLEET_WRITE_BUDGET: a default for a test environment, none for the sandbox, overrides per kind, one-line errors', () => {
  const remote = { FLEET_BASE_URL: 'https://fleet-test.example.com', FLEET_CLIENT_ID: 'c', FLEET_CLIENT_SECRET: 's' };
  expect(loadConfig({}).writeBudget).toEqual({});
  expect(loadConfig(remote).writeBudget).toEqual({ customers: 350, cards: 80, poolCards: 60 });
  expect(loadConfig({ ...remote, FLEET_WRITE_BUDGET: 'customers=20' }).writeBudget).toEqual({
    customers: 20,
    cards: 80,
    poolCards: 60,
  });
  expect(loadConfig({ ...remote, FLEET_WRITE_BUDGET: 'none' }).writeBudget).toEqual({});
  expect(() => loadConfig({ ...remote, FLEET_WRITE_BUDGET: 'sheep=3' })).toThrow(ConfigError);
  expect(() => loadConfig({ ...remote, FLEET_WRITE_BUDGET: 'sheep=3' })).toThrow(
    /^FLEET_WRITE_BUDGET: "sheep=3" is not customers=<number>, cards=<number>, poolCards=<number> \(or none\)$/
  );
});
