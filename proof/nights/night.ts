/**
 * What one night gave, read from what the workflow run left, as a person reads it on GitHub: the
 * shards' traces in their blob-report artifacts (how each shard ended, its exit code), the gate's
 * verdict line in the report job's log, and gate.json in the uploaded reports. And whether that is
 * what the night's plan expects.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GateResult, GateVerdict } from '../../lib/gate/compare.js';
import type { ShardTrace } from '../../lib/shards.js';
import type { RunSummary } from '../workflow/runner.js';
import type { Books } from './accounting.js';
import type { NightPlan } from './plan.js';

/** A chaos night's layer and books (proof/nights/accounting.ts). */
export interface NightChaos {
  seed: number;
  /** Requests the layer received. */
  requests: number;
  /** Its event log. */
  log: string;
  books: Books;
  /** What the night's own report counts (coverage.json's environment). */
  incompleteTests: number;
  retries: number;
  reconciled: number;
}

export interface NightResult {
  night: number;
  name: string;
  /** The stand-in's faults, or "conforming". */
  server: string;
  /** Exit code of each shard's `npm run conformance`, from its trace ("no trace" when it left none). */
  shards: (number | string)[];
  gate: 'init' | GateVerdict | 'no verdict';
  /** The gate's own last line. */
  verdictLine: string;
  regressions: string[];
  rows: string[];
  seconds: number;
  run: string;
  chaos?: NightChaos;
  /** What differs from the plan; empty when the night is as expected. */
  problems: string[];
}

function shardExits(summary: RunSummary): (number | string)[] {
  const shards = summary.jobs.filter((j) => j.matrix.shard !== undefined);
  return shards.map((j) => {
    const dir = join(summary.dir, 'artifacts', `blob-report-${j.matrix.shard}`);
    const file = existsSync(dir) ? readdirSync(dir).find((f) => /^shard-\d+-of-\d+\.json$/.test(f)) : undefined;
    if (!file) return `no trace (job ${j.conclusion}${j.timedOut ? ', timed out' : ''})`;
    const trace = JSON.parse(readFileSync(join(dir, file), 'utf8')) as ShardTrace;
    return trace.exitCode ?? trace.state;
  });
}

/** The gate's verdict line (`gate: PASS …`, `gate: FAIL …`, `gate: NOT JUDGED …`, else `gate: … is now the baseline`) in the report job's logs. */
function gateLine(summary: RunSummary): string {
  const report = summary.jobs.find((j) => j.matrix.shard === undefined && j.steps.some((s) => s.log));
  const lines = (report?.steps ?? []).flatMap((s) =>
    s.log && existsSync(s.log) ? readFileSync(s.log, 'utf8').split('\n') : []
  );
  const gate = lines.filter((l) => /^gate: /.test(l));
  return gate.filter((l) => /^gate: (PASS|FAIL|NOT JUDGED)/.test(l)).pop() ?? gate.pop() ?? '';
}

export function readNight(night: number, plan: NightPlan, summary: RunSummary): Omit<NightResult, 'problems'> {
  const reports = join(summary.dir, 'artifacts', 'nightly-reports');
  const gateFile = join(reports, 'gate.json');
  const result = existsSync(gateFile) ? (JSON.parse(readFileSync(gateFile, 'utf8')) as GateResult) : undefined;
  const line = gateLine(summary);
  const gate = result
    ? result.verdict
    : / is now the baseline /.test(line)
      ? 'init'
      : /^gate: NOT JUDGED/.test(line)
        ? 'NOT JUDGED'
        : 'no verdict';
  return {
    night,
    name: plan.name,
    server: plan.faults.length ? plan.faults.join(', ') : 'conforming',
    shards: shardExits(summary),
    gate,
    verdictLine: line,
    regressions: (result?.regressions ?? []).map((r) => `${r.kind} ${r.subject}`),
    rows: (result?.rows ?? []).map((r) => `${r.kind} ${r.subject}`),
    seconds: summary.seconds,
    run: summary.dir,
  };
}

/** Where a night differs from its plan. */
export function problemsOf(plan: NightPlan, night: Omit<NightResult, 'problems'>): string[] {
  const problems: string[] = [];
  const wanted = { init: 'init', pass: 'PASS', fail: 'FAIL' }[plan.expect.gate];
  if (night.gate !== wanted) problems.push(`gate ${night.gate}, expected ${wanted}`);
  const extra = night.regressions.filter((r) => !plan.expect.regressions.includes(r));
  const missing = plan.expect.regressions.filter((r) => !night.regressions.includes(r));
  if (extra.length) problems.push(`unexpected regressions: ${extra.join('; ')}`);
  if (missing.length) problems.push(`missing regressions: ${missing.join('; ')}`);
  const rows = plan.expect.rows.filter((r) => !night.rows.includes(r));
  if (rows.length) problems.push(`missing rows: ${rows.join('; ')}`);
  const unaccounted = night.chaos?.books.unaccounted ?? [];
  if (unaccounted.length)
    problems.push(
      `${unaccounted.length} event${unaccounted.length === 1 ? '' : 's'} of the chaos layer not accounted for in the night's report: ${unaccounted.slice(0, 5).join('; ')}${unaccounted.length > 5 ? '; …' : ''}`
    );
  return problems;
}
