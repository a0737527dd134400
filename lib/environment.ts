/**
 * The environment's night: what happened to the run's requests on their way, each event attributed
 * to who answered (whoAnswered): the network (a connection reset, refused or timed out), a gateway
 * (502, 503 or 504 with an HTML, empty or foreign body, or a 5xx whose body is no JSON at all: the
 * page of a proxy, never the document's body), or the server itself (a body in one of the
 * document's shapes for the operation). The network's and a gateway's events are never a verdict
 * on a rule: a read is sent again (bounded, with backoff), a write whose answer was lost is read
 * back, never sent blindly again, and a test that cannot go on ends incomplete. The server's own
 * 5xx is evidence (lib/client.ts judges it); what is kept here of it is a 5xx that did not come
 * again (`transient`) and a server that answered unavailable (503/429 with Retry-After) past a
 * test's time. Each event is counted and kept (a worker attaches them to each test,
 * `fleet-environment.json`; the reporter sums them into coverage.json), so that a night can
 * account for every event it met.
 */
import type { Exchange } from './exchange.js';
import { KeptError } from './judgements.js';
import type { OperationId } from './operations.js';

export const ENVIRONMENT_ATTACHMENT = 'fleet-environment.json';

export type EventKind = 'reset' | 'timeout' | 'gateway' | 'server-5xx' | 'unavailable' | 'token';

/** Who answered, or kept the answer from coming: the summary, the reports and the gate say which. */
export type Answerer = 'server' | 'gateway' | 'network';

/**
 * What became of the request that met the event: sent again and answered (`retried`), read back
 * after a write whose answer was lost (`reconciled`), a 5xx that did not come again (`transient`),
 * or given up: retries spent, or a write not to be sent again (`gave-up`: the test ended incomplete
 * or set-up went on without it).
 */
export type EventOutcome = 'retried' | 'reconciled' | 'transient' | 'gave-up';

export interface EnvironmentEvent {
  kind: EventKind;
  /** When the request that met it was sent. */
  at: string;
  operationId: string;
  method: string;
  /** Path without the query. */
  path: string;
  /** The answer's status (a gateway's, a 5xx); none when the connection was lost or timed out. */
  status?: number;
  /** The transport's words (ECONNRESET, Timeout 30000ms exceeded). */
  detail?: string;
  outcome: EventOutcome;
  /** The test it happened in; '' for set-up (a worker's discovery, the run's lease). */
  test: string;
  /** Who answered; when not said, the kind's usual answerer (answererOf). */
  by?: Answerer;
}

/** Who an event came from: said, or the kind's (a token failure without a status: the network). */
export function answererOf(e: Pick<EnvironmentEvent, 'kind' | 'by' | 'status'>): Answerer {
  if (e.by) return e.by;
  if (e.kind === 'server-5xx' || e.kind === 'unavailable') return 'server';
  if (e.kind === 'gateway' || (e.kind === 'token' && e.status !== undefined)) return 'gateway';
  return 'network';
}

export interface EnvironmentReport {
  /** Requests sent again after an event (a read, or bad input the server refuses anyway). */
  retries: number;
  resets: number;
  timeouts: number;
  gatewayAnswers: number;
  tokenFailures: number;
  /** 5xx answers of the server that did not come again when repeated: counted, never a verdict. */
  transient5xx: number;
  /** Requests the server kept answering unavailable (503/429 with Retry-After) past the test's time. */
  unavailableAnswers: number;
  /** Writes whose answer was lost, read back to learn what happened. */
  reconciled: number;
  /** Tests that could not be judged (time, connection, gateway, token): their rules not judged in this run. */
  incompleteTests: number;
  events: EnvironmentEvent[];
}

const KIND_COUNT: Record<EventKind, keyof EnvironmentReport> = {
  reset: 'resets',
  timeout: 'timeouts',
  gateway: 'gatewayAnswers',
  token: 'tokenFailures',
  'server-5xx': 'transient5xx',
  unavailable: 'unavailableAnswers',
};

export function environmentReport(events: readonly EnvironmentEvent[], incompleteTests: number): EnvironmentReport {
  const report: EnvironmentReport = {
    retries: 0,
    resets: 0,
    timeouts: 0,
    gatewayAnswers: 0,
    tokenFailures: 0,
    transient5xx: 0,
    unavailableAnswers: 0,
    reconciled: 0,
    incompleteTests,
    events: [...events].sort((a, b) => a.at.localeCompare(b.at)).map((e) => ({ ...e, by: answererOf(e) })),
  };
  for (const e of events) {
    (report[KIND_COUNT[e.kind]] as number) += 1;
    if (e.outcome === 'retried') report.retries += 1;
    if (e.outcome === 'reconciled') report.reconciled += 1;
  }
  return report;
}

/** The night in one line (the terminal summary; coverage.html says it in a table). */
export function environmentLine(r: EnvironmentReport): string {
  return (
    `environment: the network ${r.resets} resets, ${r.timeouts} timeouts; gateways ${r.gatewayAnswers} answers; ${r.tokenFailures} token failures` +
    `; the server ${r.transient5xx} transient 5xx, ${r.unavailableAnswers ?? 0} unavailable answers` +
    `; ${r.retries} retried, ${r.reconciled} reconciled; ${r.incompleteTests} incomplete tests`
  );
}

/**
 * A request that met the environment, not the server: what it was, why no answer can be judged,
 * and the events it met (a caller that reads back what happened marks them reconciled). A test
 * that stops on it ends incomplete, its rules not judged.
 */
export class TransientError extends KeptError {
  override name = 'TransientError';
  constructor(
    readonly kind: EventKind,
    message: string,
    readonly events: EnvironmentEvent[] = [],
    /** The last answer received, when one came (a gateway's page, a 5xx). */
    readonly exchange?: Exchange,
    /** A write: it may have happened; read back, never sent again blindly. */
    readonly write = false,
    /** Counts the write where it counts (the write budget) once a read-back shows it happened. */
    private readonly onHappened?: () => void
  ) {
    super(message);
  }

  /** The caller read back what happened (`happened`: the write took effect) and goes on from there. */
  reconciled(happened = false): void {
    for (const e of this.events) e.outcome = 'reconciled';
    if (happened) this.onHappened?.();
  }
}

/**
 * The server answered unavailable (429, or 503 with Retry-After) to every send of a request, past
 * the time the client may wait as asked: not the environment's doing, and no rule's failure
 * either. The test ends unavailable (run again once), and an operation that answers so to every
 * request of a run is the run's verdict `unavailable` (lib/report/coverage.ts).
 */
export class UnavailableError extends KeptError {
  override name = 'UnavailableError';
  constructor(
    message: string,
    readonly operationId: OperationId,
    readonly exchange: Exchange
  ) {
    super(message);
  }
}

/**
 * Who gave an answer: a 5xx whose body is no JSON at all is a proxy's page, and a 502,
 * 503 or 504 is a gateway's unless its body is one the document gives the operation (`documented`:
 * the standard error body, geosearch's {message, details}, the order's array, or any other body of
 * the operation); every other answer is the server's, and judged.
 */
export function whoAnswered(
  status: number,
  isJson: boolean,
  text: string,
  documented: (body: unknown) => boolean = () => false
): Exclude<Answerer, 'network'> {
  if (status < 500) return 'server';
  if (text.trim() !== '' && !isJson) return 'gateway';
  if (status !== 502 && status !== 503 && status !== 504) return 'server';
  if (!isJson) return 'gateway';
  try {
    return documented(JSON.parse(text)) ? 'server' : 'gateway';
  } catch {
    return 'gateway';
  }
}

/** The standard error body's shape ({errorCode, errorDescription}), told without the schemas. */
export function standardErrorBody(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    !Array.isArray(body) &&
    ('errorCode' in body || 'errorDescription' in body)
  );
}

/** The pause before the try after `attempt`: doubling from `baseMs`, with a spread so that workers do not come back together. */
export function backoffMs(attempt: number, baseMs: number): number {
  return Math.round(baseMs * 2 ** (attempt - 1) * (0.75 + Math.random() / 2));
}

/** The kind of a lost connection from the transport's words. */
export function transportKind(message: string): 'reset' | 'timeout' {
  return /timeout|timed out|ETIMEDOUT/i.test(message) ? 'timeout' : 'reset';
}
