/**
 * Playwright reporter: the latency series at no extra load. Reads the requests each test's worker
 * timed (`fleet-latency.json` attachments, so a merged sharded run has every shard's), and writes
 * <FLEET_REPORTS_DIR>/latency-passive.json and .html (the Allure report attaches the page), then
 * prints one line per operation (one line in all while it decided nothing, unless FLEET_VERBOSE). Never changes the run's verdict: latency is `npm run perf`'s gate.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { type Config, ConfigError, loadConfig } from '../config.js';
import { type SentRecord, sentOf } from '../latency/passive.js';
import {
  buildPassiveReport,
  PASSIVE_FILE,
  PASSIVE_PAGE,
  passiveHtml,
  passiveLines,
  passiveShortLines,
} from '../latency/passive-report.js';

export default class LatencyReporter implements Reporter {
  private readonly records: SentRecord[] = [];
  private config?: Config;

  constructor(private readonly options: { outputDir?: string } = {}) {}

  onBegin(): void {
    try {
      this.config = loadConfig();
    } catch (e) {
      if (!(e instanceof ConfigError)) throw e;
    }
  }

  onTestEnd(_test: TestCase, result: TestResult): void {
    this.records.push(...sentOf(result));
  }

  onEnd(): void {
    const config = this.config;
    if (!config) return;
    const dir = this.options.outputDir ?? config.reportsDir;
    const [file, html] = [join(dir, PASSIVE_FILE), join(dir, PASSIVE_PAGE)];
    // No request timed (nothing ran): no series, and none of an older run left to be taken for this one's.
    if (!this.records.length) {
      for (const f of [file, html]) rmSync(f, { force: true });
      return;
    }
    const report = buildPassiveReport(this.records, {
      target: config.target,
      baseUrl: config.baseUrl,
      runId: config.runId,
      confidence: config.perf.confidence,
      clientObserved: config.strict.has('ASSUME-LATENCY-MEASURE'),
      ...(config.sandbox && config.perf.sandboxLatency ? { sandboxLatency: config.perf.sandboxLatency } : {}),
    });
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(report)}\n`);
    writeFileSync(html, passiveHtml(report));
    const lines = (config.verbose ? passiveLines : passiveShortLines)(report, html);
    if (lines.length) console.log(`\n${lines.join('\n')}`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
