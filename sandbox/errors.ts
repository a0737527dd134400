/**
 * Errors of the sandbox, thrown by routes and shaped by the app's error handler into the body the
 * document gives for the route's operation: the standard body, the card order's array, or
 * geosearch's and sessions' {message, details?}.
 */
import type { OperationId } from '../lib/operations.js';

export interface Problem {
  code: string;
  description: string;
}

/** Why a request was refused: an invalid request, a state condition unmet, a body that is not JSON (variants answer them apart). */
export type Refusal = 'request' | 'state' | 'media-type';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problems: Problem[],
    readonly refusal: Refusal = 'request'
  ) {
    super(problems.map((p) => p.description).join('; '));
  }

  /** A violated validation rule: 400 ER-001 (assumption ASSUME-REJECTION-STATUS). */
  static badRequest(description: string, code = 'ER-001', refusal: Refusal = 'request'): ApiError {
    return new ApiError(400, [{ code, description }], refusal);
  }

  /** A state condition unmet (a transition from the wrong status): 400 ER-001 as well. */
  static refused(description: string): ApiError {
    return ApiError.badRequest(description, 'ER-001', 'state');
  }

  static unauthorized(description = 'missing or invalid bearer token'): ApiError {
    return new ApiError(401, [{ code: 'UNAUTHORIZED', description }]);
  }

  static forbidden(description = "outside the caller's customer hierarchy"): ApiError {
    return new ApiError(403, [{ code: 'FORBIDDEN', description }]);
  }

  static notFound(description: string): ApiError {
    return new ApiError(404, [{ code: 'NOT_FOUND', description }]);
  }

  /** An OAuth 2.0 error of the token endpoint: `{error, error_description}` (RFC 6749 §5.2). */
  static oauth(status: 400 | 401, error: string, description: string): ApiError {
    return new ApiError(status, [{ code: error, description }]);
  }

  static internal(): ApiError {
    return new ApiError(500, [{ code: 'ER-012', description: 'unexpected server condition; please contact support' }]);
  }
}

const messageStyle: ReadonlySet<OperationId> = new Set(['geosearchRectangle', 'getSession']);

/** The body the document gives for an error of `operationId`. */
export function errorBody(operationId: OperationId | undefined, error: ApiError): unknown {
  const [first] = error.problems;
  if (operationId === 'requestToken') {
    const fallback = error.status >= 500 ? 'server_error' : error.status === 401 ? 'invalid_client' : 'invalid_request';
    const code = first && /^[a-z_]+$/.test(first.code) ? first.code : fallback;
    return { error: code, error_description: first?.description ?? error.message };
  }
  if (operationId && messageStyle.has(operationId)) {
    return { message: first?.description ?? error.message, details: error.problems.map((p) => p.description) };
  }
  if (operationId === 'orderCards' && error.status === 400) {
    return error.problems.map((p) => ({ errorCode: p.code, errorDescription: p.description }));
  }
  return { errorCode: first?.code ?? 'ER-012', errorDescription: first?.description ?? error.message };
}
