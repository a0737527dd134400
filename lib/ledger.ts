/**
 * The findings ledger: how one deviation stays one red rule.
 *
 * A check that fails for a rule the running test names fails that test (lib/client.ts throws).
 * A check that fails for another rule — in a fixture, in discovery, in set-up or in a read the
 * test makes along the way — is a finding of that rule: recorded here once per (rule, operation,
 * check) with the first exchange as evidence and a count, never a failure of the test. Every
 * test's teardown attaches what its worker recorded meanwhile (`fleet-findings.json`) and appends
 * it to the run's ledger folder, so that the last reporter and the findings check decide.
 *
 * A test that cannot go on because what it needs is broken ends blocked by the rule that broke
 * it, never failed for its own rules: a BlockedError, or a failure that a broken response it
 * received explains (a taint: a 5xx or unreadable body, or a place of an answer that failed
 * another rule's check and that the failing assertion received or says it read).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { TestInfo } from '@playwright/test';
import { AuthError, TOKEN_RULE, TokenUnavailable, TokenUnreachable } from './auth.js';
import type { Finding } from './checks/types.js';
import { ENVIRONMENT_ATTACHMENT, type EnvironmentEvent, TransientError, UnavailableError } from './environment.js';
import type { Exchange, RecordedRequest } from './exchange.js';
import { count, countRequest, emptyFootprint, FOOTPRINT_ATTACHMENT, type Footprint } from './footprint.js';
import { appendRecords, readRecords } from './jsonl.js';
import {
  firstLine,
  judgedBy,
  KeptError,
  nodesTo,
  type Read,
  readsOf,
  receivedOf,
  serializedClass,
  shownBy,
  thrownFor,
} from './judgements.js';
import { type OperationId, operation } from './operations.js';
import type { SecretRegistry } from './report/redact.js';
import { NOTICE_ANNOTATION } from './rules/assumptions.js';
import { rules } from './rules/catalogue.js';
import { SUITE_ERROR_ANNOTATION, suiteErrorOf } from './suite-error.js';

export const FINDINGS_ATTACHMENT = 'fleet-findings.json';
export const BLOCKED_ANNOTATION = 'blocked';
export const INCOMPLETE_ANNOTATION = 'incomplete';
/** The server kept answering unavailable (429, 503 with Retry-After) to a request the test needed. */
export const UNAVAILABLE_ANNOTATION = 'unavailable';
/** An attempt that judged nothing, run again once (a fresh attempt: new resources, a deadline of its own). */
export const RERUN_ANNOTATION = 'run again';
/** Not run for the suite's own reasons (the write budget): never blocked, never a regression. */
export const NOT_RUN_ANNOTATION = 'not run';
/** The exchange that shows a failure the test's own assertion judged (a check's violation has its own attachment). */
export const EVIDENCE_ATTACHMENT = 'evidence.json';
export const INCOMPLETE_ATTACHMENT = 'incomplete.json';

const MAX_EVIDENCE_TEXT = 6_000;

/** One exchange as shown in reports: redacted, its response body cut to a readable size. */
export interface Evidence {
  operationId: string;
  baseUrl: string;
  request: RecordedRequest;
  response: { status: number; contentType?: string; body: string };
  /** Where in the response the check failed (JSON pointer). */
  pointer?: string;
  startedAt: string;
  /** The same request's earlier answers this one repeats (a 5xx counts only when it comes again). */
  earlier?: { status: number; startedAt: string; body: string }[];
  /** A write answered 5xx, read back: whether it took effect, and the read that showed it. */
  readBack?: { performed: boolean; request?: string; status?: number; body?: string };
  /** A write answered 5xx, sent once more and refused: that answer. */
  sentAgain?: { status: number; body: string };
  /** A valid request refused for a value a rule promises accepted, sent once more without it: that answer. */
  acceptedWithout?: { field: string; status: number };
  /** A read that shows a write's effect missing: the test's last write to the resource it read. */
  write?: Evidence;
}

/** Why a test could not be judged, as attached to it and shown in the reports. */
export interface Incomplete {
  reason: string;
  /** Not the environment: the server answered unavailable (the test's outcome is `unavailable`). */
  unavailable?: { operationId: string; status: number };
  /** What it was doing when it stopped (an answer to a request, a pool card, a replacement to show up). */
  waitingFor?: string;
  /** For how long it had been waiting, ms. */
  waitedMs?: number;
  /** The test's time limit, ms. */
  limitMs: number;
  /** Its last exchange, or the answer the environment gave instead. */
  lastExchange?: Evidence;
}

export interface LedgerEntry {
  rule: string;
  operationId: string;
  check: string;
  title: string;
  where?: string;
  received?: string;
  documented?: string;
  /** Times seen since the entry was last flushed (the reporter sums them). */
  count: number;
  /** The first exchange, on the first flush of the entry by its worker. */
  evidence?: Evidence;
  /** Title of the test that was running when it was first seen ('' for a worker's own set-up). */
  seenIn: string;
}

export interface Blocker {
  /** The rule whose breach stopped the test; none when nothing the document states broke (an empty hierarchy, throttling). */
  rule?: string;
  reason: string;
  evidence?: Evidence;
  /** Not a block at all: the environment kept discovery from an answer (a test that needs it is incomplete). */
  notJudged?: true;
}

/** What a test may not rely on: a response that failed another rule's check. */
interface Taint {
  rule: string;
  reason: string;
  /** A 5xx or an unreadable body: nothing of it can be used. */
  wholeBody: boolean;
  /** Nothing the test did after it is its own to judge (lib/checks/types.ts, spoilsTest). */
  spoilsTest: boolean;
  /** Where in the answer the failed check points (JSON pointers): an assertion that judged one is explained by it. */
  pointers: string[];
  evidence: () => Evidence;
  /** The answer it taints. */
  exchange: Exchange;
}

/** A test that cannot be judged for the suite's own reasons (no pool card came in its time): incomplete, never failed. */
export class IncompleteError extends KeptError {
  override name = 'IncompleteError';
}

/** A test the suite itself does not run (the write budget would be passed): not run, with why. */
export class NotRunError extends KeptError {
  override name = 'NotRunError';
}

/**
 * A silence of register entry `entry` the suite could not settle on this target (a name or a shape
 * it did not find): the test is not run, and `notice`, with the setting that settles it, is said once
 * in the run's summary and drift report.
 */
export class ConfigurationNotice extends NotRunError {
  constructor(
    readonly entry: string,
    readonly notice: string
  ) {
    super(`${notice} (${entry})`);
  }
}

/** An error that ends a test without a verdict on its rules: blocked by another rule, not run, or not judged at all. */
export function judgesNothing(e: unknown): boolean {
  return (
    e instanceof BlockedError ||
    e instanceof IncompleteError ||
    e instanceof TransientError ||
    e instanceof UnavailableError ||
    e instanceof NotRunError
  );
}

export class BlockedError extends KeptError {
  override name = 'BlockedError';
  constructor(readonly blocker: Blocker) {
    super(`blocked${blocker.rule ? ` by ${blocker.rule}` : ''}: ${blocker.reason}`);
  }
}

/** What the client asks of whoever is running: which rules are the test's own, where other failures go, how to stop. */
export interface Observer {
  owns(rule: string): boolean;
  observe(exchange: Exchange, failures: Finding[]): void;
  /** The error that ends the running test (or worker discovery) as blocked by `rule`, `exchange` as evidence. */
  block(rule: string | undefined, reason: string, exchange?: Exchange): BlockedError;
  /** What the environment did to a request (counted; the request counted in the footprint). */
  met?(event: EnvironmentEvent, operationId: OperationId, body: unknown): void;
  /** Says what the running test waits for until the returned function is called. */
  doing?(what: string): () => void;
  /** Until when (epoch ms) the running test may wait for anything, leaving room to report why it stopped. */
  deadline?(): number | undefined;
  /** The environment's answer that stopped a request (a gateway's page): shown as the test's last exchange. */
  spoil?(exchange: Exchange): void;
  /** The title of the test running now ('' for a worker's own set-up). */
  running?(): string;
  /** Failures of `exchange` that another worker may show only later (a number answered to its creation too): looked for when the test ends. */
  later?(exchange: Exchange, failures: () => Finding[]): void;
}

/** What a worker fixture found: a value, or the blocker that stopped it, and what it may not rely on. */
export interface Found<T> {
  value?: T;
  blocker?: Blocker;
  taints: readonly Taint[];
}

const keyOf = (f: Pick<Finding, 'rule' | 'check'>, operationId: string) => `${f.rule}|${operationId}|${f.check}`;

/** Nothing of the answer can be used: a 5xx, a body that is no JSON, or one that is not the documented thing at all. */
const wholeBody = (exchange: Exchange, f: Finding) =>
  exchange.response.status >= 500 ||
  (exchange.response.text.trim() !== '' && !exchange.response.isJson) ||
  (f.where === '/' && !f.field);

/**
 * The answers beside an exchange that its evidence shows: the same request's earlier 5xx it repeats,
 * a write's read-back after a 5xx, or its refusal when sent once more (bodies scrubbed, cut).
 */
export function answersBeside(
  exchange: Exchange,
  scrub: (text: string) => string
): Pick<Evidence, 'earlier' | 'readBack' | 'sentAgain' | 'acceptedWithout'> {
  const shown = (text: string) => scrub(text).slice(0, 2_000);
  const readBack = exchange.readBack;
  return {
    ...(exchange.repeatOf?.length
      ? {
          earlier: exchange.repeatOf.map((e) => ({
            status: e.response.status,
            startedAt: e.startedAt,
            body: shown(e.response.text),
          })),
        }
      : {}),
    ...(readBack
      ? {
          readBack: {
            performed: readBack.performed,
            ...(readBack.exchange
              ? {
                  request: `${readBack.exchange.request.method} ${readBack.exchange.request.path}`,
                  status: readBack.exchange.response.status,
                  body: shown(readBack.exchange.response.text),
                }
              : {}),
          },
        }
      : {}),
    ...(exchange.sentAgain
      ? { sentAgain: { status: exchange.sentAgain.response.status, body: shown(exchange.sentAgain.response.text) } }
      : {}),
    ...(exchange.refusedPromise
      ? {
          acceptedWithout: {
            field: exchange.refusedPromise.promised.field,
            status: exchange.refusedPromise.without.response.status,
          },
        }
      : {}),
  };
}

/** The records of one worker: its findings (each evidence kept once), the test running now, and open captures. */
export class WorkerLedger implements Observer {
  /** Requests and writes since the last flush. */
  private footprint = emptyFootprint();
  private readonly seen = new Set<string>();
  private readonly pending = new Map<string, LedgerEntry>();
  private readonly captures: Taint[][] = [];
  private events: EnvironmentEvent[] = [];
  current?: TestLedger;

  constructor(
    private readonly secrets: SecretRegistry,
    private readonly baseUrl: string,
    /** The run's ledger folder (one JSON-lines file per worker); undefined: attachments only. */
    private readonly file?: string
  ) {}

  owns(): boolean {
    return false;
  }

  block(rule: string | undefined, reason: string, exchange?: Exchange): BlockedError {
    return (
      this.current?.block(rule, reason, exchange) ??
      new BlockedError({
        ...(rule ? { rule } : {}),
        reason,
        ...(exchange ? { evidence: this.evidence(exchange) } : {}),
      })
    );
  }

  evidence(exchange: Exchange, pointer?: string): Evidence {
    const { response } = exchange;
    const shown = response.isJson
      ? JSON.stringify(this.secrets.redact(response.body), null, 2)
      : this.secrets.scrub(response.text);
    return {
      operationId: exchange.operationId,
      baseUrl: this.baseUrl,
      request: this.secrets.redact(exchange.request),
      response: {
        status: response.status,
        ...(response.headers['content-type'] ? { contentType: response.headers['content-type'] } : {}),
        body:
          shown.length > MAX_EVIDENCE_TEXT
            ? `${shown.slice(0, MAX_EVIDENCE_TEXT)}… (${shown.length} characters)`
            : shown,
      },
      ...(pointer ? { pointer } : {}),
      startedAt: exchange.startedAt,
      ...answersBeside(exchange, (text) => this.secrets.scrub(text)),
    };
  }

  /** One more sighting of `f` in `exchange` (the first one keeps the exchange as evidence). */
  record(
    f: Omit<Finding, 'kind'>,
    exchange: Exchange,
    testTitle = this.current?.title ?? '',
    evidence = () => this.evidence(exchange, f.where)
  ): void {
    const key = keyOf(f, exchange.operationId);
    const entry = this.pending.get(key);
    if (entry) {
      entry.count += 1;
      return;
    }
    const first = !this.seen.has(key);
    this.seen.add(key);
    this.pending.set(key, {
      rule: f.rule,
      operationId: exchange.operationId,
      check: f.check,
      title: f.title,
      ...(f.where ? { where: f.where } : {}),
      ...(f.received ? { received: f.received } : {}),
      ...(f.documented ? { documented: f.documented } : {}),
      count: 1,
      seenIn: testTitle,
      ...(first ? { evidence: evidence() } : {}),
    });
  }

  /**
   * One exchange with the failures of rules the running test does not name: each (rule, check) is
   * counted once per exchange (a list of 300 broken locations is one sighting), and each rule
   * taints what the test received, its evidence rendered only if a verdict needs it.
   */
  observe(exchange: Exchange, failures: Finding[], testTitle = this.current?.title ?? ''): void {
    count(this.footprint, exchange);
    this.current?.saw(exchange);
    this.breached(exchange, failures, testTitle);
  }

  /** The failures of other rules found in `exchange`: recorded, and tainting what the test received. */
  breached(exchange: Exchange, failures: Finding[], testTitle = this.current?.title ?? ''): void {
    const recorded = new Set<string>();
    let rendered: Evidence | undefined;
    const evidenceAt = (pointer?: string): Evidence => {
      rendered ??= this.evidence(exchange);
      return { ...rendered, ...(pointer ? { pointer } : {}) };
    };
    for (const rule of new Set(failures.map((f) => f.rule))) {
      const ofRule = failures.filter((f) => f.rule === rule);
      for (const f of ofRule) {
        if (!recorded.has(keyOf(f, exchange.operationId)))
          this.record(f, exchange, testTitle, () => evidenceAt(f.where));
        recorded.add(keyOf(f, exchange.operationId));
      }
      const taint: Taint = {
        rule,
        reason: `${exchange.request.method} ${exchange.request.path.split('?')[0]} answered ${exchange.response.status}: ${ofRule[0]!.title}`,
        wholeBody: ofRule.some((f) => wholeBody(exchange, f)),
        spoilsTest: ofRule.some((f) => f.spoilsTest),
        pointers: ofRule.map((f) => `${f.where === '/' ? '' : (f.where ?? '')}${f.field ? `/${f.field}` : ''}`),
        evidence: () => evidenceAt(ofRule[0]!.where),
        exchange,
      };
      this.current?.taint(taint);
      for (const capture of this.captures) capture.push(taint);
    }
  }

  met(event: EnvironmentEvent, operationId: OperationId, body: unknown): void {
    countRequest(this.footprint, operationId, event.status, body);
    this.events.push(Object.assign(event, { test: this.current?.title ?? '' }));
  }

  doing(what: string): () => void {
    return this.current?.doing(what) ?? (() => undefined);
  }

  deadline(): number | undefined {
    return this.current?.deadline();
  }

  spoil(exchange: Exchange): void {
    this.current?.spoil(exchange);
  }

  running(): string {
    return this.current?.title ?? '';
  }

  later(exchange: Exchange, failures: () => Finding[]): void {
    this.current?.later(exchange, failures);
  }

  /** The environment's events since the last call. */
  takeEvents(): EnvironmentEvent[] {
    const events = this.events;
    this.events = [];
    return events;
  }

  /**
   * For a process outside the tests (the run's lease): what it recorded, handed to the run's
   * workers through a file of its own in `setupDir`, which the next test of any worker takes over.
   */
  handOver(setupDir: string): void {
    const findings = this.flush();
    const events = this.takeEvents();
    if (!findings.length && !events.length) return;
    mkdirSync(setupDir, { recursive: true });
    this.handedOver += 1;
    const file = join(setupDir, `${Date.now()}-${process.pid}-${this.handedOver}.json`);
    writeFileSync(`${file}.tmp`, JSON.stringify({ findings, events }));
    renameSync(`${file}.tmp`, file);
  }

  private handedOver = 0;

  /** Takes over what set-up handed over (each file once, whichever worker comes first). */
  takeOver(): void {
    if (!this.file) return;
    for (const { findings, events } of takeSetupRecords(join(dirname(this.file), SETUP_DIR))) {
      for (const f of findings) {
        const key = `${f.rule}|${f.operationId}|${f.check}`;
        const entry = this.pending.get(key);
        if (entry) entry.count += f.count;
        else this.pending.set(key, { ...f });
      }
      this.events.push(...events);
    }
  }

  /** Runs a worker fixture's discovery once: its value, or what blocked it, with the taints it met. */
  async discover<T>(find: () => Promise<T>): Promise<Found<T>> {
    const taints: Taint[] = [];
    this.captures.push(taints);
    try {
      return { value: await find(), taints };
    } catch (e) {
      if (e instanceof BlockedError) return { blocker: e.blocker, taints };
      if (e instanceof TransientError) return { blocker: { reason: e.message, notJudged: true }, taints };
      const taint = taints.find((t) => t.wholeBody) ?? taints[0];
      const reason = e instanceof Error ? e.message.split('\n')[0]! : String(e);
      return {
        blocker: taint
          ? { rule: taint.rule, reason: `${reason} (${taint.reason})`, evidence: taint.evidence() }
          : { reason },
        taints,
      };
    } finally {
      this.captures.splice(this.captures.indexOf(taints), 1);
    }
  }

  /** The footprint since the last call. */
  takeFootprint(): Footprint {
    const footprint = this.footprint;
    this.footprint = emptyFootprint();
    return footprint;
  }

  /** What was recorded since the last flush, also appended to the run's ledger folder. */
  flush(): LedgerEntry[] {
    const entries = [...this.pending.values()];
    this.pending.clear();
    if (this.file) appendRecords(this.file, entries);
    return entries;
  }
}

/** One of Playwright's failures of a test, taken back to the error it was made from (lib/judgements.ts). */
interface Failure {
  message: string;
  stack?: string;
  error?: Error;
  /** The rules it judged: none when no check marked it (an assertion of the test's own rules). */
  rules: string[];
  reason?: string;
  /** The answers it shows (formatExchange), in its order. */
  shown: Exchange[];
}

/** A test stopped without a verdict: the environment spoiled a request or kept the token from it, or its time ran short. */
const notJudged = (e: Error | undefined) =>
  e instanceof TransientError ||
  e instanceof TokenUnavailable ||
  e instanceof TokenUnreachable ||
  e instanceof IncompleteError;
const clean = (message: string) => stripVTControlCharacters(message);
/** Errors of the suite's own code reading a body that was not what it needed. */
const CRASHES = new Set(['TypeError', 'RangeError', 'SyntaxError']);

/** What a ledger decided of its test: the rules each failure judged, and what blocked it. */
export interface Decided {
  judged: string[][];
  blockedBy?: { rule?: string; reason: string };
}

/** What blocks a test that `t` explains: its rule, with its answer as evidence. */
const taintBlocker = (t: Taint): Blocker => ({ rule: t.rule, reason: t.reason, evidence: t.evidence() });
/** The answer failures judged: the first one a failure shows, else the test's last exchange. */
const judgedAnswer = (failures: Failure[], last: Exchange) => failures.find((f) => f.shown.length)?.shown[0] ?? last;
/** The same request line answered the same status. */
const sameAnswer = (a: Exchange, b: Exchange) =>
  a.request.method === b.request.method && a.request.path === b.request.path && a.response.status === b.response.status;
/** A taint covers a read of the same answer at, above or below a place its check flagged. */
const flags = (t: Taint, r: Read) =>
  t.exchange === r.exchange &&
  t.pointers.some((p) => p === r.pointer || r.pointer.startsWith(`${p}/`) || p.startsWith(`${r.pointer}/`) || p === '');

/** `value`, or a value below it, is `wanted` (objects by identity, the rest by value). */
function holds(value: unknown, wanted: unknown): boolean {
  if (value === wanted) return true;
  return value !== null && typeof value === 'object' && Object.values(value).some((v) => holds(v, wanted));
}

/** `value` is one of `nodes`, or holds one (a wrapper or a list the test made of the answer's items). */
function containsNode(value: unknown, nodes: readonly object[], depth = 4): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (nodes.includes(value)) return true;
  return depth > 0 && Object.values(value).some((v) => containsNode(v, nodes, depth - 1));
}

/**
 * What an assertion received is a place `t`'s check flagged in its answer: the flagged value (an
 * absent one too), a value below it, the answer or a node that holds it, or something the test
 * made that holds such a node (a list of the answer's items).
 */
function holdsFlagged(t: Taint, received: unknown): boolean {
  const body = t.exchange.response.body;
  return t.pointers.some((pointer) => {
    const nodes = nodesTo(body, pointer);
    const above = nodes.filter((v): v is object => v !== null && typeof v === 'object');
    return (
      holds(nodes.at(-1), received) ||
      received === body ||
      containsNode(
        received,
        above.filter((n) => n !== body)
      )
    );
  });
}

/** The same request body. */
const sameRequest = (a: Exchange, b: Exchange) => JSON.stringify(a.request.body) === JSON.stringify(b.request.body);

/** One test's view: its own rules, what it may not rely on, and its verdict at teardown. */
export class TestLedger implements Observer {
  private readonly taints: Taint[] = [];
  private blocker?: Blocker;
  /** The last exchange of the test body: the evidence of an assertion that judged another rule, or of its own failure. */
  private last?: Exchange;
  /** The test body's last write: shown beside a read of the resource it wrote. */
  private lastWrite?: Exchange;
  private frozen = false;
  /** Failures another worker may show only later, looked for at teardown. */
  private readonly pending: { exchange: Exchange; failures: () => Finding[] }[] = [];
  private readonly startedAt = Date.now();
  /** What the test is doing now, innermost last. */
  private readonly activities: { what: string; since: number }[] = [];
  /** The answer the environment gave instead of the server's, when it ended the test (a gateway's page). */
  private spoiled?: Exchange;

  constructor(
    private readonly rules: ReadonlySet<string>,
    private readonly worker: WorkerLedger,
    readonly title: string,
    /** The test's time limit, ms (it may be changed while the test runs). */
    private readonly limitMs: () => number = () => 60_000
  ) {
    worker.current = this;
  }

  owns(rule: string): boolean {
    return this.rules.has(rule);
  }

  observe(exchange: Exchange, failures: Finding[]): void {
    this.worker.observe(exchange, failures, this.title);
  }

  /** An exchange of the test's (through any of its clients): the last one is its evidence. */
  saw(exchange: Exchange): void {
    if (this.frozen) return;
    this.last = exchange;
    if (!operation(exchange.operationId).readOnly) this.lastWrite = exchange;
  }

  /** The evidence of a failure: `read`, the answer it judged, and the last write before it when that read the resource written. */
  private failureEvidence(read: Exchange): Evidence {
    const write = this.lastWrite;
    const path = (e: Exchange) => e.request.path.split('?')[0]!;
    const shows =
      write &&
      write !== read &&
      operation(read.operationId).readOnly &&
      path(write).startsWith(path(read)) &&
      Date.parse(write.startedAt) <= Date.parse(read.startedAt);
    return { ...this.worker.evidence(read), ...(shows ? { write: this.worker.evidence(write) } : {}) };
  }

  met(event: EnvironmentEvent, operationId: OperationId, body: unknown): void {
    this.worker.met(event, operationId, body);
  }

  running(): string {
    return this.title;
  }

  later(exchange: Exchange, failures: () => Finding[]): void {
    this.pending.push({ exchange, failures });
  }

  doing(what: string): () => void {
    const activity = { what, since: Date.now() };
    this.activities.push(activity);
    return () => {
      const i = this.activities.lastIndexOf(activity);
      if (i >= 0) this.activities.splice(i, 1);
    };
  }

  /**
   * Until when a wait inside the test may last: its limit less a reserve (a quarter of it, at
   * least 10 s) in which it tears down and says why it stopped.
   */
  deadline(): number {
    // Teardown has the reserve to itself: what it sends is not bound by the test body's waits.
    if (this.frozen) return Number.POSITIVE_INFINITY;
    const limit = this.limitMs();
    return this.startedAt + limit - Math.max(10_000, limit / 4);
  }

  /** The test body is over: what fixtures send while tearing down is no evidence of its failure. */
  freeze(): void {
    this.frozen = true;
  }

  taint(t: Taint): void {
    this.taints.push(t);
  }

  /** The value a worker fixture found, with its taints; a BlockedError when it found none. */
  adopt<T>(found: Found<T>): T {
    this.taints.push(...found.taints);
    if (found.blocker?.notJudged)
      throw new IncompleteError(`what this worker found out about the target at its start: ${found.blocker.reason}`);
    if (found.blocker) {
      this.blocker ??= found.blocker;
      throw new BlockedError(found.blocker);
    }
    return found.value as T;
  }

  block(rule: string | undefined, reason: string, exchange?: Exchange): BlockedError {
    const blocker: Blocker = {
      ...(rule ? { rule } : {}),
      reason,
      ...(exchange ? { evidence: this.worker.evidence(exchange) } : {}),
    };
    this.blocker ??= blocker;
    return new BlockedError(blocker);
  }

  /**
   * A blocker drawn from what the test received, when it explains `failure`: a 5xx or unreadable
   * body, whatever failed; the suite's own code crashing on a body another rule's check flagged;
   * an assertion that received a place another rule's check flagged (or a node that holds it).
   * What an assertion on a value the test computed judged, it says itself (judgingPlaces).
   */
  private explaining(failure: Failure): Taint | undefined {
    const whole = this.taints.find((t) => t.wholeBody);
    if (whole) return whole;
    if (CRASHES.has(serializedClass(failure.message) ?? '')) return this.taints[0];
    const received = receivedOf(failure.error);
    return received && this.taints.find((t) => holdsFlagged(t, received.value));
  }

  /**
   * The verdict, at teardown: a failure of the test's own rule stands; a failure a BlockedError,
   * an assertion tagged with another rule (forRule), or a broken response it received explains
   * becomes "blocked by RULE" (skipped, annotated, evidence attached). Then what the worker
   * recorded meanwhile is attached.
   */
  async settle(testInfo: TestInfo): Promise<Decided> {
    for (const { exchange, failures } of this.pending) this.worker.breached(exchange, failures(), this.title);
    this.worker.current = undefined;
    const failures = this.failuresOf(testInfo);
    const stopped = testInfo.status === 'failed' || testInfo.status === 'timedOut';
    const notRun = stopped ? this.notRunOf(failures) : undefined;
    // A blocker found before the time ran out wins over the timeout.
    const blocker =
      stopped && !notRun
        ? ((testInfo.status === 'timedOut' ? this.blocker : undefined) ?? this.blockerOf(failures))
        : undefined;
    // An error a check marked is a verdict, whatever its class.
    const suiteError =
      !blocker && !notRun && testInfo.status === 'failed' && failures.every((f) => !f.rules.length)
        ? suiteErrorOf(failures.map((f) => f.message))
        : undefined;
    // The findings check's evidence is each finding's own exchange (findings.json), not an answer of its own.
    const findingsCheck = testInfo.tags.includes('@findings');
    const incomplete =
      stopped && !notRun && !blocker && !suiteError && !findingsCheck
        ? this.incompleteOf(testInfo, failures)
        : undefined;
    // Said in the JUnit report too: a <property name="suite-error">.
    if (suiteError) testInfo.annotations.push({ type: SUITE_ERROR_ANNOTATION, description: suiteError });
    if (notRun) {
      testInfo.status = 'skipped';
      testInfo.expectedStatus = 'skipped';
      testInfo.annotations.push(
        { type: NOT_RUN_ANNOTATION, description: notRun.message },
        { type: 'skip', description: notRun.message }
      );
      if (notRun instanceof ConfigurationNotice)
        testInfo.annotations.push({ type: NOTICE_ANNOTATION, description: `${notRun.entry}: ${notRun.notice}` });
    } else if (blocker) {
      testInfo.status = 'skipped';
      testInfo.expectedStatus = 'skipped';
      testInfo.annotations.push({ type: BLOCKED_ANNOTATION, description: `${blocker.rule ?? '—'}: ${blocker.reason}` });
      if (blocker.evidence)
        await testInfo.attach(`blocked by ${blocker.rule ?? 'the target'}.json`, {
          body: JSON.stringify(blocker.evidence, null, 2),
          contentType: 'application/json',
        });
    } else if (incomplete) {
      testInfo.annotations.push({
        type: incomplete.unavailable ? UNAVAILABLE_ANNOTATION : INCOMPLETE_ANNOTATION,
        description: incomplete.reason,
      });
      if (testInfo.retry < ((testInfo.project as TestInfo['project'] | undefined)?.retries ?? 0)) {
        // Run again once before the run ends: a fresh attempt, new resources, a deadline of its own.
        // Playwright retries an attempt whose status is not the expected one, and leaves an
        // interrupted attempt out of the test's outcome (its reports show the next attempt's). Only
        // what stays incomplete is not judged.
        testInfo.status = 'interrupted';
        testInfo.annotations.push({
          type: RERUN_ANNOTATION,
          description: `judged nothing, run again: ${incomplete.reason}`,
        });
      } else {
        testInfo.status = 'skipped';
        testInfo.expectedStatus = 'skipped';
        // What Allure and Playwright's report show of a skipped test: not judged, never failed.
        testInfo.annotations.push({
          type: 'skip',
          description: `${incomplete.unavailable ? 'unavailable' : 'incomplete'}, not judged: ${incomplete.reason}`,
        });
      }
      await testInfo.attach(INCOMPLETE_ATTACHMENT, {
        body: JSON.stringify(incomplete, null, 2),
        contentType: 'application/json',
      });
    } else if (testInfo.status === 'failed' && !suiteError && this.last) {
      // The failure's evidence: a check's violation has its own attachment, which the reports prefer.
      await testInfo.attach(EVIDENCE_ATTACHMENT, {
        body: JSON.stringify(this.failureEvidence(judgedAnswer(failures, this.last)), null, 2),
        contentType: 'application/json',
      });
    }
    // A verdict stands: only a test that judged nothing is run again.
    if (stopped && !incomplete && testInfo.status !== 'skipped') keepVerdict(testInfo);
    this.worker.takeOver();
    const entries = this.worker.flush();
    if (entries.length)
      await testInfo.attach(FINDINGS_ATTACHMENT, {
        body: JSON.stringify(entries, null, 2),
        contentType: 'application/json',
      });
    const footprint = this.worker.takeFootprint();
    if (footprint.requests)
      await testInfo.attach(FOOTPRINT_ATTACHMENT, { body: JSON.stringify(footprint), contentType: 'application/json' });
    const events = this.worker.takeEvents();
    if (events.length)
      await testInfo.attach(ENVIRONMENT_ATTACHMENT, { body: JSON.stringify(events), contentType: 'application/json' });
    return {
      judged: failures.map((f) => f.rules),
      ...(blocker ? { blockedBy: { ...(blocker.rule ? { rule: blocker.rule } : {}), reason: blocker.reason } } : {}),
    };
  }

  /** The test's failures, each with the error it was made from and the rules that error judged. */
  private failuresOf(testInfo: TestInfo): Failure[] {
    const errors = thrownFor(testInfo, testInfo.errors);
    return testInfo.errors.map((f, i) => {
      const judged = judgedBy(errors[i]);
      return {
        message: clean(f.message ?? ''),
        ...(f.stack ? { stack: f.stack } : {}),
        ...(errors[i] ? { error: errors[i] } : {}),
        rules: judged?.rules ?? [],
        ...(judged ? { reason: judged.reason } : {}),
        shown: shownBy(testInfo, f.message ?? ''),
      };
    });
  }

  private judgesOwn(failures: Failure[]): boolean {
    return failures.some((f) => f.rules.some((r) => this.rules.has(r)));
  }

  /**
   * Why a test that stopped judged nothing, if it did: its time ran out, the environment spoiled
   * an answer it needed (a reset, a timeout, a gateway's answer, no token), or it failed with no
   * answer of the server to show for it.
   */
  private incompleteOf(testInfo: TestInfo, failures: Failure[]): Incomplete | undefined {
    const innermost = this.activities.at(-1);
    const activity = innermost && { what: this.activities.map((a) => a.what).join(' › '), since: innermost.since };
    const waiting = activity ? { waitingFor: activity.what, waitedMs: Date.now() - activity.since } : {};
    const shown = this.spoiled ?? this.last;
    const base = {
      limitMs: testInfo.timeout,
      ...waiting,
      ...(shown ? { lastExchange: this.worker.evidence(shown) } : {}),
    };
    if (testInfo.status === 'timedOut') {
      const doing = activity
        ? ` waiting for ${activity.what} (for ${Math.round((Date.now() - activity.since) / 1000)} s)`
        : '';
      return {
        reason: `ran out of time (its limit: ${Math.round(testInfo.timeout / 1000)} s)${doing}: not judged`,
        ...base,
      };
    }
    const own = this.judgesOwn(failures);
    const unavailable = failures.find((f) => f.error instanceof UnavailableError)?.error;
    if (unavailable && !own && this.spoiled) {
      const { operationId, response } = this.spoiled;
      return {
        reason: `the server answered unavailable: ${firstLine(unavailable.message)}`,
        unavailable: { operationId, status: response.status },
        ...base,
      };
    }
    const transient = failures.find((f) => notJudged(f.error))?.error;
    if (transient && !own) return { reason: `${firstLine(transient.message)}: not judged`, ...base };
    if (!this.last)
      return {
        reason: `failed with no answer of the server to show for it (${firstLine(failures[0]?.message ?? '').slice(0, 200)}): not judged`,
        ...base,
      };
    return undefined;
  }

  /** Why the suite itself did not run the test (its write budget), when that is what stopped it. */
  private notRunOf(failures: Failure[]): NotRunError | undefined {
    if (this.judgesOwn(failures)) return undefined;
    return failures.map((f) => f.error).find((e): e is NotRunError => e instanceof NotRunError);
  }

  /** The environment's answer that ended the test instead of the server's (kept as what it last saw). */
  spoil(exchange: Exchange): void {
    this.spoiled = exchange;
  }

  private blockerOf(failures: Failure[]): Blocker | undefined {
    // The customer the test created is another's too: nothing it judged after is its own doing.
    const spoiled = this.taints.find((t) => t.spoilsTest && !this.rules.has(t.rule));
    if (spoiled) return taintBlocker(spoiled);
    const tags = [...new Set(failures.flatMap((f) => f.rules))];
    // An answer judged as another rule's (its own would have thrown), a 5xx or the refusal of a value
    // that rule promises: an assertion of the test's own rule that shows it judged nothing of it.
    const broken = this.taints.find((t) =>
      failures.some((f) =>
        f.shown.some((s) =>
          t.exchange.response.status >= 500
            ? sameAnswer(s, t.exchange)
            : t.exchange.refusedPromise !== undefined && sameRequest(s, t.exchange) && sameAnswer(s, t.exchange)
        )
      )
    );
    if (broken) return taintBlocker(broken);
    // An assertion that says which place of which answer it judged: a place another rule's check
    // flagged explains it, whichever rule it judged for.
    const judgedFlagged = this.taints.find((t) => failures.some((f) => readsOf(f.error).some((r) => flags(t, r))));
    if (judgedFlagged) return taintBlocker(judgedFlagged);
    // A failure tagged with the test's own rule, or with a stricter reading it applied, stands.
    if (tags.some((t) => this.rules.has(t) || t.startsWith('ASSUME-'))) return undefined;
    const named = failures.map((f) => f.error).find((e): e is BlockedError => e instanceof BlockedError);
    if (named)
      return (
        this.blocker ?? { ...(named.blocker.rule ? { rule: named.blocker.rule } : {}), reason: named.blocker.reason }
      );
    // A token refused for the credentials (not for the environment's sake: AuthError's subclasses).
    const noToken = failures
      .map((f) => f.error)
      .find(
        (e): e is AuthError =>
          e instanceof AuthError && !(e instanceof TokenUnavailable || e instanceof TokenUnreachable)
      );
    if (noToken && !this.rules.has(TOKEN_RULE)) return { rule: TOKEN_RULE, reason: firstLine(noToken.message) };
    // A failure that a broken answer the test received explains (a 5xx, an unreadable body, a field
    // another rule's check flagged) is that rule's doing, whichever rule the assertion judged.
    const explained = this.explainingAll(failures);
    if (explained) return taintBlocker(explained);
    // An assertion of another rule the test relied on: that rule's finding, and what blocked the test.
    const other = tags.find((t) => rules.has(t));
    if (other) {
      const failure = failures.find((f) => f.rules.includes(other))!;
      const title = failure.reason ?? '';
      const last = this.last;
      if (!last) return { rule: other, reason: title };
      const answer = judgedAnswer([failure], last);
      const evidence = this.failureEvidence(answer);
      this.worker.record({ rule: other, check: 'assertion', title }, answer, this.title, () => evidence);
      return { rule: other, reason: title, evidence };
    }
    return undefined;
  }

  /** The taint that explains every failure, if one does. */
  private explainingAll(failures: Failure[]): Taint | undefined {
    const taints = failures.map((f) => this.explaining(f));
    return taints.length && taints.every(Boolean) ? taints[0] : undefined;
  }
}

/**
 * Keeps a verdict from being retried: the project's retries are for attempts that judged nothing.
 * Playwright reads this flag of its TestInfo (a private one, as `expect.toPass`'s "do not retry"
 * sets it); proof/tests/selftest/rerun.test.ts fails if an upgrade changes that.
 */
function keepVerdict(testInfo: TestInfo): void {
  (testInfo as unknown as { _hasNonRetriableError: boolean })._hasNonRetriableError = true;
}

/** Where a run's set-up (its lease) hands findings and events over to its workers, in its ledger folder. */
export const SETUP_DIR = 'setup';

/** The set-up records of `setupDir` not taken yet, each taken once (renamed first: another process never reads it too). */
export function takeSetupRecords(setupDir: string): { findings: LedgerEntry[]; events: EnvironmentEvent[] }[] {
  if (!existsSync(setupDir)) return [];
  return readdirSync(setupDir)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => {
      const taken = join(setupDir, `${f}.${process.pid}.taken`);
      try {
        renameSync(join(setupDir, f), taken);
      } catch {
        return [];
      }
      const record = JSON.parse(readFileSync(taken, 'utf8')) as { findings: LedgerEntry[]; events: EnvironmentEvent[] };
      rmSync(taken, { force: true });
      return [record];
    });
}

/** Every entry a run's workers appended to `dir` (the findings check reads them). */
export function readLedger(dir: string): LedgerEntry[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl') && !f.startsWith('budget-'))
    .flatMap((f) => readRecords<LedgerEntry>(join(dir, f)));
}

/** One finding per (rule, operation, check), counts summed, the first evidence kept. */
export function mergeFindings(entries: LedgerEntry[]): LedgerEntry[] {
  const merged = new Map<string, LedgerEntry>();
  for (const e of entries) {
    const key = `${e.rule}|${e.operationId}|${e.check}`;
    const m = merged.get(key);
    if (!m) merged.set(key, { ...e });
    else {
      m.count += e.count;
      if (!m.evidence && e.evidence) m.evidence = e.evidence;
    }
  }
  return [...merged.values()].sort(
    (a, b) => a.rule.localeCompare(b.rule) || a.operationId.localeCompare(b.operationId)
  );
}

/** The run's ledger folder for a worker's file: one per run id, so runs never mix. */
export function ledgerDir(reportsDir: string, runId: string): string {
  return join(reportsDir, '.ledger', runId);
}
