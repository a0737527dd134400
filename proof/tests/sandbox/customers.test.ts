import { expect, test } from '@playwright/test';
import { CUSTOMER_LIST_DEFAULT_LIMIT, CUSTOMER_LIST_MAX_LIMIT } from '../../../sandbox/routes/customers.js';
import {
  address,
  contact,
  createCustomer,
  defaults as d,
  listAll,
  newCustomer,
  sandboxPerTest,
  schemaErrors,
} from './core-harness.js';

const h = sandboxPerTest();

const get = async (acc: string) => (await h.op('getCustomer', { customerAccountNumber: acc })).body;

test.describe('seed', () => {
  test('the main hierarchy has at least 8 depth-1 and 8 depth-2 sub-customers with varied names and references', async () => {
    const { customers } = await listAll(h, { limit: 200 });
    const depth1 = customers.filter((c) => c.parentCustomerAccountNumber === d.topLevelCustomer);
    const depth1Numbers = new Set(depth1.map((c) => c.customerAccountNumber));
    const depth2 = customers.filter((c) => depth1Numbers.has(c.parentCustomerAccountNumber));
    expect(depth1.length).toBeGreaterThanOrEqual(8);
    expect(depth2.length).toBeGreaterThanOrEqual(8);
    expect(depth1.length + depth2.length).toBe(customers.length);
    expect(new Set(customers.map((c) => c.customerName)).size).toBe(customers.length);
    expect(new Set(customers.map((c) => c.customerBusinessReference).filter(Boolean)).size).toBeGreaterThan(
      customers.length / 2
    );
    expect(customers.length).toBeGreaterThan(CUSTOMER_LIST_DEFAULT_LIMIT);
    const pool = customers.find((c) => c.customerAccountNumber === d.poolCustomer);
    expect(pool.parentCustomerAccountNumber).toBe(d.topLevelCustomer);
  });

  test('account numbers are digit strings and every customer conforms to customer.json', async () => {
    const { customers } = await listAll(h, { limit: 200 });
    const violations = customers.flatMap((c) => [
      ...(/^\d+$/.test(c.customerAccountNumber) ? [] : [`${c.customerAccountNumber}: not digits`]),
      ...schemas(c).map((e) => `${c.customerAccountNumber}: ${e.pointer} ${e.message}`),
    ]);
    expect(violations).toEqual([]);
  });
});

function schemas(customer: unknown) {
  return schemaErrors('getCustomer', { status: 200, body: customer, text: '', contentType: undefined, headers: {} });
}

test.describe('GET /customers', () => {
  test('lists all descendants of the top-level, never the top-level itself, 50 per page by default', async () => {
    const first = await h.op('listCustomers');
    expect(first.status).toBe(200);
    expect(schemaErrors('listCustomers', first)).toEqual([]);
    expect(first.body.customers).toHaveLength(CUSTOMER_LIST_DEFAULT_LIMIT);
    expect(first.body.hasNextPage).toBe(true);
    expect(first.body.lastPage).toBe(false);
    expect(typeof first.body.nextCursor).toBe('string');
    const { customers, pages } = await listAll(h, {});
    expect(customers.map((c) => c.customerAccountNumber)).not.toContain(d.topLevelCustomer);
    expect(new Set(customers.map((c) => c.customerAccountNumber)).size).toBe(customers.length);
    expect(customers.length).toBe(first.body.totalCount);
    const last = pages.at(-1)!.body;
    expect(last.hasNextPage).toBe(false);
    expect(last.lastPage).toBe(true);
    expect(last.nextCursor).toBeUndefined();
    // Every listed customer descends from the top-level: its parent is the top-level or listed.
    const listed = new Set(customers.map((c) => c.customerAccountNumber));
    for (const c of customers)
      expect(c.parentCustomerAccountNumber === d.topLevelCustomer || listed.has(c.parentCustomerAccountNumber)).toBe(
        true
      );
  });

  test('customerAccountNumber restricts the list to direct sub-accounts', async () => {
    const { customers: all } = await listAll(h, { limit: 200 });
    const parent = all.find((c) => c.countOfSubAccounts >= 3)!;
    const { customers } = await listAll(h, { customerAccountNumber: parent.customerAccountNumber });
    expect(customers.length).toBe(parent.countOfSubAccounts);
    for (const c of customers) expect(c.parentCustomerAccountNumber).toBe(parent.customerAccountNumber);
    const { customers: top } = await listAll(h, { customerAccountNumber: d.topLevelCustomer });
    expect(top.length).toBe(all.filter((c) => c.parentCustomerAccountNumber === d.topLevelCustomer).length);
    expect(top.length).toBeLessThan(all.length);
  });

  test('searchText matches part of the account number, name or business reference, case-insensitively', async () => {
    const { customers: all } = await listAll(h, { limit: 200 });
    const sample = all.find((c) => c.customerBusinessReference && c.customerName.includes('Alpenblick'))!;
    const byName = await listAll(h, { searchText: 'aLPENbLICK' });
    expect(byName.customers.length).toBeGreaterThan(1);
    for (const c of byName.customers)
      expect(
        `${c.customerAccountNumber} ${c.customerName} ${c.customerBusinessReference ?? ''}`.toLowerCase()
      ).toContain('alpenblick');
    const ref = sample.customerBusinessReference.slice(1, -1).toLowerCase();
    const byRef = await listAll(h, { searchText: ref });
    expect(byRef.customers.map((c) => c.customerAccountNumber)).toContain(sample.customerAccountNumber);
    const num = sample.customerAccountNumber.slice(-3);
    const byNumber = await listAll(h, { searchText: num });
    expect(byNumber.customers.map((c) => c.customerAccountNumber)).toContain(sample.customerAccountNumber);
    expect(
      byNumber.customers.every((c) =>
        `${c.customerAccountNumber}${c.customerName}${c.customerBusinessReference ?? ''}`.toLowerCase().includes(num)
      )
    ).toBe(true);
    expect((await listAll(h, { searchText: 'no-such-customer-xyz' })).customers).toEqual([]);
  });

  test('customerAccountNumber and searchText combine', async () => {
    const { customers: all } = await listAll(h, { limit: 200 });
    const parent = all.find((c) => c.countOfSubAccounts >= 3)!;
    const { customers: children } = await listAll(h, { customerAccountNumber: parent.customerAccountNumber });
    const word = children[0].customerName.split(' ').at(-1)!;
    const { customers } = await listAll(h, { customerAccountNumber: parent.customerAccountNumber, searchText: word });
    const expected = children.filter((c) =>
      `${c.customerAccountNumber}${c.customerName}${c.customerBusinessReference ?? ''}`
        .toLowerCase()
        .includes(word.toLowerCase())
    );
    expect(customers.map((c) => c.customerAccountNumber)).toEqual(expected.map((c) => c.customerAccountNumber));
    expect(customers.length).toBeLessThan(all.filter((c) => c.customerName.includes(word)).length + 1);
  });

  test('limit is honoured, capped at the maximum page size, and below 1 refused', async () => {
    const five = await h.op('listCustomers', {}, { query: { limit: 5 } });
    expect(five.body.customers).toHaveLength(5);
    for (const bad of [0, -1, 'abc', 1.5]) {
      const res = await h.op('listCustomers', {}, { query: { limit: bad } });
      expect(res.status, `limit=${bad}`).toBe(400);
      expect(res.body.errorCode).toBe('ER-001');
    }
    for (let i = 0; i < CUSTOMER_LIST_MAX_LIMIT; i++) await createCustomer(h, `Bulk ${i}`);
    const big = await h.op('listCustomers', {}, { query: { limit: 1000 } });
    expect(big.body.customers).toHaveLength(CUSTOMER_LIST_MAX_LIMIT);
    expect(big.body.hasNextPage).toBe(true);
  });

  test('cursor paging has no gaps or duplicates while customers are created between pages', async () => {
    const seen: string[] = [];
    const created: string[] = [];
    let cursor: string | undefined;
    let page = 0;
    do {
      const res = await h.op('listCustomers', {}, { query: { limit: 7, cursor } });
      expect(res.status).toBe(200);
      seen.push(...res.body.customers.map((c: { customerAccountNumber: string }) => c.customerAccountNumber));
      cursor = res.body.hasNextPage ? res.body.nextCursor : undefined;
      if (page++ < 3) created.push(await createCustomer(h, `Between pages ${page}`));
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    const { customers: now } = await listAll(h, { limit: 200 });
    expect(seen.sort()).toEqual(now.map((c) => c.customerAccountNumber).sort());
    for (const acc of created) expect(seen).toContain(acc);
  });

  test('a broken cursor or one of another query answers 400 ER-001', async () => {
    for (const cursor of ['not-a-cursor', 'eyJ4IjoxfQ', '%%%']) {
      const res = await h.op('listCustomers', {}, { query: { cursor } });
      expect(res.status, cursor).toBe(400);
      expect(res.body.errorCode).toBe('ER-001');
    }
    const first = await h.op('listCustomers', {}, { query: { limit: 5, searchText: 'a' } });
    const other = await h.op(
      'listCustomers',
      {},
      { query: { limit: 5, searchText: 'b', cursor: first.body.nextCursor } }
    );
    expect(other.status).toBe(400);
    const same = await h.op(
      'listCustomers',
      {},
      { query: { limit: 5, searchText: 'a', cursor: first.body.nextCursor } }
    );
    expect(same.status).toBe(200);
  });

  test('customerAccountNumber outside the hierarchy answers 403, unknown 404', async () => {
    expect((await h.op('listCustomers', {}, { query: { customerAccountNumber: d.foreignCustomer } })).status).toBe(403);
    expect((await h.op('listCustomers', {}, { query: { customerAccountNumber: '7999999999' } })).status).toBe(404);
  });

  test('the foreign client lists its own hierarchy only', async () => {
    const res = await h.op('listCustomers', {}, { auth: 'foreign' });
    const numbers = res.body.customers.map((c: { customerAccountNumber: string }) => c.customerAccountNumber);
    expect(numbers).toContain(d.foreignCustomer);
    expect(numbers.some((n: string) => n.startsWith('7'))).toBe(false);
  });
});

test.describe('GET /customers/{customerAccountNumber}', () => {
  test('answers the Customer with every documented field', async () => {
    const res = await h.op('getCustomer', { customerAccountNumber: d.poolCustomer });
    expect(res.status).toBe(200);
    expect(schemaErrors('getCustomer', res)).toEqual([]);
    expect(Object.keys(res.body).sort()).toEqual([
      'countOfSubAccounts',
      'customerAccountNumber',
      'customerAddress',
      'customerBusinessReference',
      'customerContact',
      'customerName',
      'parentCustomerAccountNumber',
      'parentCustomerIdentifier',
      'status',
      'statusIdentifier',
    ]);
    expect(res.body).toMatchObject({
      customerAccountNumber: d.poolCustomer,
      status: 'Active',
      statusIdentifier: 1,
      parentCustomerAccountNumber: d.topLevelCustomer,
    });
    expect(Number.isInteger(res.body.parentCustomerIdentifier)).toBe(true);
  });

  test('the top-level customer can be read; it has no parent', async () => {
    const top = await h.op('getCustomer', { customerAccountNumber: d.topLevelCustomer });
    expect(top.status).toBe(200);
    expect(top.body.parentCustomerAccountNumber).toBeUndefined();
    const { customers } = await listAll(h, { customerAccountNumber: d.topLevelCustomer });
    expect(top.body.countOfSubAccounts).toBe(customers.length);
  });

  test('a foreign customer answers 403, an unknown one 404, both with the standard body', async () => {
    const foreign = await h.op('getCustomer', { customerAccountNumber: d.foreignCustomer });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual({ errorCode: 'FORBIDDEN', errorDescription: expect.any(String) });
    const unknown = await h.op('getCustomer', { customerAccountNumber: '123' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errorCode).toBe('NOT_FOUND');
    expect((await h.op('getCustomer', { customerAccountNumber: d.foreignCustomer }, { auth: 'foreign' })).status).toBe(
      200
    );
    expect((await h.op('getCustomer', { customerAccountNumber: d.poolCustomer }, { auth: 'foreign' })).status).toBe(
      403
    );
  });
});

test.describe('POST /customers/subcustomer', () => {
  test('creates under the top-level by default; address and contact become MAIN; the parent counts it', async () => {
    const before = await get(d.topLevelCustomer);
    const res = await h.op(
      'createSubCustomer',
      {},
      { body: newCustomer('Neue Kunde GmbH', { customerBusinessReference: 'NK-1' }) }
    );
    expect(res.status).toBe(200);
    expect(schemaErrors('createSubCustomer', res)).toEqual([]);
    const acc = res.body.customerAccountNumber as string;
    expect(acc).toMatch(/^\d+$/);
    const c = await get(acc);
    expect(c).toMatchObject({
      customerName: 'Neue Kunde GmbH',
      customerBusinessReference: 'NK-1',
      customerContact: contact,
      customerAddress: address,
      status: 'Active',
      statusIdentifier: 1,
      countOfSubAccounts: 0,
      parentCustomerAccountNumber: d.topLevelCustomer,
      parentCustomerIdentifier: before.parentCustomerIdentifier ?? expect.any(Number),
    });
    expect((await get(d.topLevelCustomer)).countOfSubAccounts).toBe(before.countOfSubAccounts + 1);
  });

  test('creates at depth 1 and 2, refuses depth 3 with 400 ER-001', async () => {
    const one = await createCustomer(h, 'Level one');
    const two = await createCustomer(h, 'Level two', { customerAccountNumber: one });
    expect((await get(two)).parentCustomerAccountNumber).toBe(one);
    expect((await get(one)).countOfSubAccounts).toBe(1);
    const three = await h.op(
      'createSubCustomer',
      {},
      { body: newCustomer('Level three', { customerAccountNumber: two }) }
    );
    expect(three.status).toBe(400);
    expect(three.body.errorCode).toBe('ER-001');
    expect((await get(two)).countOfSubAccounts).toBe(0);
  });

  test('new account numbers never collide with existing ones', async () => {
    const { customers } = await listAll(h, { limit: 200 });
    const existing = new Set(customers.map((c) => c.customerAccountNumber));
    const fresh = await Promise.all(Array.from({ length: 10 }, (_, i) => createCustomer(h, `Fresh ${i}`)));
    expect(new Set(fresh).size).toBe(10);
    for (const acc of fresh) expect(existing.has(acc)).toBe(false);
  });

  test('customerName at most 310 and customerBusinessReference at most 20 characters (code points)', async () => {
    const ok = await h.op(
      'createSubCustomer',
      {},
      { body: newCustomer('n'.repeat(310), { customerBusinessReference: 'r'.repeat(20) }) }
    );
    expect(ok.status).toBe(200);
    const astral = await h.op('createSubCustomer', {}, { body: newCustomer('🚚'.repeat(310)) });
    expect(astral.status).toBe(200);
    for (const body of [
      newCustomer('n'.repeat(311)),
      newCustomer('x', { customerBusinessReference: 'r'.repeat(21) }),
      newCustomer('🚚'.repeat(311)),
    ]) {
      const res = await h.op('createSubCustomer', {}, { body });
      expect(res.status).toBe(400);
      expect(res.body.errorCode).toBe('ER-001');
    }
  });

  test('name, contact and a complete address are required; a bad e-mail is refused', async () => {
    const { customerAddress: _a, ...noAddress } = newCustomer('x');
    const { customerName: _n, ...noName } = newCustomer('x');
    const { customerContact: _c, ...noContact } = newCustomer('x');
    const { zipCode: _z, ...partial } = address;
    for (const body of [
      noAddress,
      noName,
      noContact,
      newCustomer('x', { customerAddress: partial }),
      newCustomer('x', { customerContact: { ...contact, emailAddress: 'not-an-email' } }),
      undefined,
    ]) {
      const res = await h.op('createSubCustomer', {}, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errorCode).toBe('ER-001');
    }
  });

  test('parent: closed → 400, unknown → 404, foreign → 403', async () => {
    const parent = await createCustomer(h, 'To close');
    expect((await h.op('closeCustomer', { customerAccountNumber: parent })).status).toBe(200);
    expect(
      (await h.op('createSubCustomer', {}, { body: newCustomer('x', { customerAccountNumber: parent }) })).status
    ).toBe(400);
    expect(
      (await h.op('createSubCustomer', {}, { body: newCustomer('x', { customerAccountNumber: '7999999999' }) })).status
    ).toBe(404);
    expect(
      (await h.op('createSubCustomer', {}, { body: newCustomer('x', { customerAccountNumber: d.foreignCustomer }) }))
        .status
    ).toBe(403);
  });
});

test.describe('POST /customers/{customerAccountNumber}/updateDetail', () => {
  test('applies every supplied field; omitted ones stay', async () => {
    const acc = await createCustomer(h, 'Before', { customerBusinessReference: 'B-1' });
    const newAddress = { ...address, city: 'München', zipCode: '80331' };
    const newContact = { ...contact, firstName: 'Jonas', emailAddress: 'jonas@example.com' };
    const res = await h.op(
      'updateCustomerDetail',
      { customerAccountNumber: acc },
      { body: { customerName: 'After', customerAddress: newAddress, customerContact: newContact } }
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect(await get(acc)).toMatchObject({
      customerName: 'After',
      customerBusinessReference: 'B-1',
      customerAddress: newAddress,
      customerContact: newContact,
    });
    expect(
      (
        await h.op(
          'updateCustomerDetail',
          { customerAccountNumber: acc },
          { body: { customerBusinessReference: 'B-2' } }
        )
      ).status
    ).toBe(200);
    expect((await get(acc)).customerBusinessReference).toBe('B-2');
    expect((await h.op('updateCustomerDetail', { customerAccountNumber: acc })).status).toBe(200);
    expect((await get(acc)).customerName).toBe('After');
  });

  test('limits and the complete address apply; nothing changes on 400', async () => {
    const acc = await createCustomer(h, 'Limits');
    const { city: _c, ...partial } = address;
    for (const body of [
      { customerName: 'n'.repeat(311) },
      { customerBusinessReference: 'r'.repeat(21) },
      { customerAddress: partial },
      { customerContact: { emailAddress: 'x' } },
    ]) {
      const res = await h.op('updateCustomerDetail', { customerAccountNumber: acc }, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errorCode).toBe('ER-001');
    }
    expect((await get(acc)).customerName).toBe('Limits');
  });

  test('the top-level customer cannot be changed (403); foreign 403; unknown 404', async () => {
    expect(
      (
        await h.op(
          'updateCustomerDetail',
          { customerAccountNumber: d.topLevelCustomer },
          { body: { customerName: 'x' } }
        )
      ).status
    ).toBe(403);
    expect(
      (
        await h.op(
          'updateCustomerDetail',
          { customerAccountNumber: d.foreignCustomer },
          { body: { customerName: 'x' } }
        )
      ).status
    ).toBe(403);
    expect(
      (await h.op('updateCustomerDetail', { customerAccountNumber: '7999999999' }, { body: { customerName: 'x' } }))
        .status
    ).toBe(404);
  });
});

test.describe('GET /customers/{customerAccountNumber}/cardTypes', () => {
  test("maps the hierarchy's master data card types", async () => {
    const res = await h.op('getCustomerCardTypes', { customerAccountNumber: d.poolCustomer });
    expect(res.status).toBe(200);
    expect(schemaErrors('getCustomerCardTypes', res)).toEqual([]);
    const master = (await h.op('getMasterData')).body;
    expect(res.body).toEqual(
      master.cardType.map((t: Record<string, unknown>) => ({
        cardTypeId: t.id,
        cardTypeName: t.name,
        cardTypeDescription: t.description,
        defaultPurchaseCategoryId: t.defaultPurchaseCategoryId,
        purchaseCategoryName: master.purchaseCategory.find((p: { id: number }) => p.id === t.defaultPurchaseCategoryId)
          .name,
        isEV: t.isEV,
      }))
    );
    const foreign = await h.op(
      'getCustomerCardTypes',
      { customerAccountNumber: d.foreignCustomer },
      { auth: 'foreign' }
    );
    expect(foreign.body.map((t: Record<string, unknown>) => t.cardTypeId)).not.toEqual(
      res.body.map((t: Record<string, unknown>) => t.cardTypeId)
    );
    expect((await h.op('getCustomerCardTypes', { customerAccountNumber: d.foreignCustomer })).status).toBe(403);
  });
});

test.describe('customer block, unblock, close', () => {
  const status = async (acc: string) => {
    const c = await get(acc);
    return `${c.status}/${c.statusIdentifier}`;
  };

  test('block an Active customer, unblock a Blocked one; notes optional, at most 200', async () => {
    const acc = await createCustomer(h, 'Lifecycle');
    expect((await h.op('unblockCustomer', { customerAccountNumber: acc })).status).toBe(400);
    expect(
      (await h.op('blockCustomer', { customerAccountNumber: acc }, { body: { notes: 'n'.repeat(201) } })).status
    ).toBe(400);
    expect(await status(acc)).toBe('Active/1');
    const block = await h.op('blockCustomer', { customerAccountNumber: acc }, { body: { notes: 'n'.repeat(200) } });
    expect(block.status).toBe(200);
    expect(block.body).toEqual({});
    expect(await status(acc)).toBe('Blocked/2');
    expect((await h.op('blockCustomer', { customerAccountNumber: acc })).status).toBe(400);
    expect(
      (
        await h.op(
          'unblockCustomer',
          { customerAccountNumber: acc },
          { raw: { payload: '', contentType: 'application/json' } }
        )
      ).status
    ).toBe(200);
    expect(await status(acc)).toBe('Active/1');
  });

  test('close is permanent: block, unblock, close and updateDetail answer 400 and nothing changes', async () => {
    const fromActive = await createCustomer(h, 'Close active');
    const fromBlocked = await createCustomer(h, 'Close blocked');
    await h.op('blockCustomer', { customerAccountNumber: fromBlocked });
    for (const acc of [fromActive, fromBlocked]) {
      const close = await h.op('closeCustomer', { customerAccountNumber: acc }, { body: { notes: 'bye' } });
      expect(close.status).toBe(200);
      expect(close.body).toEqual({});
      expect(await status(acc)).toBe('Closed/3');
      for (const id of ['blockCustomer', 'unblockCustomer', 'closeCustomer'] as const) {
        const res = await h.op(id, { customerAccountNumber: acc });
        expect(res.status, id).toBe(400);
        expect(res.body.errorCode).toBe('ER-001');
      }
      expect(
        (await h.op('updateCustomerDetail', { customerAccountNumber: acc }, { body: { customerName: 'x' } })).status
      ).toBe(400);
      expect(await status(acc)).toBe('Closed/3');
      expect((await get(acc)).customerName).not.toBe('x');
    }
  });

  test('the top-level customer cannot be blocked or closed (403)', async () => {
    for (const id of ['blockCustomer', 'unblockCustomer', 'closeCustomer'] as const) {
      expect((await h.op(id, { customerAccountNumber: d.topLevelCustomer })).status).toBe(403);
    }
    expect(await status(d.topLevelCustomer)).toBe('Active/1');
  });
});
