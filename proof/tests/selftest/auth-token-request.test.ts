/**
 * lib/auth.ts sends the token request exactly as the Authentication section says (POST, form-encoded
 * client credentials, accept: application/json), caches the token, refreshes it before expires_in
 * runs out and after a refusal, and never puts the secret in an error message.
 */
import { expect, test } from '@playwright/test';
import { AuthError, requestToken, TokenProvider } from '../../../lib/auth.js';
import { operations } from '../../../lib/operations.js';
import { type Recorder, startRecorder } from './harness.js';

const SECRET = 'selftest-secret-value';
let recorder: Recorder;

test.beforeEach(async () => {
  recorder = await startRecorder();
});
test.afterEach(async () => recorder.close());

const credentials = () => ({
  tokenUrl: `${recorder.baseUrl}${operations.requestToken.path}`,
  clientId: 'selftest-client',
  clientSecret: SECRET,
});

test('the token request is a form-encoded client-credentials POST with accept: application/json [AUTH-TOKEN-CLIENT-CREDENTIALS]', async () => {
  const { response, body } = await requestToken(credentials());
  expect(response.status).toBe(200);
  expect(body).toMatchObject({ access_token: 'recorded-token-value' });
  const [call] = recorder.calls;
  expect(call?.method).toBe('POST');
  expect(call?.url).toBe(operations.requestToken.path);
  expect(call?.headers['content-type']).toBe('application/x-www-form-urlencoded');
  expect(call?.headers.accept).toBe('application/json');
  expect(Object.fromEntries(new URLSearchParams(call!.body))).toEqual({
    grant_type: 'client_credentials',
    client_id: 'selftest-client',
    client_secret: SECRET,
  });
});

test('TokenProvider caches the token and refreshes it before expires_in runs out (30 s, or a quarter of a short lifetime, early)', async () => {
  let now = 1_000_000;
  const provider = new TokenProvider(credentials(), fetch, () => now);
  await provider.token();
  now += 3_560_000; // 3560 s of 3600: still fresh
  await provider.token();
  expect(provider.fetches).toBe(1);
  now += 15_000; // 3575 s: within the last 30 s
  await provider.token();
  expect(provider.fetches).toBe(2);
});

test('TokenProvider fetches a fresh token after invalidate', async () => {
  const provider = new TokenProvider(credentials());
  provider.invalidate(await provider.token());
  await provider.token();
  expect(provider.fetches).toBe(2);
});

test('a refused token request is an AuthError that names the client, never the secret', async () => {
  const refusing: typeof fetch = async () =>
    new Response(JSON.stringify({ error: 'invalid_client' }), {
      status: 401,
      headers: { 'content-type': 'application/json' },
    });
  const error = await new TokenProvider(credentials(), refusing).token().catch((e: unknown) => e);
  expect(error).toBeInstanceOf(AuthError);
  expect((error as AuthError).message).toContain('selftest-client');
  expect((error as AuthError).message).not.toContain(SECRET);
});
