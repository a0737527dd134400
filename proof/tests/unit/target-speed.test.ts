/**
 * The run's first requests (lib/target-speed.ts) on a bad night: a gateway's page is not the
 * target's round trip; it is said (an environment event of the run's night) and asked again.
 */
import { expect, test } from '@playwright/test';
import type { EnvironmentEvent } from '../../../lib/environment.js';
import { measureRoundTrip } from '../../../lib/target-speed.js';
import { DIRECT } from '../../../lib/transport/settings.js';

const config = { baseUrl: 'https://fleet-test.example.com', tokenUrl: 'https://fleet-test.example.com/token', clientId: 'c', clientSecret: 's', tokenAuth: 'client_secret_post' as const, transport: DIRECT };

test('a gateway page among the timed reads is an event of the night, retried, never a round trip', async () => {
  const answers = [
    new Response('<html><body><h1>502 Bad Gateway</h1></body></html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    ...Array.from({ length: 3 }, () => new Response('{"customers":[]}', { status: 200, headers: { 'content-type': 'application/json' } })),
  ];
  const asked: string[] = [];
  const fake = (async (url: string) => {
    asked.push(String(url));
    return String(url).endsWith('/token') ? new Response('{"access_token":"t","expires_in":300}', { status: 200, headers: { 'content-type': 'application/json' } }) : answers.shift()!;
  }) as typeof fetch;
  const events: EnvironmentEvent[] = [];
  expect(await measureRoundTrip(config, fake, (e) => events.push(e))).toBeGreaterThanOrEqual(0);
  expect(asked.filter((u) => u.endsWith('/customers?limit=1'))).toHaveLength(4);
  expect(events.map((e) => `${e.kind} ${e.status} ${e.method} ${e.path} ${e.outcome}`)).toEqual(['gateway 502 GET /customers retried']);
});
