import { expect, test } from '@playwright/test';
import { ConfigError, loadConfig } from '../../../lib/config.js';
import { documentedPage, guessCustomerListFields, parseCustomerListFields, type PageAnswer } from '../../../lib/list-page.js';

const json = { 'content-type': 'application/json' };
const answer = (body: unknown, headers: Record<string, string> = {}): PageAnswer => ({ body, headers: { ...json, ...headers } });
const read = (setting: string | undefined, a: PageAnswer) => documentedPage(a, parseCustomerListFields(setting));

test('the default reads the card list\'s shape', () => {
  expect(read(undefined, answer({ customers: [{ customerAccountNumber: '1' }], hasNextPage: true, nextCursor: 'c2', totalCount: 9 }))).toEqual({
    fits: true, page: { customers: [{ customerAccountNumber: '1' }], hasNextPage: true, nextCursor: 'c2', totalCount: 9 },
  });
});

test('nested paths: the page under the documented names, what else it holds kept beside them', () => {
  const page = answer({ data: [{}], paging: { next: 'c2', more: true, total: 3 } });
  expect(read('customers=data,nextCursor=paging.next,hasNextPage=paging.more', page)).toEqual({
    fits: true, page: { customers: [{}], hasNextPage: true, nextCursor: 'c2', paging: { total: 3 } },
  });
});

test('a bare array with the cursor in a header: more pages while the header is there', () => {
  const setting = 'customers=.,nextCursor=header:X-Next-Cursor,hasNextPage=none';
  expect(read(setting, answer([{}], { 'x-next-cursor': 'c2' }))).toEqual({ fits: true, page: { customers: [{}], hasNextPage: true, nextCursor: 'c2' } });
  expect(read(setting, answer([{}]))).toEqual({ fits: true, page: { customers: [{}], hasNextPage: false } });
});

test('a Link header and a negated flag', () => {
  const link = { link: '</customers?limit=2&cursor=abc>; rel="next", </customers?limit=2>; rel="first"' };
  expect(read('customers=.,nextCursor=link:next,hasNextPage=link:next', answer([], link))).toEqual({ fits: true, page: { customers: [], hasNextPage: true, nextCursor: 'abc' } });
  expect(read('customers=items,nextCursor=cursor,hasNextPage=!lastPage', answer({ items: [], lastPage: true }))).toEqual({ fits: true, page: { customers: [], hasNextPage: false } });
});

test('a page that does not fit says what it saw, and a setting that would read it is guessed', () => {
  const bare = answer([{ customerAccountNumber: '1' }], { 'x-next-cursor': 'c2' });
  const misfit = read(undefined, bare);
  expect(misfit.fits).toBe(false);
  expect(misfit.fits ? '' : misfit.why).toMatch(/answered a JSON array: FLEET_CUSTOMER_LIST_FIELDS=customers=customers,.* finds no array of customers at customers/);
  const guess = guessCustomerListFields(bare)!;
  expect(guess).toBe('customers=.,nextCursor=header:x-next-cursor,hasNextPage=none');
  expect(read(guess, bare).fits).toBe(true);
  const envelope = answer({ data: [], paging: { nextCursor: 'c2', hasMore: true } });
  expect(guessCustomerListFields(envelope)).toBe('customers=data,nextCursor=paging.nextCursor,hasNextPage=paging.hasMore');
});

const bad: [string, RegExp][] = [
  ['items', /^FLEET_CUSTOMER_LIST_FIELDS: "items" is not customers=<path>/],
  ['customers=a..b', /^FLEET_CUSTOMER_LIST_FIELDS: customers="a..b" is not a property path/],
  ['customers=.', /^FLEET_CUSTOMER_LIST_FIELDS: customers=\. makes the page a bare array/],
  ['customers=.,nextCursor=header:x y,hasNextPage=none', /^FLEET_CUSTOMER_LIST_FIELDS: "nextCursor=header:x y" is not/],
  ['nextCursor=.', /^FLEET_CUSTOMER_LIST_FIELDS: nextCursor=\. names the body itself/],
];
for (const [value, message] of bad) {
  test(`FLEET_CUSTOMER_LIST_FIELDS=${value} stops with one line`, () => {
    expect(() => loadConfig({ FLEET_CUSTOMER_LIST_FIELDS: value })).toThrow(ConfigError);
    expect(() => loadConfig({ FLEET_CUSTOMER_LIST_FIELDS: value })).toThrow(message);
  });
}
