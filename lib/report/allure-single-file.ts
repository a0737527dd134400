/**
 * Allure's single-file report (`allure awesome --single-file`, 3.18) declares its embedded data
 * store in a script that runs after the app's. When the app asks for its data first, it finds no
 * store, fetches widgets/*.json from disk instead, and over file:// the browser refuses: a blank
 * report, about one opening in six on a busy machine (the browser check, tests/selftest, caught
 * it; see also allure-framework/allure3#329). Declared before the app, the store makes the app
 * wait until the embedded data is in.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const DECLARE_STORE = '<script>window.allureReportData = window.allureReportData || {};</script>';

export function declareDataStoreFirst(indexHtml: string): void {
  const html = readFileSync(indexHtml, 'utf8');
  if (html.includes(DECLARE_STORE) || !html.includes('<head>')) return;
  writeFileSync(indexHtml, html.replace('<head>', `<head>\n${DECLARE_STORE}`));
}
