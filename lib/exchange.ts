/** One request and its response as the suite saw them: the unit every check and report works on. */
import type { OperationId } from './operations.js';

export interface RecordedRequest {
  method: string;
  /** Path and query, relative to the base URL. */
  path: string;
  headers: Record<string, string>;
  body?: unknown;
  /** The body as sent when it is not JSON (malformed JSON, a form). */
  rawBody?: string;
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
  request: RecordedRequest;
  response: RecordedResponse;
  startedAt: string;
  durationMs: number;
}
