/**
 * What the environment did to the run's own requests after its tests (the last looks at the card
 * pool, the lease given back and closed): the reporters had written coverage.json by then, so the
 * run adds these events to it afterwards; a shard carries them in its trace (lib/shards.ts), and the
 * merge adds every shard's. coverage.html is not written again (it keeps the authorization matrix
 * the reporter gave it): the run prints the night's line once more instead.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type EnvironmentEvent, environmentLine, environmentReport } from '../environment.js';
import type { CoverageReport } from './coverage.js';

export function addEventsAfterTests(reports: string, events: EnvironmentEvent[]): void {
  const file = join(reports, 'coverage.json');
  if (!events.length || !existsSync(file)) return;
  const coverage = JSON.parse(readFileSync(file, 'utf8')) as CoverageReport;
  coverage.environment = environmentReport(
    [...coverage.environment.events, ...events],
    coverage.environment.incompleteTests
  );
  writeFileSync(`${file}.tmp`, JSON.stringify(coverage, null, 2));
  renameSync(`${file}.tmp`, file);
  console.log(
    `after the tests (the run's lease): ${events.length} more event${events.length === 1 ? '' : 's'} of the environment; ${environmentLine(coverage.environment)}`
  );
}
