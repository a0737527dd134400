/**
 * "cursor (string, from a previous page)": a cursor continues the caller's own list, the one it
 * came from. Every page it leads to, asked with the same filters, keeps them; sent by another client
 * (FLEET_FOREIGN_CLIENT_ID) it is refused or shows none of that client's customers. Sent with
 * another customerAccountNumber, it is a request the document does not describe
 * (ASSUME-CURSOR-OTHER-FILTERS): any answer but a 5xx. The page size kept on every page is the
 * walk's of customers-list.spec.ts (CUST-LIST-LIMIT-HONOURED).
 */
import { expect, forReading, forRule, test } from '../../fixtures/test.js';
import { customerPage, firstCustomerPages, nextCursorOf } from '../../lib/discovery.js';
import { rules } from '../../lib/rules/declared.js';

const refused = (status: number) => status >= 400 && status < 500;
const OTHER_FILTERS = 'ASSUME-CURSOR-OTHER-FILTERS';

test.describe("customer list: the cursor is the caller's own list", () => {
  test(
    'every page a cursor leads to keeps the customerAccountNumber the list was asked with [CUST-LIST-CURSOR-SCOPE] @write',
    rules('CUST-LIST-CURSOR-SCOPE'),
    async ({ api, config, customers }) => {
      // Two children of a fresh parent, with a customer of another parent numbered between them:
      // a page that forgets the filter shows it (or whoever other workers create meanwhile).
      const parent = await customers.create();
      const first = await customers.create({ customerAccountNumber: parent.customerAccountNumber });
      await customers.create();
      const second = await customers.create({ customerAccountNumber: parent.customerAccountNumber });
      const pages = await firstCustomerPages(
        api,
        config.customerListFields,
        { customerAccountNumber: parent.customerAccountNumber, limit: 1 },
        4
      );
      test.skip(
        pages.length < 2,
        `the list of ${parent.customerAccountNumber}'s sub-accounts ended on its first page of 1`
      );
      const children = new Set([first.customerAccountNumber, second.customerAccountNumber]);
      const strangers = pages.flatMap((page, i) =>
        page.customers
          .filter((c) => !children.has(c.customerAccountNumber!))
          .map((c) => `page ${i + 1}: ${c.customerAccountNumber}`)
      );
      expect(
        strangers,
        `customers listed with customerAccountNumber=${parent.customerAccountNumber} that are not its sub-accounts`
      ).toEqual([]);
    }
  );

  test(
    `a cursor of one customer's list, sent with another customerAccountNumber, is refused or answered, never with a 5xx (${OTHER_FILTERS}) [ROBUST-NO-5XX-ON-BAD-INPUT]`,
    rules('ROBUST-NO-5XX-ON-BAD-INPUT'),
    async ({ api, config, topLevelCustomer, assumptions }) => {
      const first = customerPage(
        api.need(
          await api.listCustomers({ customerAccountNumber: topLevelCustomer, limit: 1 }),
          "listing the top level's sub-accounts"
        ),
        config.customerListFields
      );
      const other = first.customers[0]?.customerAccountNumber;
      const cursor = nextCursorOf(first);
      test.skip(!other || !cursor, "the top level's sub-accounts fit one page of 1");
      const answer = await api.listCustomers({ customerAccountNumber: other, limit: 1, cursor });
      await forRule('ROBUST-NO-5XX-ON-BAD-INPUT', () =>
        expect(
          answer.status,
          'a cursor sent with another customerAccountNumber: refused or answered, never a 5xx'
        ).toBeLessThan(500)
      );
      // Which list a server continues is not described: refused, the new filter's, or the cursor's own (a snapshot).
      const ofFirst = refused(answer.status)
        ? []
        : customerPage(answer, config.customerListFields)
            .customers.filter((c) => c.parentCustomerAccountNumber === topLevelCustomer)
            .map((c) => c.customerAccountNumber);
      assumptions.saw(
        OTHER_FILTERS,
        `customer list: ${refused(answer.status) ? `refused (${answer.status})` : ofFirst.length ? "the cursor's own list continued, the other customerAccountNumber ignored" : "the other customerAccountNumber's list"}`
      );
      if (assumptions.strict(OTHER_FILTERS)) {
        await forReading(OTHER_FILTERS, 'ROBUST-NO-5XX-ON-BAD-INPUT', () =>
          expect(
            ofFirst,
            `sub-accounts of ${topLevelCustomer} answered to the list of ${other}'s, with a cursor of ${topLevelCustomer}'s list (the stricter reading)`
          ).toEqual([])
        );
      }
    }
  );

  test(
    "a cursor of another client's list is refused or shows none of that client's customers [AUTH-FOREIGN-NOT-LISTED]",
    rules('AUTH-FOREIGN-NOT-LISTED'),
    async ({ api, config, foreignFound, testLedger }) => {
      const second = testLedger.adopt(foreignFound);
      test.skip(!second, 'no second client configured (FLEET_FOREIGN_CLIENT_ID / FLEET_FOREIGN_CLIENT_SECRET)');
      const theirs = await firstCustomerPages(second!.api, config.customerListFields, { limit: 2 }, 2);
      test.skip(theirs.length < 2, "the second client's customers fit one page of 2");
      const answer = await api.listCustomers({ limit: 2, cursor: theirs[0]!.nextCursor });
      if (refused(answer.status)) return;
      expect(answer, "another client's cursor: refused or answered").toHaveStatus(200);
      const foreign = new Set(theirs.flatMap((p) => p.customers.map((c) => c.customerAccountNumber)));
      expect(
        customerPage(answer, config.customerListFields)
          .customers.map((c) => c.customerAccountNumber)
          .filter((n) => foreign.has(n)),
        "the second client's customers answered to the caller through its cursor"
      ).toEqual([]);
    }
  );
});
