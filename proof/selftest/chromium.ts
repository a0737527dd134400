/**
 * Debian's Chromium, driven by Playwright, to look at the generated reports as a person does (the
 * browser check in tests/, proof/scripts/screenshots.ts). No Playwright browser download: the machine's
 * own package (`apt-get install -y --no-install-recommends chromium`; .ci/run installs it).
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium } from '@playwright/test';

const CHROMIUM = '/usr/lib/chromium/chromium';

export class ChromiumMissingError extends Error {
  override name = 'ChromiumMissingError';
}

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new ChromiumMissingError(
      `Chromium not found at ${CHROMIUM}: install Debian's package with \`apt-get install -y --no-install-recommends chromium\` (README, set-up)`
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}
