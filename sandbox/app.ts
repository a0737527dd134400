/**
 * buildApp(options): the Fastify sandbox, seeded and ready, never listening (sandbox/server.ts is
 * the only listener; tests use `inject`). Reads no environment: everything comes in `options`.
 *
 * App-wide, keyed by `request.routeOptions.config.operationId`:
 *  - bearer auth on every route but the token route (sandbox/auth.ts);
 *  - the success status of the operation (lib/operations.ts) as the reply's default status;
 *  - latency: `options.latency(latencyKey)` ms before a 2xx answer is sent;
 *  - one error handler: ApiError, validation errors, parser errors, unknown routes and unexpected
 *    exceptions become the body the document gives for the operation (sandbox/errors.ts).
 * Resource plugins all receive the same options object (SandboxPluginOptions: faults, variants, store).
 * The faults that change only what is sent apply, each from its own row, at one hook (sandbox/send-faults.ts).
 * The app-wide parts of the variants (SANDBOX_VARIANTS) live in sandbox/variant-hooks.ts.
 */
import type { IncomingMessage } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { type OperationId, operations } from '../lib/operations.js';
import tokenRoutes, { bearerHook, type TokenPluginOptions, TokenStore } from './auth.js';
import type { SandboxPluginOptions } from './context.js';
import { ApiError, errorBody } from './errors.js';
import { type ExternalTokenOptions, externalBearerHook } from './external-tokens.js';
import { type FaultId, Faults } from './faults.js';
import { type DelayFor, slowedBy } from './latency.js';
import cardRoutes from './routes/cards.js';
import customerRoutes from './routes/customers.js';
import locationRoutes from './routes/locations.js';
import masterDataRoutes from './routes/master-data.js';
import sessionRoutes from './routes/sessions.js';
import { seedReplacedOriginals, seedRetiredProducts } from './seed/cards.js';
import { seedStore } from './seed/index.js';
import { withOptionalLinks } from './seed/master-data.js';
import { installSendFaults } from './send-faults.js';
import { installServerErrorFaults } from './server-errors.js';
import { validationProblems, validatorCompiler } from './validation.js';
import { installVariantHooks, variantError } from './variant-hooks.js';
import { Variants } from './variants.js';

export interface BuildOptions {
  faults?: Faults;
  variants?: Variants;
  latency?: DelayFor;
  /** Lifetime of issued tokens in seconds (default 3600). */
  tokenTtlSeconds?: number;
  /** Ordered cards show up only this many seconds after the order, Active (default: at once, Ordered). */
  orderCompletionSeconds?: number;
  /** Active cards of the card pool (default sandboxDefaults.poolCards). */
  poolCards?: number;
  logger?: boolean;
  /** HTTPS (npm run sandbox with SANDBOX_TLS): the server's certificate, and a client certificate issued by `ca` required when `requestCert`. */
  https?: { cert: string; key: string; ca: string; requestCert: boolean };
  /** Only tokens of an external identity provider (SANDBOX_JWKS_URL); the own token endpoint is not served. */
  externalTokens?: ExternalTokenOptions;
}

export const DEFAULT_TOKEN_TTL_SECONDS = 3600;

/** Operations whose JSON answers the content-type fault sends as text/plain (the core's). */
const coreOperations: ReadonlySet<OperationId> = new Set(
  (Object.keys(operations) as OperationId[]).filter(
    (id) => !['requestToken', 'geosearchRectangle', 'getSession'].includes(id)
  )
);

function toApiError(
  error: FastifyError,
  operationId: OperationId | undefined,
  faults: Faults,
  request: FastifyRequest
): ApiError {
  if (error instanceof ApiError) return error;
  if (error.validation) {
    const context = error.validationContext ?? 'request';
    if (context === 'params' && faults.has('card-bad-id-500') && 'cardIdentifier' in (request.params as object))
      return ApiError.internal();
    const missingCode =
      operationId === 'orderCards' ? (faults.has('order-missing-field-er001') ? 'ER-001' : 'ER-002') : 'ER-001';
    const problems = validationProblems(
      context,
      error.validation as Parameters<typeof validationProblems>[1],
      missingCode
    );
    if (operationId === 'orderCards') return new ApiError(400, problems);
    // The standard body carries one problem: every finding in its description.
    return ApiError.badRequest(problems.map((p) => p.description).join('; '));
  }
  // Fastify's own client errors (bad JSON, unsupported content type, body too large): a bad request.
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    if (error.statusCode === 404) return ApiError.notFound(error.message);
    if (error.statusCode === 415) return ApiError.badRequest(error.message, 'ER-001', 'media-type');
    return ApiError.badRequest(error.message);
  }
  return ApiError.internal();
}

/**
 * nginx's lingering close: a body refused for its size is read to its end (for at most 2 s) before
 * the answer. Answered unread, the connection closes while the client still writes: its write
 * breaks, and it (or a gateway between) may lose the answer to the reset.
 */
function lingeringDrain(raw: IncomingMessage, ms = 2000): Promise<void> {
  if (raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      raw.off('end', done).off('error', done).off('close', done);
      resolve();
    }
    raw.on('end', done).on('error', done).on('close', done);
    raw.resume();
  });
}

/** The operation whose method and path template fit a request Fastify refused before routing it. */
function operationOfUrl(method: string, url: string): OperationId | undefined {
  const path = url.split('?')[0]!;
  return (Object.keys(operations) as OperationId[]).find(
    (id) =>
      operations[id].method === method && new RegExp(`^${operations[id].path.replace(/\{\w+\}/g, '[^/]+')}$`).test(path)
  );
}

/** The standard error body with errorCode renamed to code (each element of a card order's array too). */
function renameErrorCode(body: unknown): unknown {
  const rename = ({ errorCode, ...rest }: Record<string, unknown>) => ({ code: errorCode, ...rest });
  return Array.isArray(body) ? body.map(rename) : rename(body as Record<string, unknown>);
}

function sendError(
  reply: FastifyReply,
  operationId: OperationId | undefined,
  api: ApiError,
  faults: Faults,
  variants: Variants
): FastifyReply {
  let body = errorBody(operationId, api);
  const standard = operationId !== undefined && coreOperations.has(operationId);
  if (standard && api.status === 400) {
    if (operationId === 'orderCards' && faults.has('order-errors-single-object')) body = errorBody(undefined, api);
    if (faults.has('error-body-message-style') && !Array.isArray(body))
      body = { message: api.problems[0]?.description ?? api.message };
  }
  if (standard && api.status === 404 && faults.has('error-code-er001-on-404'))
    body = { ...(body as object), errorCode: 'ER-001' };
  if (operationId === 'cardSearch' && api.status === 400 && faults.has('error-code-er012-on-400'))
    body = { ...(body as object), errorCode: 'ER-012' };
  if (standard && faults.has('error-code-renamed')) body = renameErrorCode(body);
  const answer = variantError(variants, operationId, standard, api, body);
  if (answer.headers) reply.headers(answer.headers);
  if (answer.body === undefined) return reply.code(answer.status).send();
  return reply.code(answer.status).type('application/json; charset=utf-8').send(answer.body);
}

export async function buildApp(options: BuildOptions = {}): Promise<FastifyInstance> {
  const faults = options.faults ?? new Faults();
  const variants = options.variants ?? new Variants();
  const store = seedStore(undefined, undefined, options.poolCards);
  if (variants.has('replaced-original-stays-blocked')) seedReplacedOriginals(store);
  if (variants.has('master-retired-values')) seedRetiredProducts(store);
  if (variants.has('master-links-optional'))
    for (const [topLevel, index] of store.master) store.setMasterData(topLevel, withOptionalLinks(index.data));
  const tokens = new TokenStore(options.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS);
  const https = options.https ? { https: { ...options.https, rejectUnauthorized: options.https.requestCert } } : {};
  const app = Fastify({
    ...https,
    logger: options.logger ?? false,
    // A path Fastify cannot decode or route (bad percent-encoding, an over-long parameter) is a bad
    // request of the operation it was meant for, answered with that operation's error body.
    frameworkErrors: (error, request, reply) =>
      sendError(
        reply,
        operationOfUrl(request.method, request.url),
        ApiError.badRequest(error.message),
        faults,
        variants
      ),
  });

  app.decorateRequest('caller', undefined);
  app.setValidatorCompiler(validatorCompiler(faults, variants));
  // Responses go out as the routes build them: never stripped or coerced (faults send wrong shapes).
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.setReplySerializer((payload) => JSON.stringify(payload));

  // JSON bodies: an empty body is no body (the operations with an optional body accept it).
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    if ((text as string).trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text as string));
    } catch {
      done(ApiError.badRequest('the body is not valid JSON'), undefined);
    }
  });

  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') await lingeringDrain(request.raw);
    const operationId = request.routeOptions.config?.operationId;
    const api = toApiError(error, operationId, faults, request);
    if (api.status >= 500) request.log.error({ err: error }, 'unexpected error');
    return sendError(reply, operationId, api, faults, variants);
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(
      reply,
      undefined,
      ApiError.notFound(`no operation ${request.method} ${request.url.split('?')[0]}`),
      faults,
      variants
    )
  );

  const bearer = bearerHook(store, tokens, faults);
  const external = options.externalTokens ? externalBearerHook(store, options.externalTokens) : undefined;
  app.addHook('onRequest', (request, reply, done) => {
    const operationId = request.routeOptions.config.operationId;
    if (operationId) reply.code(operations[operationId].success);
    if (!external) return bearer(request, reply, done);
    external(request, reply).then(
      () => done(),
      (e: Error) => done(e)
    );
  });

  // First of the onSend hooks: the latency and the variants' hooks see the answer as the fault sends it.
  installSendFaults(app, faults);

  // SANDBOX_LATENCY's delays, and a latency fault's on top of them.
  for (const latency of [options.latency, slowedBy((id) => faults.has(id as FaultId))]) {
    if (!latency) continue;
    app.addHook('onSend', async (request, reply, payload) => {
      const operationId = request.routeOptions.config.operationId;
      const key = operationId
        ? (operations[operationId] as { latencyKey?: Parameters<DelayFor>[0] }).latencyKey
        : undefined;
      if (key && reply.statusCode >= 200 && reply.statusCode < 300) {
        const ms = latency(key);
        if (ms > 0) await sleep(ms);
      }
      return payload;
    });
  }
  if (faults.has('response-content-type-text-plain') || faults.has('content-type-text-plain-everywhere')) {
    const everywhere = faults.has('content-type-text-plain-everywhere');
    app.addHook('onSend', async (request, reply, payload) => {
      const operationId = request.routeOptions.config.operationId;
      if (operationId && (everywhere || coreOperations.has(operationId)))
        reply.header('content-type', 'text/plain; charset=utf-8');
      return payload;
    });
  }

  installVariantHooks(app, variants);
  installServerErrorFaults(app, faults);

  const pluginOptions: SandboxPluginOptions = { faults, variants, store };
  if (!external) await app.register(tokenRoutes, { ...pluginOptions, tokens } satisfies TokenPluginOptions);
  await app.register(customerRoutes, pluginOptions);
  await app.register(cardRoutes, { ...pluginOptions, orderCompletionSeconds: options.orderCompletionSeconds ?? 0 });
  await app.register(masterDataRoutes, pluginOptions);
  await app.register(locationRoutes, pluginOptions);
  await app.register(sessionRoutes, pluginOptions);
  await app.ready();
  return app;
}
