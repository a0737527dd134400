/**
 * The published reports (GitHub Pages): one folder per night under nights/<id>/ and latest/ (a
 * copy of the newest night), the deployment checks under deploy/<run id>/, the last `keep` of each
 * kept, an index page listing them with their verdicts (index.html, from site.json), and Allure 3's
 * history file (history/allure-history.jsonl: every night's point of the trend, as the nightly
 * generated its report with). Each entry folder holds the reports a person opens (the Allure
 * report, coverage, document, drift, latency) and the machine-readable ones beside them.
 */
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Counts, Verdict } from '../report/verdict.js';
import { ALLURE_HISTORY, type EntryKind, folderOf, PUBLISHED, type SiteEntry, type SiteManifest } from './entries.js';
import { entryPage, indexPage } from './pages-html.js';

export interface AddOptions {
  site: string;
  reports: string;
  kind: EntryKind;
  id: string;
  at: string;
  verdict: Verdict;
  counts?: Counts;
  target?: string;
  context?: string[];
  /** How many entries of its kind the site keeps. */
  keep: number;
}

const MANIFEST = 'site.json';

export function readManifest(site: string): SiteManifest {
  const file = join(site, MANIFEST);
  if (!existsSync(file)) return { nights: [], deploys: [] };
  const data = JSON.parse(readFileSync(file, 'utf8')) as Partial<SiteManifest>;
  return { nights: data.nights ?? [], deploys: data.deploys ?? [] };
}

/** Adds a run to the site; returns the manifest and the folders it removed (older than the last `keep`). */
export function addToSite(o: AddOptions): { manifest: SiteManifest; removed: string[] } {
  if (!/^[\w.-]+$/.test(o.id) || /^\.+$/.test(o.id))
    throw new Error(`${o.id}: an entry's id is letters, digits, '.', '-' and '_'`);
  const manifest = readManifest(o.site);
  const folder = join(o.site, folderOf(o.kind, o.id));
  rmSync(folder, { recursive: true, force: true });
  const files = PUBLISHED.map(([f]) => f).filter((f) => existsSync(join(o.reports, f)));
  for (const f of files) {
    mkdirSync(dirname(join(folder, f)), { recursive: true });
    copyFileSync(join(o.reports, f), join(folder, f));
  }
  const entry: SiteEntry = {
    kind: o.kind,
    id: o.id,
    at: o.at,
    verdict: o.verdict.word,
    ...(o.verdict.exitCode === undefined ? {} : { exitCode: o.verdict.exitCode }),
    line: o.verdict.line,
    ...(o.counts ? { counts: o.counts } : {}),
    ...(o.target ? { target: o.target } : {}),
    context: o.context ?? [],
    files,
  };
  writeFileSync(join(folder, 'index.html'), entryPage(entry, '../../'));
  const list = o.kind === 'night' ? manifest.nights : manifest.deploys;
  const kept = [...list.filter((e) => e.id !== o.id), entry].sort(
    (a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id)
  );
  const dropped = kept.splice(0, Math.max(0, kept.length - o.keep));
  for (const e of dropped) rmSync(join(o.site, folderOf(e.kind, e.id)), { recursive: true, force: true });
  if (o.kind === 'night') manifest.nights = kept;
  else manifest.deploys = kept;

  if (o.kind === 'night' && existsSync(join(o.reports, ALLURE_HISTORY))) {
    mkdirSync(join(o.site, dirname(ALLURE_HISTORY)), { recursive: true });
    copyFileSync(join(o.reports, ALLURE_HISTORY), join(o.site, ALLURE_HISTORY));
  }
  const newest = manifest.nights.at(-1);
  rmSync(join(o.site, 'latest'), { recursive: true, force: true });
  if (newest) {
    cpSync(join(o.site, folderOf('night', newest.id)), join(o.site, 'latest'), { recursive: true });
    writeFileSync(join(o.site, 'latest', 'index.html'), entryPage(newest, '../'));
  }
  writeFileSync(join(o.site, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(join(o.site, 'index.html'), indexPage(manifest));
  return { manifest, removed: dropped.map((e) => folderOf(e.kind, e.id)) };
}
