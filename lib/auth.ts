/**
 * OAuth 2.0 client credentials, exactly as the Authentication section says: a form-encoded POST
 * with grant_type, client_id and client_secret and the header accept: application/json. The
 * token is cached, refreshed before `expires_in` runs out (when given) and on request after a 401.
 * Neither the secret nor the token ever appears in an error message.
 */

export interface ClientCredentials {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
}

export class AuthError extends Error {
  override name = 'AuthError';
  constructor(message: string, readonly status?: number) {
    super(message);
  }
}

interface CachedToken {
  value: string;
  /** Epoch ms after which the token is refreshed before use; Infinity when no lifetime was given. */
  refreshAt: number;
}

export interface TokenResponseShape {
  status: number;
  fields: string[];
  tokenType?: string;
  expiresIn?: number;
}

/** Requests a token once; the answer's shape is reported, never its values. */
export async function requestToken(credentials: ClientCredentials, fetchImpl: typeof fetch = fetch): Promise<{ response: Response; body: unknown }> {
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: credentials.clientId,
    client_secret: credentials.clientSecret,
  });
  let response: Response;
  try {
    response = await fetchImpl(credentials.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (e) {
    const { cause } = e as { cause?: { code?: string; message?: string } };
    const reason = cause?.code ?? cause?.message ?? (e as Error).message;
    throw new AuthError(`cannot reach the token endpoint ${credentials.tokenUrl} (${reason}); is the target running and FLEET_BASE_URL / FLEET_TOKEN_URL right?`);
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

export class TokenProvider {
  private cached?: CachedToken;
  private pending?: Promise<CachedToken>;
  /** A refusal of the credentials stands for the worker's life: asking again would only repeat it. */
  private refused?: AuthError;
  /** Shape of the last token answer (for the assumptions register), without values. */
  lastShape?: TokenResponseShape;
  /** How many tokens were fetched (a refresh shows up here). */
  fetches = 0;

  constructor(
    private readonly credentials: ClientCredentials,
    private readonly fetchImpl: typeof fetch = fetch,
    private readonly now: () => number = Date.now,
  ) {}

  async token(): Promise<string> {
    if (this.refused) throw this.refused;
    if (this.cached && this.now() < this.cached.refreshAt) return this.cached.value;
    this.pending ??= this.fetchToken().finally(() => (this.pending = undefined));
    this.cached = await this.pending;
    return this.cached.value;
  }

  /** Drops `token` after the server refused it, so the next call fetches a fresh one. */
  invalidate(token: string): void {
    if (this.cached?.value === token) this.cached = undefined;
  }

  private async fetchToken(): Promise<CachedToken> {
    const { response, body } = await requestToken(this.credentials, this.fetchImpl);
    this.fetches += 1;
    const record = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    this.lastShape = {
      status: response.status,
      fields: Object.keys(record).sort(),
      ...(typeof record.token_type === 'string' ? { tokenType: record.token_type } : {}),
      ...(typeof record.expires_in === 'number' ? { expiresIn: record.expires_in } : {}),
    };
    if (!response.ok) {
      const reason = typeof record.error === 'string' ? ` ${record.error}` : '';
      const refusal = new AuthError(
        `token request for client ${this.credentials.clientId} refused: ${response.status}${reason}; check FLEET_CLIENT_ID / FLEET_CLIENT_SECRET`,
        response.status,
      );
      if (response.status >= 400 && response.status < 500 && response.status !== 429) this.refused = refusal;
      throw refusal;
    }
    if (typeof record.access_token !== 'string' || record.access_token === '') {
      throw new AuthError(`token answer from ${this.credentials.tokenUrl} has no access_token (fields: ${this.lastShape.fields.join(', ') || 'none'})`);
    }
    const lifetime = typeof record.expires_in === 'number' && record.expires_in > 0 ? record.expires_in * 1000 : Infinity;
    // Refresh when a quarter of the lifetime (at most 30 s) is left, so no request carries a dying token.
    const margin = Math.min(lifetime / 4, 30_000);
    return { value: record.access_token, refreshAt: this.now() + lifetime - margin };
  }
}
