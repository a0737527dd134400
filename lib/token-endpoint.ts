/**
 * The token path the document names, answered as no token endpoint. "The token is obtained with
 * POST {base_url}/identity/realms/fleet/protocol/openid-connect/token": when FLEET_TOKEN_URL is
 * unset that is where the suite asks, and a 404 or 405 there is either wrong settings or the
 * server's deviation. The service answering at FLEET_BASE_URL tells them apart: a documented
 * operation asked without a token answers 401 ("a missing or invalid token gives 401"), so the
 * base address is right and its token path is not. Then the run goes on, the token request's test
 * judges AUTH-TOKEN-CLIENT-CREDENTIALS on the server's own answer, and every test needing a token
 * is blocked by that rule, never red for its own.
 */
import { AuthError } from './auth.js';
import { type Config, DOCUMENT_TOKEN_PATH } from './config.js';
import { fetchFor } from './transport/clients.js';

/** Answers of a path that is not a token endpoint at all (a 400 or 401 is a refusal of the credentials). */
const NOT_AN_ENDPOINT = new Set([404, 405]);

/** Why the server's token path deviates from the document, or undefined: `error` stands as it is. */
export async function tokenPathDeviation(
  config: Pick<Config, 'baseUrl' | 'tokenUrl' | 'transport'>,
  error: unknown,
  fetchImpl: typeof fetch = fetchFor(config.transport)
): Promise<string | undefined> {
  if (!(error instanceof AuthError) || !NOT_AN_ENDPOINT.has(error.status ?? 0)) return undefined;
  if (config.tokenUrl !== `${config.baseUrl}${DOCUMENT_TOKEN_PATH}`) return undefined;
  const probe = await fetchImpl(`${config.baseUrl}/customers?limit=1`, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(30_000),
  }).then(
    async (r) => {
      await r.arrayBuffer();
      return r.status;
    },
    () => undefined
  );
  if (probe !== 401) return undefined;
  return `POST ${DOCUMENT_TOKEN_PATH} answered ${error.status} while GET /customers without a token answered 401: the service is at FLEET_BASE_URL and its token path is not the document's (set FLEET_TOKEN_URL if this environment issues tokens elsewhere)`;
}
