/**
 * A fake test's failures as Playwright hands them to its ledger (`name: message`), each kept for
 * that test as the suite keeps what it throws (lib/judgements.ts); a string is a failure the suite
 * did not throw (Playwright's own timeout, an assertion no check marked).
 */
import type { TestInfo } from '@playwright/test';
import { judging, keep } from '../../../lib/judgements.js';

/** An error a check marked as judging `rules` (forRule: one rule; a stricter reading: its entry, then the rule). */
export function judgedError(rules: string[], message: string): Error {
  const e = new Error(message);
  judging(e, rules);
  e.message = `[${rules[0]}] ${message}`;
  return e;
}

/** Sets `info`'s failures, keeping each error for it. */
export function failWith(info: TestInfo, failures: (string | Error)[]): TestInfo['errors'] {
  for (const f of failures) if (f instanceof Error) keep(f, info);
  return failures.map((f) => ({ message: f instanceof Error ? `${f.name}: ${f.message}` : f }));
}
