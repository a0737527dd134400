/**
 * The package's own files (its code, specs, schemas and defaults) wherever it is: this checkout,
 * or an installed package under a project's node_modules (`npx fleet-conformance`). What a user
 * brings is in the folder the command runs in: `.env`, `reports/`, `known-failures.json`.
 * The tools it runs (Playwright, Allure, TypeScript through tsx) are resolved from the package,
 * never looked for in that folder.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const packageRoot = fileURLToPath(new URL('..', import.meta.url));

export const packageFile = (...parts: string[]) => join(packageRoot, ...parts);

/** Installed under node_modules, where Playwright leaves TypeScript to another loader (it transforms no file there). */
const installed = packageRoot.split(sep).includes('node_modules');

const require = createRequire(import.meta.url);

/** `--import` of tsx, resolved from the package: a child process runs TypeScript wherever it starts. */
export function tsxImport(): string[] {
  return ['--import', import.meta.resolve('tsx')];
}

/** `node` and its arguments that start Playwright's test runner with the package's config: `[...command, 'test', ...]`. */
export function playwrightCommand(): string[] {
  return [process.execPath, ...(installed ? tsxImport() : []), require.resolve('@playwright/test/cli')];
}

export const playwrightConfig = () => packageFile('playwright.config.ts');

/** `node` and the Allure CLI of the package's dependency. */
export function allureCommand(): string[] {
  return [process.execPath, join(dirname(dirname(require.resolve('allure'))), 'cli.js')];
}

/** The known failures of the folder it runs in; without one there, the package's (none accepted). */
export function knownFailuresFile(): string {
  return existsSync('known-failures.json') ? 'known-failures.json' : packageFile('known-failures.json');
}
