/**
 * How a test judges: `forRule` and `forReading` name the rule a failure inside belongs to, and
 * `expect` carries the status assertions that show the request and the response. Below the
 * fixtures (fixtures/test.ts re-exports them), so that the models, steps and matrix of lib/ judge
 * without importing the fixtures that build on them.
 */
import { fileURLToPath } from 'node:url';
import { expect as baseExpect } from '@playwright/test';
import { type ApiResponse, formatExchange } from './client.js';
import type { Config } from './config.js';
import { judgedBy, judging, nodesTo, type Read, reading, receiving } from './judgements.js';
import { judgesNothing } from './ledger.js';
import { operation } from './operations.js';
import type { RuleId } from './rules/catalogue.js';

/**
 * Runs `check`, the part of a test that judges `rule`: a failure inside names the rule. For one of
 * the test's own rules, the test fails for that rule alone (lib/report/test-record.ts); for another
 * rule (a precondition the test relies on, such as "an update applies"), the failure is a finding
 * of that rule and the test is blocked by it (lib/ledger.ts).
 */
export async function forRule<T>(rule: RuleId | `ASSUME-${string}`, check: () => T | Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (e) {
    // What judges nothing (blocked, not run, incomplete) is no rule's failure; an inner check's mark stands.
    if (e instanceof Error && !judgesNothing(e) && !judgedBy(e)) {
      judging(e, [rule]);
      e.message = `[${rule}] ${e.message}`;
    }
    throw e;
  }
}

/**
 * Runs `check`, the stricter reading (FLEET_STRICT) of register entry `entry` of what `rule` states:
 * a failure inside is an assumption failure of `rule` alone, also in a test of several rules.
 */
export async function forReading<T>(entry: string, rule: RuleId, check: () => T | Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (e) {
    if (e instanceof Error && !judgesNothing(e)) {
      judging(e, [entry, rule]);
      e.message = `[${entry}] ${e.message}\n[${rule}] judged under the stricter reading of ${entry}`;
    }
    throw e;
  }
}

/**
 * The answer to a request whose state condition is unmet (unblock of what is not blocked): a 4xx
 * refusal or an accepted no-op by default, the refusal under FLEET_STRICT=ASSUME-UNMET-CONDITION.
 * What the state shows afterwards is the rule's own check.
 */
export async function expectUnmetCondition(
  response: ApiResponse,
  config: Pick<Config, 'strict'>,
  rule: RuleId,
  what: string
): Promise<void> {
  if (config.strict.has('ASSUME-UNMET-CONDITION')) {
    await forReading('ASSUME-UNMET-CONDITION', rule, () => expect(response, `${what} (strict reading)`).toBeRejected());
    return;
  }
  await forRule(rule, () =>
    expect(
      response.status >= 200 && response.status < 500,
      `${what}: refused (4xx) or accepted as a no-op (2xx), answered ${response.status}`
    ).toBe(true)
  );
}

/** The value at JSON pointer `pointer` of `body` (undefined where a step is missing). */
const at = (body: unknown, pointer: string): unknown => nodesTo(body, pointer).at(-1);

/**
 * Runs `assert`, which judges the place `pointer` of `answer`: its failure says so (lib/judgements.ts
 * `reading`), and when another rule's check flagged that place, the test is blocked by that rule,
 * whichever rule the assertion judged for.
 */
export function judgingPlace(answer: ApiResponse, pointer: string, assert: () => void): void {
  judgingPlaces([{ exchange: answer.exchange, pointer }], assert);
}

/**
 * Runs `assert`, which judges what a test made of the places `reads` (a count, a list of ids, a
 * pair compared): its failure says so, as judgingPlace's does.
 */
export function judgingPlaces<T>(reads: Read[], assert: () => T): T {
  try {
    return assert();
  } catch (e) {
    if (e instanceof Error && reads.length) reading(e, reads);
    throw e;
  }
}

/** Asserts that the place `pointer` of `answer`'s body holds `expected` (judgingPlace). */
export function expectAt(answer: ApiResponse, pointer: string, expected: unknown, what = pointer): void {
  judgingPlace(answer, pointer, () => expect(at(answer.body, pointer), what).toBe(expected));
}

function statusMatcher(name: string, ok: (status: number) => boolean, expected: string) {
  return function (this: { isNot: boolean }, response: ApiResponse) {
    const pass = ok(response.status);
    return {
      pass,
      name,
      expected,
      actual: response.status,
      message: () =>
        `expected ${this.isNot ? 'not ' : ''}${expected}, received ${response.status}\n${formatExchange(response.exchange)}`,
    };
  };
}

/** Status assertions that show the request and response when they fail. */
const extended = baseExpect.extend({
  toHaveStatus(response: ApiResponse, status: number) {
    return statusMatcher('toHaveStatus', (s) => s === status, `status ${status}`).call(this, response);
  },
  /** Refused as a client error: any 4xx (the document names no code for most rejections). */
  toBeRejected(response: ApiResponse) {
    return statusMatcher('toBeRejected', (s) => s >= 400 && s < 500, 'a 4xx rejection').call(this, response);
  },
  /** Accepted: the operation's documented success status. */
  toBeAccepted(response: ApiResponse) {
    const success = operation(response.exchange.operationId).success;
    return statusMatcher('toBeAccepted', (s) => s === success, `status ${success}`).call(this, response);
  },
});

const HERE = fileURLToPath(import.meta.url);

/** `e`, marked with what its assertion received, its stack without this file's frames (the report points at the assertion). */
function received(e: unknown, value: unknown): unknown {
  if (!(e instanceof Error)) return e;
  receiving(e, value);
  if (e.stack)
    e.stack = e.stack
      .split('\n')
      .filter((line) => !line.includes(HERE))
      .join('\n');
  return e;
}

/** The matchers of `value`: a failing one keeps the value it received, as data the ledger reads. */
function keepingReceived<T extends object>(matchers: T, value: unknown): T {
  return new Proxy(matchers, {
    get(target, key, receiver) {
      const member: unknown = Reflect.get(target, key, receiver);
      if (key === 'not' || key === 'resolves' || key === 'rejects') return keepingReceived(member as object, value);
      if (typeof member !== 'function') return member;
      return (...args: unknown[]) => {
        try {
          const result: unknown = member.apply(target, args);
          return result instanceof Promise
            ? result.catch((e: unknown) => {
                throw received(e, value);
              })
            : result;
        } catch (e) {
          throw received(e, value);
        }
      };
    },
  });
}

/**
 * Playwright's expect with the status assertions; a failing assertion keeps the value it received
 * (lib/judgements.ts `receiving`), so the ledger can tell whether it judged a place another rule's
 * check flagged, whatever its message says and wherever it stands.
 */
export const expect: typeof extended = new Proxy(extended, {
  apply: (target, thisArg, args: Parameters<typeof extended>) =>
    keepingReceived(Reflect.apply(target, thisArg, args), args[0]),
});
