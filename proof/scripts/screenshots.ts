/**
 * npm run screenshots: the README's pictures of the reports, taken from a real run. One
 * `npm run conformance` of the master-data tests against the embedded sandbox with one fault, then
 * Debian's Chromium shows coverage.html's top, the Allure report and the Playwright report of the
 * failing test, saved under docs/images/. Not part of npm test.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import { ConfigError, loadConfig } from '../../lib/config.js';
import { ChromiumMissingError, launchChromium } from '../selftest/chromium.js';

const FAULT = 'master-data-nine-arrays';
const RULE = 'MASTER-TEN-ARRAYS';
const SUBSET = '\\[MASTER-';
const OUT = 'docs/images';

async function shoot(page: Page, file: string): Promise<void> {
  const path = join(OUT, file);
  await page.screenshot({ path });
  console.log(`${path} (${Math.round(statSync(path).size / 1024)} KB)`);
}

async function main(): Promise<void> {
  if (!loadConfig().sandbox)
    throw new ConfigError(
      'FLEET_BASE_URL is set: the pictures come from a faulty run of the embedded sandbox; unset it'
    );
  const browser = await launchChromium();
  const reports = mkdtempSync(join(tmpdir(), 'fleet-screenshots-'));
  try {
    console.log(`npm run conformance -- -g '${SUBSET}' with SANDBOX_FAULTS=${FAULT} → ${reports}`);
    spawnSync('node', ['--import', 'tsx', 'scripts/conformance.ts', '-g', SUBSET], {
      env: { ...process.env, SANDBOX_FAULTS: FAULT, FLEET_REPORTS_DIR: reports },
      stdio: 'ignore',
    });
    const page = await browser.newPage({ viewport: { width: 1200, height: 760 } });
    await page.route(/^https?:/, (route) => route.abort());
    const open = (file: string) => page.goto(pathToFileURL(join(reports, file)).href);

    await open('coverage.html');
    await page.locator('#what-broke ~ .broken details.evidence summary').first().click();
    await shoot(page, 'coverage-what-broke.png');

    await open('allure/index.html');
    // Groups with a failed test start open: close the one of the rule the failing test names but did not fail.
    await page
      .getByTestId('tree-section')
      .filter({ hasText: /^MASTER-SHAPE: / })
      .getByTestId('tree-arrow')
      .click();
    await page
      .getByTestId('tree-leaf')
      .filter({ hasText: `[${RULE}`, visible: true })
      .first()
      .waitFor();
    await page.evaluate('window.scrollTo(0, 0)');
    await shoot(page, 'allure-rule-groups.png');

    await open('playwright/index.html');
    await page
      .getByText(new RegExp(`\\[${RULE}, `))
      .first()
      .click();
    await page.getByText('curl -sS -X GET').first().waitFor();
    await shoot(page, 'playwright-failure-replay.png');
  } finally {
    await browser.close();
    rmSync(reports, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  const known = e instanceof ConfigError || e instanceof ChromiumMissingError;
  console.error(`screenshots: ${known ? (e as Error).message : String(e)}`);
  process.exit(2);
});
