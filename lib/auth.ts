/**
 * OAuth 2.0 client credentials, exactly as the Authentication section says: a form-encoded POST
 * with grant_type, client_id and client_secret and the header accept: application/json (or, for
 * an identity provider that wants them so, the credentials in HTTP Basic: FLEET_TOKEN_AUTH; a
 * scope and an audience when configured). The token is opaque: cached, refreshed before
 * `expires_in` runs out (when given; otherwise the lifetime a 401 showed) and after a 401.
 * Only a 400 or 401 answer is the credentials' fault; a reset, a timeout, a 5xx or a 429 is the
 * environment's, and the request is sent again (bounded). Neither the secret nor the token ever
 * appears in an error message.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { backoffMs, type EnvironmentEvent } from './environment.js';
import { KeptError } from './judgements.js';

export interface ClientCredentials {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** client_secret_post (default: form fields) or client_secret_basic (HTTP Basic). */
  tokenAuth?: 'client_secret_post' | 'client_secret_basic';
  tokenScope?: string;
  tokenAudience?: string;
}

/** The rule a token request the server will not answer as the document says breaks. */
export const TOKEN_RULE = 'AUTH-TOKEN-CLIENT-CREDENTIALS';

export class AuthError extends KeptError {
  override name = 'AuthError';
  constructor(
    message: string,
    readonly status?: number
  ) {
    super(message);
  }
}

/** The token endpoint did not answer: the connection was refused, reset or timed out. */
export class TokenUnreachable extends AuthError {
  override name = 'TokenUnreachable';
  constructor(
    message: string,
    readonly code: string
  ) {
    super(message);
  }
}

/** No token after every send: the endpoint was unreachable or answered 5xx/429 each time; never the credentials' fault. */
export class TokenUnavailable extends AuthError {
  override name = 'TokenUnavailable';
}

interface CachedToken {
  value: string;
  /** Epoch ms after which the token is refreshed before use; Infinity when no lifetime was given nor learnt. */
  refreshAt: number;
  fetchedAt: number;
  /** The answer gave no expires_in. */
  unknownLifetime: boolean;
}

export interface TokenResponseShape {
  status: number;
  fields: string[];
  tokenType?: string;
  expiresIn?: number;
}

/** The token request's headers and form: the credentials as form fields or in HTTP Basic (RFC 6749 2.3.1), the scope and audience when set. */
export function tokenRequestInit(credentials: ClientCredentials): { headers: Record<string, string>; body: string } {
  const basic = credentials.tokenAuth === 'client_secret_basic';
  const form = new URLSearchParams({ grant_type: 'client_credentials' });
  if (!basic) {
    form.set('client_id', credentials.clientId);
    form.set('client_secret', credentials.clientSecret);
  }
  if (credentials.tokenScope) form.set('scope', credentials.tokenScope);
  if (credentials.tokenAudience) form.set('audience', credentials.tokenAudience);
  const encoded = (text: string) => encodeURIComponent(text).replace(/%20/g, '+');
  return {
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
      ...(basic
        ? {
            authorization: `Basic ${Buffer.from(`${encoded(credentials.clientId)}:${encoded(credentials.clientSecret)}`).toString('base64')}`,
          }
        : {}),
    },
    body: form.toString(),
  };
}

/** Which setting a refusal of the token request points at: the OAuth error code says it. */
function refusalHint(error: string | undefined, credentials: ClientCredentials): string {
  if (error === 'invalid_scope')
    return `check FLEET_TOKEN_SCOPE (${credentials.tokenScope ? `"${credentials.tokenScope}"` : 'not set'})`;
  if (error === 'invalid_target' || error === 'invalid_audience')
    return `check FLEET_TOKEN_AUDIENCE (${credentials.tokenAudience ? `"${credentials.tokenAudience}"` : 'not set'})`;
  return `check FLEET_CLIENT_ID / FLEET_CLIENT_SECRET (sent as ${credentials.tokenAuth ?? 'client_secret_post'}: FLEET_TOKEN_AUTH)`;
}

/** Requests a token once; the answer's shape is reported, never its values. */
export async function requestToken(
  credentials: ClientCredentials,
  fetchImpl: typeof fetch = fetch
): Promise<{ response: Response; body: unknown }> {
  let response: Response;
  try {
    response = await fetchImpl(credentials.tokenUrl, {
      method: 'POST',
      ...tokenRequestInit(credentials),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (e) {
    const { cause } = e as { cause?: { code?: string; message?: string } };
    const reason = cause?.code ?? cause?.message ?? (e as Error).message;
    throw new TokenUnreachable(
      `cannot reach the token endpoint ${credentials.tokenUrl} (${reason}); is the target running and FLEET_BASE_URL / FLEET_TOKEN_URL right?`,
      reason
    );
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { response, body };
}

/**
 * Sends of one token request at most (the first and the retries, over about 12 s): a bad night
 * spoils a tenth of requests and refuses the first token request besides; every shard and worker
 * of a run asks for tokens, and none of them may lose its run to four spoiled answers in a row.
 */
export const TOKEN_SENDS = 6;
const TOKEN_BACKOFF_MS = 400;

/** A token answer that says nothing of the credentials: the endpoint's own trouble. */
export function transientTokenStatus(status: number): boolean {
  return status >= 500 || status === 429;
}

/**
 * requestToken, outlasting the environment: after a reset, a timeout, a 5xx or a 429 it is sent
 * again, at most TOKEN_SENDS times, backing off; each such answer is told to `onEvent` (required:
 * a run's report accounts for every answer the environment spoiled). What outlasts every send is
 * TokenUnavailable, never a refusal of the credentials.
 */
export async function requestTokenOutlasting(
  credentials: ClientCredentials,
  fetchImpl: typeof fetch,
  onEvent: (event: EnvironmentEvent) => void
): Promise<{ response: Response; body: unknown }> {
  const events: EnvironmentEvent[] = [];
  const started = Date.now();
  let last = '';
  for (let send = 1; send <= TOKEN_SENDS; send++) {
    const at = new Date().toISOString();
    try {
      const answer = await requestToken(credentials, fetchImpl);
      if (!transientTokenStatus(answer.response.status)) {
        for (const e of events) e.outcome = 'retried';
        return answer;
      }
      last = `answered ${answer.response.status}`;
      events.push(tokenEvent(credentials, at, { status: answer.response.status }));
    } catch (e) {
      if (!(e instanceof TokenUnreachable)) throw e;
      last = `unreachable (${e.code})`;
      events.push(tokenEvent(credentials, at, { detail: e.code }));
    }
    onEvent(events.at(-1)!);
    if (send < TOKEN_SENDS) await sleep(backoffMs(send, TOKEN_BACKOFF_MS));
  }
  throw new TokenUnavailable(
    `no token from ${credentials.tokenUrl} after ${TOKEN_SENDS} requests over ${Math.round((Date.now() - started) / 100) / 10} s (last ${last}): the token endpoint's trouble, not the credentials'`
  );
}

function tokenEvent(
  credentials: ClientCredentials,
  at: string,
  what: { status?: number; detail?: string }
): EnvironmentEvent {
  return {
    kind: 'token',
    at,
    operationId: 'requestToken',
    method: 'POST',
    path: new URL(credentials.tokenUrl).pathname,
    ...what,
    outcome: 'gave-up',
    test: '',
  };
}

export class TokenProvider {
  private cached?: CachedToken;
  private pending?: Promise<CachedToken>;
  /** A refusal of the credentials stands for the worker's life: asking again would only repeat it. */
  private refused?: AuthError;
  /** Shape of the last token answer (for the assumptions register), without values. */
  lastShape?: TokenResponseShape;
  /** How many tokens were fetched (a refresh shows up here). */
  fetches = 0;
  /** The lifetime a 401 showed for tokens answered without expires_in, ms. */
  private learntLifetime?: number;
  /** Told of each token request the environment failed (the run's ledger counts them). */
  onEvent?: (event: EnvironmentEvent) => void;

  constructor(
    private readonly credentials: ClientCredentials,
    private readonly fetchImpl: typeof fetch = fetch,
    private readonly now: () => number = Date.now
  ) {}

  async token(): Promise<string> {
    if (this.refused) throw this.refused;
    if (this.cached && this.now() < this.cached.refreshAt) return this.cached.value;
    this.pending ??= this.fetchToken().finally(() => (this.pending = undefined));
    this.cached = await this.pending;
    return this.cached.value;
  }

  /**
   * Drops `token` after the server refused it, so the next call fetches a fresh one. A token that
   * came without expires_in shows its lifetime here: later ones are refreshed before it runs out.
   */
  invalidate(token: string): void {
    if (this.cached?.value !== token) return;
    if (this.cached.unknownLifetime) {
      const lived = this.now() - this.cached.fetchedAt;
      this.learntLifetime = Math.min(this.learntLifetime ?? Infinity, lived);
    }
    this.cached = undefined;
  }

  /**
   * The server refused `token` right after it was fetched to replace a refused one: the target
   * does not accept what the token endpoint issues. Every later call stops with this, at once.
   */
  rejectedFresh(token: string): AuthError {
    this.invalidate(token);
    this.refused = new AuthError(
      `the target answered 401 to a token ${this.credentials.tokenUrl} had just issued (and to the one before it): it does not accept these tokens; check FLEET_TOKEN_URL, FLEET_TOKEN_AUDIENCE and FLEET_TOKEN_SCOPE`,
      401
    );
    return this.refused;
  }

  private async fetchToken(): Promise<CachedToken> {
    const { response, body } = await requestTokenOutlasting(this.credentials, this.fetchImpl, (e) => this.onEvent?.(e));
    this.fetches += 1;
    const record = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    this.lastShape = {
      status: response.status,
      fields: Object.keys(record).sort(),
      ...(typeof record.token_type === 'string' ? { tokenType: record.token_type } : {}),
      ...(typeof record.expires_in === 'number' ? { expiresIn: record.expires_in } : {}),
    };
    if (!response.ok) {
      const refusal = refusalOf(this.credentials, response.status, record.error);
      // A 4xx repeats: it stands for the worker's life (5xx and 429 were sent again already).
      if (response.status >= 400 && response.status < 500 && response.status !== 429) this.refused = refusal;
      throw refusal;
    }
    if (typeof record.access_token !== 'string' || record.access_token === '') {
      throw new AuthError(
        `token answer from ${this.credentials.tokenUrl} has no access_token (fields: ${this.lastShape.fields.join(', ') || 'none'})`
      );
    }
    const given = typeof record.expires_in === 'number' && record.expires_in > 0;
    const lifetime = given ? (record.expires_in as number) * 1000 : (this.learntLifetime ?? Infinity);
    // Refresh when a quarter of the lifetime (at most 30 s) is left, so no request carries a dying token.
    const margin = Math.min(lifetime / 4, 30_000);
    const now = this.now();
    return { value: record.access_token, refreshAt: now + lifetime - margin, fetchedAt: now, unknownLifetime: !given };
  }
}

/** A 400 or 401 is the credentials' fault; another 4xx says the endpoint is not the token endpoint the settings think. */
function refusalOf(credentials: ClientCredentials, status: number, error: unknown): AuthError {
  const reason = typeof error === 'string' ? ` ${error}` : '';
  if (status === 400 || status === 401) {
    return new AuthError(
      `token request for client ${credentials.clientId} refused: ${status}${reason}; ${refusalHint(typeof error === 'string' ? error : undefined, credentials)}`,
      status
    );
  }
  return new AuthError(
    `token request to ${credentials.tokenUrl} answered ${status}${reason}: not a refusal of the credentials; is FLEET_TOKEN_URL (or FLEET_BASE_URL) right?`,
    status
  );
}
