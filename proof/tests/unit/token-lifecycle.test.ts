/**
 * The token of an identity provider on another host: asked for as it wants (client_secret_basic,
 * a scope, an audience), opaque, its expiry learnt from a 401 when the answer has no expires_in;
 * a token revoked early gets one new token and one repeat, and a target that refuses the fresh
 * token too stops the client at once, with no more token requests.
 */
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { AuthError, TokenProvider, tokenRequestInit } from '../../../lib/auth.js';
import { type ConformanceError, FleetClient } from '../../../lib/client.js';
import { loadConfig } from '../../../lib/config.js';
import { SecretRegistry } from '../../../lib/report/redact.js';
import { loadSchemas } from '../../../lib/validation.js';

const credentials = {
  tokenUrl: 'https://idp.example/token',
  clientId: 'ci client',
  clientSecret: 's3cret:&',
  tokenAuth: 'client_secret_basic' as const,
  tokenScope: 'fleet read',
  tokenAudience: 'fleet-api',
};

test('client_secret_basic: the credentials in HTTP Basic (form-urlencoded first), none in the form; the scope and the audience in the form', () => {
  const { headers, body } = tokenRequestInit(credentials);
  expect(headers.authorization).toBe(`Basic ${Buffer.from('ci+client:s3cret%3A%26').toString('base64')}`);
  expect(Object.fromEntries(new URLSearchParams(body))).toEqual({
    grant_type: 'client_credentials',
    scope: 'fleet read',
    audience: 'fleet-api',
  });
  const post = tokenRequestInit({ ...credentials, tokenAuth: 'client_secret_post' });
  expect(post.headers.authorization).toBeUndefined();
  expect(Object.fromEntries(new URLSearchParams(post.body))).toMatchObject({
    client_id: 'ci client',
    client_secret: 's3cret:&',
  });
});

/** A token endpoint answering tokens t1, t2, ... without expires_in. */
function issuing(): { fetch: typeof fetch; asked: () => number } {
  let n = 0;
  const fetchImpl = (async () =>
    new Response(JSON.stringify({ access_token: `t${++n}`, token_type: 'Bearer' }), {
      headers: { 'content-type': 'application/json' },
    })) as typeof fetch;
  return { fetch: fetchImpl, asked: () => n };
}

test('a token answered without expires_in: its lifetime is learnt from the 401 that ended it, and the next one is refreshed before that', async () => {
  let now = 0;
  const endpoint = issuing();
  const provider = new TokenProvider(credentials, endpoint.fetch, () => now);
  expect(await provider.token()).toBe('t1');
  now = 60_000;
  expect(await provider.token(), 'no lifetime known: kept').toBe('t1');
  provider.invalidate('t1'); // the target answered 401 after 60 s
  expect(await provider.token()).toBe('t2');
  now += 44_000;
  expect(await provider.token(), 'still within three quarters of the 60 s it learnt').toBe('t2');
  now += 2_000;
  expect(await provider.token(), 'refreshed before the learnt 60 s run out').toBe('t3');
});

/** A client whose target answers each request with the next status of `statuses` (the last one repeats). */
function clientAnswering(statuses: number[]): { client: FleetClient; sent: string[]; asked: () => number } {
  const sent: string[] = [];
  const request = {
    fetch: async (_url: string, options: { headers: Record<string, string> }) => {
      sent.push(options.headers.authorization ?? '');
      const status = statuses.length > 1 ? statuses.shift()! : statuses[0]!;
      return {
        status: () => status,
        headers: () => ({ 'content-type': 'application/json' }),
        text: async () => '{}',
      } as unknown as APIResponse;
    },
  } as unknown as APIRequestContext;
  const endpoint = issuing();
  const config = loadConfig({
    FLEET_BASE_URL: 'https://fleet-test.example',
    FLEET_CLIENT_ID: 'qa',
    FLEET_CLIENT_SECRET: 'qa-secret-value',
  });
  const client = new FleetClient({
    request,
    config,
    tokens: new TokenProvider(config, endpoint.fetch),
    schemas: loadSchemas(),
    secrets: new SecretRegistry(),
  });
  return { client, sent, asked: endpoint.asked };
}

test('a 401 on a token revoked early: one new token and one repeat, which the target answers', async () => {
  const { client, sent, asked } = clientAnswering([401, 200]);
  // The repeat's answer is judged like any other ({} is no master data: a ConformanceError carrying it).
  const exchange = await client.call('getMasterData').then(
    (r) => r.exchange,
    (e: ConformanceError) => e.exchange
  );
  expect(exchange.response.status).toBe(200);
  expect(sent).toEqual(['Bearer t1', 'Bearer t2']);
  expect(asked()).toBe(2);
});

test('a 401 on the fresh token too: a clear stop, and every later request stops at once without asking for another token', async () => {
  const { client, sent, asked } = clientAnswering([401]);
  const first = await client.call('getMasterData').catch((e: unknown) => e);
  expect(first).toBeInstanceOf(AuthError);
  expect((first as AuthError).message).toBe(
    'the target answered 401 to a token https://fleet-test.example/identity/realms/fleet/protocol/openid-connect/token had just issued (and to the one before it): it does not accept these tokens; check FLEET_TOKEN_URL, FLEET_TOKEN_AUDIENCE and FLEET_TOKEN_SCOPE'
  );
  const later = await client.call('listCustomers').catch((e: unknown) => e);
  expect(later).toBeInstanceOf(AuthError);
  expect(sent, 'one request and its one repeat, nothing after').toEqual(['Bearer t1', 'Bearer t2']);
  expect(asked()).toBe(2);
});
