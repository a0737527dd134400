/**
 * A fake test's failures as Playwright hands them to its ledger (`name: message`), each kept for
 * that test as the suite keeps what it throws (lib/judgements.ts); a string is a failure the suite
 * did not throw (Playwright's own timeout, an assertion no check marked).
 */
import type { TestInfo } from '@playwright/test';
import { formatExchange } from '../../../lib/client.js';
import type { Exchange } from '../../../lib/exchange.js';
import { judging, keep, showing } from '../../../lib/judgements.js';

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

/**
 * Just what settle() reads and writes of a TestInfo: `retries`, the project's; `shown`, answers its
 * failures show (formatExchange).
 */
export function fakeTestInfo(
  status: TestInfo['status'],
  failures: (string | Error)[],
  { retries = 0, shown = [] }: { retries?: number; shown?: Exchange[] } = {}
) {
  const attachments: { name: string; body: string }[] = [];
  const info = {
    status,
    expectedStatus: 'passed' as TestInfo['expectedStatus'],
    annotations: [] as TestInfo['annotations'],
    tags: [] as string[],
    timeout: 60_000,
    retry: 0,
    project: { retries },
    errors: [] as TestInfo['errors'],
    attach: async (name: string, { body }: { body: string }) => void attachments.push({ name, body }),
  } as unknown as TestInfo;
  info.errors.push(...failWith(info, failures));
  for (const e of shown) showing(e, formatExchange(e), info);
  return { info, attachments };
}
