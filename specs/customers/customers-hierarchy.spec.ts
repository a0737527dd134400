/** The hierarchy as GET /customers/{customerAccountNumber} shows it: parents and counts of sub-accounts. */
import { expect, forReading, test } from '../../fixtures/test.js';
import type { FleetApi } from '../../lib/api.js';
import { markedCustomers } from '../../lib/cleanup.js';
import { allCustomers, topLevelFrom } from '../../lib/discovery.js';
import { subCustomerBody } from '../../lib/factories/customer.js';
import { readClosed, untilDone } from '../../lib/read-back.js';
import { rules } from '../../lib/rules/declared.js';
import { expectCreatedUnder } from '../../lib/steps/customer-steps.js';
import type { Customer } from '../../lib/types.generated.js';

const PRESENCE = 'ASSUME-FIELD-PRESENCE';

async function customer(api: FleetApi, customerAccountNumber: string): Promise<Customer> {
  const got = await api.getCustomer(customerAccountNumber);
  expect(got).toHaveStatus(200);
  return got.body;
}

test.describe('customer hierarchy @write', () => {
  test(
    'parentCustomerAccountNumber is the account number of the parent, at level 1 and level 2 [CUST-PARENT-FIELDS]',
    rules('CUST-PARENT-FIELDS'),
    async ({ api, config, customers, topLevelCustomer }) => {
      const parent = await customers.create();
      const first = await customers.create({ customerAccountNumber: parent.customerAccountNumber });
      const second = await customers.create({ customerAccountNumber: parent.customerAccountNumber });
      const [p, c1, c2] = await Promise.all([parent, first, second].map((c) => customer(api, c.customerAccountNumber)));
      expect(p!.parentCustomerAccountNumber, 'a sub-customer created without a parent').toBe(topLevelCustomer);
      for (const c of [c1!, c2!]) {
        if (c.parentCustomerAccountNumber !== parent.customerAccountNumber)
          await expectCreatedUnder(api, config, c.customerAccountNumber!, parent.customerAccountNumber);
        expect(
          c.parentCustomerAccountNumber,
          `customer ${c.customerAccountNumber}, created under ${parent.customerAccountNumber}`
        ).toBe(parent.customerAccountNumber);
      }
      // parentCustomerIdentifier: one parent, one internal identifier; another parent, another one.
      if (c1!.parentCustomerIdentifier !== undefined && c2!.parentCustomerIdentifier !== undefined) {
        expect(c2!.parentCustomerIdentifier).toBe(c1!.parentCustomerIdentifier);
      }
      if (p!.parentCustomerIdentifier !== undefined && c1!.parentCustomerIdentifier !== undefined) {
        expect(c1!.parentCustomerIdentifier).not.toBe(p!.parentCustomerIdentifier);
      }
    }
  );

  test(
    'countOfSubAccounts is the number of direct sub-accounts: 0, then 1, then 2 [CUST-COUNT-SUBACCOUNTS]',
    rules('CUST-COUNT-SUBACCOUNTS'),
    async ({ api, config, customers, assumptions }) => {
      const parent = await customers.create();
      // Which Customer fields are always present is not shown: a count left out (a 0, as proto3 writes it) is not judged, but recorded (ASSUME-FIELD-PRESENCE).
      const count = async (what: string) => {
        const shown = (await customer(api, parent.customerAccountNumber)).countOfSubAccounts;
        if (shown === undefined) {
          assumptions.saw(PRESENCE, `countOfSubAccounts left out of ${what}`);
          if (assumptions.strict(PRESENCE))
            await forReading(PRESENCE, 'CUST-COUNT-SUBACCOUNTS', () =>
              expect(shown, `countOfSubAccounts of ${what}`).toBeDefined()
            );
        }
        return shown;
      };
      const none = await count('a new customer');
      if (none !== undefined) expect(none, 'a new customer').toBe(0);
      for (const expected of [1, 2]) {
        const child = await customers.create({ customerAccountNumber: parent.customerAccountNumber });
        const shown = await count(`a customer with ${expected} direct sub-account${expected > 1 ? 's' : ''}`);
        test.skip(shown === undefined, 'the target shows no countOfSubAccounts of a customer with sub-accounts');
        if (shown !== expected)
          await expectCreatedUnder(api, config, child.customerAccountNumber, parent.customerAccountNumber);
        expect(shown, `${expected} direct sub-account${expected > 1 ? 's' : ''}`).toBe(expected);
      }
    }
  );

  test(
    'countOfSubAccounts of a top-level account counts its direct sub-accounts, not their sub-accounts [CUST-COUNT-SUBACCOUNTS]',
    rules('CUST-COUNT-SUBACCOUNTS'),
    async ({ places, config, foreignFound, testLedger, nextSerial }) => {
      // Only a top-level account has sub-accounts of sub-accounts. The caller's own is every test's
      // parent: its direct sub-accounts come and go meanwhile, and neither a count nor a list of them
      // holds still. So the second client's, which no test of the run writes: the count must not grow
      // when a sub-account of its sub-account is created, while its direct sub-accounts stay the same.
      const second = testLedger.adopt(foreignFound);
      test.skip(
        !second,
        "no second client (FLEET_FOREIGN_CLIENT_ID): the caller's own top level changes under every test"
      );
      const { api } = second!;
      const [anyone] = second!.customers;
      const top = anyone ? await topLevelFrom(api, anyone) : undefined;
      test.skip(!top, 'the second client lists no customer: its top-level account cannot be found');
      const first = await api.getCustomer(top!);
      test.skip(
        first.status !== 200 || first.body.countOfSubAccounts === undefined,
        `the second client's top-level account shows no countOfSubAccounts (GET answered ${first.status})`
      );
      const countOf = async () =>
        api.need(await api.getCustomer(top!), `the second client reading its top-level account ${top}`);
      const serial = nextSerial();
      const made: string[] = [];
      // Under the top level by leaving the parent out: whether it may be named is not shown (ASSUME-TOP-LEVEL-PARENT).
      const create = async (suffix: string, parent?: string) => {
        const created = api.need(
          await api.createSubCustomer(
            subCustomerBody(config.runId, `${serial}${suffix}`, places, parent ? { customerAccountNumber: parent } : {})
          ),
          'the second client creating a sub-customer'
        );
        made.unshift(created.body.customerAccountNumber);
        return created.body.customerAccountNumber;
      };
      const direct = async () =>
        (await allCustomers(api, config.customerListFields, { customerAccountNumber: top! }))
          .map((c) => c.customerAccountNumber)
          .sort()
          .join();
      try {
        const parent = await create('p');
        const before = await direct();
        const countBefore = (await countOf()).body.countOfSubAccounts;
        await create('c', parent);
        const after = await countOf();
        test.skip((await direct()) !== before, `the direct sub-accounts of ${top} changed while they were counted`);
        testLedger.saw(after.exchange);
        expect(
          after.body.countOfSubAccounts,
          `countOfSubAccounts of ${top} after a sub-account of its sub-account ${parent} was created (it was ${countBefore})`
        ).toBe(countBefore);
      } finally {
        // Children first; one whose answer was lost is found by its run-marked name; a close whose answer was lost is read back.
        const marked = await markedCustomers(
          api,
          config.customerListFields,
          `${config.runId} customer ${serial}`
        ).catch(() => []);
        for (const accountNumber of new Set([...marked.map((c) => c.customerAccountNumber!), ...made])) {
          await untilDone(
            async () => (await api.closeCustomer(accountNumber, { notes: `${config.runId} teardown` })).status === 200,
            async () => readClosed(await api.getCustomer(accountNumber))
          ).catch(() => false);
        }
      }
    }
  );
});
