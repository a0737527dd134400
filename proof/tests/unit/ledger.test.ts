import type { TestInfo } from '@playwright/test';
import { test } from '@playwright/test';
import { AuthError } from '../../../lib/auth.js';
import type { Finding } from '../../../lib/checks/types.js';
import { formatExchange } from '../../../lib/client.js';
import type { Exchange } from '../../../lib/exchange.js';
import { FOOTPRINT_ATTACHMENT } from '../../../lib/footprint.js';
import { expect, judgingPlaces } from '../../../lib/judge.js';
import { carrying, judging, placeOf, placing, reading } from '../../../lib/judgements.js';
import {
  BlockedError,
  type Evidence,
  FINDINGS_ATTACHMENT,
  IncompleteError,
  type LedgerEntry,
  mergeFindings,
  NotRunError,
  TestLedger,
  WorkerLedger,
} from '../../../lib/ledger.js';
import { promisedValues } from '../../../lib/promised-values.js';
import { SecretRegistry } from '../../../lib/report/redact.js';
import { fakeTestInfo, judgedError } from './failures.js';

function exchange(status: number, body: unknown = {}, operationId: Exchange['operationId'] = 'cardSearch'): Exchange {
  const text = JSON.stringify(body);
  return {
    operationId,
    replayBaseUrl: 'http://127.0.0.1:4010',
    request: { method: 'POST', path: '/cards/search', headers: {}, auth: 'token', body: { limit: 5 } },
    response: { status, headers: { 'content-type': 'application/json' }, text, body, isJson: true },
    startedAt: new Date(0).toISOString(),
    durationMs: 1,
  };
}

const failure = (rule: string, where: string, title = `${where} must be integer`): Finding => ({
  kind: 'failure',
  check: 'response_schema_conformance',
  rule,
  title,
  where,
});

function ledgers(rules: string[]) {
  const worker = new WorkerLedger(new SecretRegistry(), 'http://127.0.0.1:4010');
  return { worker, test: new TestLedger(new Set(rules), worker, 'a test') };
}

const blockedBy = (info: TestInfo) => info.annotations.find((a) => a.type === 'blocked')?.description;

test("a failure of the test's own rule stands, even next to a broken answer of another rule", async () => {
  const { test: ledger } = ledgers(['CARD-SEARCH-STATUS']);
  ledger.observe(exchange(500), [failure('HTTP-STATUS-DOCUMENTED', '/')]);
  const { info } = fakeTestInfo('failed', [
    judgedError(['CARD-SEARCH-STATUS'], 'cards found for status 2 with another status'),
  ]);
  await ledger.settle(info);
  expect(info.status).toBe('failed');
  expect(blockedBy(info)).toBeUndefined();
});

test("an assertion of the test's own rule on the 5xx its last request got (judged as another rule's) is blocked by that rule", async () => {
  const { test: ledger } = ledgers(['CUST-NAME-MAX-310']);
  const answer = exchange(500, { errorCode: 'ER-012' }, 'createSubCustomer');
  ledger.observe(answer, [
    failure('CUST-CREATE-RETURNS-NUMBER', '/', 'answered 500 to a valid write, and performed it (read back)'),
  ]);
  // The same request answered 500 once more, shown by the property's failure.
  const again = { ...answer, startedAt: new Date(1).toISOString() };
  const { info } = fakeTestInfo(
    'failed',
    [
      judgedError(
        ['CUST-NAME-MAX-310'],
        `Property failed after 1 tests\nexpected status 200, received 500\n${formatExchange(again)}`
      ),
    ],
    { shown: [again] }
  );
  await ledger.settle(info);
  expect([info.status, blockedBy(info)]).toEqual([
    'skipped',
    'CUST-CREATE-RETURNS-NUMBER: POST /cards/search answered 500: answered 500 to a valid write, and performed it (read back)',
  ]);
});

test("a failure after a 5xx the test received is blocked by the 5xx's rule, and the worker stays (skipped)", async () => {
  const { test: ledger } = ledgers(['CUST-CARDTYPES-SHAPE']);
  ledger.observe(exchange(500, { errorCode: 'ER-012' }), [
    failure('HTTP-STATUS-DOCUMENTED', '/', 'answered 500 to a valid request'),
  ]);
  const { info, attachments } = fakeTestInfo('failed', ['Error: expected status 200, received 500']);
  await ledger.settle(info);
  expect(info.status).toBe('skipped');
  expect(info.expectedStatus).toBe('skipped');
  expect(blockedBy(info)).toMatch(/^HTTP-STATUS-DOCUMENTED: POST \/cards\/search answered 500/);
  expect(attachments.map((a) => a.name)).toEqual([
    'blocked by HTTP-STATUS-DOCUMENTED.json',
    FINDINGS_ATTACHMENT,
    FOOTPRINT_ATTACHMENT,
  ]);
});

test("an assertion of the test's own rule that shows another answer than another rule's 5xx stands, that answer its evidence", async () => {
  const { test: ledger } = ledgers(['CARD-SEARCH-LIMIT-MIN-1']);
  const refused = { ...exchange(400, { errorCode: 'ER-001' }), startedAt: new Date(1).toISOString() };
  ledger.observe(refused, []);
  ledger.observe({ ...exchange(500, { errorCode: 'ER-012' }, 'getCard'), startedAt: new Date(2).toISOString() }, [
    failure('HTTP-STATUS-DOCUMENTED', '/', 'answered 500 to a valid request'),
  ]);
  const { info, attachments } = fakeTestInfo(
    'failed',
    [judgedError(['CARD-SEARCH-LIMIT-MIN-1'], `expected status 200, received 400\n${formatExchange(refused)}`)],
    { shown: [refused] }
  );
  await ledger.settle(info);
  expect([info.status, blockedBy(info)]).toEqual(['failed', undefined]);
  const evidence = JSON.parse(attachments.find((a) => a.name === 'evidence.json')?.body ?? '{}') as Evidence;
  expect([evidence.response?.status, evidence.startedAt]).toEqual([400, refused.startedAt]);
});

test("an assertion of the test's own rule on a refusal of limit 1 (another rule's promise) is blocked by that rule; on another refused body it stands", async () => {
  const refused = {
    ...exchange(400, { errorCode: 'ER-001' }),
    request: { ...exchange(400).request, body: { limit: 1 } },
  };
  refused.refusedPromise = { promised: promisedValues[0]!, without: exchange(200) };
  const other = { ...refused, request: { ...refused.request, body: { limit: 5, driverName: 'Jo' } } };
  delete other.refusedPromise;
  for (const [shown, blocked] of [
    [refused, 'CARD-SEARCH-LIMIT-MIN-1'],
    [other, undefined],
  ] as const) {
    const { test: ledger } = ledgers(['CARD-SEARCH-UNKNOWN-PROPERTY']);
    ledger.observe(refused, [failure('CARD-SEARCH-LIMIT-MIN-1', '/', 'refused limit 1 in a valid request')]);
    ledger.observe(other, []);
    const { info } = fakeTestInfo(
      'failed',
      [judgedError(['CARD-SEARCH-UNKNOWN-PROPERTY'], `expected status 200, received 400\n${formatExchange(shown)}`)],
      { shown: [shown] }
    );
    await ledger.settle(info);
    expect(blockedBy(info)?.split(':')[0], JSON.stringify(shown.request.body)).toBe(blocked);
  }
});

test("an assertion of the test's own rule that says it judged a place another rule's check flagged is blocked by that rule; at another place, it stands", async () => {
  for (const [pointer, blocked] of [
    ['/customerContact/mobilePhone', 'CONTACT-SHAPE'],
    ['/customerName', undefined],
  ] as const) {
    const { test: ledger } = ledgers(['CUST-BLOCK', 'CUST-UPDATE-APPLIES']);
    const answer = exchange(200, { customerName: 'Jo', customerContact: { mobilePhone: 447700900123 } }, 'getCustomer');
    ledger.observe(answer, [failure('CONTACT-SHAPE', '/customerContact/mobilePhone', 'must be string')]);
    // Its words name no field: the verdict comes from the place it says it judged.
    const judged = judgedError(['CUST-UPDATE-APPLIES'], 'expected a value, received another');
    reading(judged, [{ exchange: answer, pointer }]);
    const { info } = fakeTestInfo('failed', [judged]);
    await ledger.settle(info);
    expect(blockedBy(info)?.split(':')[0], pointer).toBe(blocked);
  }
});

/** The error `assert` throws (a failing assertion of the suite's expect), or a note that it passed. */
function thrown(assert: () => void): Error {
  try {
    assert();
  } catch (e) {
    return e as Error;
  }
  return new Error('the assertion passed');
}

test('a broken field explains a failure that received it, a value below it or a node that holds it; another value stands', async () => {
  const card = { cardNumber: '7000', driverName: 'Jo', status: { id: '1', name: 'Active' } };
  const answer = exchange(200, { cards: [{ cardNumber: '6000', status: { id: 1 } }, card] });
  const cases: [string, unknown, boolean][] = [
    ['the flagged value', card.status.id, true],
    ['a node that holds it', card, true],
    ['a list of such nodes (a selection of the items)', [card], true],
    ['the whole answer', answer.response.body, true],
    ['another field of the same card', card.driverName, false],
    ['the same field of the other card', 1, false],
    ['a count made of the answer', 2, false],
  ];
  for (const [what, received, blocked] of cases) {
    const { test: ledger } = ledgers(['CARD-SEARCH-FILTER-DRIVER']);
    ledger.observe(answer, [failure('CARD-SHAPE', '/cards/1/status/id', 'must be integer')]);
    const { info } = fakeTestInfo('failed', [thrown(() => expect(received, 'the card as searched').toBe('none'))]);
    await ledger.settle(info);
    expect(blockedBy(info)?.split(':')[0], what).toBe(blocked ? 'CARD-SHAPE' : undefined);
  }
});

test('a failure on a value the test computed is explained by the places it says it read, never by the words of its message', async () => {
  const settled = async (assert: (cards: { status: { id: unknown } }[]) => void) => {
    const { test: ledger } = ledgers(['CARD-SEARCH-FILTER-DRIVER']);
    const answer = exchange(200, { cards: [{ status: { id: 1 } }, { status: { id: '1' } }] });
    ledger.observe(answer, [failure('CARD-SHAPE', '/cards/1/status/id')]);
    // What the client does with every body it hands to a test.
    placing(answer.response.body, answer);
    const { cards } = answer.response.body as { cards: { status: { id: unknown } }[] };
    const { info } = fakeTestInfo('failed', [thrown(() => assert(cards))]);
    await ledger.settle(info);
    return blockedBy(info)?.split(':')[0];
  };
  const computed = (cards: { status: { id: unknown } }[]) =>
    expect(cards.filter((c) => c.status.id !== 1).length, 'cards of another status').toBe(0);
  // The second card's status is the flagged place: a count of it, saying so, is blocked.
  expect(await settled((cards) => judgingPlaces(placeOf(cards[1], '/status'), () => computed(cards)))).toBe(
    'CARD-SHAPE'
  );
  // The same count saying it read the first card's status stands; so does one that says nothing, whatever its words.
  expect(await settled((cards) => judgingPlaces(placeOf(cards[0], '/status'), () => computed(cards)))).toBeUndefined();
  expect(
    await settled((cards) => expect(cards.filter((c) => c.status.id !== 1).length, 'card 4000123: status id').toBe(0))
  ).toBeUndefined();
});

test('an absent field a check flagged explains an assertion that received nothing there', async () => {
  for (const [received, blocked] of [
    [undefined, true],
    ['Active', false],
  ] as const) {
    const { test: ledger } = ledgers(['CARD-BLOCK']);
    const answer = exchange(200, { cardNumber: '7000' }, 'getCard');
    ledger.observe(answer, [{ ...failure('CARD-SHAPE', '', 'must have required property status'), field: 'status' }]);
    const { info } = fakeTestInfo('failed', [thrown(() => expect(received).toBe('Blocked'))]);
    await ledger.settle(info);
    expect(blockedBy(info)?.split(':')[0], String(received)).toBe(blocked ? 'CARD-SHAPE' : undefined);
  }
});

test('an assertion moved into a helper, its words changed, judges what it received: the same verdict', async () => {
  const card = { cardNumber: '7000', status: { id: '1' } };
  const answer = exchange(200, { cards: [card] });
  const statusOf = (c: typeof card) => expect(c.status.id, 'the card after its block').toBe(1);
  const settled = async (assert: () => void) => {
    const { test: ledger } = ledgers(['CARD-BLOCK']);
    ledger.observe(answer, [failure('CARD-SHAPE', '/cards/0/status/id')]);
    const { info } = fakeTestInfo('failed', [thrown(assert)]);
    await ledger.settle(info);
    return [info.status, blockedBy(info)?.split(':')[0]];
  };
  const inline = await settled(() => expect(card.status.id).toBe(1));
  expect(inline).toEqual(['skipped', 'CARD-SHAPE']);
  expect(await settled(() => statusOf(card))).toEqual(inline);
  expect(await settled(() => expect(card.status, 'no word of a field').toEqual({ id: 1 }))).toEqual(inline);
});

test("a property's failure, made to report its counterexample, carries the places and the value the counterexample's assertion judged", async () => {
  const card = { cardIdentifier: 7000, status: { id: '1' } };
  const answer = exchange(200, { cards: [card] });
  const read = thrown(() => expect(answer.response.status).toBe(404));
  reading(read, [{ exchange: answer, pointer: '/cards/0/cardIdentifier' }]);
  for (const [cause, flagged] of [
    [read, '/cards/0/cardIdentifier'],
    [thrown(() => expect(card.status.id).toBe(1)), '/cards/0/status/id'],
  ] as const) {
    const { test: ledger } = ledgers(['ERR-NOT-FOUND-404']);
    ledger.observe(answer, [failure('CARD-GET', flagged)]);
    const reported = carrying(new Error('property failed after 3 runs'), cause);
    const { info } = fakeTestInfo('failed', [reported]);
    await ledger.settle(info);
    expect(blockedBy(info)?.split(':')[0], flagged).toBe('CARD-GET');
  }
});

test('a failing assertion keeps no frame of the wrapper that marks it: the report points at the assertion', () => {
  const e = thrown(() => expect(1).toBe(2));
  expect(e.stack).not.toContain('lib/judge.ts');
  expect(e.stack).toContain('ledger.test.ts');
});

test("a BlockedError, a refused token and an assertion of another rule (forRule) each block; the last is that rule's finding", async () => {
  const cases: [Error, string][] = [
    [
      new BlockedError({ rule: 'CARD-SHAPE', reason: 'no usable Active card in FLEET_CARD_POOL_CUSTOMER' }),
      'CARD-SHAPE: no usable Active card in FLEET_CARD_POOL_CUSTOMER',
    ],
    [
      new AuthError(
        'token request for client c refused: 400 invalid_request; check FLEET_CLIENT_ID / FLEET_CLIENT_SECRET'
      ),
      'AUTH-TOKEN-CLIENT-CREDENTIALS: token request for client c refused: 400 invalid_request; check FLEET_CLIENT_ID / FLEET_CLIENT_SECRET',
    ],
    [
      judgedError(['CUST-BLOCK'], 'customer 7000001001 after its block'),
      'CUST-BLOCK: customer 7000001001 after its block',
    ],
  ];
  for (const [message, description] of cases) {
    const { test: ledger } = ledgers(['CUST-NOTES-MAX-200']);
    ledger.observe(exchange(200, {}, 'getCustomer'), []);
    const { info, attachments } = fakeTestInfo('failed', [message]);
    await ledger.settle(info);
    expect(blockedBy(info)).toBe(description);
    const findings = attachments
      .filter((a) => a.name === FINDINGS_ATTACHMENT)
      .flatMap((a) => JSON.parse(a.body) as LedgerEntry[]);
    expect(findings.map((f) => `${f.rule} ${f.check} ${f.operationId}`)).toEqual(
      message.message.includes('[CUST-BLOCK]') ? ['CUST-BLOCK assertion getCustomer'] : []
    );
  }
});

test('an assertion of another rule that a field broken by a third rule explains blocks by the third, with no finding of the second', async () => {
  const { test: ledger } = ledgers(['CUST-BLOCK']);
  const customer = { customerContact: { mobilePhone: 15112345678 } };
  ledger.observe(exchange(200, customer, 'getCustomer'), [
    failure('CONTACT-SHAPE', '/customerContact/mobilePhone', '/customerContact/mobilePhone must be string'),
  ]);
  const compared = thrown(() =>
    expect(customer.customerContact, 'details of customer 7000001115').toEqual({ mobilePhone: '015112345678' })
  );
  judging(compared, ['CUST-CREATE-MAIN-ADDRESS-CONTACT']);
  const { info, attachments } = fakeTestInfo('failed', [compared]);
  await ledger.settle(info);
  expect(blockedBy(info)).toMatch(/^CONTACT-SHAPE: /);
  const findings = attachments
    .filter((a) => a.name === FINDINGS_ATTACHMENT)
    .flatMap((a) => JSON.parse(a.body) as LedgerEntry[]);
  expect(findings.map((f) => f.rule)).toEqual(['CONTACT-SHAPE']);
});

test('findings: one per rule, operation and check, counted once per answer, the first answer as redacted evidence', async () => {
  const secrets = new SecretRegistry();
  secrets.add('secret-pin-4711');
  const worker = new WorkerLedger(secrets, 'http://127.0.0.1:4010');
  const many = [0, 1, 2].map((i) => failure('CARD-SHAPE', `/cards/${i}/status/id`));
  worker.observe(exchange(200, { cards: [{ note: 'secret-pin-4711' }] }), many, 'first');
  worker.observe(exchange(200, {}), many, 'second');
  const [entry, ...rest] = worker.flush();
  expect(rest).toEqual([]);
  expect(entry).toMatchObject({
    rule: 'CARD-SHAPE',
    operationId: 'cardSearch',
    count: 2,
    seenIn: 'first',
    where: '/cards/0/status/id',
  });
  expect(entry!.evidence!.response.body).not.toContain('secret-pin-4711');
  // The evidence travels once per worker; later flushes carry counts only, merged by the reporter.
  worker.observe(exchange(200, {}), many, 'third');
  const later = worker.flush();
  expect(later[0]!.evidence).toBeUndefined();
  expect(mergeFindings([entry!, ...later])).toMatchObject([{ count: 3, evidence: { pointer: '/cards/0/status/id' } }]);
});

test('worker discovery never throws: what it found, or what blocked it, with the taints it met', async () => {
  const { worker } = ledgers([]);
  const found = await worker.discover(async () => {
    worker.observe(exchange(200, { cards: 'none' }), [failure('CARD-LIST-SHAPE', '/cards')]);
    throw new TypeError('cards.filter is not a function');
  });
  expect(found.value).toBeUndefined();
  expect(found.blocker).toMatchObject({ rule: 'CARD-LIST-SHAPE' });
  const named = await worker.discover(async () => {
    throw new BlockedError({ rule: 'MASTER-TEN-ARRAYS', reason: 'no reason array' });
  });
  expect(named.blocker).toEqual({ rule: 'MASTER-TEN-ARRAYS', reason: 'no reason array' });
});

test("the findings check fails on the findings' own exchanges: never incomplete for having no answer of its own", async () => {
  for (const [tags, status] of [
    [['@findings'], 'failed'],
    [[], 'skipped'],
  ] as const) {
    const { test: ledger } = ledgers([]);
    const { info } = fakeTestInfo('failed', [
      'Error: 1 rules broken where no test names them:\n\n  MASTER-TEN-ARRAYS: getMasterData ×7',
    ]);
    (info as { tags: string[] }).tags = [...tags];
    await ledger.settle(info);
    expect(info.status, tags.join() || 'another test').toBe(status);
  }
});

test('a verdict does not follow the words of a failure: every message reworded (tags, class names and prefixes as text), the same verdict', async () => {
  // Each failure of a test, made twice: with the words a check writes, and reworded with misleading text.
  const kinds: [string, (words: (plain: string) => string) => Error][] = [
    ['its own rule', (w) => judgedError(['CARD-BLOCK'], w('card 4000001 should be blocked'))],
    ['another rule', (w) => judgedError(['CUST-BLOCK'], w('customer 7000001001 after its block'))],
    ['a stricter reading', (w) => judgedError(['ASSUME-UNMET-CONDITION', 'CARD-BLOCK'], w('unblock of an open card'))],
    ['blocked', (w) => new BlockedError({ rule: 'CARD-SHAPE', reason: w('no usable Active card') })],
    ['not run', (w) => new NotRunError(w('FLEET_WRITE_BUDGET: this would make 5 pool cards used up'))],
    ['incomplete', (w) => new IncompleteError(w('waited for a pool card until the time ran out'))],
    ['a refused token', (w) => new AuthError(w('token request for client c refused: 400'))],
    ['an assertion of no check', (w) => new Error(w('expect(received).toBe(expected)'))],
  ];
  const misleading = (plain: string) =>
    `[CARD-SHAPE] BlockedError: blocked by CUST-BLOCK: NotRunError: ${plain} (reworded)`;
  const settled = async (make: (w: (plain: string) => string) => Error, words: (plain: string) => string) => {
    const { test: ledger } = ledgers(['CARD-BLOCK']);
    ledger.observe(exchange(200, {}, 'getCard'), []);
    ledger.saw(exchange(200, {}, 'getCard'));
    const { info, attachments } = fakeTestInfo('failed', [make(words)]);
    const { judged, blockedBy } = await ledger.settle(info);
    const findings = attachments
      .filter((a) => a.name === FINDINGS_ATTACHMENT)
      .flatMap((a) => JSON.parse(a.body) as LedgerEntry[]);
    return {
      status: info.status,
      annotations: info.annotations.map((a) => a.type),
      blockedBy: blockedBy?.rule,
      judged,
      findings: findings.map((f) => f.rule),
    };
  };
  for (const [kind, make] of kinds) {
    expect(await settled(make, misleading), kind).toEqual(await settled(make, (plain) => plain));
  }
  // And the verdicts differ by kind, so the comparison can fail.
  const outcomes = await Promise.all(kinds.map(([, make]) => settled(make, (plain) => plain)));
  expect(new Set(outcomes.map((o) => JSON.stringify([o.status, o.annotations, o.blockedBy]))).size).toBeGreaterThan(4);
});

/** The finding of a creation answered a number another creation of the run holds (lib/checks/created-number-own.ts). */
const shared: Finding = {
  kind: 'failure',
  check: 'created_number_own',
  rule: 'CUST-CREATE-RETURNS-NUMBER',
  title: 'customerAccountNumber 7000001013 was answered to another creation of this run too',
  where: '/customerAccountNumber',
  spoilsTest: true,
};
const created = () => exchange(200, { customerAccountNumber: '7000001013' }, 'createSubCustomer');

test("a test whose creation was answered another's number is blocked by CUST-CREATE-RETURNS-NUMBER, whatever failed after, even an assertion of its own rule", async () => {
  for (const failed of [
    judgedError(['CUST-CLOSE-PERMANENT'], 'expected status 200, received 400'),
    new Error('expect(received).toContain(expected)'),
  ]) {
    const { test: ledger } = ledgers(['CUST-CLOSE-PERMANENT']);
    ledger.observe(created(), [shared]);
    ledger.saw(exchange(400, [{ errorCode: 'ER-001' }], 'closeCustomer'));
    const { info } = fakeTestInfo('failed', [failed]);
    const { blockedBy } = await ledger.settle(info);
    expect(info.status).toBe('skipped');
    expect(blockedBy?.rule).toBe('CUST-CREATE-RETURNS-NUMBER');
  }
  // Without the shared number, the same failure stands.
  const { test: ledger } = ledgers(['CUST-CLOSE-PERMANENT']);
  ledger.observe(created(), []);
  const { info } = fakeTestInfo('failed', [judgedError(['CUST-CLOSE-PERMANENT'], 'expected status 200, received 400')]);
  await ledger.settle(info);
  expect(info.status).toBe('failed');
});

test('a test of CUST-CREATE-RETURNS-NUMBER is never blocked by its own rule', async () => {
  const { test: ledger } = ledgers(['CUST-CREATE-RETURNS-NUMBER']);
  ledger.observe(created(), []);
  ledger.later(created(), () => [shared]);
  const { info } = fakeTestInfo('failed', [judgedError(['CUST-CREATE-RETURNS-NUMBER'], 'account numbers answered')]);
  await ledger.settle(info);
  expect(info.status).toBe('failed');
});

test('a creation whose number a later creation of another worker was answered too is looked at when the test ends: its failures are blocked, the finding recorded', async () => {
  const { test: ledger } = ledgers(['CUST-UPDATE-APPLIES']);
  let sharedYet = false;
  ledger.later(created(), () => (sharedYet ? [shared] : []));
  ledger.observe(created(), []);
  // The other worker's creation comes after this test's own; its finding shows only at teardown.
  sharedYet = true;
  const { info, attachments } = fakeTestInfo('failed', [new Error('expect(received).toBe(expected)')]);
  const { blockedBy } = await ledger.settle(info);
  expect(blockedBy?.rule).toBe('CUST-CREATE-RETURNS-NUMBER');
  const findings = attachments
    .filter((a) => a.name === FINDINGS_ATTACHMENT)
    .flatMap((a) => JSON.parse(a.body) as LedgerEntry[]);
  expect(findings.map((f) => [f.rule, f.check])).toEqual([['CUST-CREATE-RETURNS-NUMBER', 'created_number_own']]);
});
