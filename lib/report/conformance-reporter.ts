/**
 * Playwright reporter, the run's last word: reads every test's verdict, findings and drift from
 * what the workers attached (so it works the same on a merged, sharded run), writes
 * reports/coverage.{json,html}, reports/drift.{json,html} and reports/document.html (the document
 * statement by statement, with this run's verdicts and what proves each detected), prints what broke, and fails the run
 * when a finding shows a rule broken even where no failing test names it.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import { faultProofs } from '../../sandbox/launcher.js';
import type { CellResult } from '../authz/matrix.js';
import { type Config, ConfigError, loadConfig } from '../config.js';
import type { EnvironmentEvent } from '../environment.js';
import { add, emptyFootprint } from '../footprint.js';
import { type LedgerEntry, ledgerDir, mergeFindings, SETUP_DIR, takeSetupRecords } from '../ledger.js';
import { playwrightConfig } from '../package-files.js';
import { NOTICE_ANNOTATION, SEEN_ANNOTATION } from '../rules/assumptions.js';
import { authzMatrixHtml, authzMatrixPage, buildAuthzMatrix, matrixCellsOf } from './authz-matrix.js';
import { buildCoverage, NOT_SELECTED } from './coverage.js';
import { coverageHtml } from './coverage-html.js';
import { buildDocumentReport, documentHtml } from './document-html.js';
import { buildDrift, driftHtml } from './drift.js';
import { summaryLines } from './summary-text.js';
import {
  driftOf,
  eventsOf,
  findingsOf,
  footprintOf,
  notStartedRecord,
  recordOf,
  type TestRecord,
} from './test-record.js';
import type { DriftRecord } from './test-sink.js';

/** Which of two results of one test (--repeat-each, or the after-the-run checks of each merged shard) stands: the worse. */
const RANK: Record<TestRecord['outcome'], number> = {
  failed: 7,
  'assumption-failed': 6,
  'suite-error': 5,
  blocked: 4,
  unavailable: 3,
  incomplete: 2,
  passed: 1,
  'not-run': 0,
};

/** An attempt that judged nothing gives way to the attempt run after it (lib/ledger.ts, run again). */
const JUDGED_NOTHING = new Set<TestRecord['outcome']>(['incomplete', 'unavailable']);

export default class ConformanceReporter implements Reporter {
  private readonly records = new Map<string, TestRecord>();
  private readonly findings: LedgerEntry[] = [];
  private readonly drift: DriftRecord[] = [];
  private readonly seen: string[] = [];
  private readonly notices: string[] = [];
  private readonly matrixCells: CellResult[] = [];
  private readonly footprint = emptyFootprint();
  private readonly events: EnvironmentEvent[] = [];
  private config?: Config;
  private outputDir: string;
  private suite?: Suite;
  /** The run is of the suite's own playwright.config.ts, whose tests name every rule but the latency targets. */
  private ownConfig = false;

  constructor(private readonly options: { outputDir?: string } = {}) {
    this.outputDir = options.outputDir ?? 'reports';
  }

  onBegin(config: FullConfig, suite: Suite): void {
    this.suite = suite;
    this.ownConfig = !!config.configFile && resolve(config.configFile) === resolve(playwrightConfig());
    try {
      this.config = loadConfig();
      this.outputDir = this.options.outputDir ?? this.config.reportsDir;
    } catch (e) {
      if (!(e instanceof ConfigError)) throw e;
    }
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    for (const f of footprintOf(result)) add(this.footprint, f);
    this.findings.push(...findingsOf(result));
    this.events.push(...eventsOf(result));
    // The findings check shows the findings; they count under the rules they break.
    if (test.tags.includes('@findings')) return;
    const record = recordOf(test, result);
    // By key, not test.id: merge-reports gives each shard's run of the same test an id of its own.
    const previous = this.records.get(record.key);
    const rerun = previous && (record.attempts ?? 1) > (previous.attempts ?? 1) && JUDGED_NOTHING.has(previous.outcome);
    if (!previous || rerun || RANK[record.outcome] > RANK[previous.outcome]) this.records.set(record.key, record);
    this.drift.push(...driftOf(result));
    this.matrixCells.push(...matrixCellsOf(result));
    this.seen.push(
      ...test.annotations.filter((a) => a.type === SEEN_ANNOTATION && a.description).map((a) => a.description!)
    );
    this.notices.push(
      ...test.annotations.filter((a) => a.type === NOTICE_ANNOTATION && a.description).map((a) => a.description!)
    );
  }

  async onEnd(result: FullResult): Promise<{ status?: FullResult['status'] } | undefined> {
    mkdirSync(this.outputDir, { recursive: true });
    // Tests of the run that never started are not run, with why, never "uncovered".
    const why =
      result.status === 'interrupted'
        ? 'the run was cancelled before it started'
        : result.status === 'timedout'
          ? 'the run reached its global timeout before it started'
          : 'the run stopped before it started';
    for (const test of this.suite?.allTests() ?? []) {
      if (test.tags.includes('@findings')) continue;
      const record = notStartedRecord(test, why);
      if (!this.records.has(record.key)) this.records.set(record.key, record);
    }
    const target = this.config ? `${this.config.target} ${this.config.baseUrl}` : 'unknown';
    const perfFile = join(this.outputDir, 'perf', 'summary.json');
    const perf = existsSync(perfFile) ? JSON.parse(readFileSync(perfFile, 'utf8')) : undefined;
    // What the run's set-up handed over after its last test (its lease, looking at the runs beside it).
    if (this.config) {
      for (const left of takeSetupRecords(join(ledgerDir(this.config.reportsDir, this.config.runId), SETUP_DIR))) {
        this.findings.push(...left.findings);
        this.events.push(...left.events);
      }
    }
    // Under another configuration (a self-test's own specs, the fault self-test's projects) a rule no test names is uncovered.
    const leftOut = this.ownConfig && !this.config?.selftestPlan ? NOT_SELECTED : undefined;
    const coverage = buildCoverage(
      target,
      [...this.records.values()],
      mergeFindings(this.findings),
      this.footprint,
      perf,
      this.events,
      leftOut
    );
    writeFileSync(join(this.outputDir, 'coverage.json'), JSON.stringify(coverage, null, 2));
    const matrix = buildAuthzMatrix(this.matrixCells, coverage.records);
    writeFileSync(join(this.outputDir, 'authz-matrix.json'), JSON.stringify(matrix, null, 2));
    writeFileSync(join(this.outputDir, 'authz-matrix.html'), authzMatrixPage(matrix, target));
    writeFileSync(join(this.outputDir, 'coverage.html'), coverageHtml(coverage, authzMatrixHtml(matrix)));
    writeFileSync(
      join(this.outputDir, 'document.html'),
      documentHtml(buildDocumentReport(target, coverage.rules, faultProofs))
    );
    const drift = buildDrift(this.config, target, this.drift, this.seen, this.notices);
    writeFileSync(join(this.outputDir, 'drift.json'), JSON.stringify(drift, null, 2));
    writeFileSync(join(this.outputDir, 'drift.html'), driftHtml(drift));
    console.log(
      summaryLines(
        coverage,
        drift,
        [`${this.outputDir}/coverage.html`, `${this.outputDir}/document.html`, `${this.outputDir}/drift.html`],
        { verbose: this.config?.verbose ?? false, matrix }
      ).join('\n')
    );
    // A finding is a rule broken: the run fails even when every test that ran passed. So does a
    // run that judged less than half of what it ran: the environment was unavailable.
    const judged = coverage.tests.total - coverage.tests['not-run'];
    const unjudged = judged > 0 && coverage.tests.incomplete * 2 > judged;
    if (unjudged)
      console.log(
        `not judged: ${coverage.tests.incomplete} of ${judged} tests incomplete (the environment was unavailable)`
      );
    return (coverage.findings.length || unjudged) && result.status === 'passed' ? { status: 'failed' } : undefined;
  }

  printsToStdio(): boolean {
    return false;
  }
}
