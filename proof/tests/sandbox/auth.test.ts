import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test } from '@playwright/test';
import { defaults as d, form, sandboxPerTest, schemaErrors, startSandbox, TOKEN_PATH } from './core-harness.js';

const h = sandboxPerTest();

const tokenRequest = (fields: Record<string, string>) =>
  h.call('POST', TOKEN_PATH, { auth: 'none', raw: form(fields) });
const good = { grant_type: 'client_credentials', client_id: d.clientId, client_secret: d.clientSecret };

test.describe('token endpoint', () => {
  test('client credentials, form-encoded: {access_token, token_type Bearer, expires_in}', async () => {
    const res = await tokenRequest(good);
    expect(res.status).toBe(200);
    expect(res.contentType).toMatch(/^application\/json/);
    expect(schemaErrors('requestToken', res)).toEqual([]);
    expect(res.body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 3600 });
    expect(res.body.access_token.length).toBeGreaterThanOrEqual(32);
    expect(res.headers['cache-control']).toBe('no-store');
    const second = await tokenRequest(good);
    expect(second.body.access_token).not.toBe(res.body.access_token);
  });

  test('wrong secret, unknown client: 401 invalid_client; wrong grant type: 400 unsupported_grant_type', async () => {
    const wrongSecret = await tokenRequest({ ...good, client_secret: `${d.clientSecret}x` });
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.body).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
    expect((await tokenRequest({ ...good, client_secret: d.foreignClientSecret })).status).toBe(401);
    expect((await tokenRequest({ ...good, client_id: 'nobody' })).status).toBe(401);
    const grant = await tokenRequest({ ...good, grant_type: 'password' });
    expect(grant.status).toBe(400);
    expect(grant.body.error).toBe('unsupported_grant_type');
    const { client_secret: _s, ...missing } = good;
    const incomplete = await tokenRequest(missing);
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.error).toBe('invalid_request');
    const json = await h.call('POST', TOKEN_PATH, { auth: 'none', body: good });
    expect(json.status).toBe(400);
    expect(json.body.error).toBe('invalid_request');
    for (const res of [wrongSecret, grant, incomplete, json]) expect(res.text).not.toContain(d.clientSecret);
  });
});

test.describe('bearer token', () => {
  test('every operation but the token endpoint refuses a missing token with 401 in its own error style', async () => {
    const calls = [
      h.op('listCustomers', {}, { auth: 'none' }),
      h.op('getCustomer', { customerAccountNumber: d.poolCustomer }, { auth: 'none' }),
      h.op('createSubCustomer', {}, { auth: 'none', body: {} }),
      h.op('getCard', { cardIdentifier: 1 }, { auth: 'none' }),
      h.op('cardSearch', {}, { auth: 'none', body: { unknown: 1 } }),
      h.op('orderCards', {}, { auth: 'none', body: {} }),
      h.op('getMasterData', {}, { auth: 'none' }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(401);
      expect(res.contentType).toMatch(/^application\/json/);
      expect(res.body).toEqual({ errorCode: 'UNAUTHORIZED', errorDescription: expect.any(String) });
    }
  });

  test('malformed, unknown (one character flipped) and other schemes answer 401; the scheme is case-insensitive', async () => {
    const token = await h.token();
    const flip = (t: string, i: number) => t.slice(0, i) + (t[i] === 'A' ? 'B' : 'A') + t.slice(i + 1);
    const headers = [
      `Bearer ${flip(token, 0)}`,
      `Bearer ${flip(token, token.length - 1)}`,
      `Basic ${Buffer.from(`${d.clientId}:${d.clientSecret}`).toString('base64')}`,
      `Bearer`,
      `Bearer ${token} extra`,
      token,
      `Token ${token}`,
      '',
    ];
    for (const header of headers) {
      expect((await h.op('getMasterData', {}, { auth: { header } })).status, header).toBe(401);
    }
    for (const scheme of ['bearer', 'BEARER', 'Bearer']) {
      expect((await h.op('getMasterData', {}, { auth: { header: `${scheme} ${token}` } })).status, scheme).toBe(200);
    }
  });

  test('a token expires after its lifetime', async () => {
    const short = await startSandbox({ tokenTtlSeconds: 1 });
    try {
      const res = await short.call('POST', TOKEN_PATH, { auth: 'none', raw: form(good) });
      expect(res.body.expires_in).toBe(1);
      const header = `Bearer ${res.body.access_token}`;
      expect((await short.op('getMasterData', {}, { auth: { header } })).status).toBe(200);
      await sleep(1100);
      expect((await short.op('getMasterData', {}, { auth: { header } })).status).toBe(401);
    } finally {
      await short.close();
    }
  });

  test('a token of one app is unknown to another (tokens are per sandbox)', async () => {
    const other = await startSandbox();
    try {
      expect((await other.op('getMasterData', {}, { auth: { header: `Bearer ${await h.token()}` } })).status).toBe(401);
    } finally {
      await other.close();
    }
  });
});
