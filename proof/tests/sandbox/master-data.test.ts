import { expect, test } from '@playwright/test';
import { sandboxPerTest, schemaErrors, searchAll } from './core-harness.js';

const h = sandboxPerTest();

// biome-ignore lint/suspicious/noExplicitAny: the sandbox's answers, faulty shapes included, are read field by field as they came
type Row = Record<string, any>;
const KEYS = [
  'cardCategory',
  'cardGroup',
  'cardType',
  'country',
  'fuelProductRestriction',
  'product',
  'purchaseCategory',
  'reason',
  'region',
  'status',
];

/** Every broken link between master-data arrays, as text. */
function brokenLinks(m: Row): string[] {
  const ids = (key: string) => new Set((m[key] as Row[]).map((r) => r.id));
  const links: [string, string, string][] = [
    ['reason', 'cardTypeId', 'cardType'],
    ['cardGroup', 'cardTypeId', 'cardType'],
    ['cardType', 'defaultPurchaseCategoryId', 'purchaseCategory'],
    ['purchaseCategory', 'productRestrictionId', 'fuelProductRestriction'],
  ];
  return links.flatMap(([from, field, to]) =>
    (m[from] as Row[]).filter((r) => !ids(to).has(r[field])).map((r) => `${from} ${r.id}.${field} = ${r[field]}`)
  );
}

test('GET /master/all answers the ten arrays, valid against master-data.json, with unique ids', async () => {
  const res = await h.op('getMasterData');
  expect(res.status).toBe(200);
  expect(schemaErrors('getMasterData', res)).toEqual([]);
  expect(Object.keys(res.body).sort()).toEqual(KEYS);
  for (const key of KEYS) {
    expect(res.body[key].length, key).toBeGreaterThan(0);
    expect(new Set(res.body[key].map((r: Row) => r.id)).size, key).toBe(res.body[key].length);
  }
});

test('links between the arrays are consistent in both hierarchies', async () => {
  for (const auth of ['main', 'foreign'] as const) {
    expect(brokenLinks((await h.op('getMasterData', {}, { auth })).body), auth).toEqual([]);
  }
});

test('statuses: Active is 1; Blocked, Cancelled, Expired and Ordered exist', async () => {
  const { status } = (await h.op('getMasterData')).body;
  expect(status).toContainEqual({ id: 1, name: 'Active' });
  for (const name of ['Blocked', 'Cancelled', 'Expired', 'Ordered'])
    expect(status.map((s: Row) => s.name)).toContain(name);
});

test('the data depends on the top-level customer: the two hierarchies differ', async () => {
  const main = (await h.op('getMasterData')).body;
  const foreign = (await h.op('getMasterData', {}, { auth: 'foreign' })).body;
  expect(foreign).not.toEqual(main);
  const ids = (m: Row, key: string) => (m[key] as Row[]).map((r) => r.id);
  // Each holds a card type (with its own reasons) the other lacks.
  for (const key of ['cardType', 'reason']) {
    expect(
      ids(foreign, key).filter((id) => !ids(main, key).includes(id)),
      `${key} only the foreign hierarchy's`
    ).not.toEqual([]);
    expect(
      ids(main, key).filter((id) => !ids(foreign, key).includes(id)),
      `${key} only the main hierarchy's`
    ).not.toEqual([]);
  }
});

test('countries and regions are European, with two-letter upper-case country codes', async () => {
  const { country, region } = (await h.op('getMasterData')).body;
  const european = new Set([
    'AT',
    'BE',
    'BG',
    'CH',
    'CZ',
    'DE',
    'DK',
    'EE',
    'ES',
    'FI',
    'FR',
    'GB',
    'GR',
    'HR',
    'HU',
    'IE',
    'IT',
    'LT',
    'LU',
    'LV',
    'NL',
    'NO',
    'PL',
    'PT',
    'RO',
    'SE',
    'SI',
    'SK',
  ]);
  expect(country.filter((c: Row) => !european.has(c.countryCode))).toEqual([]);
  expect(region.length).toBeGreaterThanOrEqual(5);
});

test('every card carries card types, statuses, purchase categories, restrictions and products of its master data', async () => {
  for (const auth of ['main', 'foreign'] as const) {
    const m = (await h.op('getMasterData', {}, { auth })).body;
    const names = (key: string, field = 'name') => new Set((m[key] as Row[]).map((r) => r[field]));
    const statuses = new Set(m.status.map((s: Row) => `${s.id}/${s.name}`));
    const restrictions = new Set(m.fuelProductRestriction.map((r: Row) => `${r.id}/${r.name}`));
    const products = new Set(m.product.map((r: Row) => `${r.id}/${r.name}`));
    const pages = [];
    let cursor: string | undefined;
    do {
      const res = await h.op('cardSearch', {}, { auth, body: { limit: 200, ...(cursor ? { cursor } : {}) } });
      pages.push(...res.body.cards);
      cursor = res.body.hasNextPage ? res.body.nextCursor : undefined;
    } while (cursor);
    const violations = pages.flatMap((c: Row) =>
      [
        names('cardType').has(c.cardType) ? [] : [`${c.cardIdentifier} cardType ${c.cardType}`],
        statuses.has(`${c.status.id}/${c.status.name}`) ? [] : [`${c.cardIdentifier} status`],
        names('purchaseCategory').has(c.purchaseCategoryName) ? [] : [`${c.cardIdentifier} purchaseCategory`],
        restrictions.has(
          `${c.fuelProductRestriction.productRestrictionId}/${c.fuelProductRestriction.productRestrictionName}`
        )
          ? []
          : [`${c.cardIdentifier} restriction`],
        c.products.every((p: Row) => products.has(`${p.productId}/${p.productName}`))
          ? []
          : [`${c.cardIdentifier} products`],
      ].flat()
    );
    expect(pages.length, auth).toBeGreaterThan(0);
    expect(violations, auth).toEqual([]);
  }
  expect((await searchAll(h, {})).cards.length).toBeGreaterThan(150);
});
