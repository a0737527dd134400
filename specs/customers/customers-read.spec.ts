/** Read-only views of the customers: status text and identifier, and the card types of a customer. */
import { expect, judgingPlaces, placeOf, test } from '../../fixtures/test.js';
import type { FleetApi } from '../../lib/api.js';
import { ACTIVE, allCustomers, customerPage } from '../../lib/discovery.js';
import { rules } from '../../lib/rules/declared.js';
import type { Customer } from '../../lib/types.generated.js';

const showsStatus = (c: Customer) => c.status !== undefined && c.statusIdentifier !== undefined;
const isActiveCustomer = (c: Customer) => c.statusIdentifier === ACTIVE || c.status === 'Active';

/** Customers of `listed` read with GET, ten at a time, until one shows Active (at most 50): a list item need not show every Customer field. */
async function readWithStatus(api: FleetApi, listed: Customer[]): Promise<Customer[]> {
  const read: Customer[] = [];
  const numbers = listed.flatMap((c) => (c.customerAccountNumber ? [c.customerAccountNumber] : [])).slice(0, 50);
  for (let i = 0; i < numbers.length && !read.some(isActiveCustomer); i += 10) {
    const answers = await Promise.all(numbers.slice(i, i + 10).map((n) => api.getCustomer(n)));
    read.push(
      ...answers
        .filter((a) => a.status === 200)
        .map((a) => a.body)
        .filter(showsStatus)
    );
  }
  return read;
}

test.describe('customers, read only', () => {
  test(
    'status (text) and statusIdentifier (integer) go together: Active is identifier 1, and it appears [CUST-STATUS-ACTIVE-1]',
    rules('CUST-STATUS-ACTIVE-1'),
    async ({ api, config }) => {
      const all = await allCustomers(api, config.customerListFields);
      test.skip(all.length === 0, 'the target lists no customer');
      // Which Customer fields are always present is not shown: where list items show no status, customers listed are read with GET.
      const listed = all.filter(showsStatus);
      const pairs = listed.length ? listed : await readWithStatus(api, all);
      test.skip(!pairs.length, 'no customer shows status and statusIdentifier, listed or read with GET');
      const active = pairs.filter(isActiveCustomer);
      expect(active.length, `customers ${listed.length ? 'listed' : 'read'} as Active / 1`).toBeGreaterThan(0);
      const mismatched = active.filter((c) => c.statusIdentifier !== ACTIVE || c.status !== 'Active');
      judgingPlaces(
        mismatched.flatMap((c) => [...placeOf(c, '/status'), ...placeOf(c, '/statusIdentifier')]),
        () =>
          expect(
            mismatched.map((c) => `${c.customerAccountNumber}: ${JSON.stringify(c.status)} / ${c.statusIdentifier}`),
            'customers whose status and statusIdentifier disagree about Active (1)'
          ).toEqual([])
      );
    }
  );

  test(
    'a customer address shows no companyName: it is only on card delivery/order addresses [ADDRESS-COMPANYNAME-CARD-ONLY]',
    rules('ADDRESS-COMPANYNAME-CARD-ONLY'),
    async ({ api, config }) => {
      // Every page and every GET is checked against the Customer schema, whose address has no companyName.
      const all = await allCustomers(api, config.customerListFields);
      const withAddress = all.filter((c) => c.customerAddress !== undefined).slice(0, 5);
      for (const c of withAddress)
        api.need(await api.getCustomer(c.customerAccountNumber!), `reading customer ${c.customerAccountNumber}`);
      if (withAddress.length) return;
      // A list item need not show every Customer field: GET shows the address.
      const read = await Promise.all(
        all
          .slice(0, 5)
          .filter((c) => c.customerAccountNumber)
          .map((c) => api.getCustomer(c.customerAccountNumber!))
      );
      test.skip(
        !read.some((r) => r.status === 200 && r.body.customerAddress !== undefined),
        'the target shows no customer with an address, listed or read with GET'
      );
    }
  );

  test(
    'GET /customers/{customerAccountNumber}/cardTypes answers an array of card type objects [CUST-CARDTYPES-SHAPE]',
    rules('CUST-CARDTYPES-SHAPE'),
    async ({ api, config }) => {
      const listed = await api.listCustomers({ limit: 10 });
      expect(listed).toHaveStatus(200);
      // Active customers only: what a closed customer answers is not shown.
      const listedAccounts = customerPage(listed, config.customerListFields)
        .customers.filter((c) => c.statusIdentifier === ACTIVE)
        .map((c) => c.customerAccountNumber);
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
    }
  );
});
