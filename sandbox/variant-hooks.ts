/**
 * The app-wide parts of the variants (SANDBOX_VARIANTS, sandbox/variants.ts): what a server may
 * choose for every operation alike (throttling, extra fields, how it counts characters, which
 * status and body a refusal gets). The variants of one resource live in its route plugin.
 */
import type { FastifyInstance } from 'fastify';
import { type OperationId, operation } from '../lib/operations.js';
import { readSchemas } from '../lib/validation.js';
import { type Rewrite, type Schemas, withNulls, withoutDefaults } from './answer-styles.js';
import { installColumnSizes } from './column-sizes.js';
import { ApiError } from './errors.js';
import type { Variants } from './variants.js';

/** Every n-th request of a client is throttled under rate-limit-429. */
const THROTTLE_EVERY = 50;
const EXTRA_FIELD = 'vendorExtension';

/** Limits the document states in characters, counted in UTF-16 code units under character-count-utf16. */
const characterLimits: Partial<Record<OperationId, Record<string, number>>> = {
  createSubCustomer: { customerName: 310, customerBusinessReference: 20 },
  updateCustomerDetail: { customerName: 310, customerBusinessReference: 20 },
  blockCustomer: { notes: 200 },
  unblockCustomer: { notes: 200 },
  closeCustomer: { notes: 200 },
  blockCard: { notes: 200 },
  unblockCard: { notes: 200 },
};

/** The same JSON with an undocumented field in every object. */
function withExtraField(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withExtraField);
  if (value && typeof value === 'object') {
    return {
      ...Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withExtraField(v)])),
      [EXTRA_FIELD]: 'v1',
    };
  }
  return value;
}

export function installVariantHooks(app: FastifyInstance, variants: Variants): void {
  if (variants.has('rate-limit-429')) {
    const sent = new Map<string, number>();
    app.addHook('onRequest', async (request, reply) => {
      if (!request.caller) return;
      const n = (sent.get(request.caller.clientId) ?? 0) + 1;
      sent.set(request.caller.clientId, n);
      if (n % THROTTLE_EVERY === 0)
        return reply
          .code(429)
          .header('retry-after', '1')
          .type('application/json')
          .send({ message: 'too many requests; retry after 1 second' });
    });
  }
  if (variants.has('character-count-utf16')) {
    app.addHook('preHandler', async (request) => {
      const operationId = request.routeOptions.config.operationId;
      const limits = operationId ? characterLimits[operationId] : undefined;
      const body = request.body as Record<string, unknown> | undefined;
      for (const [field, max] of Object.entries(limits ?? {})) {
        const value = body?.[field];
        if (typeof value === 'string' && value.length > max)
          throw ApiError.badRequest(`${field} is longer than ${max} characters (UTF-16 code units)`);
      }
    });
  }
  if (variants.has('column-sizes-short')) installColumnSizes(app);
  const style: Rewrite | undefined = variants.has('null-for-absent')
    ? withNulls
    : variants.has('defaults-omitted')
      ? withoutDefaults
      : undefined;
  if (style) {
    const sources = readSchemas();
    const schemas: Schemas = { schema: (id) => sources.get(id)! };
    app.addHook('onSend', async (request, reply, payload) => {
      const operationId = request.routeOptions.config.operationId;
      // The token's answer is OAuth's, not the document's.
      const answer =
        operationId && operationId !== 'requestToken' ? operation(operationId).responses[reply.statusCode] : undefined;
      if (typeof payload !== 'string' || payload.trim() === '' || !answer || !('schema' in answer)) return payload;
      return JSON.stringify(style(schemas, JSON.parse(payload), [schemas.schema(answer.schema), answer.schema]));
    });
  }
  if (variants.has('extra-fields')) {
    app.addHook('onSend', async (_request, reply, payload) => {
      if (typeof payload !== 'string' || !/json/.test(String(reply.getHeader('content-type'))) || payload.trim() === '')
        return payload;
      return JSON.stringify(withExtraField(JSON.parse(payload)));
    });
  }
}

export interface ErrorAnswer {
  status: number;
  /** undefined: no body at all. */
  body: unknown;
  headers?: Record<string, string>;
}

/** The status and body of an error answer of `operationId`, as the variants give it. */
export function variantError(
  variants: Variants,
  operationId: OperationId | undefined,
  standard: boolean,
  error: ApiError,
  body: unknown
): ErrorAnswer {
  const description = error.problems[0]?.description ?? error.message;
  // The standard operations only: geosearch and session retrieval keep the {message} body the document gives them.
  if (variants.has('error-bodies-other') && standard) {
    if (error.status === 401)
      return { status: 401, body: undefined, headers: { 'www-authenticate': 'Bearer error="invalid_token"' } };
    if (error.status === 403 || error.status === 404) return { status: error.status, body: { message: description } };
  }
  if (variants.has('rejections-other-statuses') && standard && error.status === 400 && operationId !== 'orderCards') {
    const status = { state: 409, 'media-type': 415, request: 422 }[error.refusal];
    return { status, body: { errorCode: `ER-${status}`, errorDescription: description } };
  }
  if (variants.has('values-other-appear') && standard && error.status === 400)
    return { status: 400, body: withOtherCode(body) };
  return { status: error.status, body };
}

/** ER-001 named by another code of the same meaning (variant values-other-appear); ER-002 of a card order stays. */
function withOtherCode(body: unknown): unknown {
  const rename = (e: unknown) =>
    e && typeof e === 'object' && (e as { errorCode?: unknown }).errorCode === 'ER-001'
      ? { ...e, errorCode: 'ER-005' }
      : e;
  return Array.isArray(body) ? body.map(rename) : rename(body);
}
