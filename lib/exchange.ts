/** One request and its response as the suite saw them: the unit every check and report works on. */
import type { NumberHolder } from './created-numbers.js';
import type { OperationId } from './operations.js';
import type { PromisedValue } from './promised-values.js';
import type { Throttled } from './throttle.js';

export interface RecordedRequest {
  method: string;
  /** Path and query, relative to the base URL. */
  path: string;
  headers: Record<string, string>;
  body?: unknown;
  /** The body as sent when it is not JSON (malformed JSON, a form). */
  rawBody?: string;
  /** Sent as given (a raw path or body), not built from the operation's template and a JSON body. */
  asIs?: true;
  /** Hostile input (injection strings, control characters...): a 5xx to it may be a reaction to the input (ROBUST-NO-5XX-ON-BAD-INPUT). */
  hostile?: true;
  /** The Authorization header sent: a valid bearer token, none, or a value the test chose. */
  auth: 'token' | 'none' | 'custom';
  /** curl's options for the way it went (CA file, client certificate, proxy without its password): lib/report/replay.ts. */
  transport?: string;
}

export interface RecordedResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** The parsed JSON body; undefined when the body is empty or not JSON. */
  body?: unknown;
  isJson: boolean;
}

export interface Exchange {
  operationId: OperationId;
  /** Where a replay of the request goes (lib/report/replay.ts): the target, or `npm run sandbox` for the embedded sandbox. */
  replayBaseUrl: string;
  request: RecordedRequest;
  response: RecordedResponse;
  startedAt: string;
  durationMs: number;
  /** Answers that asked the client to come back later (429, 503 with Retry-After) before this one. */
  throttled?: Throttled[];
  /** The same request's earlier answer that this one repeats (a 5xx counts only when it comes again). */
  repeatOf?: Exchange[];
  /** A write the server answered 5xx, read back: whether it took effect, and the read that showed it. */
  readBack?: ReadBackResult;
  /** This write answered 5xx, sent once more and refused (4xx): it had taken effect, or a refusal was due. */
  sentAgain?: Exchange;
  /** This valid request was refused for a value a rule promises accepted: the same request without it was accepted. */
  refusedPromise?: { promised: PromisedValue; without: Exchange };
  /** This creation's customerAccountNumber was answered to another creation of the run too, whose customer still holds it. */
  sharedNumber?: { accountNumber: string; with: NumberHolder };
}

export interface ReadBackResult {
  performed: boolean;
  /** The read that showed it (the resource as it is now). */
  exchange?: Exchange;
}

/** Query parameters of a request, as a spec gives them. */
export type Query = Record<string, string | number | boolean | undefined>;
