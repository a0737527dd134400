/**
 * The environment's night (lib/environment.ts) as the client, the token provider and the ledger
 * meet it: every answer attributed (the network, a gateway, the server); a read outlasts resets
 * and gateway answers; the server's own 5xx is judged (a read asked again, a write read back
 * first, then sent once more); a server that keeps answering unavailable is said so; a write whose
 * answer was lost is never sent again but read back; a token request outlasts the endpoint's
 * trouble and only a 400/401 blames the credentials; and a test that could not be judged ends
 * incomplete (run again once when it may be), with what it waited for and its last exchange.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { AuthError, TokenProvider, TokenUnavailable } from '../../../lib/auth.js';
import { ConformanceError, FleetClient } from '../../../lib/client.js';
import { DOCUMENT_TOKEN_PATH, loadConfig } from '../../../lib/config.js';
import {
  ENVIRONMENT_ATTACHMENT,
  type EnvironmentEvent,
  TransientError,
  UnavailableError,
} from '../../../lib/environment.js';
import { freePlaces, subCustomerBody } from '../../../lib/factories/customer.js';
import { INCOMPLETE_ATTACHMENT, type Incomplete, NotRunError, TestLedger, WorkerLedger } from '../../../lib/ledger.js';
import { answerOrReadBack } from '../../../lib/read-back.js';
import { INCOMPLETE_PREFIX, markVerdicts, UNAVAILABLE_PREFIX } from '../../../lib/report/allure-suite-errors.js';
import { SecretRegistry } from '../../../lib/report/redact.js';
import { tokenPathDeviation } from '../../../lib/token-endpoint.js';
import { DIRECT } from '../../../lib/transport/settings.js';
import { loadSchemas } from '../../../lib/validation.js';
import { VERDICT_ATTACHMENT, type Verdict } from '../../../lib/verdict.js';
import { fakeTestInfo, judgedError } from './failures.js';
import { TOKEN } from './fake-target.js';

const config = loadConfig({
  FLEET_BASE_URL: 'https://fleet-test.example.com',
  FLEET_CLIENT_ID: 'qa',
  FLEET_CLIENT_SECRET: 'qa-secret-value',
});

/** One answer of the scripted target: a status and body, a gateway's HTML page, or a lost connection. */
type Answer = { status: number; body?: unknown; html?: string; headers?: Record<string, string> } | { lost: string };
const json = (status: number, body: unknown = {}, headers: Record<string, string> = {}): Answer => ({
  status,
  body,
  headers,
});
const serverError = (status = 500) =>
  json(status, { errorCode: 'ER-012', errorDescription: 'unexpected server condition; contact support' });
const page = (status: number): Answer => ({ status, html: `<html><body><h1>${status} Bad Gateway</h1></body></html>` });
const lost = (words = 'read ECONNRESET'): Answer => ({ lost: words });

/** A client whose target answers `answers` in turn (the last one again after them), and the requests it got. */
function scripted(answers: Answer[], observer?: WorkerLedger | TestLedger) {
  const sent: string[] = [];
  const request = {
    fetch: async (url: string, options: { method: string }) => {
      const answer = answers[Math.min(sent.length, answers.length - 1)]!;
      sent.push(`${options.method} ${new URL(url).pathname}`);
      if ('lost' in answer) throw new Error(`apiRequestContext.fetch: ${answer.lost}\nCall log: ...`);
      const text = answer.html ?? JSON.stringify(answer.body);
      return {
        status: () => answer.status,
        headers: () => ({ 'content-type': answer.html ? 'text/html' : 'application/json', ...answer.headers }),
        text: async () => text,
      } as unknown as APIResponse;
    },
  } as unknown as APIRequestContext;
  const tokenFetch = (async () =>
    new Response(JSON.stringify({ access_token: TOKEN, expires_in: 3600 }))) as typeof fetch;
  const client = new FleetClient({
    request,
    config,
    tokens: new TokenProvider(config, tokenFetch),
    schemas: loadSchemas(),
    secrets: new SecretRegistry(),
    ...(observer ? { observer } : {}),
  });
  return { client, sent };
}

const worker = () => new WorkerLedger(new SecretRegistry(), config.baseUrl);

test("a read is sent again after a reset and a gateway's page, counted as retried; its answer is judged like any other", async () => {
  const ledger = worker();
  const { client, sent } = scripted([lost(), page(502), json(200, { cardTypeId: 1 })], ledger);
  const response = await client.call('getCard', { params: { cardIdentifier: 4000001 } });
  expect(response.status).toBe(200);
  expect(sent).toHaveLength(3);
  expect(ledger.takeEvents().map((e) => `${e.kind} ${e.status ?? e.detail} ${e.outcome}`)).toEqual([
    'reset read ECONNRESET retried',
    'gateway 502 retried',
  ]);
});

test('a read that never gets through ends in a TransientError after a bounded number of sends, never a verdict', async () => {
  const ledger = worker();
  const { client, sent } = scripted([page(504)], ledger);
  const error = await client.call('getMasterData').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(TransientError);
  expect((error as TransientError).message).toBe("GET /master/all got a gateway's answer 504 4 times");
  expect(sent).toHaveLength(4);
  expect(ledger.takeEvents().every((e) => e.kind === 'gateway' && e.outcome === 'gave-up')).toBe(true);
});

test('a 5xx of the server counts only when it comes again: once is a transient answer, twice stands with both answers', async () => {
  const once = worker();
  const transient = scripted([json(500, { errorCode: 'ER-012', errorDescription: 'x' }), json(200, [])], once);
  expect(
    (await transient.client.call('getCustomerCardTypes', { params: { customerAccountNumber: '7000000010' } })).status
  ).toBe(200);
  expect(once.takeEvents().map((e) => `${e.kind} ${e.status} ${e.outcome}`)).toEqual(['server-5xx 500 transient']);

  const twice = worker();
  const repeated = scripted([json(500, { errorCode: 'ER-012', errorDescription: 'x' })], twice);
  const response = await repeated.client.call('getCustomerCardTypes', {
    params: { customerAccountNumber: '7000000010' },
  });
  expect(response.status).toBe(500);
  expect(response.breaches.map((b) => b.rule)).toContain('HTTP-STATUS-DOCUMENTED');
  expect(response.exchange.repeatOf?.map((e) => e.response.status)).toEqual([500]);
  expect(repeated.sent).toHaveLength(2);
  expect(twice.evidence(response.exchange).earlier?.map((e) => e.status)).toEqual([500]);
});

test("the server's own 503 (the document's error body) is judged like its 500; a 503 page, empty or foreign body is a gateway's", async () => {
  const server = worker();
  const own = scripted([serverError(503)], server);
  const response = await own.client.call('getMasterData');
  expect([response.status, own.sent.length, response.exchange.repeatOf?.length]).toEqual([503, 2, 1]);
  expect(response.breaches.map((b) => b.rule)).toContain('HTTP-STATUS-DOCUMENTED');
  expect(server.takeEvents()).toEqual([]);
  for (const [what, answer] of [
    ['a page', page(503)],
    ['an empty body', { status: 502, html: '' }],
    ['a foreign body', json(504, { message: 'upstream timed out' })],
  ] as [string, Answer][]) {
    const ledger = worker();
    const error = await scripted([answer], ledger)
      .client.call('getMasterData')
      .catch((e: unknown) => e);
    expect(error, what).toBeInstanceOf(TransientError);
    expect(
      ledger.takeEvents().map((e) => `${e.kind} ${e.by}`),
      what
    ).toEqual(Array(4).fill('gateway gateway'));
  }
});

test("a write the server answered 5xx is read back first: performed, the 5xx stands at once under the operation's own rule, with the read", async () => {
  const { client, sent } = scripted([serverError()]);
  const error = (await answerOrReadBack(
    () => client.call('blockCard', { params: { cardIdentifier: 4000001 }, body: { statusReasonId: 1 } }),
    async () => true
  ).catch((e: unknown) => e)) as ConformanceError;
  expect(error).toBeInstanceOf(ConformanceError);
  expect(sent).toEqual(['POST /cards/4000001/block']);
  expect(error.findings.map((f) => [f.rule, f.also])).toEqual([['CARD-BLOCK', ['HTTP-STATUS-DOCUMENTED']]]);
  expect(error.exchange.readBack?.performed).toBe(true);
  expect(error.message).toContain('read back after the 5xx: the write took effect');
});

test('a write the server answered 5xx that did not take effect, or cannot be read back, is sent once more: a second 5xx stands with both, so does the first when the repeat is refused; a success after it leaves the first transient', async () => {
  const twice = scripted([serverError()]);
  const stands = (await answerOrReadBack(
    () => twice.client.call('cancelCard', { params: { cardIdentifier: 4000001 }, body: { statusReasonId: 1 } }),
    async () => false
  ).catch((e: unknown) => e)) as ConformanceError;
  expect([
    stands.exchange.response.status,
    twice.sent.length,
    stands.exchange.repeatOf?.length,
    stands.exchange.readBack?.performed,
  ]).toEqual([500, 2, 1, false]);
  expect(stands.findings[0]!.rule).toBe('CARD-CANCEL-PERMANENT');

  const refused = scripted([
    serverError(),
    json(400, { errorCode: 'ER-001', errorDescription: 'the customer is closed already' }),
  ]);
  const closed = (await refused.client
    .call('closeCustomer', { params: { customerAccountNumber: '7000000010' }, body: {} })
    .catch((e: unknown) => e)) as ConformanceError;
  expect(
    [closed.exchange.response.status, closed.exchange.sentAgain?.response.status, closed.findings[0]!.rule],
    'refused when sent once more: the 5xx stands'
  ).toEqual([500, 400, 'CUST-CLOSE-PERMANENT']);
  expect(closed.message).toContain('sent once more, it was refused: 400');

  const ledger = worker();
  const once = scripted([serverError(), json(202, { orderReference: 'ORD-1' })], ledger);
  const answer = await once.client.call('orderCards', {
    body: { customerAccountNumber: '7000000010', cards: [{ cardTypeId: 1 }] },
  });
  expect([answer.status, once.sent.length]).toEqual([202, 2]);
  expect(ledger.takeEvents().map((e) => `${e.kind} ${e.status} ${e.outcome} ${e.by}`)).toEqual([
    'server-5xx 500 transient server',
  ]);
});

test("hostile input answered 5xx twice is the input's doing as well as the server's (ROBUST-NO-5XX-ON-BAD-INPUT); bad input's 5xx is that rule's first", async () => {
  const hostile = scripted([serverError()]);
  const stands = (await hostile.client
    .call('createSubCustomer', {
      body: subCustomerBody('fcrunit', '2', freePlaces, { customerName: "' OR '1'='1' --" }),
      hostile: true,
    })
    .catch((e: unknown) => e)) as ConformanceError;
  expect([stands.exchange.response.status, hostile.sent.length, stands.exchange.repeatOf?.length]).toEqual([500, 2, 1]);
  expect(stands.findings.map((f) => [f.rule, f.also])).toEqual([
    ['CUST-CREATE-RETURNS-NUMBER', ['HTTP-STATUS-DOCUMENTED', 'ROBUST-NO-5XX-ON-BAD-INPUT']],
  ]);
  const bad = scripted([serverError()]);
  const refused = (await bad.client
    .call('blockCard', { params: { cardIdentifier: 4000001 }, body: {} })
    .catch((e: unknown) => e)) as ConformanceError;
  expect([refused.findings[0]!.rule, bad.sent.length]).toEqual(['ROBUST-NO-5XX-ON-BAD-INPUT', 2]);
});

test("a server that keeps answering unavailable (503 with Retry-After, its error body) is waited out as it asks, then said unavailable: the server's, never a gateway's", async () => {
  const ledger = worker();
  const { client, sent } = scripted(
    [json(503, { errorCode: 'SERVICE_UNAVAILABLE', errorDescription: 'try later' }, { 'retry-after': '0' })],
    ledger
  );
  const error = await client
    .call('getCustomerCardTypes', { params: { customerAccountNumber: '7000000010' } })
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(UnavailableError);
  expect((error as UnavailableError).message).toBe(
    'GET /customers/7000000010/cardTypes answered 503 (unavailable) 6 times, waiting 0 s as it asked'
  );
  expect(sent).toHaveLength(6);
  expect(ledger.takeEvents().map((e) => `${e.kind} ${e.status} ${e.by}`)).toEqual(['unavailable 503 server']);
  const throttled = scripted([json(429, { message: 'slow down' }, { 'retry-after': '0' }), json(200, [])]);
  expect(
    (await throttled.client.call('getCustomerCardTypes', { params: { customerAccountNumber: '7000000010' } })).status
  ).toBe(200);
});

test('a write whose answer was lost is never sent again: a TransientError to read back what happened; read back, it goes on or is sent once more', async () => {
  const ledger = worker();
  const { client, sent } = scripted([lost()], ledger);
  const body = { statusReasonId: 1 };
  const error = await client.call('blockCard', { params: { cardIdentifier: 4000001 }, body }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(TransientError);
  expect((error as TransientError).write).toBe(true);
  expect(sent).toEqual(['POST /cards/4000001/block']);

  const happened = await answerOrReadBack(
    () => client.call('blockCard', { params: { cardIdentifier: 4000001 }, body }),
    async () => true
  );
  expect(happened, 'it happened: no answer to judge, the caller goes on').toBeUndefined();
  const again = scripted([page(502), json(200)], ledger);
  const answer = await answerOrReadBack(
    () => again.client.call('blockCard', { params: { cardIdentifier: 4000001 }, body }),
    async () => false
  );
  expect(answer?.status, 'it did not happen: sent once more, now that that is known').toBe(200);
  expect(again.sent).toHaveLength(2);
  expect(ledger.takeEvents().map((e) => e.outcome)).toEqual(['gave-up', 'reconciled', 'reconciled']);
});

test('bad input, and an update (same body, same state, same answer), may be sent again after a lost answer', async () => {
  const { client, sent } = scripted([lost(), json(400, { errorCode: 'ER-001', errorDescription: 'bad' })]);
  expect((await client.call('blockCard', { params: { cardIdentifier: 4000001 }, body: {} })).status).toBe(400);
  expect(sent).toHaveLength(2);
  const update = scripted([page(504), json(200)]);
  expect(
    (
      await update.client.call('updateCustomerDetail', {
        params: { customerAccountNumber: '7000000010' },
        body: { customerName: 'x' },
      })
    ).status
  ).toBe(200);
});

test("a token request outlasts a 503, a reset and a timeout; only a 400 or 401 is the credentials' fault; what outlasts every send is not theirs either", async () => {
  const credentials = {
    tokenUrl: 'https://fleet-test.example.com/identity/realms/fleet/protocol/openid-connect/token',
    clientId: 'qa',
    clientSecret: 'qa-secret-value',
  };
  const answers = (...list: (number | 'reset')[]) => {
    let i = 0;
    return (async () => {
      const a = list[Math.min(i++, list.length - 1)]!;
      if (a === 'reset') throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNRESET' } });
      return new Response(a === 200 ? JSON.stringify({ access_token: TOKEN }) : '<html>busy</html>', { status: a });
    }) as typeof fetch;
  };
  const events: EnvironmentEvent[] = [];
  const provider = new TokenProvider(credentials, answers(503, 'reset', 200));
  provider.onEvent = (e) => events.push(e);
  expect(await provider.token()).toBe(TOKEN);
  expect(events.map((e) => `${e.kind} ${e.status ?? e.detail} ${e.outcome}`)).toEqual([
    'token 503 retried',
    'token ECONNRESET retried',
  ]);

  const down = await new TokenProvider(credentials, answers(503)).token().catch((e: unknown) => e);
  expect(down).toBeInstanceOf(TokenUnavailable);
  expect((down as Error).message).toMatch(/not the credentials'$/);
  const refused = await new TokenProvider(credentials, answers(401)).token().catch((e: unknown) => e);
  expect((refused as AuthError).message).toMatch(
    /refused: 401; check FLEET_CLIENT_ID \/ FLEET_CLIENT_SECRET \(sent as client_secret_post: FLEET_TOKEN_AUTH\)$/
  );
  const elsewhere = await new TokenProvider(credentials, answers(404)).token().catch((e: unknown) => e);
  expect((elsewhere as AuthError).message).toMatch(
    /answered 404: not a refusal of the credentials; is FLEET_TOKEN_URL/
  );
});

test("a 404 or 405 at the document's token path is the server's deviation only when FLEET_TOKEN_URL is unset and the service answers 401 without a token", async () => {
  const base = 'https://fleet-test.example.com';
  const settings = { baseUrl: base, tokenUrl: `${base}${DOCUMENT_TOKEN_PATH}`, transport: DIRECT };
  const probing = (status: number) => {
    const asked: string[] = [];
    const fetchImpl = (async (url: string | URL) => {
      asked.push(String(url));
      return new Response('', { status });
    }) as typeof fetch;
    return { asked, fetchImpl };
  };
  const missing = new AuthError('token request answered 404', 404);
  const served = probing(401);
  expect(await tokenPathDeviation(settings, missing, served.fetchImpl)).toMatch(
    /^POST \/identity\/realms\/fleet\/protocol\/openid-connect\/token answered 404 while GET \/customers without a token answered 401/
  );
  expect(served.asked).toEqual([`${base}/customers?limit=1`]);
  expect(await tokenPathDeviation(settings, new AuthError('x', 405), probing(401).fetchImpl)).toBeDefined();
  // A wrong base address: nothing of the service there either.
  expect(await tokenPathDeviation(settings, missing, probing(404).fetchImpl)).toBeUndefined();
  // The user's own token URL, a refusal of the credentials, a token endpoint that is down: the error stands.
  expect(
    await tokenPathDeviation(
      { ...settings, tokenUrl: 'https://idp.example.com/token' },
      missing,
      probing(401).fetchImpl
    )
  ).toBeUndefined();
  expect(await tokenPathDeviation(settings, new AuthError('refused', 401), probing(401).fetchImpl)).toBeUndefined();
  expect(await tokenPathDeviation(settings, new TokenUnavailable('down'), probing(401).fetchImpl)).toBeUndefined();
});

test('a test out of time is incomplete, saying what it waited for, for how long, and its last exchange: never failed', async () => {
  const ledger = new TestLedger(new Set(['CARD-BLOCK']), worker(), 'a test');
  const { client } = scripted([json(200, { cardIdentifier: 4000001, status: { id: 1, name: 'Active' } })], ledger);
  await client.call('getCard', { params: { cardIdentifier: 4000001 } });
  ledger.doing('a pool card');
  const { info, attachments } = fakeTestInfo('timedOut', ['Test timeout of 60000ms exceeded.']);
  await ledger.settle(info);
  expect(info.status).toBe('skipped');
  expect(info.annotations.find((a) => a.type === 'incomplete')?.description).toMatch(
    /^ran out of time \(its limit: 60 s\) waiting for a pool card \(for \d+ s\): not judged$/
  );
  const incomplete = JSON.parse(attachments.find((a) => a.name === INCOMPLETE_ATTACHMENT)!.body) as Incomplete;
  expect(incomplete).toMatchObject({
    waitingFor: 'a pool card',
    limitMs: 60_000,
    lastExchange: { request: { path: '/cards/4000001' }, response: { status: 200 } },
  });
});

test("a test stopped by the environment is incomplete, the gateway's page its last exchange, its events attached; a blocker found before wins", async () => {
  const ledger = new TestLedger(new Set(['MASTER-TEN-ARRAYS']), worker(), 'a test');
  const { client } = scripted([page(502)], ledger);
  const error = (await client.call('getMasterData').catch((e: unknown) => e)) as TransientError;
  const { info, attachments } = fakeTestInfo('failed', [error]);
  await ledger.settle(info);
  expect(info.annotations.find((a) => a.type === 'incomplete')?.description).toBe(
    "GET /master/all got a gateway's answer 502 4 times: not judged"
  );
  expect(JSON.parse(attachments.find((a) => a.name === INCOMPLETE_ATTACHMENT)!.body)).toMatchObject({
    lastExchange: { response: { status: 502 } },
  });
  expect(
    (JSON.parse(attachments.find((a) => a.name === ENVIRONMENT_ATTACHMENT)!.body) as EnvironmentEvent[]).map(
      (e) => e.test
    )
  ).toEqual(['a test', 'a test', 'a test', 'a test']);

  const blocked = new TestLedger(new Set(['CARD-BLOCK']), worker(), 'another test');
  const late = fakeTestInfo('timedOut', ['Test timeout of 60000ms exceeded.']);
  blocked.block('CARD-SHAPE', 'no usable Active card');
  await blocked.settle(late.info);
  expect(late.info.annotations.find((a) => a.type === 'blocked')?.description).toBe(
    'CARD-SHAPE: no usable Active card'
  );
});

test('an attempt that judged nothing is run again when the project may (its status left for Playwright to retry); a verdict is never retried', async () => {
  const first = new TestLedger(new Set(['MASTER-TEN-ARRAYS']), worker(), 'a test');
  const error = (await scripted([page(502)], first)
    .client.call('getMasterData')
    .catch((e: unknown) => e)) as TransientError;
  const attempt = fakeTestInfo('failed', [error], { retries: 1 });
  await first.settle(attempt.info);
  expect([attempt.info.status, attempt.info.annotations.map((a) => a.type)]).toEqual([
    'interrupted',
    ['incomplete', 'run again'],
  ]);

  const unavailable = new TestLedger(new Set(['CUST-CARDTYPES-SHAPE']), worker(), 'a test');
  const down = (await scripted(
    [json(503, { errorCode: 'SERVICE_UNAVAILABLE', errorDescription: 'later' }, { 'retry-after': '0' })],
    unavailable
  )
    .client.call('getCustomerCardTypes', { params: { customerAccountNumber: '7000000010' } })
    .catch((e: unknown) => e)) as UnavailableError;
  const last = fakeTestInfo('failed', [down]);
  await unavailable.settle(last.info);
  expect([last.info.status, last.info.annotations.map((a) => a.type)]).toEqual(['skipped', ['unavailable', 'skip']]);
  expect(JSON.parse(last.attachments.find((a) => a.name === INCOMPLETE_ATTACHMENT)!.body)).toMatchObject({
    unavailable: { operationId: 'getCustomerCardTypes', status: 503 },
    lastExchange: { response: { status: 503 } },
  });

  const failing = new TestLedger(new Set(['CARD-BLOCK']), worker(), 'a test');
  await scripted([json(200, {})], failing)
    .client.call('getCard', { params: { cardIdentifier: 4000001 } })
    .catch(() => undefined);
  const verdict = fakeTestInfo('failed', [judgedError(['CARD-BLOCK'], 'card 4000001 should be blocked')], {
    retries: 1,
  });
  await failing.settle(verdict.info);
  expect([
    verdict.info.status,
    (verdict.info as unknown as { _hasNonRetriableError?: boolean })._hasNonRetriableError,
  ]).toEqual(['failed', true]);
});

test('a test the write budget refuses is not run, with why: never blocked', async () => {
  const ledger = new TestLedger(new Set(['CARD-BLOCK']), worker(), 'a test');
  const { info } = fakeTestInfo(
    'failed',
    [new NotRunError('FLEET_WRITE_BUDGET: this would make 5 pool cards used up (budget 4)')],
    { retries: 1 }
  );
  await ledger.settle(info);
  expect([info.status, info.annotations.map((a) => `${a.type}: ${a.description}`)]).toEqual([
    'skipped',
    [
      'not run: FLEET_WRITE_BUDGET: this would make 5 pool cards used up (budget 4)',
      'skip: FLEET_WRITE_BUDGET: this would make 5 pool cards used up (budget 4)',
    ],
  ]);
});

test('Allure says an incomplete or unavailable test was not judged; a skipped test for another reason keeps its message', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-allure-'));
  const write = (name: string, message: string, verdict: Verdict) => {
    writeFileSync(join(dir, `${name}-verdict.json`), JSON.stringify(verdict));
    writeFileSync(
      join(dir, `${name}-result.json`),
      JSON.stringify({
        status: 'skipped',
        statusDetails: { message },
        attachments: [{ name: VERDICT_ATTACHMENT, source: `${name}-verdict.json` }],
      })
    );
  };
  const gateway = "TransientError: GET /master/all got a gateway's answer 502 4 times";
  write('a', gateway, { outcome: 'incomplete', reason: gateway });
  write('b', 'Test timeout of 60000ms exceeded.', {
    outcome: 'unavailable',
    reason: 'the server answered unavailable',
  });
  write('c', 'no card pool configured (FLEET_CARD_POOL_CUSTOMER)', { outcome: 'not-run' });
  expect(markVerdicts(dir)).toBe(2);
  const message = (name: string) =>
    (JSON.parse(readFileSync(join(dir, `${name}-result.json`), 'utf8')) as { statusDetails: { message: string } })
      .statusDetails.message;
  expect(message('a')).toBe(`${INCOMPLETE_PREFIX}${gateway}`);
  expect(message('b')).toBe(`${UNAVAILABLE_PREFIX}Test timeout of 60000ms exceeded.`);
  expect(message('c')).toBe('no card pool configured (FLEET_CARD_POOL_CUSTOMER)');
  expect(markVerdicts(dir), 'marked once').toBe(0);
});
