/**
 * GET /customers: which customers a page holds (top level, descendants, direct sub-accounts,
 * searchText), limit and cursor. The page is read where FLEET_CUSTOMER_LIST_FIELDS says, or
 * where its fields are found (ASSUME-CUSTOMER-LIST-PAGE). Other workers create and close customers meanwhile: every check
 * looks at customers this test created under markers no one else uses, at one answer, at the
 * sub-accounts of a customer no test writes, or only at customers that stayed listed from before
 * to after what it checks.
 */
import { type CustomerFactory, expect, forReading, forRule, test } from '../../fixtures/test.js';
import type { FleetApi } from '../../lib/api.js';
import { allCustomers, customerPage, firstCustomerPages } from '../../lib/discovery.js';
import { placesText } from '../../lib/list-page.js';
import { rules } from '../../lib/rules/declared.js';
import { expectCreatedUnder } from '../../lib/steps/customer-steps.js';
import { untouchedParent } from '../../lib/steps/stable-scope.js';
import type { Customer, CustomerListQuery } from '../../lib/types.generated.js';

const numbers = (customers: Customer[]) => customers.map((c) => c.customerAccountNumber);

function duplicates(values: (string | undefined)[]): (string | undefined)[] {
  const seen = new Set<string | undefined>();
  const twice: (string | undefined)[] = [];
  for (const v of values) {
    if (seen.has(v)) twice.push(v);
    seen.add(v);
  }
  return twice;
}

/** The value most of `values` hold (undefined ones aside), and how many hold it. */
function mostCommon(values: (string | undefined)[]): [string | undefined, number] {
  const counts = new Map<string, number>();
  for (const v of values) if (v !== undefined) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].reduce<[string | undefined, number]>(
    (best, entry) => (entry[1] > best[1] ? entry : best),
    [undefined, 0]
  );
}

const searchedFields = ['customerAccountNumber', 'customerName', 'customerBusinessReference'] as const;
const matches = (c: Customer, text: string) =>
  searchedFields.some((f) => c[f]?.toLowerCase().includes(text.toLowerCase()));

/** Results that match `text` in none of the three fields, read again with GET where the page left a field out. */
async function nonMatching(api: FleetApi, results: Customer[], text: string): Promise<string[]> {
  const suspects = results.filter((c) => !matches(c, text));
  const full = await Promise.all(suspects.map(async (c) => (await api.getCustomer(c.customerAccountNumber!)).body));
  return numbers(full.filter((c) => !matches(c, text))) as string[];
}

test.describe('list customers', () => {
  test(
    'the top-level account itself is never included, on any page nor when searched for [CUST-LIST-NO-TOPLEVEL]',
    rules('CUST-LIST-NO-TOPLEVEL'),
    async ({ api, config, topLevelCustomer }) => {
      const all = await allCustomers(api, config.customerListFields);
      test.skip(all.length === 0, 'the target lists no customer: nothing the top level could be among');
      expect(numbers(all)).not.toContain(topLevelCustomer);
      const searched = await allCustomers(api, config.customerListFields, { searchText: topLevelCustomer });
      expect(numbers(searched)).not.toContain(topLevelCustomer);
    }
  );

  test(
    'without customerAccountNumber every descendant of the top-level account is listed, level 1 and level 2 [CUST-LIST-ALL-DESCENDANTS] @write',
    rules('CUST-LIST-ALL-DESCENDANTS'),
    async ({ api, config, customers }) => {
      const parent = await customers.create();
      const child = await customers.create({ customerAccountNumber: parent.customerAccountNumber });
      const listed = numbers(await allCustomers(api, config.customerListFields));
      for (const c of [parent, child]) {
        const number = c.customerAccountNumber;
        // Other tests add and close customers while the pages are walked: a walk that skips one at a
        // page boundary is the cursor's breach (CUST-LIST-CURSOR); one answer narrowed to the
        // customer by searchText shows whether the list holds it.
        const shown =
          listed.includes(number) ||
          numbers(
            customerPage(await api.listCustomers({ searchText: number }), config.customerListFields).customers
          ).includes(number);
        expect(shown, `${number}, a descendant of the top level at level ${c === parent ? 1 : 2}, is listed`).toBe(
          true
        );
      }
    }
  );

  test(
    'customerAccountNumber restricts the results to the direct sub-accounts of that account [CUST-LIST-DIRECT-ONLY] @write',
    rules('CUST-LIST-DIRECT-ONLY'),
    async ({ api, config, customers, topLevelCustomer }) => {
      const parent = await customers.create();
      const child = await customers.create({ customerAccountNumber: parent.customerAccountNumber });
      const underParent = numbers(
        await allCustomers(api, config.customerListFields, { customerAccountNumber: parent.customerAccountNumber })
      );
      if (underParent.length !== 1 || underParent[0] !== child.customerAccountNumber)
        await expectCreatedUnder(api, config, child.customerAccountNumber, parent.customerAccountNumber);
      expect(underParent).toEqual([child.customerAccountNumber]);

      const underTop = await allCustomers(api, config.customerListFields, { customerAccountNumber: topLevelCustomer });
      // A walk that skips customers at page boundaries is the cursor's breach (CUST-LIST-CURSOR): the
      // parent counts as listed if one page, narrowed to its number by searchText, shows it too.
      const listed =
        numbers(underTop).includes(parent.customerAccountNumber) ||
        numbers(
          customerPage(
            await api.listCustomers({
              customerAccountNumber: topLevelCustomer,
              searchText: parent.customerAccountNumber,
            }),
            config.customerListFields
          ).customers
        ).includes(parent.customerAccountNumber);
      expect(
        listed,
        `${parent.customerAccountNumber}, a direct sub-account of ${topLevelCustomer}, is listed under it`
      ).toBe(true);
      // A stranger that the list narrowed to it by searchText does not show came through a cursor that forgot the filter: the cursor's breach (CUST-LIST-CURSOR-SCOPE).
      const strangers = underTop
        .filter(
          (c) =>
            c.customerAccountNumber === child.customerAccountNumber ||
            (c.parentCustomerAccountNumber !== undefined && c.parentCustomerAccountNumber !== topLevelCustomer)
        )
        .slice(0, 10);
      const byFilter: Customer[] = [];
      for (const s of strangers) {
        const alone = numbers(
          customerPage(
            await api.listCustomers({ customerAccountNumber: topLevelCustomer, searchText: s.customerAccountNumber }),
            config.customerListFields
          ).customers
        );
        if (alone.includes(s.customerAccountNumber)) byFilter.push(s);
      }
      await forRule('CUST-LIST-CURSOR-SCOPE', () =>
        expect(
          numbers(strangers.filter((s) => !byFilter.includes(s))),
          `shown by a page after the first of the list of ${topLevelCustomer}'s direct sub-accounts, not by that list narrowed to each`
        ).toEqual([])
      );
      expect(
        numbers(byFilter).filter((n) => n === child.customerAccountNumber),
        'a level-2 customer is no direct sub-account of the top level'
      ).toEqual([]);
      expect(numbers(byFilter), 'results whose parent is not the filtered account').toEqual([]);
    }
  );

  test.describe('searchText @write', () => {
    /**
     * A fresh customer whose name and business reference carry markers found nowhere else, and
     * texts of each field: `leading`, its start, which every reading of "partial match" finds;
     * `inner`, a part from inside it, which only a match anywhere finds (ASSUME-PARTIAL-MATCH).
     */
    async function marked(customers: CustomerFactory, runId: string, serial: string) {
      const created = await customers.create({
        customerName: `${runId} Nm${serial} Fleet`,
        customerBusinessReference: `${runId}R${serial}`.slice(0, 20),
      });
      const number = created.customerAccountNumber;
      const reference = created.request.customerBusinessReference ?? '';
      const leading = {
        customerAccountNumber: number.length > 1 ? number.slice(0, -1) : number,
        customerName: `${runId} Nm${serial}`,
        customerBusinessReference: reference.length > 1 ? reference.slice(0, -1) : reference,
      };
      const inner = {
        customerAccountNumber: number.length > 2 ? number.slice(1, -1) : number,
        customerName: `m${serial} Fle`,
        customerBusinessReference: reference.slice(2, -1),
      };
      return { created, leading, inner };
    }

    const rule = {
      customerAccountNumber: 'CUST-LIST-SEARCH-NUMBER',
      customerName: 'CUST-LIST-SEARCH-NAME',
      customerBusinessReference: 'CUST-LIST-SEARCH-BUSREF',
    } as const;

    for (const field of searchedFields) {
      test(
        `searchText matches part of ${field}: its start, whatever "partial" means (ASSUME-PARTIAL-MATCH) [${rule[field]}]`,
        rules(rule[field]),
        async ({ api, config, customers, nextSerial, assumptions }) => {
          const { created, leading, inner } = await marked(customers, config.runId, nextSerial());
          const text = leading[field];
          const others = searchedFields
            .filter((f) => f !== field)
            .map((f) => (f === 'customerAccountNumber' ? created.customerAccountNumber : created.request[f]) ?? '');
          test.skip(
            others.some((v) => v.toLowerCase().includes(text.toLowerCase())),
            `"${text}" also occurs in another field of the customer`
          );
          const results = await allCustomers(api, config.customerListFields, { searchText: text });
          expect(numbers(results)).toContain(created.customerAccountNumber);
          expect(await nonMatching(api, results, text), `results not matching "${text}"`).toEqual([]);
          // A part from inside the field: found by a match anywhere, not by a prefix or word-prefix match.
          const found = numbers(
            await allCustomers(api, config.customerListFields, { searchText: inner[field] })
          ).includes(created.customerAccountNumber);
          assumptions.saw(
            'ASSUME-PARTIAL-MATCH',
            `searchText from inside ${field} ${found ? 'finds' : 'does not find'} the customer`
          );
          if (assumptions.strict('ASSUME-PARTIAL-MATCH'))
            await forReading('ASSUME-PARTIAL-MATCH', rule[field], () =>
              expect(found, `searchText "${inner[field]}", from inside ${field} (strict reading)`).toBe(true)
            );
        }
      );
    }

    for (const field of ['customerName', 'customerBusinessReference'] as const) {
      test(
        `searchText matches ${field} case-insensitively, in upper and in lower case [CUST-LIST-SEARCH-CASE, ${rule[field]}]`,
        rules('CUST-LIST-SEARCH-CASE', rule[field]),
        async ({ api, config, customers, nextSerial }) => {
          const { created, leading } = await marked(customers, config.runId, nextSerial());
          // In the stored case first: a search that finds nothing at all is the field's rule, not the case rule.
          await forRule(rule[field], async () =>
            expect(
              numbers(await allCustomers(api, config.customerListFields, { searchText: leading[field] })),
              `searchText "${leading[field]}"`
            ).toContain(created.customerAccountNumber)
          );
          for (const text of [leading[field].toUpperCase(), leading[field].toLowerCase()]) {
            expect(text, 'the variant differs in case from the stored value').not.toBe(leading[field]);
            const results = await allCustomers(api, config.customerListFields, { searchText: text });
            await forRule('CUST-LIST-SEARCH-CASE', async () => {
              expect(numbers(results), `searchText "${text}"`).toContain(created.customerAccountNumber);
              expect(await nonMatching(api, results, text), `results not matching "${text}"`).toEqual([]);
            });
          }
        }
      );
    }

    test(
      'searchText combined with customerAccountNumber: both filters apply [CUST-LIST-FILTERS-COMBINE]',
      rules('CUST-LIST-FILTERS-COMBINE'),
      async ({ api, config, customers, nextSerial }) => {
        const serial = nextSerial();
        // The start of both names: found whatever "partial" means (ASSUME-PARTIAL-MATCH).
        const marker = `${config.runId} Cmb${serial}`;
        const parent = await customers.create();
        const hit = await customers.create({
          customerAccountNumber: parent.customerAccountNumber,
          customerName: `${marker} inside`,
        });
        await customers.create({ customerAccountNumber: parent.customerAccountNumber });
        const outside = await customers.create({ customerName: `${marker} outside` });
        const results = numbers(
          await allCustomers(api, config.customerListFields, {
            customerAccountNumber: parent.customerAccountNumber,
            searchText: marker,
          })
        );
        if (results.length !== 1 || results[0] !== hit.customerAccountNumber) {
          // Each filter alone must do its part before their combination can be judged.
          await forRule('CUST-LIST-SEARCH-NAME', async () =>
            expect(
              numbers(await allCustomers(api, config.customerListFields, { searchText: marker })),
              `searchText "${marker}" alone`
            ).toEqual(expect.arrayContaining([hit.customerAccountNumber, outside.customerAccountNumber]))
          );
          await expectCreatedUnder(api, config, hit.customerAccountNumber, parent.customerAccountNumber);
        }
        expect(results).toEqual([hit.customerAccountNumber]);
      }
    );
  });

  /**
   * The default of 50 with and without each filter: a filter the hierarchy fills with more than 50
   * customers, found in the whole list (undefined: none does, the default shows nowhere).
   */
  const filtersOf: [string, (all: () => Promise<Customer[]>) => Promise<CustomerListQuery | undefined>][] = [
    ['without a filter', async () => ({})],
    // The parent with the most direct sub-accounts listed.
    [
      'with customerAccountNumber',
      async (all) => {
        const [parent, count] = mostCommon((await all()).map((c) => c.parentCustomerAccountNumber));
        return parent !== undefined && count > 50 ? { customerAccountNumber: parent } : undefined;
      },
    ],
    // The longest start of account numbers more than 50 customers share: every reading of "partial match" finds them.
    [
      'with searchText',
      async (all) => {
        const accounts = (await all()).map((c) => c.customerAccountNumber);
        for (let length = Math.max(0, ...accounts.map((n) => n?.length ?? 0)); length > 0; length--) {
          const [start, count] = mostCommon(accounts.map((n) => n?.slice(0, length)));
          if (start !== undefined && count > 50) return { searchText: start };
        }
        return undefined;
      },
    ],
  ];

  for (const [which, filterOf] of filtersOf) {
    test(
      `without limit a page holds 50 customers, ${which} [CUST-LIST-LIMIT-DEFAULT-50]`,
      rules('CUST-LIST-LIMIT-DEFAULT-50'),
      async ({ api, config }) => {
        const filter = await filterOf(() => allCustomers(api, config.customerListFields));
        test.skip(
          !filter,
          `no ${which.replace('with ', '')} the hierarchy gives more than 50 customers; the default page size shows only with more than 50`
        );
        const listedNow = async () => new Set(numbers(await allCustomers(api, config.customerListFields, filter)));
        const before = await listedNow();
        test.skip(
          before.size <= 50,
          `${JSON.stringify(filter)} lists ${before.size} customers; the default page size shows only with more than 50`
        );
        const first = await api.listCustomers(filter);
        expect(first).toHaveStatus(200);
        const page = customerPage(first, config.customerListFields);
        if (page.customers.length < 50) {
          // Other tests add and close customers meanwhile: judged only when more than 50 were listed
          // before the page and still after it, so listed throughout (a closed customer never comes back).
          const after = await listedNow();
          const stayed = [...before].filter((n) => after.has(n)).length;
          test.skip(
            stayed <= 50,
            `only ${stayed} customers stayed listed by ${JSON.stringify(filter)} from before the page to after it; the default page size shows only with more than 50`
          );
        }
        expect(page.customers.length, `a page of ${JSON.stringify(filter)} without limit`).toBe(50);
      }
    );
  }

  test(
    'a page holds at most limit customers [CUST-LIST-LIMIT-HONOURED]',
    rules('CUST-LIST-LIMIT-HONOURED'),
    async ({ api, config, assumptions }) => {
      for (const limit of [1, 2, 7]) {
        const response = await api.listCustomers({ limit });
        expect(response).toHaveStatus(200);
        const { customers, places } = customerPage(response, config.customerListFields);
        assumptions.saw(
          'ASSUME-CUSTOMER-LIST-PAGE',
          `a page reads with FLEET_CUSTOMER_LIST_FIELDS=${placesText(places)}`
        );
        // Nothing says the hierarchy lists a customer: an empty page keeps every limit, and shows none.
        test.skip(
          limit === 1 && customers.length === 0,
          'the target lists no customer: no page shows what a limit keeps out'
        );
        expect(customers.length, `limit=${limit}`).toBeLessThanOrEqual(limit);
      }
    }
  );

  test(
    'following the cursor visits every customer once: no duplicates, no gaps [CUST-LIST-CURSOR, CUST-LIST-LIMIT-HONOURED]',
    rules('CUST-LIST-CURSOR', 'CUST-LIST-LIMIT-HONOURED'),
    async ({ api, config, topLevelCustomer }) => {
      // The sub-accounts of a customer no test writes (lib/steps/stable-scope.ts): what the walk must
      // visit stays the same while it goes. The whole list changes under it (other tests create and
      // close customers), and a cursor that is a position shows a conforming server's walk skipping
      // or repeating a customer then.
      const parent = await untouchedParent(api, config, topLevelCustomer, 3);
      test.skip(
        !parent,
        'no sub-account of the top level that no test writes (made by no run, outside the card pool) has 3 sub-accounts or more'
      );
      const expected = numbers(parent!.children);
      // At least 2 a page: a next page that repeats the last customer of the one before still moves on.
      const limit = Math.max(2, Math.floor(expected.length / 3));
      const maxPages = Math.ceil(expected.length / limit) + 3;
      const pages = await firstCustomerPages(
        api,
        config.customerListFields,
        { customerAccountNumber: parent!.account, limit },
        maxPages
      );
      const walked = pages.flatMap((p) => numbers(p.customers));
      // A page that leaves the list's customerAccountNumber is the filter's fault (the first page) or the cursor's scope (those after), not the walk's.
      if (expected.length < 50) {
        const outside = (from: typeof pages) =>
          from.flatMap((p) => numbers(p.customers)).filter((n) => !expected.includes(n));
        await forRule('CUST-LIST-DIRECT-ONLY', () =>
          expect(
            outside(pages.slice(0, 1)),
            `customers outside the sub-accounts of ${parent!.account} on the first page`
          ).toEqual([])
        );
        await forRule('CUST-LIST-CURSOR-SCOPE', () =>
          expect(
            outside(pages.slice(1)),
            `customers outside the sub-accounts of ${parent!.account} on the pages its cursor led to`
          ).toEqual([])
        );
      }
      await forRule('CUST-LIST-LIMIT-HONOURED', () => {
        for (const [i, page] of pages.entries())
          expect(page.customers.length, `page ${i + 1} with limit=${limit}`).toBeLessThanOrEqual(limit);
      });
      await forRule('CUST-LIST-CURSOR', () => {
        const where = `the sub-accounts of ${parent!.account} walked with limit=${limit}`;
        const last = pages.at(-1);
        expect(
          pages.length === maxPages && last?.hasNextPage && !!last.nextCursor,
          `${where}: still had pages after ${maxPages} (nextCursor never ends)`
        ).toBe(false);
        expect(duplicates(walked), `${where}: seen twice`).toEqual([]);
        expect(
          expected.filter((n) => !walked.includes(n)),
          `${where}: missed (${expected.length} in one page of 50)`
        ).toEqual([]);
      });
    }
  );
});
