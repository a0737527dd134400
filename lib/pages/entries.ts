/** What the published site holds: its entries (nights, deployment checks), their folders and reports. */
import type { Counts } from '../report/verdict.js';

/** A report of the run's folder and how the pages name it; the first ones are opened by people. */
export const PUBLISHED: readonly [file: string, label: string][] = [
  ['allure/index.html', 'Allure report (with the trend across nights)'],
  ['coverage.html', 'coverage: what broke, rule by rule'],
  ['document.html', 'the document, statement by statement'],
  ['drift.html', 'drift and assumptions'],
  ['latency-passive.html', "latency of the run's own answers"],
  ['perf/index.html', 'latency gates (npm run perf)'],
  ['authz-matrix.html', 'authorization matrix'],
  ['coverage.json', 'coverage.json'],
  ['gate.json', 'gate.json'],
  ['perf/summary.json', 'perf/summary.json'],
  ['junit.xml', 'junit.xml'],
];

/** Where Allure 3 keeps its history (allurerc.mts historyPath, under the reports folder), and where the site keeps it. */
export const ALLURE_HISTORY = 'history/allure-history.jsonl';

export type EntryKind = 'night' | 'deploy';

export interface SiteEntry {
  kind: EntryKind;
  id: string;
  /** When the run was judged (its coverage's time). */
  at: string;
  verdict: string;
  exitCode?: number;
  line: string;
  counts?: Counts;
  target?: string;
  /** What was checked (the service's version, the reason given). */
  context: string[];
  /** The reports in its folder, relative to it. */
  files: string[];
}

export interface SiteManifest {
  nights: SiteEntry[];
  deploys: SiteEntry[];
}

export const folderOf = (kind: EntryKind, id: string) => `${kind === 'night' ? 'nights' : 'deploy'}/${id}`;
