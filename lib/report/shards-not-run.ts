/**
 * A merged run with shards that did not run: their tests (as `playwright test --list --shard=i/n`
 * names them) are in the coverage as not run, with the shard and why, never as "uncovered"; the
 * coverage says which shards did not run, for coverage.html and the gate.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.js';
import { emptyFootprint } from '../footprint.js';
import type { LedgerEntry } from '../ledger.js';
import type { ListedTest } from '../listed-tests.js';
import { notRunReason, type ShardNotRun, shardName } from '../shards.js';
import { buildCoverage, type CoverageReport, NOT_SELECTED, type PerfOperationResult } from './coverage.js';
import { coverageHtml } from './coverage-html.js';
import { buildDrift, driftHtml } from './drift.js';
import type { TestRecord } from './test-record.js';

/** The findings check counts under the rules it shows, never as a test of its own (the conformance reporter). */
const isFindingsCheck = (t: ListedTest) => t.tags.some((tag) => tag.replace(/^@/, '') === 'findings');

/** The shard's tests as not run; tests another shard ran (the after-the-run checks run in each) are left out. */
export function notRunRecords(shard: ShardNotRun, listed: ListedTest[], ran: Set<string>): TestRecord[] {
  return listed
    .filter((t) => !ran.has(t.key) && !isFindingsCheck(t))
    .map((t) => ({
      key: t.key,
      title: t.title,
      file: `specs/${t.key.split(' › ')[1] ?? ''}`,
      ruleIds: t.ruleIds,
      outcome: 'not-run' as const,
      reason: notRunReason(shard),
    }));
}

/** The merged coverage (none when no shard ran) with the tests of the shards that did not run. */
export function withShardsNotRun(
  merged: CoverageReport | undefined,
  target: string,
  shards: { shard: ShardNotRun; listed: ListedTest[] }[],
  perf?: { startedAt: string; operations: PerfOperationResult[] }
): CoverageReport {
  const records = [...(merged?.records ?? [])];
  const findings: LedgerEntry[] = merged?.findings ?? [];
  const notRun: NonNullable<CoverageReport['shards']>['notRun'] = [];
  for (const { shard, listed } of shards) {
    const added = notRunRecords(shard, listed, new Set(records.map((r) => r.key)));
    records.push(...added);
    notRun.push({ ...shard, tests: added.map((r) => r.key) });
  }
  const total = shards[0]?.shard.total ?? 0;
  // The merge is of the suite's own runs: a rule no test of them names was not selected.
  return {
    ...buildCoverage(
      merged?.target ?? target,
      records,
      findings,
      merged?.footprint ?? emptyFootprint(),
      perf,
      merged?.environment?.events,
      NOT_SELECTED
    ),
    shards: { total, notRun },
  };
}

/**
 * Completes the merged reports in `reports` (coverage.json and .html; drift when no shard ran)
 * with the shards that did not run, their tests listed by `list`.
 */
export function completeReports(
  reports: string,
  config: Config | undefined,
  notRun: ShardNotRun[],
  list: (shardArg: string) => ListedTest[]
): CoverageReport {
  const file = join(reports, 'coverage.json');
  const merged = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as CoverageReport) : undefined;
  const target = config ? `${config.target} ${config.baseUrl}` : 'unknown';
  const listed = notRun.map((shard) => {
    try {
      return { shard, listed: list(`--shard=${shard.shard}/${shard.total}`) };
    } catch (e) {
      console.error(
        `fleet-conformance: the tests of ${shardName(shard)} could not be listed (${(e as Error).message.split('\n')[0]})`
      );
      return { shard, listed: [] };
    }
  });
  const perfFile = join(reports, 'perf', 'summary.json');
  const coverage = withShardsNotRun(
    merged,
    target,
    listed,
    existsSync(perfFile) ? JSON.parse(readFileSync(perfFile, 'utf8')) : undefined
  );
  mkdirSync(reports, { recursive: true });
  writeFileSync(file, JSON.stringify(coverage, null, 2));
  writeFileSync(join(reports, 'coverage.html'), coverageHtml(coverage));
  if (!existsSync(join(reports, 'drift.json'))) {
    const drift = buildDrift(config, target, []);
    writeFileSync(join(reports, 'drift.json'), JSON.stringify(drift, null, 2));
    writeFileSync(join(reports, 'drift.html'), driftHtml(drift));
  }
  return coverage;
}
