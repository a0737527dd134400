/**
 * Every failure and every finding carries a curl that replays its request against the same
 * target (the embedded sandbox's stand-in: npm run sandbox), with $FLEET_TOKEN for the token and a
 * hint how to get one; no replay carries the client secret, a token or a card PIN.
 */
import { expect, test } from '@playwright/test';
import type { TestCase, TestResult } from '@playwright/test/reporter';
import { loadConfig } from '../../../lib/config.js';
import type { Exchange } from '../../../lib/exchange.js';
import { emptyFootprint } from '../../../lib/footprint.js';
import { EVIDENCE_ATTACHMENT, type LedgerEntry } from '../../../lib/ledger.js';
import { buildCoverage } from '../../../lib/report/coverage.js';
import { coverageHtml } from '../../../lib/report/coverage-html.js';
import { replayBaseUrl, replayHint, TOKEN_HINT } from '../../../lib/report/replay.js';
import { summaryLines } from '../../../lib/report/summary-text.js';
import { replayScript } from '../../../lib/report/test-sink.js';
import { fakeTarget, TOKEN } from './fake-target.js';
import { settledRecord } from './settled.js';
import { declaredBy } from './title-ids.js';

const PIN = '739146';
const config = loadConfig({
  FLEET_BASE_URL: 'https://fleet-test.example.com',
  FLEET_CLIENT_ID: 'qa',
  FLEET_CLIENT_SECRET: 'qa-secret-value',
  FLEET_CARD_PIN: PIN,
});

const clientAnswering = (status: number, body: unknown) => fakeTarget(config, status, body);

const leaks = (text: string) => [PIN, TOKEN, config.clientSecret].filter((s) => text.includes(s));

test('a failure message shows the replay of its request: the target, the body, $FLEET_TOKEN, and no secret', async () => {
  const order = { customerAccountNumber: '7000000010', cards: [{ cardTypeId: 1, cardPIN: PIN }] };
  // An accepted order answers 202: 200 is a failure of CARD-ORDER-202 (and the status check).
  const error = await clientAnswering(200, { orderReference: 'o-1' })
    .call('orderCards', { body: order })
    .then(
      () => undefined,
      (e: Error) => e
    );
  const message = error?.message ?? '';
  expect(message).toContain(`replay (${TOKEN_HINT}):`);
  // The command stands on a line of its own, to be pasted as it is.
  const command = message.split('\n').find((l) => l.startsWith('curl '));
  expect(command).toMatch(
    /^curl -sS -X POST 'https:\/\/fleet-test\.example\.com\/cards\/order' .*-H "Authorization: Bearer \$FLEET_TOKEN" --data-raw '\{"customerAccountNumber":"7000000010"/
  );
  expect(leaks(message)).toEqual([]);
});

test('a replay of the embedded sandbox goes to npm run sandbox (its own stops with the run), with the hint to start it', () => {
  const embedded = loadConfig({ FLEET_SANDBOX_URL: 'http://127.0.0.1:39517' });
  expect(replayBaseUrl(embedded)).toBe('http://127.0.0.1:4010');
  expect(replayBaseUrl(config)).toBe('https://fleet-test.example.com');
  expect(replayHint('http://127.0.0.1:4010')).toMatch(
    /^npm run sandbox .*; export FLEET_TOKEN=\$\(npm run -s token\)$/
  );
  expect(replayHint('https://fleet-test.example.com')).toBe(TOKEN_HINT);
});

const exchange: Exchange = {
  operationId: 'getCard',
  replayBaseUrl: 'https://fleet-test.example.com',
  request: {
    method: 'GET',
    path: '/cards/4000001',
    headers: { accept: 'application/json', authorization: '[REDACTED]' },
    auth: 'token',
  },
  response: { status: 200, headers: {}, text: '{}', body: {}, isJson: true },
  startedAt: new Date(0).toISOString(),
  durationMs: 1,
};
const CURL = `curl -sS -X GET 'https://fleet-test.example.com/cards/4000001' -H 'accept: application/json' -H "Authorization: Bearer $FLEET_TOKEN"`;

test('a failed test without a violation attached (a status assertion) still shows the answer it judged, and its replay, in coverage.html and the terminal', () => {
  const title = 'GET /cards/{cardIdentifier} answers 200 [CARD-GET]';
  const test = {
    title,
    titlePath: () => ['', 'conformance', 'x.spec.ts', title],
    location: { file: '/p/specs/x.spec.ts', line: 1, column: 1 },
    annotations: declaredBy(title),
  } as unknown as TestCase;
  const message = `Error: [CARD-GET] expected status 200, received 500\nrequest:  GET /cards/4000001\nreplay (${TOKEN_HINT}):\n${CURL}\nresponse: 500`;
  // The test's last exchange, attached by its ledger (lib/ledger.ts settle).
  const evidence = {
    operationId: 'getCard',
    baseUrl: 'https://fleet-test.example.com',
    request: exchange.request,
    response: { status: 500, body: '{}' },
    startedAt: exchange.startedAt,
  };
  const result = {
    status: 'failed',
    errors: [{ message }],
    attachments: [{ name: EVIDENCE_ATTACHMENT, body: Buffer.from(JSON.stringify(evidence)) }],
  } as unknown as TestResult;
  const coverage = buildCoverage(
    'test',
    [settledRecord(test, result, 'https://fleet-test.example.com')],
    [],
    emptyFootprint()
  );
  expect(coverage.rules.find((r) => r.id === 'CARD-GET')?.evidence).toEqual(evidence);
  expect(coverageHtml(coverage)).toContain(CURL.replace(/'/g, '&#39;').replace(/"/g, '&quot;'));
  expect(summaryLines(coverage, { entries: [], throttled: 0 }, [])).toContain(`      replay: ${CURL}`);
});

test('a finding shows the replay of its first exchange in the terminal summary and in coverage.html', () => {
  const finding: LedgerEntry = {
    rule: 'CARD-SHAPE',
    operationId: 'getCard',
    check: 'response_schema_conformance',
    title: '/status/id must be integer',
    count: 2,
    seenIn: 'x',
    evidence: {
      operationId: 'getCard',
      baseUrl: 'https://fleet-test.example.com',
      request: exchange.request,
      response: { status: 200, body: '{}' },
      startedAt: exchange.startedAt,
    },
  };
  const coverage = buildCoverage('test', [], [finding], emptyFootprint());
  const lines = summaryLines(coverage, { entries: [], throttled: 0 }, []);
  expect(lines.filter((l) => l === `      replay: ${CURL}`)).toHaveLength(2); // under the failed rule and under the finding
  expect(lines).toContain(`replays: ${TOKEN_HINT} first`);
  expect(coverageHtml(coverage)).toContain(CURL.replace(/'/g, '&#39;').replace(/"/g, '&quot;'));
});

test('replay.sh, attached to a failed test, replays its last requests in order', () => {
  const script = replayScript('t [CARD-GET]', [
    exchange,
    { ...exchange, request: { ...exchange.request, path: '/cards/4000002' } },
  ]);
  expect(script.split('\n').filter((l) => l.startsWith('curl '))).toEqual([CURL, CURL.replace('4000001', '4000002')]);
  expect(script).toContain(`# First: ${TOKEN_HINT}`);
});
