/**
 * A suite error end to end, through the run's own reporters: two specs whose own code throws (a
 * TypeError in a test, a JSON.parse inside a fast-check property) run with the suite's fixtures and
 * its Playwright configuration against a sandbox. The run fails loudly, and every report says
 * suite error where it would otherwise blame the target: the terminal summary, coverage.json (no
 * rule red), JUnit (a suite-error property), Allure (broken, not failed).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { CoverageReport } from '../../../lib/report/coverage.js';
import { allureReport } from '../../../scripts/allure-report.js';
import { playwright, repoRoot, startSandbox, stopAll } from './harness.js';

test.afterEach(stopAll);

const SPEC = `import fc from 'fast-check';
import { test } from '${join(repoRoot, 'fixtures', 'test.js')}';
import { rules } from '${join(repoRoot, 'lib', 'rules', 'declared.js')}';

test('a test whose own code throws [CARD-SHAPE]', rules('CARD-SHAPE'), async ({ api }) => {
  await api.getMasterData();
  const card = undefined as unknown as { status: { id: number } };
  return card.status.id;
});

test('a property whose own code throws [CUST-NAME-MAX-310]', rules('CUST-NAME-MAX-310'), async ({ property }) => {
  await property(fc.asyncProperty(fc.integer(), async () => JSON.parse('')), { numRuns: 3 });
});
`;

test("the suite's own exceptions, in a test and in a property, are suite errors in every report, and no rule is red", async () => {
  test.setTimeout(120_000);
  const dir = join(repoRoot, 'reports', 'selftest', `suite-error-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'specs'), { recursive: true });
  writeFileSync(join(dir, 'specs', 'suite-fault.spec.ts'), SPEC);
  // The suite's own configuration, its reporters found from the repository, its tests from here.
  writeFileSync(
    join(dir, 'playwright.config.ts'),
    `import base from '${join(repoRoot, 'playwright.config.ts')}';
export default { ...base, testDir: '${join(dir, 'specs')}', projects: [{ name: 'conformance' }],
  reporter: base.reporter.map(([name, options]) => [name.startsWith('./') ? '${repoRoot}/' + name.slice(2) : name, options]) };
`
  );
  const sandbox = await startSandbox();
  const reports = join(dir, 'reports');
  const run = await playwright(['-c', join(dir, 'playwright.config.ts')], {
    FLEET_BASE_URL: sandbox.baseUrl,
    FLEET_TARGET: 'sandbox',
    FLEET_REPORTS_DIR: reports,
  });
  expect(run.code, run.output).toBe(1);
  expect(run.output).toContain(
    'suite errors (2): faults of fleet-conformance itself, not of the target; no rule is judged by them'
  );
  expect(run.output).toMatch(
    /TypeError: Cannot read properties of undefined \(reading 'status'\) \(at .*suite-fault\.spec\.ts:\d+\)/
  );
  expect(run.output).toMatch(/SuiteError: SyntaxError: Unexpected end of JSON input/);
  expect(run.output).not.toContain('what broke');

  const coverage = JSON.parse(readFileSync(join(reports, 'coverage.json'), 'utf8')) as CoverageReport;
  expect(coverage.records.map((r) => r.outcome)).toEqual(['suite-error', 'suite-error']);
  expect(['CARD-SHAPE', 'CUST-NAME-MAX-310'].map((id) => coverage.rules.find((r) => r.id === id)!.status)).toEqual([
    'suite-error',
    'suite-error',
  ]);
  expect(coverage.totals.failed).toBe(0);

  const junit = readFileSync(join(reports, 'junit.xml'), 'utf8');
  expect(junit.match(/<property name="suite-error"/g)?.length).toBe(2);

  allureReport(reports);
  const results = readdirSync(join(reports, 'allure-results'))
    .filter((f) => f.endsWith('-result.json'))
    .map(
      (f) =>
        JSON.parse(readFileSync(join(reports, 'allure-results', f), 'utf8')) as {
          status: string;
          statusDetails?: { message?: string };
        }
    );
  expect(results.map((r) => r.status)).toEqual(['broken', 'broken']);
  expect(
    results.every((r) =>
      r.statusDetails?.message?.startsWith('Suite error (a fault of fleet-conformance itself, not of the target): ')
    )
  ).toBe(true);
  rmSync(dir, { recursive: true, force: true });
});
