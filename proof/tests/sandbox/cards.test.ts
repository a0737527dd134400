import { expect, test } from '@playwright/test';
import { CARD_SEARCH_DEFAULT_LIMIT, CARD_SEARCH_MAX_LIMIT } from '../../../sandbox/routes/cards.js';
import {
  address,
  createCustomer,
  defaults as d,
  poolCards,
  reasonId,
  sandboxPerTest,
  schemaErrors,
  searchAll,
} from './core-harness.js';

const h = sandboxPerTest();

// biome-ignore lint/suspicious/noExplicitAny: the sandbox's answers, faulty shapes included, are read field by field as they came
type Card = Record<string, any>;

const card = async (id: number): Promise<Card> => (await h.op('getCard', { cardIdentifier: id })).body;
const statusOf = async (id: number) => (await card(id)).status.name as string;
const ACTIVE = 1;

test.describe('seed', () => {
  test('at least 150 cards over several statuses; the pool holds at least 80 Active cards; every field populated', async () => {
    const { cards } = await searchAll(h, { limit: 200 });
    expect(cards.length).toBeGreaterThanOrEqual(150);
    const statuses = new Set(cards.map((c) => c.status.name));
    for (const name of ['Active', 'Blocked', 'Cancelled', 'Expired', 'Ordered']) expect(statuses).toContain(name);
    const pool = await poolCards(h, 80);
    expect(pool).toHaveLength(80);
    // One assertion over every card (thousands of single expects are slow): the list of violations.
    const owners = new Set<string>();
    const violations: string[] = [];
    for (const c of cards) {
      const v = (ok: boolean, what: string) => {
        if (!ok) violations.push(`${c.cardIdentifier}: ${what}`);
      };
      v(
        schemaErrors('getCard', { status: 200, body: c, text: '', contentType: undefined, headers: {} }).length === 0,
        'schema'
      );
      for (const field of [
        'cardType',
        'primaryVisualCardNumber',
        'secondaryCardNumber',
        'keyIdentifier',
        'driverName',
        'vehicleRegNumber',
        'additionalEmbossing',
        'purchaseCategoryName',
        'orderDate',
        'expiryDate',
      ]) {
        v(typeof c[field] === 'string' && c[field] !== '', `${field} empty`);
      }
      for (const field of ['primaryVisualCardNumber', 'secondaryCardNumber', 'keyIdentifier'])
        v(/^\d+$/.test(c[field]), `${field} not digits`);
      v(c.orderDate < c.expiryDate, 'expires before its order');
      v(c.products.length > 0, 'no products');
      v(!!c.cardDeliveryAddress.companyName, 'no companyName');
      v(Object.keys(c.cardDeliveryContact).length === 6, 'contact incomplete');
      owners.add(c.cardDeliveryAddress.companyName);
    }
    expect(violations).toEqual([]);
    expect(owners.size).toBeGreaterThan(20);
    expect(new Set(cards.map((c) => c.primaryVisualCardNumber)).size).toBe(cards.length);
  });

  test('the foreign hierarchy has cards of its own', async () => {
    expect((await h.op('cardSearch', {}, { body: { customerAccountNumber: d.foreignCustomer } })).status).toBe(403);
    const foreign = await h.op(
      'cardSearch',
      {},
      { auth: 'foreign', body: { customerAccountNumber: d.foreignCustomer } }
    );
    expect(foreign.status).toBe(200);
    expect(foreign.body.cards.length).toBeGreaterThan(0);
  });
});

test.describe('GET /cards/{cardIdentifier}', () => {
  test('answers the Card; a non-integer identifier 400, unknown 404, foreign 403', async () => {
    const [id] = await poolCards(h, 1);
    const res = await h.op('getCard', { cardIdentifier: id! });
    expect(res.status).toBe(200);
    expect(schemaErrors('getCard', res)).toEqual([]);
    expect(res.body.cardIdentifier).toBe(id);
    expect(res.body.status).toEqual({ id: ACTIVE, name: 'Active' });
    for (const bad of ['abc', '1.5', '12abc']) {
      const r = await h.call('GET', `/cards/${bad}`);
      expect(r.status, bad).toBe(400);
      expect(r.body.errorCode).toBe('ER-001');
    }
    expect((await h.op('getCard', { cardIdentifier: 999_999_999 })).status).toBe(404);
    const foreign = await h.op('cardSearch', {}, { auth: 'foreign', body: { limit: 1 } });
    const foreignId = foreign.body.cards[0].cardIdentifier;
    expect((await h.op('getCard', { cardIdentifier: foreignId })).status).toBe(403);
    expect((await h.op('getCard', { cardIdentifier: foreignId }, { auth: 'foreign' })).status).toBe(200);
  });
});

test.describe('POST /cards/search', () => {
  test('default: all cards of the hierarchy, Active first then by cardIdentifier, 50 per page', async () => {
    const first = await h.op('cardSearch', {}, { body: {} });
    expect(first.status).toBe(200);
    expect(schemaErrors('cardSearch', first)).toEqual([]);
    expect(first.body.cards).toHaveLength(CARD_SEARCH_DEFAULT_LIMIT);
    expect(first.body.customerAccountNumber).toBe(d.topLevelCustomer);
    const { cards, pages } = await searchAll(h, {});
    expect(cards.length).toBe(first.body.totalCount);
    expect(new Set(cards.map((c) => c.cardIdentifier)).size).toBe(cards.length);
    const firstInactive = cards.findIndex((c) => c.status.id !== ACTIVE);
    expect(firstInactive).toBeGreaterThan(0);
    expect(cards.slice(firstInactive).every((c) => c.status.id !== ACTIVE)).toBe(true);
    const ids = (list: Card[]) => list.map((c) => c.cardIdentifier);
    expect(ids(cards.slice(0, firstInactive))).toEqual([...ids(cards.slice(0, firstInactive))].sort((a, b) => a - b));
    expect(ids(cards.slice(firstInactive))).toEqual([...ids(cards.slice(firstInactive))].sort((a, b) => a - b));
    for (const p of pages.slice(0, -1))
      expect(p.body).toMatchObject({ hasNextPage: true, lastPage: false, nextCursor: expect.any(String) });
    const last = pages.at(-1)!.body;
    expect(last.hasNextPage).toBe(false);
    expect(last.lastPage).toBe(true);
    expect(last.nextCursor).toBeUndefined();
    expect(pages.every((p) => p.body.totalCount === cards.length)).toBe(true);
  });

  test('limit: minimum 1, honoured, capped at the maximum page size; unknown properties refused', async () => {
    for (const body of [
      { limit: 0 },
      { limit: -3 },
      { limit: 'ten' },
      { limit: 2.5 },
      { unknown: 1 },
      { filter: 'x' },
    ]) {
      const res = await h.op('cardSearch', {}, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errorCode).toBe('ER-001');
    }
    expect((await h.op('cardSearch', {}, { body: { limit: 3 } })).body.cards).toHaveLength(3);
    const big = await h.op('cardSearch', {}, { body: { limit: 10_000 } });
    expect(big.body.cards).toHaveLength(CARD_SEARCH_MAX_LIMIT);
    expect(big.body.totalCount).toBeGreaterThan(CARD_SEARCH_MAX_LIMIT);
  });

  test('customerAccountNumber: the cards of exactly that customer; foreign 403, unknown 404', async () => {
    const { cards } = await searchAll(h, { customerAccountNumber: d.poolCustomer });
    const pool = await h.op('getCustomer', { customerAccountNumber: d.poolCustomer });
    expect(cards.length).toBeGreaterThan(80);
    expect(cards.every((c) => c.cardDeliveryAddress.companyName === pool.body.customerName)).toBe(true);
    const res = await h.op('cardSearch', {}, { body: { customerAccountNumber: d.poolCustomer, limit: 1 } });
    expect(res.body.customerAccountNumber).toBe(d.poolCustomer);
    // A depth-1 customer with sub-customers: its own cards only.
    const withSubs = (
      await h.op('listCustomers', {}, { query: { customerAccountNumber: d.topLevelCustomer } })
    ).body.customers.find((c: Card) => c.countOfSubAccounts > 0 && c.customerAccountNumber !== d.poolCustomer);
    const own = await searchAll(h, { customerAccountNumber: withSubs.customerAccountNumber });
    expect(own.cards.every((c) => c.cardDeliveryAddress.companyName === withSubs.customerName)).toBe(true);
    expect((await h.op('cardSearch', {}, { body: { customerAccountNumber: d.foreignCustomer } })).status).toBe(403);
    expect((await h.op('cardSearch', {}, { body: { customerAccountNumber: '7999999999' } })).status).toBe(404);
  });

  test('statusIdentifiers and cardTypeIdentifiers filter by master-data ids; unknown ids 400', async () => {
    const master = (await h.op('getMasterData')).body;
    const { cards: all } = await searchAll(h, { limit: 200 });
    const blocked = master.status.find((s: Card) => s.name === 'Blocked').id;
    const { cards } = await searchAll(h, { statusIdentifiers: [blocked] });
    expect(cards.length).toBe(all.filter((c) => c.status.id === blocked).length);
    expect(cards.every((c) => c.status.id === blocked)).toBe(true);
    const type = master.cardType[1];
    const byType = await searchAll(h, { cardTypeIdentifiers: [type.id] });
    expect(byType.cards.length).toBe(all.filter((c) => c.cardType === type.name).length);
    expect(byType.cards.every((c) => c.cardType === type.name)).toBe(true);
    const both = await searchAll(h, { cardTypeIdentifiers: [type.id], statusIdentifiers: [ACTIVE] });
    expect(both.cards.length).toBe(all.filter((c) => c.cardType === type.name && c.status.id === ACTIVE).length);
    expect((await h.op('cardSearch', {}, { body: { statusIdentifiers: [99] } })).status).toBe(400);
    expect((await h.op('cardSearch', {}, { body: { cardTypeIdentifiers: [99] } })).status).toBe(400);
  });

  test('filter: partialMatch true matches part of the value, otherwise the whole value, case-insensitively', async () => {
    const [id] = await poolCards(h, 1, 5);
    const c = await card(id!);
    for (const field of ['primaryVisualCardNumber', 'driverName', 'vehicleRegNumber'] as const) {
      const value: string = c[field];
      const whole = await searchAll(h, { filter: { [field]: value.toUpperCase() } });
      expect(
        whole.cards.map((x) => x.cardIdentifier),
        field
      ).toContain(id);
      expect(whole.cards.every((x) => x[field].toLowerCase() === value.toLowerCase())).toBe(true);
      const part = value.slice(1, -1).toLowerCase();
      expect((await searchAll(h, { filter: { [field]: part } })).cards.map((x) => x.cardIdentifier)).not.toContain(id);
      expect(
        (await searchAll(h, { filter: { [field]: part, partialMatch: false } })).cards.map((x) => x.cardIdentifier)
      ).not.toContain(id);
      const partial = await searchAll(h, { filter: { [field]: part, partialMatch: true } });
      expect(partial.cards.map((x) => x.cardIdentifier)).toContain(id);
      expect(partial.cards.every((x) => x[field].toLowerCase().includes(part))).toBe(true);
    }
  });

  test('sortExpression: status [asc|desc], cardIdentifier [asc|desc]; anything else 400', async () => {
    const ids = (cards: Card[]) => cards.map((c) => c.cardIdentifier);
    const asc = await searchAll(h, { sortExpression: 'status asc', limit: 200 });
    const statusIds = asc.cards.map((c) => c.status.id);
    expect(statusIds).toEqual([...statusIds].sort((a, b) => a - b));
    expect(asc.cards[0].status.id).toBe(ACTIVE);
    const plain = await searchAll(h, { sortExpression: 'STATUS', limit: 200 });
    expect(ids(plain.cards)).toEqual(ids(asc.cards));
    const desc = await searchAll(h, { sortExpression: 'status desc', limit: 200 });
    const descIds = desc.cards.map((c) => c.status.id);
    expect(descIds).toEqual([...descIds].sort((a, b) => b - a));
    const byId = await searchAll(h, { sortExpression: 'cardIdentifier desc', limit: 200 });
    expect(ids(byId.cards)).toEqual([...ids(byId.cards)].sort((a, b) => b - a));
    for (const sortExpression of ['driverName', 'status sideways', 'status,cardIdentifier']) {
      expect((await h.op('cardSearch', {}, { body: { sortExpression } })).status, sortExpression).toBe(400);
    }
  });

  test('cursor pages have no gaps or duplicates while cards change; a broken or foreign cursor is 400', async () => {
    const before = (await searchAll(h, { customerAccountNumber: d.poolCustomer, limit: 200 })).cards.map(
      (c) => c.cardIdentifier
    );
    const seen: number[] = [];
    let cursor: string | undefined;
    let page = 0;
    do {
      const res = await h.op(
        'cardSearch',
        {},
        { body: { customerAccountNumber: d.poolCustomer, limit: 9, ...(cursor ? { cursor } : {}) } }
      );
      expect(res.status).toBe(200);
      seen.push(...res.body.cards.map((c: Card) => c.cardIdentifier));
      cursor = res.body.hasNextPage ? res.body.nextCursor : undefined;
      if (page++ < 2) {
        const order = await h.op(
          'orderCards',
          {},
          { body: { customerAccountNumber: d.poolCustomer, cards: [{ cardTypeId: 1 }] } }
        );
        expect(order.status).toBe(202);
      }
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of before) expect(seen).toContain(id);
    const first = await h.op('cardSearch', {}, { body: { limit: 2, statusIdentifiers: [ACTIVE] } });
    expect((await h.op('cardSearch', {}, { body: { cursor: 'garbage' } })).status).toBe(400);
    expect(
      (await h.op('cardSearch', {}, { body: { cursor: first.body.nextCursor, statusIdentifiers: [2] } })).status
    ).toBe(400);
    const onlyCursor = await h.op('cardSearch', {}, { body: { cursor: first.body.nextCursor, limit: 2 } });
    expect(onlyCursor.status).toBe(200);
    expect(onlyCursor.body.cards.every((c: Card) => c.status.id === ACTIVE)).toBe(true);
  });
});

test.describe('card block, unblock, cancel', () => {
  test('block needs a master-data statusReasonId; notes at most 200; Active → Blocked → Active', async () => {
    const [id] = await poolCards(h, 1, 10);
    const reason = await reasonId(h);
    for (const body of [
      {},
      { statusReasonId: 9999 },
      { statusReasonId: reason, notes: 'n'.repeat(201) },
      { statusReasonId: '1' },
    ]) {
      const res = await h.op('blockCard', { cardIdentifier: id! }, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errorCode).toBe('ER-001');
    }
    expect(await statusOf(id!)).toBe('Active');
    expect((await h.op('unblockCard', { cardIdentifier: id! }, { body: { statusReasonId: reason } })).status).toBe(400);
    const block = await h.op(
      'blockCard',
      { cardIdentifier: id! },
      { body: { statusReasonId: reason, notes: 'n'.repeat(200) } }
    );
    expect(block.status).toBe(200);
    expect(block.body).toEqual({});
    expect(await statusOf(id!)).toBe('Blocked');
    expect((await h.op('blockCard', { cardIdentifier: id! }, { body: { statusReasonId: reason } })).status).toBe(400);
    expect((await h.op('unblockCard', { cardIdentifier: id! }, { body: {} })).status).toBe(400);
    const unblock = await h.op('unblockCard', { cardIdentifier: id! }, { body: { statusReasonId: reason } });
    expect(unblock.status).toBe(200);
    expect(unblock.body).toEqual({});
    expect(await statusOf(id!)).toBe('Active');
  });

  test('cancel is permanent: every later block, unblock, cancel, replace, reprintPIN answers 400', async () => {
    const [a, b] = await poolCards(h, 2, 12);
    const reason = await reasonId(h);
    expect((await h.op('cancelCard', { cardIdentifier: a! }, { body: { statusReasonId: 9999 } })).status).toBe(400);
    const cancel = await h.op('cancelCard', { cardIdentifier: a! });
    expect(cancel.status).toBe(200);
    expect(cancel.body).toEqual({});
    expect((await h.op('blockCard', { cardIdentifier: b! }, { body: { statusReasonId: reason } })).status).toBe(200);
    expect(
      (await h.op('cancelCard', { cardIdentifier: b! }, { body: { statusReasonId: reason, notes: 'n'.repeat(500) } }))
        .status
    ).toBe(200);
    for (const id of [a!, b!]) {
      expect(await statusOf(id)).toBe('Cancelled');
      const attempts = [
        h.op('blockCard', { cardIdentifier: id }, { body: { statusReasonId: reason } }),
        h.op('unblockCard', { cardIdentifier: id }, { body: { statusReasonId: reason } }),
        h.op('cancelCard', { cardIdentifier: id }),
        h.op('replaceCard', { cardIdentifier: id }),
        h.op('reprintPIN', { cardIdentifier: id }),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.status).toBe(400);
        expect(res.body.errorCode).toBe('ER-001');
      }
      expect(await statusOf(id)).toBe('Cancelled');
    }
  });

  test('foreign cards answer 403, unknown 404', async () => {
    const reason = await reasonId(h);
    const foreignId = (
      await h.op('cardSearch', {}, { auth: 'foreign', body: { limit: 1, statusIdentifiers: [ACTIVE] } })
    ).body.cards[0].cardIdentifier;
    expect((await h.op('blockCard', { cardIdentifier: foreignId }, { body: { statusReasonId: reason } })).status).toBe(
      403
    );
    expect(
      (await h.op('blockCard', { cardIdentifier: 999_999_999 }, { body: { statusReasonId: reason } })).status
    ).toBe(404);
    expect((await h.op('getCard', { cardIdentifier: foreignId }, { auth: 'foreign' })).body.status.id).toBe(ACTIVE);
  });
});

test.describe('card replace', () => {
  /** Cards of the hierarchy newer than every card that existed before `act`. */
  const newCards = async (act: () => Promise<unknown>): Promise<Card[]> => {
    const before = Math.max(...(await searchAll(h, { limit: 200 })).cards.map((c) => c.cardIdentifier));
    await act();
    return (await searchAll(h, { limit: 200 })).cards.filter((c) => c.cardIdentifier > before);
  };

  test('blocks the original and creates an Active copy with new numbers at once', async () => {
    const [id] = await poolCards(h, 1, 20);
    const original = await card(id!);
    const created = await newCards(async () => {
      const res = await h.op('replaceCard', { cardIdentifier: id! });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({});
    });
    expect(await statusOf(id!)).toBe('Blocked');
    const [replacement, ...more] = created;
    expect(more).toEqual([]);
    expect(replacement).toBeDefined();
    const {
      cardIdentifier,
      primaryVisualCardNumber,
      secondaryCardNumber,
      keyIdentifier,
      orderDate,
      expiryDate,
      status,
      ...rest
    } = replacement!;
    expect(cardIdentifier).not.toBe(original.cardIdentifier);
    expect(primaryVisualCardNumber).not.toBe(original.primaryVisualCardNumber);
    expect(status).toEqual({ id: ACTIVE, name: 'Active' });
    expect(orderDate).toBe(new Date().toISOString().slice(0, 10));
    expect(expiryDate > orderDate).toBe(true);
    const {
      cardIdentifier: _i,
      primaryVisualCardNumber: _p,
      secondaryCardNumber: _s,
      keyIdentifier: _k,
      orderDate: _o,
      expiryDate: _e,
      status: _st,
      ...originalRest
    } = original;
    expect(rest).toEqual(originalRest);
    expect([secondaryCardNumber, keyIdentifier].every((v) => /^\d+$/.test(v))).toBe(true);
  });

  test("supplied properties replace the original's; ids must exist in master data", async () => {
    const [id, other] = await poolCards(h, 2, 22);
    const master = (await h.op('getMasterData')).body;
    const original = await card(id!);
    const type = master.cardType.find((t: Card) => t.name !== original.cardType);
    const category = master.purchaseCategory.find((p: Card) => p.name !== original.purchaseCategoryName);
    for (const body of [{ cardTypeId: 99 }, { purchaseCategoryId: 99 }, { cardGroupId: 99 }, { driverName: 5 }]) {
      expect((await h.op('replaceCard', { cardIdentifier: other! }, { body })).status, JSON.stringify(body)).toBe(400);
    }
    expect(await statusOf(other!)).toBe('Active');
    const body = {
      cardTypeId: type.id,
      purchaseCategoryId: category.id,
      additionalEmbossing: 'NEW EMB',
      driverName: 'Nora Neu',
      vehicleRegNumber: 'M-NN 1',
      cardGroupId: master.cardGroup[0].id,
    };
    const [replacement] = await newCards(async () =>
      expect((await h.op('replaceCard', { cardIdentifier: id! }, { body })).status).toBe(200)
    );
    expect(replacement).toMatchObject({
      cardType: type.name,
      purchaseCategoryName: category.name,
      additionalEmbossing: 'NEW EMB',
      driverName: 'Nora Neu',
      vehicleRegNumber: 'M-NN 1',
      fuelProductRestriction: original.fuelProductRestriction,
      products: original.products,
      cardDeliveryAddress: original.cardDeliveryAddress,
    });
  });
});

test.describe('PIN reprint', () => {
  test('without a body or with a complete address: 200 {}; an incomplete address 400', async () => {
    const [id] = await poolCards(h, 1, 30);
    for (const options of [
      {},
      { body: { cardAddress: address } },
      { body: { cardAddress: { ...address, companyName: 'Pool GmbH' } } },
    ]) {
      const res = await h.op('reprintPIN', { cardIdentifier: id! }, options);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({});
    }
    const { region: _r, ...partial } = address;
    expect((await h.op('reprintPIN', { cardIdentifier: id! }, { body: { cardAddress: partial } })).status).toBe(400);
  });
});

test.describe('POST /cards/order', () => {
  test('202 with an orderReference; the cards exist at once, Ordered, findable by orderReference; cardPIN never shown', async () => {
    const master = (await h.op('getMasterData')).body;
    const customer = await createCustomer(h, 'Orderer');
    const items = [
      {
        cardTypeId: master.cardType[0].id,
        driverName: 'Ola Order',
        vehicleRegNumber: 'OR-1',
        cardPIN: '8642',
        products: [{ productId: master.product[0].id }],
      },
      {
        cardTypeId: master.cardType[2].id,
        cardPIN: '9753',
        cardAddress: { companyName: 'Depot', city: 'Gent' },
        purchaseCategoryId: master.purchaseCategory[0].id,
      },
    ];
    const res = await h.op('orderCards', {}, { body: { customerAccountNumber: customer, cards: items } });
    expect(res.status).toBe(202);
    expect(schemaErrors('orderCards', res)).toEqual([]);
    expect(typeof res.body.orderReference).toBe('string');
    const { cards, pages } = await searchAll(h, { orderReference: res.body.orderReference });
    expect(cards).toHaveLength(2);
    expect(cards.every((c) => c.status.name === 'Ordered' && c.status.id !== ACTIVE)).toBe(true);
    expect(master.status.map((s: Card) => s.name)).toContain('Ordered');
    expect(cards.map((c) => c.cardType).sort()).toEqual([master.cardType[0].name, master.cardType[2].name].sort());
    expect(cards.find((c) => c.driverName === 'Ola Order')!.products).toEqual([
      { productId: master.product[0].id, productName: master.product[0].name },
    ]);
    expect(cards.find((c) => c.cardDeliveryAddress.city === 'Gent')!.cardDeliveryAddress.companyName).toBe('Depot');
    const texts = [
      ...pages.map((p) => p.text),
      ...(await Promise.all(cards.map((c) => h.op('getCard', { cardIdentifier: c.cardIdentifier })))).map(
        (r) => r.text
      ),
    ];
    for (const text of texts) {
      expect(text).not.toContain('8642');
      expect(text).not.toContain('9753');
      expect(text).not.toContain('cardPIN');
    }
    const again = await h.op(
      'orderCards',
      {},
      { body: { customerAccountNumber: customer, cards: [{ cardTypeId: 1 }] } }
    );
    expect(again.body.orderReference).not.toBe(res.body.orderReference);
  });

  test('400 is an array: ER-002 per missing required field, ER-001 per invalid value', async () => {
    const none = await h.op('orderCards', {}, { body: {} });
    expect(none.status).toBe(400);
    expect(schemaErrors('orderCards', none)).toEqual([]);
    expect(none.body.map((e: Card) => e.errorCode).sort()).toEqual(['ER-002', 'ER-002']);
    const noBody = await h.op('orderCards');
    expect(noBody.body.map((e: Card) => e.errorCode)).toEqual(['ER-002', 'ER-002']);
    const mixed = await h.op(
      'orderCards',
      {},
      {
        body: {
          customerAccountNumber: d.poolCustomer,
          cards: [
            { driverName: 'no type' },
            { cardTypeId: 99 },
            { cardTypeId: 1, products: [{ productId: 999 }] },
            { cardTypeId: 'one' },
          ],
        },
      }
    );
    expect(mixed.status).toBe(400);
    const codes = mixed.body.map((e: Card) => `${e.errorCode} ${e.errorDescription}`);
    expect(codes.filter((c: string) => c.startsWith('ER-002'))).toHaveLength(1);
    expect(codes.filter((c: string) => c.startsWith('ER-001')).length).toBeGreaterThanOrEqual(3);
    expect(codes.join('\n')).toContain('cards/0/cardTypeId');
    const empty = await h.op('orderCards', {}, { body: { customerAccountNumber: d.poolCustomer, cards: [] } });
    expect(empty.body).toEqual([{ errorCode: 'ER-001', errorDescription: expect.any(String) }]);
    const closed = await createCustomer(h, 'Closed orderer');
    await h.op('closeCustomer', { customerAccountNumber: closed });
    const refused = await h.op(
      'orderCards',
      {},
      { body: { customerAccountNumber: closed, cards: [{ cardTypeId: 1 }] } }
    );
    expect(refused.status).toBe(400);
    expect(Array.isArray(refused.body)).toBe(true);
  });

  test('a foreign customer answers 403, an unknown one 404', async () => {
    expect(
      (await h.op('orderCards', {}, { body: { customerAccountNumber: d.foreignCustomer, cards: [{ cardTypeId: 1 }] } }))
        .status
    ).toBe(403);
    expect(
      (await h.op('orderCards', {}, { body: { customerAccountNumber: '7999999999', cards: [{ cardTypeId: 1 }] } }))
        .status
    ).toBe(404);
  });
});
