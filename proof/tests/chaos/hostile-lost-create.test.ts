/**
 * A hostile creation the server accepted but whose answer the environment lost: the sub-customer it
 * made is found at teardown by its run-marked name and closed, so the run's cleanup check stays
 * green. A chaos night once turned SUITE-CLEANUP red this way (a false regression): the hostile-input
 * test ended incomplete, as it should, and left what it may have made open.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { ChaosEvent } from '../../chaos/events.js';
import { parseChaosOptions } from '../../chaos/options.js';
import { startChaosProxy } from '../../chaos/proxy.js';
import { runSuite } from '../../selftest/suite-run.js';

/** Its first draw on a creation resets an accepted one (the hostile strings come first): found by trying seeds, checked below. */
const SEED = '7';

test('the hostile creations behind a layer that resets half of the creations after the server answered: the test is incomplete, and what the lost creation made is closed [SUITE-CLEANUP]', async () => {
  test.setTimeout(120_000);
  const injected: ChaosEvent[] = [];
  const layer = [
    '--seed',
    SEED,
    '--rate',
    '0',
    '--rate',
    'reset-after=0.5',
    '--only',
    'POST /customers/subcustomer',
    '--token-failures',
    '0',
  ];
  const run = await runSuite({
    sandbox: {},
    reportsDir: mkdtempSync(join(tmpdir(), 'fleet-hostile-lost-')),
    workers: 1,
    suite: { FLEET_GREP: 'POST /customers/subcustomer answers injection strings' },
    front: (baseUrl) =>
      startChaosProxy(parseChaosOptions(['--target', baseUrl, ...layer], {}), (e) => injected.push(e)),
  });
  expect(run.coverage, run.tail).toBeDefined();
  const { records, rules } = run.coverage!;
  expect(injected[0], `the layer's first event (seed ${SEED}) must reset a creation the server accepted`).toMatchObject(
    { kind: 'reset-after', path: '/customers/subcustomer', status: 200 }
  );
  expect(records.filter((r) => /injection strings/.test(r.title)).map((r) => r.outcome)).toEqual(['incomplete']);
  expect(rules.find((r) => r.id === 'SUITE-CLEANUP')?.status, run.tail).toBe('passed');
});
