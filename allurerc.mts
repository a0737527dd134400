/**
 * Allure 3's configuration, found by every `npx allure` command run from the project root
 * (npm run conformance generates the report with `allure awesome`):
 * - history across runs in <reports>/history/allure-history.jsonl, so each test shows its trend
 *   (the nightly carries that file from one night to the next);
 * - the committed known-failures.json as resolutions: accepted failures grouped under their tracker
 *   link, listed in <reports>/known-issues.json.
 * No `qualityGate`: npm run gate is the verdict (a night against the last accepted one, known
 * failures included); a second, per-run verdict could only disagree with it (docs/nightly.md).
 */
import { readFileSync } from 'node:fs';
import { defineConfig } from 'allure';
import { loadConfig } from './lib/config.js';
import { readKnownFailures, utcDate } from './lib/gate/known-failures.js';
import { knownFailuresFile, packageFile } from './lib/package-files.js';
import { allureResolutions } from './lib/report/allure-known-issues.js';

const { reportsDir } = loadConfig();
const { name } = JSON.parse(readFileSync(packageFile('package.json'), 'utf8')) as { name: string };

export default defineConfig({
  name,
  historyPath: `${reportsDir}/history/allure-history.jsonl`,
  historyLimit: 60,
  resolutions: {
    ...allureResolutions(readKnownFailures(knownFailuresFile()), utcDate(), name),
    knownIssuesPath: `${reportsDir}/known-issues.json`,
  },
});
