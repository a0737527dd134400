/**
 * A suite error: an exception of fleet-conformance's own code (a TypeError, reading its own files,
 * a fixture bug), as opposed to a check of a response. It fails the run loudly, as what it is, and
 * never turns a rule red nor counts as a regression of the target.
 */
import { stripVTControlCharacters } from 'node:util';
import { judgedBy, serializedClass } from './judgements.js';

/** Thrown where the suite knows the fault is its own; its message says which error lies beneath. */
export class SuiteError extends Error {
  override name = 'SuiteError';
}

export const SUITE_ERROR_ANNOTATION = 'suite-error';

/** Errors of code, not of a checked answer: a programming error, the suite's own guard. */
const OWN_CLASSES = new Set([
  'TypeError',
  'ReferenceError',
  'RangeError',
  'SyntaxError',
  'EvalError',
  'URIError',
  'SuiteError',
  'ProductionGuardError',
]);
/** A file the suite could not read: Node's code of the failed call (which its serialized message starts with). */
const OWN_FILE_CODE = /^(?:ENOENT|EACCES|EISDIR|ENOTDIR|EMFILE|EPERM)\b/;

const clean = (message: string) => stripVTControlCharacters(message).trim();

/**
 * True when `error` (an Error, or one as Playwright serialized it: `Name: message`) is the suite's
 * own fault: by its class, never by words of its message. Its callers leave out what a check
 * marked as judging a rule.
 */
export function isOwnFault(error: unknown): boolean {
  if (error instanceof Error)
    return (
      !judgedBy(error) &&
      (OWN_CLASSES.has(error.name) || OWN_FILE_CODE.test(String((error as NodeJS.ErrnoException).code ?? '')))
    );
  const serialized = clean(String(error)).replace(/^Uncaught /, '');
  const name = serializedClass(serialized);
  return OWN_CLASSES.has(name ?? '') || (name === 'Error' && OWN_FILE_CODE.test(serialized.slice('Error: '.length)));
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
