/**
 * Playwright reporter writing reports/coverage.{json,html} and reports/drift.{json,html} at the
 * end of a conformance run, and printing one summary line.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FullConfig, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { ruleIdsOf } from '../rules/ids.js';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { buildCoverage, coverageHtml, type Outcome, type TestOutcome } from './coverage.js';
import { buildDrift, driftHtml } from './drift.js';
import { DRIFT_ATTACHMENT, type DriftRecord } from './test-sink.js';

function outcomeOf(result: TestResult): Outcome {
  if (result.status === 'skipped') return 'not-run';
  return result.status === 'passed' ? 'passed' : 'failed';
}

function firstLine(text: string | undefined): string | undefined {
  // eslint-disable-next-line no-control-regex
  return text?.replace(/\u001b\[[0-9;]*m/g, '').split('\n').find((l) => l.trim())?.trim().slice(0, 300);
}

export default class ConformanceReporter implements Reporter {
  private readonly outcomes = new Map<string, TestOutcome>();
  private readonly drift: DriftRecord[] = [];
  private config?: Config;
  private readonly outputDir: string;

  constructor(options: { outputDir?: string } = {}) {
    this.outputDir = options.outputDir ?? 'reports';
  }

  onBegin(_config: FullConfig): void {
    try {
      this.config = loadConfig();
    } catch (e) {
      if (!(e instanceof ConfigError)) throw e;
    }
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    let ruleIds: string[];
    try {
      ruleIds = ruleIdsOf(test.title);
    } catch {
      ruleIds = [];
    }
    const outcome = outcomeOf(result);
    const skip = test.annotations.find((a) => a.type === 'skip' || a.type === 'fixme')?.description;
    const reason = outcome === 'not-run' ? skip ?? 'skipped' : outcome === 'failed' ? firstLine(result.error?.message) : undefined;
    const key = test.id;
    const previous = this.outcomes.get(key);
    // Repeated runs (--repeat-each) of one test: the worst outcome stands.
    if (!previous || previous.outcome === 'passed' || (previous.outcome === 'not-run' && outcome === 'failed')) {
      this.outcomes.set(key, { title: test.title, file: test.location.file.replace(/^.*?specs\//, 'specs/'), ruleIds, outcome, ...(reason ? { reason } : {}) });
    }
    for (const attachment of result.attachments) {
      if (attachment.name === DRIFT_ATTACHMENT && attachment.body) {
        this.drift.push(...(JSON.parse(attachment.body.toString('utf8')) as DriftRecord[]));
      }
    }
  }

  onEnd(): void {
    mkdirSync(this.outputDir, { recursive: true });
    const target = this.config ? `${this.config.target} ${this.config.baseUrl}` : 'unknown';
    const perfFile = join(this.outputDir, 'perf', 'summary.json');
    const perf = existsSync(perfFile) ? JSON.parse(readFileSync(perfFile, 'utf8')) : undefined;
    const coverage = buildCoverage(target, [...this.outcomes.values()], perf);
    writeFileSync(join(this.outputDir, 'coverage.json'), JSON.stringify(coverage, null, 2));
    writeFileSync(join(this.outputDir, 'coverage.html'), coverageHtml(coverage));
    const drift = buildDrift(this.config, target, this.drift);
    writeFileSync(join(this.outputDir, 'drift.json'), JSON.stringify(drift, null, 2));
    writeFileSync(join(this.outputDir, 'drift.html'), driftHtml(drift));
    const t = coverage.totals;
    console.log(`rules: ${t.rules} — ${t.passed} passed, ${t.failed} failed, ${t['not-run']} not run, ${t.uncovered} uncovered; drift: ${drift.entries.length} → ${this.outputDir}/coverage.html, ${this.outputDir}/drift.html`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
