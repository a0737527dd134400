/**
 * The environment's night: what the network and the infrastructure in front of the target did to
 * the run, apart from anything the server answered. A connection reset, a request that timed out,
 * a gateway's answer (502, 503 or 504, or a 5xx whose body is no JSON at all: the page of a proxy,
 * never the document's body), a token request that failed for another reason than the credentials,
 * and a 5xx of the server that did not come again when the request was repeated. None of them is a
 * verdict on a rule: a read is sent again (bounded, with backoff), a write whose answer was lost is
 * read back, never sent blindly again, and a test that cannot go on ends incomplete. Each event is
 * counted and kept (a worker attaches them to each test, `fleet-environment.json`; the reporter
 * sums them into coverage.json), so that a night can account for every event it met.
 */
import type { Exchange } from './exchange.js';

export const ENVIRONMENT_ATTACHMENT = 'fleet-environment.json';

export type EventKind = 'reset' | 'timeout' | 'gateway' | 'server-5xx' | 'token';

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
  /** Writes whose answer was lost, read back to learn what happened. */
  reconciled: number;
  /** Tests that could not be judged (time, connection, gateway, token): their rules not judged in this run. */
  incompleteTests: number;
  events: EnvironmentEvent[];
}

const KIND_COUNT: Record<EventKind, keyof EnvironmentReport> = {
  reset: 'resets', timeout: 'timeouts', gateway: 'gatewayAnswers', token: 'tokenFailures', 'server-5xx': 'transient5xx',
};

export function environmentReport(events: readonly EnvironmentEvent[], incompleteTests: number): EnvironmentReport {
  const report: EnvironmentReport = { retries: 0, resets: 0, timeouts: 0, gatewayAnswers: 0, tokenFailures: 0, transient5xx: 0, reconciled: 0, incompleteTests, events: [...events].sort((a, b) => a.at.localeCompare(b.at)) };
  for (const e of events) {
    (report[KIND_COUNT[e.kind]] as number) += 1;
    if (e.outcome === 'retried') report.retries += 1;
    if (e.outcome === 'reconciled') report.reconciled += 1;
  }
  return report;
}

/** The night in one line (the terminal summary; coverage.html says it in a table). */
export function environmentLine(r: EnvironmentReport): string {
  return `environment: ${r.resets} resets, ${r.timeouts} timeouts, ${r.gatewayAnswers} gateway answers, ${r.tokenFailures} token failures, ${r.transient5xx} transient 5xx`
    + `; ${r.retries} retried, ${r.reconciled} reconciled; ${r.incompleteTests} incomplete tests`;
}

/**
 * A request that met the environment, not the server: what it was, why no answer can be judged,
 * and the events it met (a caller that reads back what happened marks them reconciled). A test
 * that stops on it ends incomplete, its rules not judged.
 */
export class TransientError extends Error {
  override name = 'TransientError';
  constructor(
    readonly kind: EventKind,
    message: string,
    readonly events: EnvironmentEvent[] = [],
    /** The last answer received, when one came (a gateway's page, a 5xx). */
    readonly exchange?: Exchange,
    /** A write: it may have happened; read back, never sent again blindly. */
    readonly write = false,
  ) {
    super(message);
  }

  /** The caller read back what happened and goes on from there. */
  reconciled(): void {
    for (const e of this.events) e.outcome = 'reconciled';
  }
}

/** How an answer is told apart from the server's: a gateway's answer, or none. */
export function gatewayAnswer(status: number, isJson: boolean, text: string): boolean {
  return status === 502 || status === 503 || status === 504 || (status >= 500 && text.trim() !== '' && !isJson);
}

/** The kind of a lost connection from the transport's words. */
/** The pause before the try after `attempt`: doubling from `baseMs`, with a spread so that workers do not come back together. */
export function backoffMs(attempt: number, baseMs: number): number {
  return Math.round(baseMs * 2 ** (attempt - 1) * (0.75 + Math.random() / 2));
}

export function transportKind(message: string): 'reset' | 'timeout' {
  return /timeout|timed out|ETIMEDOUT/i.test(message) ? 'timeout' : 'reset';
}
