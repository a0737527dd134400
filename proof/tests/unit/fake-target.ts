/** A FleetClient whose target answers every request the same way (or as told), and whose token endpoint issues TOKEN. */
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { FleetApi } from '../../../lib/api.js';
import { TokenProvider } from '../../../lib/auth.js';
import type { ClientDeps, FleetClient } from '../../../lib/client.js';
import { type Config, secretsOf } from '../../../lib/config.js';
import type { Observer } from '../../../lib/ledger.js';
import { SecretRegistry } from '../../../lib/report/redact.js';
import { loadSchemas } from '../../../lib/validation.js';

export const TOKEN = 'tok-e8d1c0ffee-5a5a5a';

export function fakeTarget(config: Config, status: number, body: unknown, observer?: Observer): FleetClient {
  return fakeTargetAnswering(config, () => ({ status, body }), observer);
}

/** A FleetApi whose target answers each request as `answer` says, from the body it was sent and the URL. */
export function fakeTargetAnswering(
  config: Config,
  answer: (sent: unknown, url: string) => { status: number; body: unknown },
  observer?: Observer,
  more: Pick<ClientDeps, 'numbers'> = {}
): FleetApi {
  const respond = ({ status, body }: { status: number; body: unknown }) =>
    ({
      status: () => status,
      headers: () => ({ 'content-type': 'application/json' }),
      text: async () => JSON.stringify(body),
    }) as unknown as APIResponse;
  const request = {
    fetch: async (url: string, { data }: { data?: string }) =>
      respond(answer(data === undefined ? undefined : JSON.parse(data), url)),
  } as unknown as APIRequestContext;
  const tokenFetch = (async () =>
    new Response(JSON.stringify({ access_token: TOKEN, expires_in: 3600 }), {
      headers: { 'content-type': 'application/json' },
    })) as typeof fetch;
  const secrets = new SecretRegistry();
  for (const s of secretsOf(config)) secrets.add(s);
  return new FleetApi({
    request,
    config,
    tokens: new TokenProvider(config, tokenFetch),
    schemas: loadSchemas(),
    secrets,
    ...(observer ? { observer } : {}),
    ...more,
  });
}
