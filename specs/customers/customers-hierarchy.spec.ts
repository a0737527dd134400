/** The hierarchy as GET /customers/{customerAccountNumber} shows it: parents and counts of sub-accounts. */
import { expect, test } from '../../fixtures/test.js';
import type { FleetApi } from '../../lib/api.js';
import type { Customer } from '../../lib/types.generated.js';

async function customer(api: FleetApi, customerAccountNumber: string): Promise<Customer> {
  const got = await api.getCustomer(customerAccountNumber);
  expect(got).toHaveStatus(200);
  return got.body;
}

test.describe('customer hierarchy @write', () => {
  test('parentCustomerAccountNumber is the account number of the parent, at level 1 and level 2 [CUST-PARENT-FIELDS]', async ({ api, customers, topLevelCustomer }) => {
    const parent = await customers.create();
    const first = await customers.create({ customerAccountNumber: parent.customerAccountNumber });
    const second = await customers.create({ customerAccountNumber: parent.customerAccountNumber });
    const [p, c1, c2] = await Promise.all([parent, first, second].map((c) => customer(api, c.customerAccountNumber)));
    expect(p!.parentCustomerAccountNumber).toBe(topLevelCustomer);
    expect(c1!.parentCustomerAccountNumber).toBe(parent.customerAccountNumber);
    expect(c2!.parentCustomerAccountNumber).toBe(parent.customerAccountNumber);
    // parentCustomerIdentifier: one parent, one internal identifier; another parent, another one.
    if (c1!.parentCustomerIdentifier !== undefined && c2!.parentCustomerIdentifier !== undefined) {
      expect(c2!.parentCustomerIdentifier).toBe(c1!.parentCustomerIdentifier);
    }
    if (p!.parentCustomerIdentifier !== undefined && c1!.parentCustomerIdentifier !== undefined) {
      expect(c1!.parentCustomerIdentifier).not.toBe(p!.parentCustomerIdentifier);
    }
  });

  test('countOfSubAccounts is the number of direct sub-accounts: 0, then 1, then 2 [CUST-COUNT-SUBACCOUNTS]', async ({ api, customers }) => {
    const parent = await customers.create();
    expect((await customer(api, parent.customerAccountNumber)).countOfSubAccounts).toBe(0);
    await customers.create({ customerAccountNumber: parent.customerAccountNumber });
    expect((await customer(api, parent.customerAccountNumber)).countOfSubAccounts).toBe(1);
    await customers.create({ customerAccountNumber: parent.customerAccountNumber });
    expect((await customer(api, parent.customerAccountNumber)).countOfSubAccounts).toBe(2);
  });
});
