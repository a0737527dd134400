/**
 * OAuth 2.0 client credentials for the sandbox: the token endpoint (a plugin) and the bearer check
 * every other route passes (an onRequest hook app.ts installs). Tokens are opaque random strings
 * kept in a Map with their client and expiry: one O(1) lookup per request.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { SandboxPluginOptions } from './context.js';
import { ApiError } from './errors.js';
import type { Faults } from './faults.js';
import { routeOf } from './route-kit.js';
import type { ClientRecord, Store } from './store.js';

interface TokenEntry {
  clientId: string;
  topLevel: string;
  expiresAt: number;
}

export class TokenStore {
  private readonly tokens = new Map<string, TokenEntry>();

  constructor(
    readonly ttlSeconds: number,
    private readonly now: () => number = Date.now
  ) {}

  issue(client: ClientRecord): { token: string; expiresIn: number } {
    if (this.tokens.size > 10_000) this.sweep();
    const token = randomBytes(24).toString('base64url');
    this.tokens.set(token, {
      clientId: client.clientId,
      topLevel: client.topLevel,
      expiresAt: this.now() + this.ttlSeconds * 1000,
    });
    return { token, expiresIn: this.ttlSeconds };
  }

  /** The entry of a live token; `ignoreExpiry` and `oneCharOff` exist only for faults. */
  lookup(token: string, options: { ignoreExpiry?: boolean; oneCharOff?: boolean } = {}): TokenEntry | undefined {
    let entry = this.tokens.get(token);
    if (!entry && options.oneCharOff) entry = this.nearMiss(token);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now() && !options.ignoreExpiry) {
      this.tokens.delete(token);
      return undefined;
    }
    return entry;
  }

  private nearMiss(token: string): TokenEntry | undefined {
    for (const [issued, entry] of this.tokens) {
      if (issued.length !== token.length) continue;
      let diff = 0;
      for (let i = 0; i < issued.length && diff < 2; i++) if (issued[i] !== token[i]) diff++;
      if (diff === 1) return entry;
    }
    return undefined;
  }

  private sweep(): void {
    const now = this.now();
    for (const [token, entry] of this.tokens) if (entry.expiresAt <= now) this.tokens.delete(token);
  }
}

const BEARER = /^bearer +([A-Za-z0-9._~+/=-]+) *$/i;

/** onRequest hook: every route with an operationId but the token route needs a live bearer token. */
export function bearerHook(store: Store, tokens: TokenStore, faults: Faults) {
  const mainClient = [...store.clients.values()][0]!;
  /** Why `request` is refused, or nothing (its caller then set). */
  const refusal = (request: FastifyRequest): ApiError | undefined => {
    const operationId = request.routeOptions.config.operationId;
    if (!operationId || operationId === 'requestToken') return undefined;
    const header = request.headers.authorization;
    if (header === undefined) {
      if (!faults.has('auth-missing-token-accepted'))
        return ApiError.unauthorized('missing Authorization header (expected: Bearer <token>)');
      request.caller = { clientId: mainClient.clientId, topLevel: mainClient.topLevel };
      return undefined;
    }
    const match = BEARER.exec(header);
    if (!match) return ApiError.unauthorized('Authorization header is not "Bearer <token>"');
    const entry = tokens.lookup(match[1]!, {
      ignoreExpiry: faults.has('auth-expired-token-accepted'),
      oneCharOff: faults.has('auth-flipped-token-accepted'),
    });
    if (!entry) return ApiError.unauthorized('unknown or expired bearer token');
    request.caller = { clientId: entry.clientId, topLevel: entry.topLevel };
    return undefined;
  };
  return function bearer(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
    done(refusal(request));
  };
}

export interface TokenPluginOptions extends SandboxPluginOptions {
  tokens: TokenStore;
}

const FORM = 'application/x-www-form-urlencoded';

/** Whether `given` authenticates `client`: its own secret, whole; the faults compare carelessly. */
function secretAccepted(client: ClientRecord, given: string, store: Store, faults: Faults): boolean {
  return (
    given === client.secret ||
    faults.has('auth-wrong-secret-accepted') ||
    (faults.has('auth-secret-case-insensitive') && given.toLowerCase() === client.secret.toLowerCase()) ||
    (faults.has('auth-secret-prefix') && given.length >= 8 && client.secret.startsWith(given)) ||
    (faults.has('auth-secret-any-client') && [...store.clients.values()].some((other) => other.secret === given))
  );
}

/** POST /identity/realms/fleet/protocol/openid-connect/token (form-encoded client credentials). */
export default async function tokenRoutes(app: FastifyInstance, opts: TokenPluginOptions): Promise<void> {
  const { store, tokens, faults, variants } = opts;

  app.addContentTypeParser(FORM, { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.route({
    ...routeOf('requestToken'),
    ...(faults.has('auth-token-path-moved') ? { url: '/oauth/token' } : {}),
    // The body is checked here (OAuth's errors), not by the schema: {error, error_description}.
    schema: { response: { 200: { $ref: 'token-response.json' } } },
    handler: async (request, reply) => {
      const form = (request.headers['content-type'] ?? '').toLowerCase().startsWith(FORM);
      if (faults.has('auth-token-json-only') ? form : !form) {
        throw ApiError.oauth(
          400,
          'invalid_request',
          `the token request must be ${faults.has('auth-token-json-only') ? 'JSON' : FORM}`
        );
      }
      const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
      const grantType = body.grant_type;
      const clientId = body.client_id;
      const clientSecret = body.client_secret;
      if (typeof grantType !== 'string' || typeof clientId !== 'string' || typeof clientSecret !== 'string') {
        throw ApiError.oauth(400, 'invalid_request', 'grant_type, client_id and client_secret are required');
      }
      if (grantType !== 'client_credentials') {
        throw ApiError.oauth(400, 'unsupported_grant_type', 'only grant_type=client_credentials is supported');
      }
      const client = store.clients.get(clientId);
      if (!client || !secretAccepted(client, clientSecret, store, faults)) {
        throw ApiError.oauth(401, 'invalid_client', 'unknown client or wrong client secret');
      }
      const { token, expiresIn } = tokens.issue(client);
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      if (variants.has('token-keycloak-shape'))
        return {
          access_token: token,
          token_type: 'bearer',
          refresh_expires_in: 0,
          'not-before-policy': 0,
          scope: 'profile email',
        };
      return { access_token: token, token_type: 'Bearer', expires_in: expiresIn };
    },
  });
}
