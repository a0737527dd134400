import { expect, test } from '@playwright/test';
import { bodyAsRead } from '../../../lib/checks/absent-values.js';
import { type Finding, runChecks } from '../../../lib/checks/index.js';
import type { Exchange } from '../../../lib/exchange.js';
import { parseCustomerListFields } from '../../../lib/list-page.js';
import { type OperationId, operation } from '../../../lib/operations.js';
import { SecretRegistry } from '../../../lib/report/redact.js';
import { loadSchemas } from '../../../lib/validation.js';

const schemas = loadSchemas();
const config = { customerListFields: parseCustomerListFields(undefined) };

function check(
  operationId: OperationId,
  status: number,
  body: unknown,
  contentType = 'application/json',
  text?: string,
  path = '/x'
): Finding[] {
  const raw = text ?? (body === undefined ? '' : JSON.stringify(body));
  const exchange: Exchange = {
    operationId,
    replayBaseUrl: 'http://127.0.0.1:4010',
    request: { method: 'GET', path, headers: {}, auth: 'token' },
    response: {
      status,
      headers: contentType ? { 'content-type': contentType } : {},
      text: raw,
      body,
      isJson: raw !== '' && text === undefined,
    },
    startedAt: new Date().toISOString(),
    durationMs: 1,
  };
  return runChecks({
    exchange,
    read: bodyAsRead(exchange, operation(operationId), schemas),
    operation: operation(operationId),
    schemas,
    secrets: new SecretRegistry(),
    config,
  });
}

const failures = (f: Finding[]) => f.filter((x) => x.kind === 'failure').map((x) => x.rule);
const drift = (f: Finding[]) => f.filter((x) => x.kind === 'drift').map((x) => x.title);

test('a conforming answer has no finding', () => {
  expect(check('orderCards', 202, { orderReference: 'ORD-1' })).toEqual([]);
  expect(check('blockCard', 200, {})).toEqual([]);
  expect(check('getSession', 404, { message: 'no such session' })).toEqual([]);
});

test("a success status other than the documented one fails: 200 where the order's own rule states 202, 201 where 200 is documented", () => {
  expect(failures(check('orderCards', 200, { orderReference: 'ORD-1' }))).toEqual(['CARD-ORDER-202']);
  expect(failures(check('getCard', 201, {}))).toEqual(['HTTP-STATUS-DOCUMENTED']);
});

test("a 5xx fails whatever the table says: an undocumented answer to a valid request (a write's: its own rule first), a reaction to bad input otherwise", () => {
  const answer = check('getCard', 503, { errorCode: 'X', errorDescription: 'y' }).find(
    (f) => f.check === 'status_code_conformance'
  )!;
  expect([answer.rule, answer.also]).toEqual(['HTTP-STATUS-DOCUMENTED', undefined]);
  expect(failures(check('getMasterData', 500, { errorCode: 'ER-012', errorDescription: 'support' }))).toEqual([
    'HTTP-STATUS-DOCUMENTED',
  ]);
  const write = check('blockCustomer', 500, { errorCode: 'ER-012', errorDescription: 'support' }).find(
    (f) => f.check === 'status_code_conformance'
  )!;
  expect([write.rule, write.also]).toEqual(['CUST-BLOCK', ['HTTP-STATUS-DOCUMENTED']]);
  // A cardIdentifier that is no integer is bad input: its 5xx is no failure of the write's own rule.
  const at = (path: string) =>
    check('blockCard', 500, { errorCode: 'ER-012', errorDescription: 'support' }, 'application/json', undefined, path)
      .filter((f) => f.check === 'status_code_conformance')
      .map((f) => [f.rule, ...(f.also ?? [])]);
  expect(at('/cards/400000a1/block')).toEqual([['ROBUST-NO-5XX-ON-BAD-INPUT', 'HTTP-STATUS-DOCUMENTED']]);
  expect(at('/cards/1.5/block')).toEqual([['ROBUST-NO-5XX-ON-BAD-INPUT', 'HTTP-STATUS-DOCUMENTED']]);
  expect(at('/cards/04000001/block')).toEqual([['CARD-BLOCK', 'HTTP-STATUS-DOCUMENTED']]);
  expect(at('/cards/4000001/block')).toEqual([['CARD-BLOCK', 'HTTP-STATUS-DOCUMENTED']]);
});

test('an undocumented 4xx is drift, not a failure', () => {
  const findings = check('blockCustomer', 409, { errorCode: 'ER-409', errorDescription: 'conflict' });
  expect(failures(findings)).toEqual([]);
  expect(drift(findings)).toContain('undocumented status 409');
});

test('a JSON body without Content-Type: application/json fails', () => {
  expect(failures(check('getCard', 200, { cardIdentifier: 1 }, 'text/plain'))).toEqual(['HTTP-JSON-CONTENT-TYPE']);
  expect(failures(check('getCard', 200, undefined, 'application/json', '<html>'))).toEqual(['HTTP-JSON-CONTENT-TYPE']);
  expect(check('getCard', 401, undefined, '')).toEqual([]);
});

test('schema errors name the rule the body breaks and the JSON pointer', () => {
  const f = check('getCard', 200, { cardIdentifier: '12', orderDate: '12/01/2024' });
  expect(failures(f)).toEqual(['CARD-SHAPE', 'CARD-SHAPE']);
  expect(f.map((x) => x.where)).toEqual(['/cardIdentifier', '/orderDate']);
  expect(failures(check('orderCards', 202, {}))).toEqual(['CARD-ORDER-REFERENCE']);
  expect(failures(check('orderCards', 400, { errorCode: 'ER-002', errorDescription: 'x' }))).toEqual([
    'CARD-ORDER-ERRORS-ARRAY',
  ]);
  expect(failures(check('geosearchRectangle', 400, { errorCode: 'ER-001', errorDescription: 'x' }))).toContain(
    'GEO-ERROR-400-BODY'
  );
  expect(failures(check('getSession', 200, { sessionStatus: 'RUNNING' }))).toEqual(['SESSION-STATUS-ENUM']);
  expect(failures(check('cardSearch', 200, { cards: [{ status: { id: '1' } }] }))).toEqual(['CARD-SHAPE']);
  expect(failures(check('getCustomer', 200, { customerContact: { emailAddress: 'nope' } }))).toEqual([
    'CONTACT-EMAIL-FORMAT',
  ]);
});

test("an element whose documented fields are all absent is one failure at the element, naming the fields, of the resource's rule", () => {
  const cardTypes = check('getCustomerCardTypes', 200, [{ cardTypeId: 1 }, { id: 2, name: 'Fleet Fuel' }]).filter(
    (x) => x.kind === 'failure'
  );
  expect(cardTypes.map((x) => [x.rule, x.where])).toEqual([['CUST-CARDTYPES-SHAPE', '/1']]);
  expect(cardTypes[0]!.title).toContain(
    'none of its documented fields (cardTypeId, cardTypeName, cardTypeDescription, defaultPurchaseCategoryId, purchaseCategoryName, isEV)'
  );
  const master = {
    cardCategory: [],
    cardGroup: [],
    cardType: [],
    country: [],
    fuelProductRestriction: [],
    product: [],
    purchaseCategory: [],
    reason: [],
    status: [],
    region: [{ regionId: 1, regionName: 'Utrecht' }],
  };
  expect(failures(check('getMasterData', 200, master))).toEqual(['MASTER-SHAPE']);
  expect(failures(check('cardSearch', 200, { cards: [{ number: '7077' }] }))).toEqual(['CARD-SHAPE']);
  expect(failures(check('getCustomer', 200, {}))).toEqual(['CUST-SHAPE']);
  const company = check('listCustomers', 200, {
    customers: [{ customerAddress: { city: 'Utrecht', companyName: 'ACME' } }],
  }).find((x) => x.kind === 'failure')!;
  expect([company.rule, company.where, company.title]).toEqual([
    'ADDRESS-COMPANYNAME-CARD-ONLY',
    '/customers/0/customerAddress/companyName',
    '/customers/0/customerAddress/companyName must be absent (customer-list.json)',
  ]);
});

test('a member written null is read as absent, as drift, where the document does not state it present; where it does, the null breaks the rule that states it', () => {
  const customer = check('getCustomer', 200, {
    customerAccountNumber: '7000000002',
    customerBusinessReference: null,
    customerContact: { middleName: null },
    parentCustomerIdentifier: null,
  });
  expect(failures(customer)).toEqual([]);
  expect(drift(customer)).toEqual(
    ['/customerBusinessReference', '/customerContact/middleName', '/parentCustomerIdentifier'].map(
      (p) => `null written for an absent value at ${p}, read as absent (ASSUME-NULL-VALUES)`
    )
  );
  expect(
    drift(
      check('cardSearch', 200, {
        cards: [
          { cardIdentifier: 1, keyIdentifier: null },
          { cardIdentifier: 2, keyIdentifier: null },
        ],
        hasNextPage: false,
        nextCursor: null,
      })
    )
  ).toEqual([
    'null written for an absent value at /cards/*/keyIdentifier, read as absent (ASSUME-NULL-VALUES)',
    'null written for an absent value at /nextCursor, read as absent (ASSUME-NULL-VALUES)',
  ]);
  expect(failures(check('getSession', 404, { message: 'no such session', details: null }))).toEqual([]);
  const stated: [OperationId, number, unknown, string][] = [
    ['orderCards', 202, { orderReference: null }, 'CARD-ORDER-REFERENCE'],
    ['createSubCustomer', 200, { customerAccountNumber: null }, 'CUST-CREATE-RETURNS-NUMBER'],
    ['getCard', 400, { errorCode: 'ER-001', errorDescription: null }, 'ERR-STANDARD-BODY'],
    ['getSession', 404, { message: null }, 'SESSION-UNKNOWN-404'],
    [
      'getMasterData',
      200,
      {
        cardCategory: [],
        cardGroup: [],
        cardType: [],
        country: [],
        fuelProductRestriction: [],
        product: [],
        purchaseCategory: [],
        reason: [],
        status: [],
        region: null,
      },
      'MASTER-TEN-ARRAYS',
    ],
  ];
  for (const [operationId, status, body, rule] of stated)
    expect(failures(check(operationId, status, body)), JSON.stringify(body)).toEqual([rule]);
});

test('an undocumented session error status is read as the second error answer: {message} required', () => {
  expect(failures(check('getSession', 410, { message: 'gone' }))).toEqual([]);
  expect(failures(check('getSession', 410, { error: 'gone' }))).toEqual(['ERR-MESSAGE-BODY']);
});

test('a documented error code with another status fails (ER-001 belongs to 400, ER-012 to 500)', () => {
  expect(failures(check('getCustomer', 404, { errorCode: 'ER-001', errorDescription: 'x' }))).toEqual([
    'ERR-CODE-STATUS',
  ]);
  expect(failures(check('getCard', 400, { errorCode: 'ER-012', errorDescription: 'x' }))).toEqual(['ERR-CODE-STATUS']);
  expect(failures(check('orderCards', 400, [{ errorCode: 'ER-002', errorDescription: 'x' }]))).toEqual([]);
  expect(failures(check('getCard', 404, { errorCode: 'NOT_FOUND', errorDescription: 'x' }))).toEqual([]);
});

test('a cardPIN anywhere in a response fails, whatever the operation', () => {
  expect(failures(check('cardSearch', 200, { cards: [{ cardIdentifier: 1, cardPIN: '1234' }] }))).toContain(
    'CARD-PIN-NEVER-ECHOED'
  );
});

test('undocumented fields, error codes and values are drift', () => {
  expect(
    drift(check('getCard', 200, { cardIdentifier: 1, colour: 'blue', status: { id: 1, name: 'Active', since: 'x' } }))
  ).toEqual(['undocumented field /colour', 'undocumented field /status/since']);
  expect(drift(check('createSubCustomer', 400, { errorCode: 'ER-777', errorDescription: 'x' }))).toEqual([
    'undocumented value "ER-777" at errorCode',
  ]);
  expect(drift(check('blockCard', 200, { ok: true }))).toEqual(['undocumented field /ok']);
  expect(
    drift(
      check('geosearchRectangle', 200, {
        locations: [
          { evses: [{ capabilities: ['REMOTE_START_STOP_CAPABLE', 'RESERVABLE'], connectors: [{ any: 1 }] }] },
        ],
      })
    )
  ).toEqual(['undocumented value "REMOTE_START_STOP_CAPABLE" at /locations/*/evses/*/capabilities/*']);
});

test('the customer list page is read through the configured field names', () => {
  const renamed = { customerListFields: parseCustomerListFields('customers=items,nextCursor=next,hasNextPage=more') };
  const exchange: Exchange = {
    operationId: 'listCustomers',
    replayBaseUrl: 'http://127.0.0.1:4010',
    request: { method: 'GET', path: '/customers', headers: {}, auth: 'token' },
    response: {
      status: 200,
      headers: { 'content-type': 'application/json' },
      text: '{}',
      body: { items: [{ statusIdentifier: 'x' }], more: false },
      isJson: true,
    },
    startedAt: '',
    durationMs: 0,
  };
  const findings = runChecks({
    exchange,
    read: bodyAsRead(exchange, operation('listCustomers'), schemas),
    operation: operation('listCustomers'),
    schemas,
    secrets: new SecretRegistry(),
    config: renamed,
  });
  expect(failures(findings)).toEqual(['CUST-SHAPE']);
  expect(drift(findings)).toEqual([]);
});

test('an answer to GET /cards/{cardIdentifier} that is no Card breaks CARD-GET; a Card with a field of another type, CARD-SHAPE', () => {
  expect(failures(check('getCard', 200, { card: { cardIdentifier: 4000001 } }))).toEqual(['CARD-GET']);
  expect(failures(check('getCard', 200, { cardIdentifier: '4000001' }))).toEqual(['CARD-SHAPE']);
});

test('a 404 of a session breaks its own "404: {message: string}", and a details that is no array of strings the common message body', () => {
  expect(failures(check('getSession', 404, { error: 'no such session' }))).toEqual(['SESSION-UNKNOWN-404']);
  expect(failures(check('getSession', 404, { message: 'no such session', details: 'id unknown' }))).toEqual([
    'ERR-MESSAGE-BODY',
  ]);
});
