/**
 * The nightly workflow as written (.github/workflows/nightly.yml, no copy of its steps), run by the
 * local runner night after night against the stand-in test environment (npm run nights --short,
 * proof/nights/), each night a bad one: the chaos layer between the shards and the stand-in
 * (gateway pages, resets, pauses, the first token request refused), beside the field path's runs (npm run test:long).
 * The first five nights of the plan, each with the gate's verdict it must give, as without the
 * layer: the first baseline (--init); one planted fault, the gate failing on its rule alone; the
 * fault accepted in known-failures.json, passing and shown as known; the acceptance expired,
 * failing; fixed, passing and shown as fixed. Every event the layer injected is accounted for in the
 * night's own report. And what the merged reports of the faulty night hold: each test once, the
 * JUnit file naming the rule, the Allure report. The runs are of the repository's HEAD: what is not
 * committed is not part of them, as on GitHub.
 * (npm run nights runs all nine nights, five clean in a row, at a bad night's rate.)
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { listTests } from '../../../lib/listed-tests.js';
import type { CoverageReport } from '../../../lib/report/coverage.js';
import { RATED_KINDS } from '../../chaos/options.js';
import { PLANTED_RULE, SHORT_CHAOS_RATE, SHORT_NIGHTS, SHORT_VARS } from '../../nights/plan.js';
import { nightsTable, runNights } from '../../nights/run.js';
import { childEnv, repoRoot } from './harness.js';

test('five chaos nights of the nightly workflow against the stand-in: the baseline, the fault named alone, accepted, expired, fixed; every event accounted for', async () => {
  test.setTimeout(30 * 60_000);
  const lines: string[] = [];
  const seed = Math.floor(Math.random() * 2 ** 31);
  const results = await runNights({
    repo: repoRoot,
    workDir: mkdtempSync(join(tmpdir(), 'fleet-nights-')),
    short: true,
    nights: SHORT_NIGHTS,
    progress: (l) => lines.push(l),
    // The publication to GitHub Pages is proven apart (npm run proof:pipelines): not a job of these nights.
    vars: { PAGES_PUBLISH: 'off' },
    // The busy neighbour is npm run test:long's other worker, the field path's runs beside these nights.
    chaos: { rate: SHORT_CHAOS_RATE, seed, busyCore: false },
  });
  const table = nightsTable(results).join('\n');
  test.info().annotations.push({ type: 'nights', description: `chaos seed ${seed}\n${table}` });
  expect(
    results.map((r) => r.problems),
    `${table}\n\n${lines.slice(-40).join('\n')}`
  ).toEqual(results.map(() => []));
  expect(results.map((r) => r.gate)).toEqual(['init', 'FAIL', 'PASS', 'FAIL', 'PASS']);
  expect(results[1]!.verdictLine).toMatch(new RegExp(`^gate: FAIL — 1 regression: new failure ${PLANTED_RULE} `));
  expect(
    results.every((r) => r.shards.every((exit) => exit === 0 || exit === 1)),
    'every shard ran, every night'
  ).toBe(true);
  // Every night met the layer (its first token request refused at least), and the nights met every kind of event.
  expect(results.map((r) => r.chaos?.books.injected['token-503'])).toEqual(results.map(() => 1));
  const kinds = new Set(results.flatMap((r) => Object.keys(r.chaos!.books.injected)));
  expect(
    [...RATED_KINDS].filter((k) => !kinds.has(k)),
    `kinds of event no night met (seed ${seed})`
  ).toEqual([]);

  // The faulty night's merged reports, as uploaded: every selected test once, the rule named in JUnit, the Allure report.
  const reports = join(results[1]!.run, 'artifacts', 'nightly-reports');
  const coverage = JSON.parse(readFileSync(join(reports, 'coverage.json'), 'utf8')) as CoverageReport;
  // The findings check after the run counts under the rules it shows, not as a test of its own.
  const listed = listTests([], childEnv({ FLEET_GREP: SHORT_VARS.FLEET_GREP! }))
    .filter((t) => !t.title.includes('@findings'))
    .map((t) => t.key)
    .sort();
  expect(coverage.records.map((r) => r.key).sort()).toEqual(listed);
  expect(coverage.rules.filter((r) => r.status === 'failed').map((r) => r.id)).toEqual([PLANTED_RULE]);
  expect(readFileSync(join(reports, 'junit.xml'), 'utf8')).toMatch(
    new RegExp(`<(failure|error) message="\\[${PLANTED_RULE}\\]`)
  );
  expect(existsSync(join(reports, 'allure', 'index.html'))).toBe(true);
});
