/** Read-only views of the customers: status text and identifier, and the card types of a customer. */
import { expect, test } from '../../fixtures/test.js';
import { ACTIVE, allCustomers, customerPage } from '../../lib/discovery.js';

test.describe('customers, read only', () => {
  test('status (text) and statusIdentifier (integer) go together: Active is identifier 1, and it appears [CUST-STATUS-ACTIVE-1]', async ({ api, config }) => {
    const all = await allCustomers(api, config.customerListFields);
    test.skip(all.length === 0, 'the target lists no customer');
    const pairs = all.filter((c) => c.status !== undefined && c.statusIdentifier !== undefined);
    const active = pairs.filter((c) => c.statusIdentifier === ACTIVE || c.status === 'Active');
    expect(active.length, 'customers listed as Active / 1').toBeGreaterThan(0);
    const mismatched = active.filter((c) => c.statusIdentifier !== ACTIVE || c.status !== 'Active')
      .map((c) => `${c.customerAccountNumber}: ${JSON.stringify(c.status)} / ${c.statusIdentifier}`);
    expect(mismatched, 'customers whose status and statusIdentifier disagree about Active (1)').toEqual([]);
  });

  test('a customer address shows no companyName: it is only on card delivery/order addresses [ADDRESS-COMPANYNAME-CARD-ONLY]', async ({ api, config }) => {
    // Every page and every GET is checked against the Customer schema, whose address has no companyName.
    const all = await allCustomers(api, config.customerListFields);
    const withAddress = all.filter((c) => c.customerAddress !== undefined).slice(0, 5);
    test.skip(!withAddress.length, 'the target lists no customer with an address');
    for (const c of withAddress) api.need(await api.getCustomer(c.customerAccountNumber!), `reading customer ${c.customerAccountNumber}`);
  });

  test('GET /customers/{customerAccountNumber}/cardTypes answers an array of card type objects [CUST-CARDTYPES-SHAPE]', async ({ api, config }) => {
    const listed = await api.listCustomers({ limit: 10 });
    expect(listed).toHaveStatus(200);
    // Active customers only: what a closed customer answers is not shown.
    const listedAccounts = customerPage(listed, config.customerListFields).customers.filter((c) => c.statusIdentifier === ACTIVE).map((c) => c.customerAccountNumber);
    const accounts = [...new Set([config.poolCustomer, ...listedAccounts])].filter((a): a is string => !!a);
    let seen = 0;
    for (const account of accounts) {
      const response = await api.getCustomerCardTypes(account);
      expect(response, account).toHaveStatus(200);
      expect(Array.isArray(response.body), `${account}: an array`).toBe(true);
      seen += response.body.length;
      if (seen > 0) break;
    }
    test.skip(seen === 0, `none of ${accounts.length} customers has a card type: nothing to check the shape of`);
  });
});
