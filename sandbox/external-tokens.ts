/**
 * The bearer check of a sandbox that accepts only the tokens of an external identity provider
 * (SANDBOX_JWKS_URL), as a gateway in front of a test environment does: each bearer token must be a
 * JWT signed by a key of the provider's JWKS (fetched by `jose`, refetched when a token names a key
 * it does not know), not expired, and from the configured issuer and audience when set. The caller
 * is the client the token was issued to: its `client_id` claim (RFC 9068), else `azp`, else `sub`.
 */
import { rootCertificates } from 'node:tls';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createRemoteJWKSet, customFetch, errors, type JWTPayload, jwtVerify } from 'jose';
import { Agent, fetch as undiciFetch } from 'undici';
import { ApiError } from './errors.js';
import type { Store } from './store.js';

export interface ExternalTokenOptions {
  jwksUrl: string;
  issuer?: string;
  audience?: string;
  /** CAs trusted for the JWKS besides the system's (the sandbox's own throwaway CA). */
  ca?: string[];
  /** Told of every token refused for having expired (npm run sandbox prints a line). */
  onExpired?: () => void;
}

const BEARER = /^bearer +([A-Za-z0-9._~+/=-]+) *$/i;

function clientOf(payload: JWTPayload): string | undefined {
  const claim = [payload.client_id, payload.azp, payload.sub].find((c) => typeof c === 'string' && c !== '');
  return claim as string | undefined;
}

function refusal(e: unknown): ApiError {
  if (e instanceof errors.JWTExpired) return ApiError.unauthorized('the bearer token has expired');
  if (e instanceof errors.JWTClaimValidationFailed)
    return ApiError.unauthorized(`the bearer token's ${e.claim} claim is not accepted here`);
  if (e instanceof errors.JOSEError)
    return ApiError.unauthorized(`the bearer token is not a JWT of the identity provider (${e.code})`);
  return ApiError.unauthorized('the bearer token cannot be verified');
}

/** onRequest hook: every route with an operationId needs a live JWT of the identity provider. */
export function externalBearerHook(store: Store, options: ExternalTokenOptions) {
  const dispatcher = new Agent({ connect: { ca: [...rootCertificates, ...(options.ca ?? [])] } });
  const keys = createRemoteJWKSet(new URL(options.jwksUrl), {
    cooldownDuration: 1_000,
    [customFetch]: (url: string, init: RequestInit) =>
      undiciFetch(url, { ...(init as object), dispatcher }) as unknown as Promise<Response>,
  });
  return async function bearer(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    if (!request.routeOptions.config.operationId) return;
    const header = request.headers.authorization;
    if (header === undefined) throw ApiError.unauthorized('missing Authorization header (expected: Bearer <token>)');
    const match = BEARER.exec(header);
    if (!match) throw ApiError.unauthorized('Authorization header is not "Bearer <token>"');
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(match[1]!, keys, {
        ...(options.issuer ? { issuer: options.issuer } : {}),
        ...(options.audience ? { audience: options.audience } : {}),
      }));
    } catch (e) {
      if (e instanceof errors.JWTExpired) options.onExpired?.();
      throw refusal(e);
    }
    const client = store.clients.get(clientOf(payload) ?? '');
    if (!client) throw ApiError.unauthorized('the bearer token was issued to a client this service does not know');
    request.caller = { clientId: client.clientId, topLevel: client.topLevel };
  };
}
