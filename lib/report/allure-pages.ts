/**
 * The run's own pages inside its Allure report, as global attachments (Allure's "Global
 * Attachments" tab): rule coverage with what broke and the footprint, the document statement by
 * statement with the proof that each breach is caught, drift and assumptions, the
 * latency series at no extra load (every conformance run), and the latency gates when `npm run perf`
 * wrote them. Attached rather than linked: the report shows links only to http(s) addresses, and
 * its single file then carries them wherever it is copied.
 * Written in Allure's results format (`*-globals.json` beside the results) before it is generated.
 */
import { randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** File of the reports folder, and its name in the Allure report. */
export const ALLURE_PAGES: readonly [file: string, name: string][] = [
  ['coverage.html', 'rule coverage: what broke, findings, footprint on the target (coverage.html)'],
  [
    'authz-matrix.html',
    'authorization matrix: every operation against resources of every owner, in two tables (authz-matrix.html)',
  ],
  [
    'document.html',
    "the document statement by statement: its rules, this run's verdict, its tests and the fault that proves a breach is caught (document.html)",
  ],
  ['drift.html', 'drift and assumptions (drift.html)'],
  [
    'latency-passive.html',
    "latency at no extra load: the run's own answers judged against the targets (latency-passive.html)",
  ],
  ['perf/index.html', 'latency gates (perf/index.html, npm run perf)'],
];

/** Adds the pages that exist under `reportsDir` to the Allure results in `resultsDir`; returns their names. */
export function attachPages(reportsDir: string, resultsDir: string): string[] {
  const pages = ALLURE_PAGES.filter(([file]) => existsSync(join(reportsDir, file)));
  if (!pages.length) return [];
  mkdirSync(resultsDir, { recursive: true });
  const attachments = pages.map(([file, name]) => {
    const source = `${randomUUID()}-attachment.html`;
    copyFileSync(join(reportsDir, file), join(resultsDir, source));
    return { name, source, type: 'text/html', timestamp: Date.now() };
  });
  writeFileSync(join(resultsDir, `${randomUUID()}-globals.json`), JSON.stringify({ attachments, errors: [] }));
  return pages.map(([, name]) => name);
}
