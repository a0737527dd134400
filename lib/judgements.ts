/**
 * What a failure judged, kept as data. The errors the suite's judging code throws in a test are
 * kept for that test (`KeptError`, and every error `forRule` passes on), and a check marks the
 * error it throws with the rules it judged (`judging`). When the test settles, its ledger
 * (lib/ledger.ts) takes each of Playwright's failures back to the very error it was made from
 * (Playwright hands them serialized as `name: message`) and decides from the error's class and
 * mark: never from the words of its message, which stay what a person reads. The answers a
 * failure shows are kept the same way (`showing`): the text formatExchange made of each.
 */
import { stripVTControlCharacters } from 'node:util';
import { type TestInfo, test } from '@playwright/test';
import type { Exchange } from './exchange.js';

const JUDGED = Symbol('the rules a failure judged');

/** The rules a failure judged (a stricter reading: its register entry, then the rule) and its first line. */
export interface Judged {
  rules: string[];
  reason: string;
}

const kept = new WeakMap<TestInfo, Set<Error>>();

function running(): TestInfo | undefined {
  try {
    return test.info();
  } catch {
    // Outside a test (a worker's discovery, a command-line tool): nothing to keep it for.
    return undefined;
  }
}

/** Keeps `e` as thrown in the test now running (`info`: that test's, in a unit test). */
export function keep(e: Error, info = running()): void {
  if (!info) return;
  const errors = kept.get(info) ?? new Set<Error>();
  errors.add(e);
  kept.set(info, errors);
}

/** Marks `e` as judging `rules`, unless an inner check marked it first, and keeps it. */
export function judging(e: Error, rules: string[], reason = firstLine(e.message), info = running()): void {
  if (!(JUDGED in e)) Object.defineProperty(e, JUDGED, { value: { rules, reason } satisfies Judged });
  keep(e, info);
}

/** A message's first line that says anything, as a reason (terminal colours left out, cut at 300 characters). */
export const firstLine = (text: string) =>
  (
    stripVTControlCharacters(text)
      .split('\n')
      .find((l) => l.trim()) ?? ''
  )
    .trim()
    .slice(0, 300);

export const judgedBy = (e: Error | undefined): Judged | undefined =>
  e && JUDGED in e ? (e as unknown as Record<typeof JUDGED, Judged>)[JUDGED] : undefined;

/** `failure`, made to report `cause` (a counterexample's error): judging what `cause` judged, at the places it read, with what it received. */
export function carrying(failure: Error, cause: unknown): Error {
  if (!(cause instanceof Error)) return failure;
  const judged = judgedBy(cause);
  if (judged) judging(failure, judged.rules, judged.reason);
  const reads = readsOf(cause);
  if (reads.length) reading(failure, reads);
  const received = receivedOf(cause);
  if (received) receiving(failure, received.value);
  return failure;
}

/** An error the ledger reads by its class: kept for the test it is made in. */
export class KeptError extends Error {
  constructor(message: string) {
    super(message);
    keep(this);
  }
}

const shown = new WeakMap<TestInfo, { exchange: Exchange; text: string }[]>();

/** Keeps that `text` (lib/client.ts formatExchange) shows `exchange` in a failure of the test now running. */
export function showing(exchange: Exchange, text: string, info = running()): void {
  if (!info) return;
  const texts = shown.get(info) ?? [];
  texts.push({ exchange, text: stripVTControlCharacters(text) });
  shown.set(info, texts);
}

/** The exchanges a failure message of `info` shows, in the order it shows them. */
export function shownBy(info: TestInfo, message: string): Exchange[] {
  const text = stripVTControlCharacters(message);
  return (shown.get(info) ?? [])
    .map((s) => ({ exchange: s.exchange, at: text.indexOf(s.text) }))
    .filter((s) => s.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((s) => s.exchange);
}

/** A place of an answer an assertion judged: the answer, and the JSON pointer of what it compared. */
export interface Read {
  exchange: Exchange;
  pointer: string;
}

/** The node at each step of JSON pointer `pointer` in `body`, the root first (undefined from a missing step on). */
export function nodesTo(body: unknown, pointer: string): unknown[] {
  const nodes = [body];
  for (const step of pointer.split('/').slice(1)) {
    const node = nodes.at(-1);
    const key = step.replace(/~1/g, '/').replace(/~0/g, '~');
    nodes.push(node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined);
  }
  return nodes;
}

const READS = Symbol('the places of answers a failure judged');

/** Marks `e` as judging `reads` too, and keeps it. */
export function reading(e: Error, reads: Read[], info = running()): void {
  Object.defineProperty(e, READS, { value: [...readsOf(e), ...reads], configurable: true });
  keep(e, info);
}

/** Where each object of an answer's body as the client handed it to a test sits: its answer and JSON pointer. */
const places = new WeakMap<object, Read>();

/** Notes where every object of `body` (the body `exchange` was read as) sits, so that what a test makes of it can say. */
export function placing(body: unknown, exchange: Exchange, pointer = ''): void {
  if (body === null || typeof body !== 'object') return;
  places.set(body, { exchange, pointer });
  for (const [key, value] of Object.entries(body))
    placing(value, exchange, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
}

/** The place of `path` below `node`, an object of an answer (none for an object no answer holds). */
export function placeOf(node: unknown, path = ''): Read[] {
  const place = node !== null && typeof node === 'object' ? places.get(node) : undefined;
  return place ? [{ exchange: place.exchange, pointer: `${place.pointer}${path}` }] : [];
}

export const readsOf = (e: Error | undefined): Read[] =>
  e && READS in e ? (e as unknown as Record<typeof READS, Read[]>)[READS] : [];

const RECEIVED = Symbol('the value a failing assertion received');

/** Marks `e`, a failing assertion, with the value it received (the one `expect` was given), and keeps it. */
export function receiving(e: Error, value: unknown, info = running()): void {
  if (!(RECEIVED in e)) Object.defineProperty(e, RECEIVED, { value: { value }, configurable: true });
  keep(e, info);
}

/** The value a failing assertion received, boxed (undefined is a value an assertion can receive). */
export const receivedOf = (e: Error | undefined): { value: unknown } | undefined =>
  e && RECEIVED in e ? (e as unknown as Record<typeof RECEIVED, { value: unknown }>)[RECEIVED] : undefined;

/** How Playwright hands a thrown error to its reporters and to a test's errors: `Name: message`. */
const serialized = (e: Error) => `${e.name ? `${e.name}: ` : ''}${e.message}`;

/** The class a failure's error was thrown as, from that form (for errors the suite did not keep: its own crashes). */
export const serializedClass = (message: string): string | undefined => /^([A-Za-z]*Error): /.exec(message)?.[1];

/** The error each of `failures` (Playwright's, of `info`) was made from, when the suite kept it. */
export function thrownFor(info: TestInfo, failures: readonly { message?: string }[]): (Error | undefined)[] {
  const errors = [...(kept.get(info) ?? [])];
  return failures.map((f) => errors.find((e) => serialized(e) === f.message));
}
