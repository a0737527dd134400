/**
 * The run's first requests (lib/target-speed.ts) on a bad night: a gateway's page is not the
 * target's round trip; it is said (an environment event of the run's night) and asked again, as is
 * a lost connection; a target that loses every try is unavailable tonight, not misconfigured.
 */
import { expect, test } from '@playwright/test';
import { type EnvironmentEvent, TransientError } from '../../../lib/environment.js';
import { measureRoundTrip } from '../../../lib/target-speed.js';
import { DIRECT } from '../../../lib/transport/settings.js';

const config = {
  baseUrl: 'https://fleet-test.example.com',
  tokenUrl: 'https://fleet-test.example.com/token',
  clientId: 'c',
  clientSecret: 's',
  tokenAuth: 'client_secret_post' as const,
  transport: DIRECT,
};

test('a gateway page among the timed reads is an event of the night, retried, never a round trip', async () => {
  const answers = [
    new Response('<html><body><h1>502 Bad Gateway</h1></body></html>', {
      status: 502,
      headers: { 'content-type': 'text/html' },
    }),
    ...Array.from(
      { length: 3 },
      () => new Response('{"customers":[]}', { status: 200, headers: { 'content-type': 'application/json' } })
    ),
  ];
  const asked: string[] = [];
  const fake = (async (url: string) => {
    asked.push(String(url));
    return String(url).endsWith('/token')
      ? new Response('{"access_token":"t","expires_in":300}', {
          status: 200,
          headers: { 'content-type': 'application/json' },
        })
      : answers.shift()!;
  }) as typeof fetch;
  const events: EnvironmentEvent[] = [];
  expect(await measureRoundTrip(config, fake, (e) => events.push(e))).toBeGreaterThanOrEqual(0);
  expect(asked.filter((u) => u.endsWith('/customers?limit=1'))).toHaveLength(4);
  expect(events.map((e) => `${e.kind} ${e.status} ${e.method} ${e.path} ${e.outcome}`)).toEqual([
    'gateway 502 GET /customers retried',
  ]);
});

/** A fake target whose reads of /customers answer from `reads` in turn (an Error: the connection lost). */
function target(reads: (Response | Error)[]): { fetch: typeof fetch; asked: () => number } {
  let asked = 0;
  const fake = (async (url: string) => {
    if (String(url).endsWith('/token'))
      return new Response('{"access_token":"t","expires_in":300}', {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    asked += 1;
    const next =
      reads.shift() ??
      new Response('{"customers":[]}', { status: 200, headers: { 'content-type': 'application/json' } });
    if (next instanceof Error) throw next;
    return next;
  }) as typeof fetch;
  return { fetch: fake, asked: () => asked };
}

const lost = () => Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNRESET' } });
const gateway = () =>
  new Response('<html><body><h1>502 Bad Gateway</h1></body></html>', {
    status: 502,
    headers: { 'content-type': 'text/html' },
  });

test('two gateway pages and three resets in a row on a reached target: asked again, backing off, and timed on the answer that came', async () => {
  const fake = target([gateway(), gateway(), lost(), lost(), lost()]);
  const events: EnvironmentEvent[] = [];
  expect(await measureRoundTrip(config, fake.fetch, (e) => events.push(e))).toBeGreaterThanOrEqual(0);
  expect(fake.asked()).toBe(5 + 3);
  expect(events.map((e) => `${e.kind} ${e.outcome}`)).toEqual([
    'gateway retried',
    'gateway retried',
    'reset retried',
    'reset retried',
    'reset retried',
  ]);
});

test('every try lost: the environment was unavailable (TransientError, the run not judged), never a wrong FLEET_BASE_URL', async () => {
  const fake = target(Array.from({ length: 6 }, lost));
  const events: EnvironmentEvent[] = [];
  const error = await measureRoundTrip(config, fake.fetch, (e) => events.push(e)).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(TransientError);
  expect((error as Error).message).not.toMatch(/FLEET_BASE_URL/);
  expect(events.map((e) => e.outcome)).toEqual([...Array.from({ length: 5 }, () => 'retried'), 'gave-up']);
});
