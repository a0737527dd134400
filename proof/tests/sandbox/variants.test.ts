/**
 * The variant registry (sandbox/variants.ts): every register entry has an alternative, every
 * variant names what it varies, sandbox/README.md shows the same table, a bad SANDBOX_VARIANTS stops
 * with one line, and each variant changes what it claims (a probe against a clean sandbox).
 */
import { expect, test } from '@playwright/test';
import { assumptions } from '../../../lib/rules/assumptions.js';
import { readServerConfig } from '../../../sandbox/server-config.js';
import {
  alternatives,
  compatibleVariants,
  settingsOf,
  VariantConfigError,
  type VariantDefinition,
  type VariantId,
  variantCatalogue,
} from '../../../sandbox/variants.js';
import {
  type Answer,
  address,
  contact,
  createCustomer,
  defaults as d,
  form,
  type Harness,
  newCustomer,
  poolCards,
  reasonId,
  searchAll,
  startSandbox,
  TOKEN_PATH,
} from './core-harness.js';

const catalogue = variantCatalogue as Record<string, VariantDefinition>;

test('every entry of the assumptions register has at least one variant, and every variant varies an entry or a "not shown" of the document', () => {
  const varied = new Set(Object.values(catalogue).map((v) => v.varies));
  expect(assumptions.map((a) => a.id).filter((id) => !varied.has(id))).toEqual([]);
  const known = new Set(assumptions.map((a) => a.id));
  const bad = Object.entries(catalogue).filter(
    ([, v]) =>
      (v.varies.startsWith('ASSUME-') ? !known.has(v.varies) : !/not shown|latency targets/.test(v.varies)) ||
      v.description.length < 10
  );
  expect(bad.map(([id]) => id)).toEqual([]);
  const badSettings = Object.entries(catalogue).filter(
    ([, v]) =>
      Object.keys(v.suite ?? {}).some((k) => !k.startsWith('FLEET_')) ||
      Object.keys(v.env ?? {}).some((k) => !k.startsWith('SANDBOX_'))
  );
  expect(badSettings.map(([id]) => id)).toEqual([]);
});

test('SANDBOX_VARIANTS=all-compatible is every variant but the slow ones and all but the first of each group of alternatives, their settings apart', () => {
  const composite = compatibleVariants();
  expect(readServerConfig({ SANDBOX_VARIANTS: 'all-compatible' }).variants.ids).toEqual(composite);
  for (const group of alternatives) expect(group.filter((id) => composite.includes(id))).toEqual([group[0]]);
  expect(composite.filter((id) => catalogue[id]!.slow)).toEqual([]);
  expect(Object.keys(catalogue).length - composite.length).toBe(
    alternatives.reduce((n, g) => n + g.length - 1, 0) + Object.values(catalogue).filter((v) => v.slow).length
  );
  // Two variants that set one variable differently are alternatives: the composite sets each once.
  expect(() => settingsOf(composite)).not.toThrow();
  expect(() => settingsOf(['token-short-lived', 'token-keycloak-shape'])).toThrow(
    /^SANDBOX_VARIANTS: token-keycloak-shape sets SANDBOX_TOKEN_TTL=15 where another variant set 4: they are alternatives/
  );
});

test('an unknown SANDBOX_VARIANTS id stops the sandbox with one line naming it', () => {
  expect(() => readServerConfig({ SANDBOX_VARIANTS: 'extra-fields,no-such-variant' })).toThrow(VariantConfigError);
  expect(() => readServerConfig({ SANDBOX_VARIANTS: 'no-such-variant' })).toThrow(
    /^SANDBOX_VARIANTS: unknown variant "no-such-variant" \(the list is in sandbox\/variants.ts and sandbox\/README.md\)$/
  );
  expect(readServerConfig({ SANDBOX_VARIANTS: ' extra-fields , geo-empty-404 ' }).variants.ids).toEqual([
    'extra-fields',
    'geo-empty-404',
  ]);
});

/** What a variant changes, seen through the interface: the probe's value differs between a clean sandbox and one with the variant. */
type Probe = (h: Harness) => Promise<unknown>;

const geo = (h: Harness, query: Record<string, string | number>, body: unknown = {}) =>
  h.call('POST', '/locations/geosearch/rectangle', {
    query: { topLatitude: 52.75, bottomLatitude: 52.3, leftLongitude: 13.05, rightLongitude: 13.75, ...query },
    body,
  });
const session = (h: Harness, id: string, auth?: 'foreign') => h.call('GET', `/sessions/${id}`, auth ? { auth } : {});
const statusOf = (a: Answer) => a.status;
const shape = (a: Answer) => ({
  status: a.status,
  body: a.body,
  headers: Object.keys(a.headers).filter((k) => /cursor|retry|www-auth/.test(k)),
});
const swapCase = (text: string) =>
  [...text].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
const firstPoolCard = async (h: Harness) => (await h.call('GET', `/cards/${(await poolCards(h, 1))[0]}`)).body;
const cardsOfNewOrder = async (h: Harness) => {
  const acc = await createCustomer(h, 'order probe');
  const order = await h.call('POST', '/cards/order', {
    body: { customerAccountNumber: acc, cards: [{ cardTypeId: 1 }] },
  });
  const found = await h.call('POST', '/cards/search', { body: { orderReference: order.body.orderReference } });
  return { order: order.status, found: found.body.cards?.length };
};

/** What the caller is answered with the second client's cursors, of card search and of the customer list. */
const foreignCursors: Probe = async (h) => {
  const search = await h.call('POST', '/cards/search', { auth: 'foreign', body: { limit: 1 } });
  const list = await h.call('GET', '/customers', { auth: 'foreign', query: { limit: 1 } });
  const cards = await h.call('POST', '/cards/search', { body: { limit: 1, cursor: search.body.nextCursor } });
  const customers = await h.call('GET', '/customers', { query: { limit: 1, cursor: list.body.nextCursor } });
  return [cards.status, cards.body.cards?.length, customers.status, customers.body.customers?.length];
};

const probes: Record<VariantId, Probe> = {
  'extra-fields': async (h) => (await h.call('GET', '/master/all')).body.vendorExtension,
  'optional-fields-omitted': async (h) => Object.keys(await firstPoolCard(h)).sort(),
  'null-for-absent': async (h) => Object.keys((await session(h, d.sessionIds[0]!)).body).sort(),
  'defaults-omitted': async (h) => {
    const first = await h.call('POST', '/cards/search', { body: { limit: 1 } });
    return Object.keys(
      (await h.call('POST', '/cards/search', { body: { limit: 1, cursor: first.body.nextCursor } })).body
    ).sort();
  },
  'values-other-appear': async (h) => [
    (await h.call('POST', '/customers/subcustomer', { body: newCustomer('n'.repeat(311)) })).body.errorCode,
    (await session(h, d.sessionIds[0]!)).body.energy?.unit,
  ],
  'formats-other': async (h) => (await createCustomer(h, 'format probe')).slice(0, 3),
  'timestamps-other': async (h) => {
    const { startTime, duration } = (await session(h, d.sessionIds[0]!)).body;
    return [startTime, duration, (await geo(h, { count: 1 })).body.locations[0].evses[0].last_updated];
  },
  'rate-limit-429': async (h) => {
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await h.call('GET', '/master/all')).status);
    return statuses.filter((s) => s === 429).length;
  },
  'latency-doc': async () => 'slow: SANDBOX_LATENCY=doc is proved by the perf self-test',
  'latency-network': async () =>
    'slow: SANDBOX_NETWORK is proved by proof/tests/sandbox/network.test.ts, the perf gate behind it by the perf self-test',
  'token-short-lived': async () =>
    "SANDBOX_TOKEN_TTL=4 is the sandbox's own setting (proof/tests/sandbox/auth.test.ts)",
  'token-keycloak-shape': async (h) =>
    Object.keys(
      (
        await h.call('POST', TOKEN_PATH, {
          raw: form({ grant_type: 'client_credentials', client_id: d.clientId, client_secret: d.clientSecret }),
          auth: 'none',
        })
      ).body
    ).sort(),
  'error-bodies-other': async (h) => shape(await h.call('GET', '/cards/1', { auth: 'none' })),
  'unknown-nested-properties-ignored': async (h) => {
    const extra = { unlisted: 'x' };
    const nested = await h.call('POST', '/customers/subcustomer', {
      body: { ...newCustomer('nested probe'), customerContact: { ...contact, ...extra } },
    });
    const created =
      nested.status === 200
        ? (await h.call('GET', `/customers/${nested.body.customerAccountNumber}`)).body.customerContact
        : undefined;
    return {
      nested: nested.status,
      kept: created?.unlisted,
      top: (await h.call('POST', '/customers/subcustomer', { body: { ...newCustomer('top probe'), ...extra } })).status,
      filter: (await h.call('POST', '/cards/search', { body: { filter: extra } })).status,
    };
  },
  'rejections-other-statuses': async (h) =>
    statusOf(await h.call('POST', `/customers/${await createCustomer(h, 'refusal probe')}/unblock`, { body: {} })),
  'character-count-utf16': async (h) =>
    statusOf(await h.call('POST', '/customers/subcustomer', { body: newCustomer('😀'.repeat(200)) })),
  'text-stored-nfc': async (h) =>
    (await h.call('GET', `/customers/${await createCustomer(h, 'Zoe\u0308 nfc probe')}`)).body.customerName,
  'column-sizes-short': async (h) =>
    statusOf(
      await h.call('POST', `/cards/${(await poolCards(h, 1))[0]}/replace`, {
        body: { vehicleRegNumber: 'FC12345678X' },
      })
    ),
  'top-level-unreadable': async (h) => statusOf(await h.call('GET', `/customers/${d.topLevelCustomer}`)),
  'foreign-filter-empty': async (h) => [
    statusOf(await h.call('GET', '/customers', { query: { customerAccountNumber: d.foreignCustomer } })),
    (await h.call('POST', '/cards/search', { body: { customerAccountNumber: d.foreignCustomer } })).body.cards?.length,
  ],
  'foreign-filter-404': async (h) => [
    statusOf(await h.call('GET', '/customers', { query: { customerAccountNumber: d.foreignCustomer } })),
    statusOf(await h.call('POST', '/cards/search', { body: { customerAccountNumber: d.foreignCustomer } })),
  ],
  'foreign-body-400': async (h) => [
    statusOf(
      await h.call('POST', '/customers', {
        body: newCustomer('foreign parent probe', { customerAccountNumber: d.foreignCustomer }),
      })
    ),
    statusOf(
      await h.call('POST', '/cards/order', {
        body: { customerAccountNumber: d.foreignCustomer, cards: [{ cardTypeId: 1 }] },
      })
    ),
  ],
  'foreign-cursor-refused': foreignCursors,
  'foreign-cursor-empty-page': foreignCursors,
  'customer-list-envelope': async (h) =>
    Object.keys((await h.call('GET', '/customers', { query: { limit: 2 } })).body).sort(),
  'customer-list-bare-array': async (h) => shape(await h.call('GET', '/customers', { query: { limit: 2 } })).headers,
  'customer-list-link-header': async (h) => (await h.call('GET', '/customers', { query: { limit: 2 } })).headers.link,
  'customer-list-nested-paging': async (h) => {
    const { body } = await h.call('GET', '/customers', { query: { limit: 2 } });
    return [Object.keys(body).sort(), Object.keys(body.paging ?? {}).sort()];
  },
  'list-items-summary': async (h) =>
    Object.keys((await h.call('GET', '/customers', { query: { limit: 1 } })).body.customers[0]).sort(),
  'search-items-summary': async (h) =>
    Object.keys((await h.call('POST', '/cards/search', { body: { limit: 1 } })).body.cards[0]).sort(),
  'page-sizes-other': async (h) => (await h.call('POST', '/cards/search', { body: {} })).body.cards.length,
  'page-size-over-max-refused': async (h) => [
    (await h.call('POST', '/cards/search', { body: { limit: 101 } })).status,
    (await h.call('GET', '/customers', { query: { limit: 101 } })).status,
  ],
  'customer-statuses-other': async (h) => (await h.call('GET', '/customers/7000000012')).body.statusIdentifier,
  'count-open-sub-accounts': async (h) => {
    const parent = await createCustomer(h, 'count probe');
    await h.call(
      'POST',
      `/customers/${await createCustomer(h, 'closed child', { customerAccountNumber: parent })}/close`,
      { body: {} }
    );
    return (await h.call('GET', `/customers/${parent}`)).body.countOfSubAccounts;
  },
  'unmet-condition-no-op': async (h) =>
    statusOf(await h.call('POST', `/customers/${await createCustomer(h, 'no-op probe')}/unblock`, { body: {} })),
  'new-customer-pending': async (h) => {
    const acc = await createCustomer(h, 'pending probe');
    const shown = async () => (await h.call('GET', `/customers/${acc}`)).body.statusIdentifier;
    const created = await shown();
    await h.call('POST', `/customers/${acc}/block`, { body: {} });
    await h.call('POST', `/customers/${acc}/unblock`, { body: {} });
    return [created, await shown()];
  },
  'blocked-customer-frozen': async (h) => {
    const acc = await createCustomer(h, 'frozen probe');
    await h.call('POST', `/customers/${acc}/block`, { body: {} });
    return statusOf(
      await h.call('POST', `/customers/${acc}/updateDetail`, { body: { customerName: 'while blocked' } })
    );
  },
  'customer-block-cascades': async (h) => {
    const parent = await createCustomer(h, 'cascade probe');
    const child = await createCustomer(h, 'cascade child', { customerAccountNumber: parent });
    await h.call('POST', `/customers/${parent}/block`, { body: {} });
    return (await h.call('GET', `/customers/${child}`)).body.statusIdentifier;
  },
  'close-refused-with-cards': async (h) => {
    const acc = await createCustomer(h, 'close probe');
    await h.call('POST', '/cards/order', { body: { customerAccountNumber: acc, cards: [{ cardTypeId: 1 }] } });
    return statusOf(await h.call('POST', `/customers/${acc}/close`, { body: {} }));
  },
  'search-prefix-match': async (h) => {
    const acc = await createCustomer(h, 'Prefix Probe Haulage');
    const found = async (searchText: string) =>
      (
        (await h.call('GET', '/customers', { query: { searchText } })).body.customers as {
          customerAccountNumber: string;
        }[]
      ).some((c) => c.customerAccountNumber === acc);
    const number: string = (await firstPoolCard(h)).primaryVisualCardNumber;
    const cards = (
      await h.call('POST', '/cards/search', {
        body: { filter: { partialMatch: true, primaryVisualCardNumber: number.slice(2, -2) } },
      })
    ).body.cards as { primaryVisualCardNumber: string }[];
    return [
      await found('Prefix Pro'),
      await found('Probe'),
      await found('robe Haul'),
      await found(acc.slice(1)),
      cards.some((c) => c.primaryVisualCardNumber === number),
    ];
  },
  'top-level-not-a-parent': async (h) =>
    statusOf(
      await h.call('POST', '/customers/subcustomer', {
        body: newCustomer('top-level parent probe', { customerAccountNumber: d.topLevelCustomer }),
      })
    ),
  'busref-unique': async (h) => {
    await createCustomer(h, 'first holder', { customerBusinessReference: 'UNIQUE-PROBE' });
    return statusOf(
      await h.call('POST', '/customers/subcustomer', {
        body: newCustomer('second holder', { customerBusinessReference: 'UNIQUE-PROBE' }),
      })
    );
  },
  'address-from-master': async (h) =>
    statusOf(
      await h.call('POST', '/customers/subcustomer', {
        body: newCustomer('address probe', { customerAddress: { ...address, region: 'Utrecht' } }),
      })
    ),
  'email-tld-checked': async (h) =>
    statusOf(
      await h.call('POST', '/customers/subcustomer', {
        body: newCustomer('tld probe', { customerContact: { ...contact, emailAddress: 'eva@fleet.zqtest' } }),
      })
    ),
  'master-links-optional': async (h) => {
    const { reason, purchaseCategory } = (await h.call('GET', '/master/all')).body;
    return [
      reason.filter((r: { cardTypeId?: number }) => r.cardTypeId === undefined).length,
      purchaseCategory.filter((p: { productRestrictionId?: number }) => p.productRestrictionId === undefined).length,
    ];
  },
  'master-retired-values': async (h) => {
    const products = new Set((await h.call('GET', '/master/all')).body.product.map((p: { id: number }) => p.id));
    const { cards } = await searchAll(h, { limit: 200 });
    return cards.filter((c) => c.products.some((p: { productId: number }) => !products.has(p.productId))).length;
  },
  'card-statuses-other': async (h) => (await h.call('GET', '/master/all')).body.status.map((s: { id: number }) => s.id),
  'order-cards-later': cardsOfNewOrder,
  'card-cancel-strict': async (h) =>
    statusOf(await h.call('POST', `/cards/${(await poolCards(h, 1))[0]}/cancel`, { body: {} })),
  'unknown-filter-ids-match-nothing': async (h) =>
    shape(await h.call('POST', '/cards/search', { body: { cardTypeIdentifiers: [999_999], limit: 2 } })),
  'card-sort-grammar-other': async (h) =>
    statusOf(await h.call('POST', '/cards/search', { body: { sortExpression: 'status' } })),
  'card-filter-case-sensitive': async (h) =>
    (
      await h.call('POST', '/cards/search', {
        body: { filter: { driverName: swapCase((await firstPoolCard(h)).driverName) } },
      })
    ).body.cards.length,
  'search-values-validated': async (h) => {
    const acc = await createCustomer(h, 'values probe');
    const { orderReference } = (
      await h.call('POST', '/cards/order', { body: { customerAccountNumber: acc, cards: [{ cardTypeId: 1 }] } })
    ).body;
    const search = async (body: Record<string, unknown>) => (await h.call('POST', '/cards/search', { body })).status;
    return [
      await search({ orderReference }),
      await search({ orderReference: 'ORD-SEED-0010-001' }),
      await search({ orderReference: 'order 1' }),
      await search({ statusIdentifiers: [] }),
      await search({ filter: { partialMatch: true, driverName: '' } }),
    ];
  },
  'replacement-delayed': async (h) => {
    const [id] = await poolCards(h, 1);
    const before = (await h.call('POST', '/cards/search', { body: { limit: 200, statusIdentifiers: [1] } })).body
      .totalCount;
    await h.call('POST', `/cards/${id}/replace`, { body: {} });
    return (
      (await h.call('POST', '/cards/search', { body: { limit: 200, statusIdentifiers: [1] } })).body.totalCount - before
    );
  },
  'replace-combinations-checked': async (h) => {
    const [id] = await poolCards(h, 1);
    const offered = (await h.call('GET', `/customers/${d.poolCustomer}/cardTypes`)).body.length;
    // Card type 1's default purchase category is 2.
    return [
      offered,
      (await h.call('POST', `/cards/${id}/replace`, { body: { cardTypeId: 1, purchaseCategoryId: 3 } })).status,
    ];
  },
  'ended-unreadable': async (h) => {
    const acc = await createCustomer(h, 'ended probe');
    await h.call('POST', `/customers/${acc}/close`, { body: {} });
    const [id] = await poolCards(h, 1);
    await h.call('POST', `/cards/${id}/cancel`, { body: { statusReasonId: await reasonId(h) } });
    return [statusOf(await h.call('GET', `/customers/${acc}`)), statusOf(await h.call('GET', `/cards/${id}`))];
  },
  'replacement-next-day': async (h) => {
    const [id] = await poolCards(h, 1);
    const before = (await h.call('POST', '/cards/search', { body: { limit: 200, statusIdentifiers: [1] } })).body
      .totalCount;
    await h.call('POST', `/cards/${id}/replace`, { body: {} });
    // Longer than replacement-delayed's 3 s: the replacement is still not there.
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    return (
      (await h.call('POST', '/cards/search', { body: { limit: 200, statusIdentifiers: [1] } })).body.totalCount - before
    );
  },
  'card-search-cursor-position': async (h) => {
    // The first card of the second page, after the first card of the first page was blocked: the third card, unless the cursor is a position.
    const search = { customerAccountNumber: d.poolCustomer };
    const [, , third] = (await h.call('POST', '/cards/search', { body: { ...search, limit: 3 } })).body.cards;
    const first = await h.call('POST', '/cards/search', { body: { ...search, limit: 2 } });
    await h.call('POST', `/cards/${first.body.cards[0].cardIdentifier}/block`, {
      body: { statusReasonId: await reasonId(h) },
    });
    const second = await h.call('POST', '/cards/search', { body: { cursor: first.body.nextCursor } });
    return second.body.cards[0].cardIdentifier === third.cardIdentifier;
  },
  'snapshot-cursor': async (h) => {
    // A cursor sent with another customer's filter: refused (400), or the cursor's own search and list continued.
    const cards = await h.call('POST', '/cards/search', { body: { customerAccountNumber: d.poolCustomer, limit: 1 } });
    const other = await h.call('POST', '/cards/search', {
      body: { customerAccountNumber: d.topLevelCustomer, limit: 1, cursor: cards.body.nextCursor },
    });
    const list = await h.call('GET', '/customers', { query: { customerAccountNumber: d.topLevelCustomer, limit: 1 } });
    const otherList = await h.call('GET', '/customers', {
      query: {
        customerAccountNumber: list.body.customers[0].customerAccountNumber,
        limit: 1,
        cursor: list.body.nextCursor,
      },
    });
    return [
      other.status,
      other.body.customerAccountNumber,
      otherList.status,
      otherList.body.customers?.[0]?.parentCustomerAccountNumber,
    ];
  },
  'replaced-original-stays-blocked': async (h) => {
    const [id] = await poolCards(h, 1, 10);
    await h.call('POST', `/cards/${id}/replace`, { body: {} });
    return statusOf(await h.call('POST', `/cards/${id}/unblock`, { body: { statusReasonId: await reasonId(h) } }));
  },
  'order-validated-later': async (h) => {
    const acc = await createCustomer(h, 'later probe');
    const order = await h.call('POST', '/cards/order', {
      body: { customerAccountNumber: acc, cards: [{ cardTypeId: 1, products: [{ productId: 999 }] }] },
    });
    const found = await h.call('POST', '/cards/search', { body: { customerAccountNumber: acc } });
    return [order.status, found.body.cards?.length];
  },
  'order-validation-phased': async (h) =>
    (
      await h.call('POST', '/cards/order', { body: { cards: [{ cardTypeId: 1, products: [{ productId: 999 }] }] } })
    ).body.map?.((e: { errorCode: string }) => e.errorCode),
  'card-order-all-required': async (h) =>
    statusOf(
      await h.call('POST', '/cards/order', {
        body: { customerAccountNumber: await createCustomer(h, 'required probe'), cards: [{ cardTypeId: 1 }] },
      })
    ),
  'geo-param-names-other': async (h) => (await geo(h, { limit: 3 })).body.locations?.length,
  'geo-param-names-found': async (h) =>
    Promise.all(['maxResults', 'count'].map(async (name) => (await geo(h, { [name]: 3 })).body.locations?.length)),
  'geo-evse-status-other': async (h) =>
    (await geo(h, { count: 1 })).body.locations[0].evses.map((e: { status: string }) => e.status),
  'geo-connector-fields-other': async (h) =>
    Object.keys((await geo(h, { count: 1 })).body.locations[0].evses[0].connectors[0]).sort(),
  'geo-count-default-other': async (h) => (await geo(h, {})).body.locations.length,
  'geo-filters-per-location': async (h) =>
    (
      await geo(
        h,
        { count: 300 },
        {
          filters: { connectorStandards: ['CHADEMO'], capabilities: ['RESERVABLE'] },
          options: { includeAvailableOnly: true },
        }
      )
    ).body.locations.length,
  'geo-language-lenient': async (h) => statusOf(await geo(h, { count: 1, language: 'xx' })),
  'geo-aggregation-grid': async (h) => (await geo(h, { aggregate: 'true' })).body.aggregates.length,
  'geo-aggregates-whole-cells': async (h) =>
    (await geo(h, { aggregate: 'true', precision: 2 })).body.aggregates.reduce(
      (n: number, a: { count: number }) => n + a.count,
      0
    ),
  'geo-over-maximum-capped': async (h) => [
    statusOf(await geo(h, { count: 301 })),
    statusOf(await geo(h, { aggregate: 'true', precision: 10 })),
  ],
  'geo-empty-404': async (h) =>
    statusOf(
      await h.call('POST', '/locations/geosearch/rectangle', {
        query: { topLatitude: 45, bottomLatitude: 40, leftLongitude: -40, rightLongitude: -30 },
        body: {},
      })
    ),
  // Berlin finds nothing and answers 404; the whole map still shows locations, none of them in Europe.
  'geo-map-elsewhere': async (h) => {
    const world = await h.call('POST', '/locations/geosearch/rectangle', {
      query: { topLatitude: 90, bottomLatitude: -90, leftLongitude: -180, rightLongitude: 180, count: 300 },
      body: {},
    });
    const european = (world.body.locations as { coordinates: { latitude: string } }[]).filter(
      (l) => Number(l.coordinates.latitude) > 34
    ).length;
    return [statusOf(await geo(h, {})), world.body.locations.length > 0, european];
  },
  'session-failed-started': async (h) =>
    (await Promise.all(d.sessionIds.map((id) => session(h, id))))
      .filter((a) => a.body.sessionStatus === 'FAILED')
      .map((a) => a.body.chargingKeyType),
  'session-refund-positive': async (h) =>
    (await Promise.all(d.sessionIds.map((id) => session(h, id))))
      .filter((a) => a.body.balanceStatus === 'REFUND')
      .map((a) => a.body.balanceAmountMinor),
  'session-payment-values-other': async (h) =>
    (await Promise.all(d.sessionIds.map((id) => session(h, id)))).map((a) =>
      [
        a.body.paymentMethod,
        ...(a.body.transactions ?? []).map((t: { paymentMethod: string }) => t.paymentMethod),
      ].join()
    ),
  'session-access-own-only': async (h) => statusOf(await session(h, d.sessionIds[0]!, 'foreign')),
  'session-malformed-id-400': async (h) => statusOf(await session(h, 'not-a-uuid')),
  'session-ids-other-shape': async (h) => [
    statusOf(await session(h, d.sessionIds[0]!)),
    (await session(h, 'CS-000001')).body.sessionId,
  ],
};

/** Variants whose difference a short probe cannot show (a latency profile, a token lifetime: settings the sandbox has anyway). */
const settingsOnly = new Set<string>(['latency-doc', 'latency-network', 'token-short-lived']);

/** One clean sandbox per worker for every probe (probes take fresh resources); a worker may come back to this file after closing it. */
let clean: Promise<Harness> | undefined;
test.afterAll(async () => {
  const closing = clean;
  clean = undefined;
  if (closing) await (await closing).close();
});

for (const id of Object.keys(catalogue) as VariantId[]) {
  test(`variant ${id} changes what it claims`, async () => {
    test.skip(settingsOnly.has(id), `${id} is a setting of the sandbox (${JSON.stringify(catalogue[id]!.env)})`);
    const variant = await startSandbox({ variants: [id] });
    try {
      clean ??= startSandbox();
      const [onClean, onVariant] = await Promise.all([probes[id](await clean), probes[id](variant)]);
      expect(onVariant, `${id}: ${catalogue[id]!.description}`).not.toEqual(onClean);
    } finally {
      await variant.close();
    }
  });
}
