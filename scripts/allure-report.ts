/**
 * The Allure HTML report of a run (npm run conformance, npm run conformance:merge): one
 * self-contained file (the multi-file report does not load over file://), with the history,
 * known issues and quality gate of allurerc.mts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { allureCommand, packageFile } from '../lib/package-files.js';
import { attachPages } from '../lib/report/allure-pages.js';
import { declareDataStoreFirst } from '../lib/report/allure-single-file.js';
import { markVerdicts } from '../lib/report/allure-suite-errors.js';
import { oneLine } from './one-line.js';

export function allureReport(reports: string): void {
  if (!existsSync(`${reports}/allure-results`)) return;
  attachPages(reports, `${reports}/allure-results`);
  markVerdicts(`${reports}/allure-results`);
  // An existing output folder would make Allure write the new report into a subfolder of it.
  rmSync(`${reports}/allure`, { recursive: true, force: true });
  // Grouped by the document: part, section, rule (fixtures/test.ts, allureLabels).
  const [node, ...cli] = allureCommand();
  const allure = spawnSync(
    node!,
    [
      ...cli,
      'awesome',
      `${reports}/allure-results`,
      '--single-file',
      '-o',
      `${reports}/allure`,
      '--group-by',
      'epic,feature,story',
      '--config',
      packageFile('allurerc.mts'),
    ],
    { stdio: 'pipe', encoding: 'utf8' }
  );
  if (allure.status !== 0) console.error(`allure report not generated: ${oneLine(allure.stderr || allure.stdout)}`);
  else declareDataStoreFirst(`${reports}/allure/index.html`);
}
