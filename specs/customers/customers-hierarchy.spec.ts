/** The hierarchy as GET /customers/{customerAccountNumber} shows it: parents and counts of sub-accounts. */
import { expect, test } from '../../fixtures/test.js';
import type { FleetApi } from '../../lib/api.js';
import { allCustomers } from '../../lib/discovery.js';
import { expectCreatedUnder } from '../../lib/steps/customer-steps.js';
import type { Customer } from '../../lib/types.generated.js';

/** Sub-accounts created below one sub-account: a count of all descendants grows by as many. */
const GRANDCHILDREN = 4;
/** Readings of the top level's count around a listing of its sub-accounts, until the count stays still through one. */
const STILL_ATTEMPTS = 10;

async function customer(api: FleetApi, customerAccountNumber: string): Promise<Customer> {
  const got = await api.getCustomer(customerAccountNumber);
  expect(got).toHaveStatus(200);
  return got.body;
}

test.describe('customer hierarchy @write', () => {
  test('parentCustomerAccountNumber is the account number of the parent, at level 1 and level 2 [CUST-PARENT-FIELDS]', async ({ api, config, customers, topLevelCustomer }) => {
    const parent = await customers.create();
    const first = await customers.create({ customerAccountNumber: parent.customerAccountNumber });
    const second = await customers.create({ customerAccountNumber: parent.customerAccountNumber });
    const [p, c1, c2] = await Promise.all([parent, first, second].map((c) => customer(api, c.customerAccountNumber)));
    expect(p!.parentCustomerAccountNumber, 'a sub-customer created without a parent').toBe(topLevelCustomer);
    for (const c of [c1!, c2!]) {
      if (c.parentCustomerAccountNumber !== parent.customerAccountNumber) await expectCreatedUnder(api, config, c.customerAccountNumber!, parent.customerAccountNumber);
      expect(c.parentCustomerAccountNumber, `customer ${c.customerAccountNumber}, created under ${parent.customerAccountNumber}`).toBe(parent.customerAccountNumber);
    }
    // parentCustomerIdentifier: one parent, one internal identifier; another parent, another one.
    if (c1!.parentCustomerIdentifier !== undefined && c2!.parentCustomerIdentifier !== undefined) {
      expect(c2!.parentCustomerIdentifier).toBe(c1!.parentCustomerIdentifier);
    }
    if (p!.parentCustomerIdentifier !== undefined && c1!.parentCustomerIdentifier !== undefined) {
      expect(c1!.parentCustomerIdentifier).not.toBe(p!.parentCustomerIdentifier);
    }
  });

  test('countOfSubAccounts is the number of direct sub-accounts: 0, then 1, then 2 [CUST-COUNT-SUBACCOUNTS]', async ({ api, config, customers }) => {
    const parent = await customers.create();
    const count = async () => (await customer(api, parent.customerAccountNumber)).countOfSubAccounts;
    expect(await count(), 'a new customer').toBe(0);
    for (const expected of [1, 2]) {
      const child = await customers.create({ customerAccountNumber: parent.customerAccountNumber });
      const shown = await count();
      if (shown !== expected) await expectCreatedUnder(api, config, child.customerAccountNumber, parent.customerAccountNumber);
      expect(shown, `${expected} direct sub-account${expected > 1 ? 's' : ''}`).toBe(expected);
    }
  });

  test('countOfSubAccounts of the top-level account counts its direct sub-accounts, not their sub-accounts [CUST-COUNT-SUBACCOUNTS]', async ({ api, config, customers, topLevelCustomer }) => {
    const top = await api.getCustomer(topLevelCustomer);
    test.skip(top.status !== 200 || top.body.countOfSubAccounts === undefined, `the top-level account shows no countOfSubAccounts (GET answered ${top.status})`);
    // Other tests and other runs add and close direct sub-accounts meanwhile: what the count shows
    // beyond the listed ones, read while the count stayed still, must not grow by the sub-accounts
    // created below a sub-account.
    const beyondListed = async (): Promise<number | undefined> => {
      for (let attempt = 0; attempt < STILL_ATTEMPTS; attempt++) {
        const before = (await customer(api, topLevelCustomer)).countOfSubAccounts!;
        const listed = (await allCustomers(api, config.customerListFields, { customerAccountNumber: topLevelCustomer })).length;
        if ((await customer(api, topLevelCustomer)).countOfSubAccounts === before) return before - listed;
        // Writes come in bursts: a pause of random length finds a quiet moment sooner.
        await new Promise((resolve) => setTimeout(resolve, 500 + Math.random() * 1500));
      }
      return undefined;
    };
    const parent = await customers.create();
    const before = await beyondListed();
    for (let i = 0; i < GRANDCHILDREN; i++) await customers.create({ customerAccountNumber: parent.customerAccountNumber });
    const after = await beyondListed();
    test.skip(before === undefined || after === undefined, `the top level's direct sub-accounts changed while they were listed, ${STILL_ATTEMPTS} times in a row`);
    const growth = after! - before!;
    expect(growth, `the top level's countOfSubAccounts, beyond its listed direct sub-accounts, grew by ${growth} when ${GRANDCHILDREN} sub-accounts of a sub-account were created`).toBeLessThanOrEqual(1);
  });
});
