/**
 * Playwright reporter of a run's progress (without FLEET_VERBOSE): how many tests, then a line at
 * each tenth of them done, "n/N tests, m failed". Whole lines, never a carriage return: a CI log is
 * no terminal. What failed is said once, at the end, by the conformance reporter's summary.
 */
import { stripVTControlCharacters } from 'node:util';
import type { FullConfig, Reporter, Suite, TestCase, TestError } from '@playwright/test/reporter';

const STEPS = 10;

export default class ProgressReporter implements Reporter {
  private total = 0;
  /** Tests ended at least once: a test run again (lib/ledger.ts: it judged nothing) counts once. */
  private readonly ended = new Set<string>();
  /** Failed tests: a verdict is never retried (lib/ledger.ts keepVerdict), so a failed attempt may be the test's last. */
  private readonly failed = new Set<string>();
  private step = 0;
  private suite?: Suite;
  private readonly started = Date.now();

  onBegin(config: FullConfig, suite: Suite): void {
    this.suite = suite;
    this.total = suite.allTests().length;
    if (this.total) console.log(`${this.total} tests, ${config.workers} worker${config.workers > 1 ? 's' : ''}`);
  }

  onTestEnd(test: TestCase): void {
    this.ended.add(test.id);
    // As Playwright counts them: failed in every attempt so far (one run again and passed is not).
    if (test.outcome() === 'unexpected') this.failed.add(test.id);
    else this.failed.delete(test.id);
    const step = Math.floor((this.ended.size * STEPS) / this.total);
    // The last line waits for the end: a test that judged nothing may still be run again.
    if (step === this.step || step === STEPS) return;
    this.step = step;
    this.progress();
  }

  onEnd(): void {
    // Playwright's own count, over every attempt of every test.
    if (this.ended.size)
      this.progress((this.suite?.allTests() ?? []).filter((t) => t.outcome() === 'unexpected').length);
  }

  private progress(failed = this.failed.size): void {
    console.log(
      `${this.ended.size}/${this.total} tests, ${failed} failed (${Math.round((Date.now() - this.started) / 1000)} s)`
    );
  }

  /** What stops the run outside any test (its set-up, its configuration): in full, it is seen nowhere else. */
  onError(error: TestError): void {
    console.error(stripVTControlCharacters(error.message ?? error.value ?? 'an error outside the tests'));
  }

  onStdErr(chunk: string | Buffer, test?: TestCase): void {
    if (!test) process.stderr.write(chunk);
  }

  printsToStdio(): boolean {
    return true;
  }
}
