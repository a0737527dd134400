import { expect, type TestInfo, test } from '@playwright/test';
import { forRule } from '../../../fixtures/test.js';
import { ConfigError, loadConfig } from '../../../lib/config.js';
import { customerPage, nextCursorOf } from '../../../lib/discovery.js';
import { ConfigurationNotice, NotRunError, TestLedger, WorkerLedger } from '../../../lib/ledger.js';
import {
  documentedPage,
  guessCustomerListFields,
  type PagePlaces,
  parseCustomerListFields,
  placesText,
} from '../../../lib/list-page.js';
import type { PageAnswer } from '../../../lib/list-page-places.js';
import { SecretRegistry } from '../../../lib/report/redact.js';
import { NOTICE_ANNOTATION } from '../../../lib/rules/assumptions.js';
import { failWith } from './failures.js';

const json = { 'content-type': 'application/json' };
const answer = (body: unknown, headers: Record<string, string> = {}, path = '/customers?limit=2'): PageAnswer => ({
  body,
  headers: { ...json, ...headers },
  exchange: { request: { path } },
});
/** A reading as compared here: the page, where it was read (as a setting), why a walk cannot go on past it; or why it does not fit. */
function read(
  setting: string | undefined,
  a: PageAnswer,
  before?: PagePlaces
): { page?: unknown; reads?: string; unfollowable?: string; why?: string } {
  const r = documentedPage(a, parseCustomerListFields(setting), before);
  return r.fits
    ? { page: r.page, reads: placesText(r.places), ...(r.unfollowable ? { unfollowable: r.unfollowable } : {}) }
    : { why: r.why };
}
const two = [{ customerAccountNumber: '1' }, { customerAccountNumber: '2' }];

test("unset, the card list's shape is found at the top level", () => {
  expect(
    read(
      undefined,
      answer({
        customers: [{ customerAccountNumber: '1' }],
        hasNextPage: true,
        lastPage: false,
        nextCursor: 'c2',
        totalCount: 9,
      })
    )
  ).toEqual({
    page: {
      customers: [{ customerAccountNumber: '1' }],
      hasNextPage: true,
      nextCursor: 'c2',
      lastPage: false,
      totalCount: 9,
    },
    reads: 'customers=customers,hasNextPage=hasNextPage,nextCursor=nextCursor',
  });
  expect(parseCustomerListFields(undefined).text).toBe('customers, nextCursor, hasNextPage found in each answer');
});

test("unset, paging fields one level down are found: the nested page of another team's server reads whole, its last page too", () => {
  const first = answer({
    customers: two,
    paging: { limit: 2, offset: 0, totalCount: 3, hasNextPage: true, nextCursor: 'c2' },
  });
  expect(read(undefined, first)).toEqual({
    page: { customers: two, hasNextPage: true, nextCursor: 'c2', paging: { limit: 2, offset: 0, totalCount: 3 } },
    reads: 'customers=customers,hasNextPage=paging.hasNextPage,nextCursor=paging.nextCursor',
  });
  expect(
    read(
      undefined,
      answer({ customers: [{}], paging: { limit: 2, offset: 2, totalCount: 3, hasNextPage: false, nextCursor: null } })
    )
  ).toEqual({
    page: { customers: [{}], hasNextPage: false, paging: { limit: 2, offset: 2, totalCount: 3 } },
    reads: 'customers=customers,hasNextPage=paging.hasNextPage,nextCursor=paging.nextCursor',
  });
  expect(customerPage(first, parseCustomerListFields(undefined))).toMatchObject({
    hasNextPage: true,
    nextCursor: 'c2',
  });
});

test("unset: the top level before one level down; names of the same kind; a negated last page; the page's only array", () => {
  expect(
    read(undefined, answer({ customers: two, hasNextPage: false, paging: { more: true, next: 'x' } }))
  ).toMatchObject({ page: { hasNextPage: false, nextCursor: 'x' } });
  expect(read(undefined, answer({ results: two, meta: { next_cursor: 'c2' }, page: { more: true } }))).toMatchObject({
    page: { customers: two, hasNextPage: true, nextCursor: 'c2' },
    reads: 'customers=results,hasNextPage=page.more,nextCursor=meta.next_cursor',
  });
  expect(read(undefined, answer({ data: { items: two }, lastPage: true }))).toMatchObject({
    page: { customers: two, hasNextPage: false },
    reads: 'customers=data.items,hasNextPage=!lastPage',
  });
  expect(read(undefined, answer({ a: [], b: [] }))).toHaveProperty('why');
});

test('unset: a cursor in a header or a Link rel="next"; a URL is no cursor', () => {
  expect(read(undefined, answer(two, { 'x-next-cursor': 'c2' }))).toEqual({
    page: { customers: two, hasNextPage: true, nextCursor: 'c2' },
    reads: 'customers=.,nextCursor=header:x-next-cursor',
  });
  expect(
    read(undefined, answer({ items: two, lastPage: false }, { link: '</customers?limit=2&cursor=abc>; rel="next"' }))
  ).toMatchObject({ page: { hasNextPage: true, nextCursor: 'abc' } });
  expect(
    read(undefined, answer({ data: two, links: { next: 'https://fleet.example/customers?cursor=abc' } }))
  ).toMatchObject({
    reads: 'customers=data',
    unfollowable: expect.stringMatching(/a full page shows neither a next cursor nor a more-pages flag/),
  });
});

test('a full page with no next-page field is never the whole list: a configuration notice; a page that is not full is the last', () => {
  expect(read(undefined, answer({ data: two, total: 9 })).unfollowable).toBe(
    "customer list: a full page shows neither a next cursor nor a more-pages flag, and the document does not show the page's shape: set FLEET_CUSTOMER_LIST_FIELDS (this page reads with customers=data,nextCursor=<its place>,hasNextPage=<its place, or none>)"
  );
  expect(read(undefined, answer({ data: two }, {}, '/customers?limit=3'))).toEqual({
    page: { customers: two },
    reads: 'customers=data',
  });
  // Without a limit the page is full at the document's default, 50; or at the page size the page says it used.
  expect(read(undefined, answer({ data: two }, {}, '/customers'))).not.toHaveProperty('unfollowable');
  expect(read(undefined, answer({ data: two, meta: { pageSize: 2 } }, {}, '/customers?limit=200'))).toHaveProperty(
    'unfollowable'
  );
  expect(read(undefined, answer({ data: [{}], paging: { hasMore: true } })).unfollowable).toMatch(
    /^customer list: a page says more pages follow but shows no next cursor, .* \(this page reads with customers=data,hasNextPage=paging.hasMore,nextCursor=<its place>\)$/
  );
});

test('a walk reads a last page that leaves out the next-page fields its page before showed: absent, they say no more follow', () => {
  const first = documentedPage(answer(two, { 'x-next-cursor': 'c2' }), parseCustomerListFields(undefined));
  const before = first.fits ? first.places : undefined;
  expect(read(undefined, answer(two), before)).toEqual({
    page: { customers: two, hasNextPage: false },
    reads: 'customers=.,nextCursor=header:x-next-cursor',
  });
  expect(read(undefined, answer(two))).toHaveProperty('unfollowable');
  const flagged = documentedPage(
    answer({ data: two, paging: { more: true, next: 'c2' } }),
    parseCustomerListFields(undefined)
  );
  expect(
    read(undefined, answer({ data: two, paging: { more: true } }), flagged.fits ? flagged.places : undefined)
      .unfollowable
  ).toMatch(/a page says more pages follow but shows no next cursor/);
});

test('a set field is used as is, and only what is left out is found', () => {
  const page = answer({ data: two, paging: { next: 'c2', more: true, total: 3 } });
  expect(read('customers=data,nextCursor=paging.next,hasNextPage=paging.more', page)).toEqual({
    page: { customers: two, hasNextPage: true, nextCursor: 'c2', paging: { total: 3 } },
    reads: 'customers=data,hasNextPage=paging.more,nextCursor=paging.next',
  });
  expect(read('customers=data', page)).toMatchObject({ page: { hasNextPage: true, nextCursor: 'c2' } });
  expect(parseCustomerListFields('customers=data').text).toBe(
    'customers=data; nextCursor, hasNextPage found in each answer'
  );
  // Set: a full last page without the header is the last page, as hasNextPage=none says.
  const setting = 'customers=.,nextCursor=header:X-Next-Cursor,hasNextPage=none';
  expect(read(setting, answer(two, { 'x-next-cursor': 'c2' }))).toEqual({
    page: { customers: two, hasNextPage: true, nextCursor: 'c2' },
    reads: 'customers=.,hasNextPage=none,nextCursor=header:x-next-cursor',
  });
  expect(read(setting, answer(two))).toEqual({
    page: { customers: two, hasNextPage: false },
    reads: 'customers=.,hasNextPage=none,nextCursor=header:x-next-cursor',
  });
  const link = { link: '</customers?limit=2&cursor=abc>; rel="next", </customers?limit=2>; rel="first"' };
  expect(read('customers=.,nextCursor=link:next,hasNextPage=link:next', answer([], link))).toMatchObject({
    page: { customers: [], hasNextPage: true, nextCursor: 'abc' },
  });
  expect(
    read('customers=items,nextCursor=cursor,hasNextPage=!lastPage', answer({ items: [], lastPage: true }))
  ).toMatchObject({ page: { customers: [], hasNextPage: false } });
});

test('a page of no customer that leaves its empty array out (proto3) is an empty page', () => {
  expect(read(undefined, answer({ lastPage: true }))).toMatchObject({ page: { customers: [], hasNextPage: false } });
  expect(read('customers=data,nextCursor=cursor,hasNextPage=more', answer({}))).toMatchObject({
    page: { customers: [] },
  });
});

test('a page whose customers are not found says what it saw, and a setting that would read it is guessed', () => {
  const bare = answer([{ customerAccountNumber: '1' }], { 'x-next-cursor': 'c2' });
  expect(read('customers=customers', bare)).toEqual({
    why: 'the customer list answered a JSON array: FLEET_CUSTOMER_LIST_FIELDS sets customers=customers, which holds no array',
  });
  const guess = guessCustomerListFields(bare)!;
  expect(guess).toBe('customers=.,nextCursor=header:x-next-cursor,hasNextPage=none');
  expect(read(guess, bare)).toHaveProperty('page');
  expect(read(undefined, answer({ data: [], errors: [] }))).toEqual({
    why: "the customer list answered an object with data, errors: no array of customers found (a customers property, a body that is an array, or the page's only array)",
  });
  const envelope = answer({ data: [], paging: { nextCursor: 'c2', hasMore: true } });
  expect(guessCustomerListFields(envelope)).toBe(
    'customers=data,nextCursor=paging.nextCursor,hasNextPage=paging.hasMore'
  );
});

test('a walk past a full page with no next-page field ends the test not run, with the notice said, never red: inside forRule too', async () => {
  const page = customerPage(answer({ data: two }), parseCustomerListFields(undefined));
  const stopped = await forRule('CUST-STATUS-ACTIVE-1', () => nextCursorOf(page)).catch((e: unknown) => e);
  expect(stopped).toBeInstanceOf(ConfigurationNotice);
  expect(stopped).toBeInstanceOf(NotRunError);
  const error = stopped as ConfigurationNotice;
  const ledger = new TestLedger(
    new Set(['CUST-STATUS-ACTIVE-1']),
    new WorkerLedger(new SecretRegistry(), 'http://127.0.0.1:4010'),
    'a test'
  );
  const info = {
    status: 'failed',
    expectedStatus: 'passed',
    annotations: [] as TestInfo['annotations'],
    tags: [] as string[],
    timeout: 60_000,
    retry: 0,
    project: { retries: 1 },
    errors: [] as TestInfo['errors'],
    attach: async () => undefined,
  } as unknown as TestInfo;
  info.errors.push(...failWith(info, [error]));
  await ledger.settle(info);
  expect(info.status).toBe('skipped');
  expect(info.annotations.map((a) => a.type)).toEqual(['not run', 'skip', NOTICE_ANNOTATION]);
  expect(info.annotations.at(-1)!.description).toBe(`ASSUME-CUSTOMER-LIST-PAGE: ${page.unfollowable}`);
});

const bad: [string, RegExp][] = [
  ['items', /^FLEET_CUSTOMER_LIST_FIELDS: "items" is not customers=<path>/],
  ['customers=a..b', /^FLEET_CUSTOMER_LIST_FIELDS: customers="a..b" is not a property path/],
  ['customers=.,nextCursor=next', /^FLEET_CUSTOMER_LIST_FIELDS: customers=\. makes the page a bare array/],
  ['customers=.,nextCursor=header:x y,hasNextPage=none', /^FLEET_CUSTOMER_LIST_FIELDS: "nextCursor=header:x y" is not/],
  ['nextCursor=.', /^FLEET_CUSTOMER_LIST_FIELDS: nextCursor=\. names the body itself/],
];
for (const [value, message] of bad) {
  test(`FLEET_CUSTOMER_LIST_FIELDS=${value} stops with one line`, () => {
    expect(() => loadConfig({ FLEET_CUSTOMER_LIST_FIELDS: value })).toThrow(ConfigError);
    expect(() => loadConfig({ FLEET_CUSTOMER_LIST_FIELDS: value })).toThrow(message);
  });
}
