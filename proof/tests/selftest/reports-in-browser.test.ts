/**
 * The reports as a person opens them: one `npm run conformance` against an embedded sandbox with
 * one fault, then Debian's Chromium opens the Playwright HTML report, the Allure report,
 * coverage.html and document.html from disk and checks that each shows the run's totals (as the
 * conformance reporter counted them in coverage.json) and the rule the fault broke, with a replay of
 * its request, or the statement it broke, failed, with the fault that proves it caught; the Allure
 * report groups by document section and rule, and carries the run's own pages.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, expect as baseExpect, type Locator, type Page, test } from '@playwright/test';
import type { CoverageReport } from '../../../lib/report/coverage.js';
import { launchChromium } from '../../selftest/chromium.js';
import { type Run, run, stopAll } from './harness.js';

/** Leaves out region: MASTER-TEN-ARRAYS, and nothing else, is red. */
const FAULT = 'master-data-nine-arrays';
const RULE = 'MASTER-TEN-ARRAYS';
const SECTION = 'Resources / Master data';
/** The master-data tests (one of them fails; the others see the fault as a finding). */
const SUBSET = '\\[MASTER-';
const REPLAY = `curl -sS -X GET 'http://127.0.0.1:4010/master/all'`;

// The Allure report is one 4 MB page: on a machine loaded by other test runs it takes a while to render.
const expect = baseExpect.configure({ timeout: 60_000 });

let reports: string;
let conformance: Run;
let coverage: CoverageReport;
let browser: Browser;
let page: Page;

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  browser = await launchChromium();
  reports = mkdtempSync(join(tmpdir(), 'fleet-browser-'));
  conformance = await run('node', ['--import', 'tsx', 'scripts/conformance.ts', '-g', SUBSET], {
    SANDBOX_FAULTS: FAULT,
    FLEET_REPORTS_DIR: reports,
  });
  coverage = JSON.parse(readFileSync(join(reports, 'coverage.json'), 'utf8')) as CoverageReport;
});

test.beforeEach(async () => {
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  // Offline, as the reports must work: the Allure page's analytics tag is not let out.
  await page.route(/^https?:/, (route) => route.abort());
});

test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus)
    await page.screenshot({ path: testInfo.outputPath('page.png') }).catch(() => undefined);
  await page.close();
});

test.afterAll(async () => {
  await browser?.close();
  await stopAll();
  if (reports) rmSync(reports, { recursive: true, force: true });
});

const open = (file: string, hash = '') => page.goto(`${pathToFileURL(join(reports, file)).href}${hash}`);

/** What the Playwright and Allure reports count: every test, and the findings check after the run. */
function totals() {
  const t = coverage.tests;
  const findings = coverage.findings.length ? 1 : 0;
  return {
    all: t.total + 1,
    passed: t.passed + 1 - findings,
    failed: t.failed + t['assumption-failed'] + findings,
    skipped: t.blocked + t['not-run'],
  };
}

test("the faulty run fails for the fault's rule alone", () => {
  expect(conformance.code, conformance.output.slice(-2000)).not.toBe(0);
  expect(coverage.rules.filter((r) => r.status === 'failed').map((r) => r.id)).toEqual([RULE]);
  expect(coverage.tests.passed, 'the other master-data tests ran and passed').toBeGreaterThan(0);
});

test("the Playwright report shows the run's totals, and the failing test with its rule and a replay of its request", async () => {
  await open('playwright/index.html');
  const counter = (label: string) =>
    page
      .locator('a.subnav-item', { has: page.locator('.subnav-item-label', { hasText: new RegExp(`^${label}$`) }) })
      .locator('.counter');
  const expected = totals();
  await expect(counter('All')).toHaveText(String(expected.all));
  await expect(counter('Passed')).toHaveText(String(expected.passed));
  await expect(counter('Failed')).toHaveText(String(expected.failed));
  await expect(counter('Skipped')).toHaveText(String(expected.skipped));

  await open('playwright/index.html', '#?q=s:failed');
  await page
    .getByText(new RegExp(`\\[${RULE}, `))
    .first()
    .click();
  await expect(page.getByText(`[${RULE}] response_schema_conformance`).first()).toBeVisible();
  await expect(page.getByText(REPLAY).first()).toBeVisible();
  await expect(page.getByText('replay.sh').first()).toBeVisible();
});

/** An Allure tree group by its title (a document section or a rule), header and content. */
const group = (within: Page | Locator, title: string | RegExp): Locator =>
  within
    .locator('xpath=.//div[div[@data-testid="tree-section"]]')
    .filter({ has: page.getByTestId('tree-section-title').getByText(title) })
    .last();

test("the Allure report shows the run's totals and the run's own pages, and groups by document section and rule", async () => {
  // Its app must find the embedded data store declared, or it now and then loads blank from disk (lib/report/allure-single-file.ts).
  const html = readFileSync(join(reports, 'allure/index.html'), 'utf8');
  const [store, app] = [
    html.indexOf('window.allureReportData = window.allureReportData || {}'),
    html.indexOf('<script   src="data:text/javascript'),
  ];
  expect(store, 'the data store is declared').toBeGreaterThanOrEqual(0);
  expect(store, 'before the app').toBeLessThan(app);
  await open('allure/index.html');
  const expected = totals();
  // A status with no test has no item at all; the items render after the report loads.
  const count = async (item: string) =>
    (await page.getByTestId(`metadata-item-${item}`).count())
      ? Number(await page.getByTestId(`metadata-item-${item}`).getByTestId('metadata-value').innerText())
      : 0;
  await expect
    .poll(async () => ({
      all: await count('total'),
      passed: await count('passed'),
      failed: await count('failed'),
      skipped: await count('skipped'),
    }))
    .toEqual(expected);

  await page.getByTestId('nav-tab-globalAttachments').click();
  for (const name of [
    'rule coverage: what broke, findings, footprint on the target (coverage.html)',
    'drift and assumptions (drift.html)',
    "the document statement by statement: its rules, this run's verdict, its tests and the fault that proves a breach is caught (document.html)",
  ]) {
    await expect(page.getByText(name, { exact: true })).toBeVisible();
  }
  await page.getByText(/^rule coverage: what broke/).click();
  await expect(page.frameLocator('iframe').first().getByText('What broke', { exact: true })).toBeVisible();

  // Section → rule → test: the failing test under its rule, under the rule's section.
  await page.getByTestId('nav-tab-results').click();
  const rule = group(group(page, SECTION), new RegExp(`^${RULE}: `));
  await expect(rule).toBeVisible();
  const leaf = rule
    .getByTestId('tree-leaf')
    .filter({ hasText: `[${RULE}` })
    .first();
  // A rule's group may start collapsed: its title toggles it.
  await expect(async () => {
    if (!(await leaf.isVisible())) await rule.getByTestId('tree-section-title').first().click();
    await baseExpect(leaf).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await expect(leaf.getByTestId('tree-leaf-status-failed')).toBeVisible();
  await leaf.click();
  await expect(page.getByText(REPLAY).first()).toBeVisible();
});

test("coverage.html shows the run's totals and, at its top, the broken rule with a replay of its request", async () => {
  await open('coverage.html');
  const t = coverage.tests;
  await expect(page.locator('.pill.failed').first()).toHaveText(`${coverage.totals.failed} failed`);
  await expect(page.getByText(`tests: ${t.total} — ${t.passed} passed, ${t.failed} failed`)).toBeVisible();
  const broken = page.locator('#what-broke ~ .broken').first();
  await expect(broken.locator('h3 code')).toHaveText(RULE);
  await broken.locator('details.evidence summary').click();
  await expect(broken.locator('pre.replay')).toContainText(REPLAY);
  await expect(broken.locator('pre.replay')).toContainText('$FLEET_TOKEN');
});

test("document.html shows the document's totals and, in its section, the statement the fault broke failed in this run and proven by that fault", async () => {
  await open('document.html');
  await expect(page.locator('.pill').first()).toHaveText(/^\d+ statements$/);
  await expect(page.getByRole('heading', { name: 'Introduction', exact: true })).toBeVisible();
  const row = page.locator(`tr[id="master.ten-arrays"]`);
  await expect(row).toContainText('An object with ten arrays.');
  await expect(row).toContainText('this run: failed');
  await expect(row).toContainText(`proven by fault ${FAULT}`);
});
