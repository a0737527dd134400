/**
 * What the gate compares of one run: its coverage.json and drift.json (written by the conformance
 * reporter, also after `playwright merge-reports`) and, when `npm run perf` ran, perf/summary.json.
 * A missing or unreadable report is a GateInputError naming the file.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { PerfSummary } from '../../perf/report/summary.js';
import type { CoverageReport } from '../report/coverage.js';
import type { DriftReport } from '../report/drift.js';
import { GateInputError } from './known-failures.js';

/** Tonight's streaks of rules not judged (lib/gate/compare.ts), kept with an accepted run. */
export const UNJUDGED_FILE = 'unjudged.json';

/** Per rule not judged tonight: on how many nights in a row, and why each time (unjudged.json, kept with the baseline). */
export type UnjudgedNights = Record<string, { nights: number; why: string[] }>;

export interface RunReports {
  dir: string;
  coverage: CoverageReport;
  drift: DriftReport;
  perf?: PerfSummary;
  /** Rules not judged, on how many nights in a row (the gate writes it beside the run it compared). */
  unjudged?: UnjudgedNights;
}

/** The files a baseline keeps (relative to a reports folder); perf/summary.json only when perf ran, unjudged.json once a gate compared the run. */
export const GATE_FILES = ['coverage.json', 'drift.json', 'perf/summary.json', UNJUDGED_FILE] as const;

function readJson<T>(dir: string, file: string, role: string, valid: (data: T) => boolean): T {
  const path = join(dir, file);
  let data: T;
  try {
    data = JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new GateInputError(
      `${role} ${path}: ${code === 'ENOENT' ? 'missing' : (code ?? `not JSON (${(e as Error).message})`)}${code === 'ENOENT' && role === 'baseline' ? ' (no accepted run there yet? make one with --init)' : ''}`
    );
  }
  if (!valid(data)) throw new GateInputError(`${role} ${path}: not a ${file} of this suite (fields missing)`);
  return data;
}

export function readRunReports(dir: string, role: 'baseline' | 'current'): RunReports {
  if (!existsSync(dir))
    throw new GateInputError(
      `${role} ${dir}: no such folder${role === 'baseline' ? ' (make the first baseline with --init)' : ''}`
    );
  const coverage = readJson<CoverageReport>(
    dir,
    'coverage.json',
    role,
    (c) => Array.isArray(c?.rules) && Array.isArray(c?.records) && Array.isArray(c?.findings)
  );
  const drift = readJson<DriftReport>(dir, 'drift.json', role, (d) => Array.isArray(d?.entries));
  const perf = existsSync(join(dir, 'perf', 'summary.json'))
    ? readJson<PerfSummary>(dir, 'perf/summary.json', role, (p) => Array.isArray(p?.operations))
    : undefined;
  const unjudged = existsSync(join(dir, UNJUDGED_FILE))
    ? readJson<UnjudgedNights>(dir, UNJUDGED_FILE, role, (u) => typeof u === 'object' && u !== null)
    : undefined;
  return { dir, coverage, drift, ...(perf ? { perf } : {}), ...(unjudged ? { unjudged } : {}) };
}

/** Which night the baseline's streaks last counted, and the streaks before it: gating the same night again counts it once. */
const COUNTED_FILE = 'unjudged-counted.json';

/**
 * A night not accepted still counts towards the streaks: they go with the baseline (its
 * unjudged.json), marked with the night they counted (`night`: its coverage's generatedAt).
 */
export function keepStreaks(baseline: RunReports, night: string, streaks: UnjudgedNights): void {
  const counted = { night, before: baseline.unjudged ?? null };
  writeFileSync(join(baseline.dir, COUNTED_FILE), `${JSON.stringify(counted, null, 2)}\n`);
  writeStreaks(baseline.dir, streaks);
}

/** The streaks of the rules not judged, as unjudged.json in `dir` (beside a run, or with the baseline). */
export function writeStreaks(dir: string, streaks: UnjudgedNights): void {
  writeFileSync(join(dir, UNJUDGED_FILE), `${JSON.stringify(streaks, null, 2)}\n`);
}

/** The baseline as the night `night` is to be compared with: if its streaks already counted that night, those before it. */
export function asBefore(baseline: RunReports, night: string): RunReports {
  const path = join(baseline.dir, COUNTED_FILE);
  if (!existsSync(path)) return baseline;
  const counted = JSON.parse(readFileSync(path, 'utf8')) as { night: string; before: UnjudgedNights | null };
  if (counted.night !== night) return baseline;
  const { unjudged: _counted, ...rest } = baseline;
  return counted.before ? { ...rest, unjudged: counted.before } : rest;
}

/** Makes `current`'s reports the baseline: the gate's files (only those) replace the baseline's. */
export function acceptRun(current: string, baseline: string, note: Record<string, string>): string[] {
  if (resolve(current) === resolve(baseline))
    throw new GateInputError(`--baseline ${baseline} is the current run's own folder`);
  const copied = GATE_FILES.filter((file) => existsSync(join(current, file)));
  for (const file of GATE_FILES) {
    const target = join(baseline, file);
    rmSync(target, { force: true });
    if (!copied.includes(file)) continue;
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(join(current, file), target);
  }
  rmSync(join(baseline, COUNTED_FILE), { force: true });
  writeFileSync(join(baseline, 'accepted.json'), `${JSON.stringify({ ...note, files: copied }, null, 2)}\n`);
  return copied;
}
