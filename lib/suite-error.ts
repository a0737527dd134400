/**
 * A suite error: an exception of fleet-conformance's own code (a TypeError, reading its own files,
 * a fixture bug), as opposed to a check of a response. It fails the run loudly, as what it is, and
 * never turns a rule red nor counts as a regression of the target.
 */
import { stripVTControlCharacters } from 'node:util';
import { judgedBy } from './judgements.js';

/** Thrown where the suite knows the fault is its own; its message says which error lies beneath. */
export class SuiteError extends Error {
  override name = 'SuiteError';
}

export const SUITE_ERROR_ANNOTATION = 'suite-error';

/** Errors of code, not of a checked answer: a programming error, the suite's own guard, a file the suite could not read. */
const OWN_FAULT =
  /^(?:Uncaught )?(?:TypeError|ReferenceError|RangeError|SyntaxError|EvalError|URIError|SuiteError|ProductionGuardError)\b|^Error: (?:ENOENT|EACCES|EISDIR|ENOTDIR|EMFILE|EPERM)\b/;
/** A line that names a rule: a check's or an assertion's verdict (lib/client.ts, forRule, status matchers). */
const RULE_TAG = /^(?:\w*Error: )?\[[A-Z0-9-]+\]/m;

const clean = (message: string) => stripVTControlCharacters(message).trim();

/** True when `error` (an Error, or a reporter's error message) is the suite's own fault. */
export function isOwnFault(error: unknown): boolean {
  if (error instanceof Error) return !judgedBy(error) && OWN_FAULT.test(`${error.name}: ${error.message}`);
  const message = clean(String(error));
  return OWN_FAULT.test(message) && !RULE_TAG.test(message);
}

/** The first line of the suite error when every one of a failed test's errors is one; undefined when any is a check's verdict. */
export function suiteErrorOf(messages: string[]): string | undefined {
  if (!messages.length || !messages.every(isOwnFault)) return undefined;
  return clean(messages[0]!).split('\n')[0]!.slice(0, 300);
}

/** Where in the project an error was thrown: its first frame outside node_modules (file:line). */
export function ownFrame(stack: string | undefined): string | undefined {
  for (const line of (stack ?? '').split('\n').filter((l) => /^\s+at /.test(l) && !l.includes('node_modules'))) {
    const m = /\(?((?:\/|[A-Za-z]:)[^():]+):(\d+):\d+\)?\s*$/.exec(line);
    if (m) return `${m[1]!.replace(/^.*?\/(lib|specs|fixtures|scripts|perf|sandbox|tests)\//, '$1/')}:${m[2]}`;
  }
  return undefined;
}
