/** POST /cards/search: filters, limit, the default order, and paging with nextCursor. */
import { type Assumptions, expect, forReading, forRule, test } from '../../fixtures/test.js';
import type { FleetApi } from '../../lib/api.js';
import type { Config } from '../../lib/config.js';
import { ACTIVE, allCards, cardTypeIdOf, customerPage, isActive } from '../../lib/discovery.js';
import type { RuleId } from '../../lib/rules/catalogue.js';
import { rules } from '../../lib/rules/declared.js';
import { statusIdOf } from '../../lib/steps/card-steps.js';
import { activeAfterOther } from '../../lib/steps/card-views.js';
import { type CardHolder, untouchedCardHolders } from '../../lib/steps/stable-scope.js';
import type { Card, CardList, CardSearchRequest, Customer } from '../../lib/types.generated.js';

/** Direct sub-accounts of `accountNumber` (first page), read through the configured list fields. */
async function directSubAccounts(api: FleetApi, config: Config, accountNumber: string): Promise<Customer[]> {
  return customerPage(
    await api.listCustomers({ customerAccountNumber: accountNumber, limit: 20 }),
    config.customerListFields
  ).customers;
}

async function firstPageSize(api: FleetApi, customerAccountNumber: string): Promise<number> {
  return (await api.cardSearch({ customerAccountNumber, limit: 50 })).body.cards?.length ?? 0;
}

/** Two direct sub-accounts of the top level that hold cards: neither is the other's ancestor. */
async function siblingsWithCards(
  api: FleetApi,
  config: Config,
  topLevel: string
): Promise<[string, string] | undefined> {
  const holders: string[] = [];
  for (const c of (await directSubAccounts(api, config, topLevel)).slice(0, 10)) {
    if ((await firstPageSize(api, c.customerAccountNumber!)) > 0) holders.push(c.customerAccountNumber!);
    if (holders.length === 2) return [holders[0]!, holders[1]!];
  }
  return undefined;
}

/**
 * The pages of a search, following nextCursor while hasNextPage, at most `maxPages`. Flags of
 * another type than the document's are CARD-LIST-SHAPE's breach: no walk can be judged by them.
 */
async function pagesOf(api: FleetApi, search: CardSearchRequest, maxPages: number): Promise<CardList[]> {
  const pages: CardList[] = [];
  let cursor: string | undefined;
  do {
    const response = await api.cardSearch({ ...search, ...(cursor ? { cursor } : {}) });
    expect(response).toHaveStatus(200);
    await forRule('CARD-LIST-SHAPE', () => {
      for (const flag of ['hasNextPage', 'lastPage'] as const) {
        if (response.body[flag] !== undefined)
          expect(typeof response.body[flag], `${flag} of the card list`).toBe('boolean');
      }
    });
    pages.push(response.body);
    cursor = response.body.hasNextPage ? response.body.nextCursor : undefined;
  } while (cursor && pages.length < maxPages);
  return pages;
}

const PRESENCE = 'ASSUME-FIELD-PRESENCE';

/**
 * hasNextPage, and totalCount once a page of the search shows it, on every page of the walks: by
 * default what a target leaves out (a false, a count it makes for a first page only) is recorded;
 * under FLEET_STRICT=ASSUME-FIELD-PRESENCE it is an assumption failure of the rule of the field.
 */
async function presenceOnEveryPage(assumptions: Assumptions, walks: CardList[][]): Promise<void> {
  const pages = walks.flat();
  const counted = pages.some((p) => p.totalCount !== undefined);
  const without = (field: 'hasNextPage' | 'totalCount') => pages.filter((p) => p[field] === undefined).length;
  const left = [
    `hasNextPage on ${without('hasNextPage')}`,
    ...(counted ? [`totalCount on ${without('totalCount')}`] : []),
  ];
  assumptions.saw(PRESENCE, `card search walks: ${left.join(', ')} of ${pages.length} pages left out`);
  if (!assumptions.strict(PRESENCE)) return;
  await forReading(PRESENCE, 'CARD-SEARCH-PAGE-FLAGS', () =>
    expect(without('hasNextPage'), `pages of ${pages.length} without hasNextPage`).toBe(0)
  );
  if (counted)
    await forReading(PRESENCE, 'CARD-SEARCH-TOTALCOUNT', () =>
      expect(
        without('totalCount'),
        `pages of ${pages.length} without totalCount, where a page of the search shows it`
      ).toBe(0)
    );
}

const lower = (s: string | undefined) => (s ?? '').toLowerCase();

/** A card carrying every text field the filters search, from the first page of the caller's cards. */
async function sampleCard(api: FleetApi): Promise<Card | undefined> {
  const { body } = await api.cardSearch({ limit: 10 });
  return body.cards?.find(
    (c) => c.primaryVisualCardNumber && c.primaryVisualCardNumber.length >= 6 && c.driverName && c.vehicleRegNumber
  );
}

type Field = 'primaryVisualCardNumber' | 'driverName' | 'vehicleRegNumber';

const filters: {
  rule: RuleId;
  field: Field;
  partialMatch: boolean;
  words: string;
  value: (card: Card) => string;
  matches: (field: string, value: string) => boolean;
  sampleFound: boolean;
}[] = [
  {
    rule: 'CARD-SEARCH-FILTER-PVCN',
    field: 'primaryVisualCardNumber',
    partialMatch: false,
    words: 'filter.primaryVisualCardNumber restricts the search to cards with that number',
    value: (c) => c.primaryVisualCardNumber!,
    matches: (f, v) => lower(f) === lower(v),
    sampleFound: true,
  },
  {
    rule: 'CARD-SEARCH-FILTER-DRIVER',
    field: 'driverName',
    partialMatch: false,
    words: 'filter.driverName restricts the search to cards of that driver',
    value: (c) => c.driverName!,
    matches: (f, v) => lower(f) === lower(v),
    sampleFound: true,
  },
  {
    rule: 'CARD-SEARCH-FILTER-VRN',
    field: 'vehicleRegNumber',
    partialMatch: false,
    words: 'filter.vehicleRegNumber restricts the search to cards of that vehicle',
    value: (c) => c.vehicleRegNumber!,
    matches: (f, v) => lower(f) === lower(v),
    sampleFound: true,
  },
  {
    rule: 'CARD-SEARCH-PARTIAL-FALSE',
    field: 'primaryVisualCardNumber',
    partialMatch: false,
    words: 'partialMatch false: a filter value matches the whole field, not a part of it',
    value: (c) => c.primaryVisualCardNumber!.slice(2, -2),
    matches: (f, v) => lower(f) === lower(v),
    sampleFound: false,
  },
];

/** The rule of each filter on the whole value: the partialMatch rules rest on it. */
const wholeValueRule: Record<Field, RuleId> = {
  primaryVisualCardNumber: 'CARD-SEARCH-FILTER-PVCN',
  driverName: 'CARD-SEARCH-FILTER-DRIVER',
  vehicleRegNumber: 'CARD-SEARCH-FILTER-VRN',
};

/**
 * partialMatch is judged only where the filter itself restricts on the whole value: the sample's
 * own value, partialMatch false, finds it and only cards with that value, or the test is blocked by
 * the whole value's rule.
 */
async function wholeValueFilters(api: FleetApi, sample: Card, field: Field): Promise<void> {
  const whole = await allCards(api, { filter: { partialMatch: false, [field]: sample[field] } });
  await forRule(wholeValueRule[field], () =>
    expect(
      whole.every((c) => lower(c[field]) === lower(sample[field])) &&
        whole.some((c) => c.cardIdentifier === sample.cardIdentifier),
      `${field} "${sample[field]}" as a whole value finds card ${sample.cardIdentifier} and only cards with it`
    ).toBe(true)
  );
}

test.describe('card search', () => {
  // Which fields are always present is not shown: a false or an empty array may be left out (ASSUME-FIELD-PRESENCE).
  test(
    "the card list response's cards, hasNextPage, lastPage and totalCount, when given, are an array, booleans and an integer [CARD-LIST-SHAPE]",
    rules('CARD-LIST-SHAPE'),
    async ({ api }) => {
      const response = await api.cardSearch({ limit: 5 });
      expect(response).toHaveStatus(200);
      if (response.body.cards !== undefined) expect(Array.isArray(response.body.cards), 'cards is an array').toBe(true);
      for (const flag of ['hasNextPage', 'lastPage'] as const) {
        if (response.body[flag] !== undefined) expect(typeof response.body[flag], flag).toBe('boolean');
      }
      if (response.body.totalCount !== undefined)
        expect(Number.isInteger(response.body.totalCount), 'totalCount is an integer').toBe(true);
    }
  );

  test(
    'limit is the maximum number of cards a page returns [CARD-SEARCH-LIMIT-HONOURED]',
    rules('CARD-SEARCH-LIMIT-HONOURED'),
    async ({ api }) => {
      const limit = 3;
      const larger = await api.cardSearch({ limit: limit + 1 });
      test.skip((larger.body.cards?.length ?? 0) <= limit, `the caller's hierarchy holds ${limit} cards or fewer`);
      const response = await api.cardSearch({ limit });
      expect(response).toHaveStatus(200);
      expect(response.body.cards?.length ?? 0).toBeLessThanOrEqual(limit);
    }
  );

  test(
    'limit 0 is refused: the minimum is 1; a 400 carries the standard error body [CARD-SEARCH-LIMIT-MIN-1, ERR-STANDARD-BODY]',
    rules('CARD-SEARCH-LIMIT-MIN-1', 'ERR-STANDARD-BODY'),
    async ({ api }) => {
      const response = await api.cardSearch({ limit: 0 });
      await forRule('CARD-SEARCH-LIMIT-MIN-1', () => expect(response).toBeRejected());
      if (response.status === 400) {
        const body = response.body as unknown as Record<string, unknown>;
        expect(typeof body.errorCode, 'errorCode').toBe('string');
        expect(typeof body.errorDescription, 'errorDescription').toBe('string');
      }
    }
  );

  // The document's rule holds at every level of the body: its top level and `filter`, the one object it nests.
  const levels: [level: string, body: Record<string, unknown>][] = [
    ['at the top level', { limit: 1, pageSize: 1 }],
    ['inside filter', { limit: 1, filter: { partialMatch: true, driverName: 'a', colour: 'red' } }],
  ];
  for (const [level, body] of levels) {
    test(
      `the body schema rejects a property other than those listed, ${level} [CARD-SEARCH-UNKNOWN-PROPERTY]`,
      rules('CARD-SEARCH-UNKNOWN-PROPERTY'),
      async ({ api }) => {
        expect(await api.call('cardSearch', { body })).toBeRejected();
      }
    );
  }

  test(
    'the default order lists active cards first, over all pages [CARD-SEARCH-ACTIVE-FIRST]',
    rules('CARD-SEARCH-ACTIVE-FIRST'),
    async ({ api, config, topLevelCustomer }) => {
      // Over the pages of one customer whose cards no test writes (lib/steps/stable-scope.ts): its
      // cards keep their statuses while the pages are read, so every page boundary is judged. The
      // whole hierarchy holds the pool, whose cards the run blocks, unblocks and replaces meanwhile:
      // a slow walk over it saw them change between pages, on a conforming server. One answer alone
      // would be sound too, but weaker: a first page of the whole hierarchy shows only Active cards on
      // a conforming server, and an order that puts the others first can hide beyond it.
      const holders = (await untouchedCardHolders(api, config, topLevelCustomer)).filter(
        (h) => h.cards.some(isActive) && !h.cards.every(isActive)
      );
      // The most telling one: where an order by identifier alone would not put the Active cards first.
      const byId = (h: CardHolder) =>
        [...h.cards]
          .sort((a, b) => a.cardIdentifier! - b.cardIdentifier!)
          .map((c) => ({ id: c.cardIdentifier, status: isActive(c) ? ACTIVE : 0 }));
      const holder =
        holders.find((h) => !h.more && activeAfterOther(byId(h))) ?? holders.find((h) => !h.more) ?? holders[0];
      test.skip(!holder, 'no customer whose cards no test changes holds both Active and other cards');
      const limit = Math.max(1, Math.floor(Math.min(holder!.cards.length, 50) / 3));
      const pages = await pagesOf(api, { customerAccountNumber: holder!.account, limit }, 60);
      const cards = [];
      for (const c of pages.flatMap((p) => p.cards ?? []))
        cards.push({ id: c.cardIdentifier, status: await statusIdOf(c) });
      const misplaced = activeAfterOther(cards);
      expect(
        misplaced,
        misplaced &&
          `card ${misplaced.active} (Active) comes after card ${misplaced.other} (status ${misplaced.status}), searching the cards of ${holder!.account} in pages of ${limit}`
      ).toBeUndefined();
    }
  );

  test(
    'following nextCursor while hasNextPage visits every card once; lastPage only on the last page; totalCount counts them all [CARD-SEARCH-CURSOR, CARD-SEARCH-PAGE-FLAGS, CARD-SEARCH-TOTALCOUNT]',
    rules('CARD-SEARCH-CURSOR', 'CARD-SEARCH-PAGE-FLAGS', 'CARD-SEARCH-TOTALCOUNT'),
    async ({ api, config, topLevelCustomer, assumptions }) => {
      // The cards of a customer no test writes (lib/steps/stable-scope.ts): the walks and the count read one state.
      const customer = (await untouchedCardHolders(api, config, topLevelCustomer))
        .filter((h) => h.cards.length > 1)
        .reduce<{ account: string; size: number } | undefined>(
          (best, h) => (h.cards.length > (best?.size ?? 0) ? { account: h.account, size: h.cards.length } : best),
          undefined
        );
      test.skip(
        !customer,
        'no sub-account of the top level that no test writes (outside the card pool, made by no run) holds two cards or more'
      );
      // The customer's cards in pages of 50 (it holds a few dozen at most): what the walk must visit, and count.
      const whole = await pagesOf(api, { customerAccountNumber: customer!.account, limit: 50 }, 4);
      if (whole.at(-1)!.hasNextPage === true) {
        // A walk cut short proves nothing of the last page's flags (whether a customer's own cards are all it finds: CARD-SEARCH-CUSTOMER),
        // but no page of it may call itself the last and still have a next one.
        await forRule('CARD-SEARCH-PAGE-FLAGS', () =>
          whole.forEach((page, i) => {
            expect(
              page.lastPage === true,
              `page ${i + 1} of the search for ${customer!.account} with limit=50: lastPage true while hasNextPage true`
            ).toBe(false);
          })
        );
        test.skip(true, `the search for ${customer!.account} still has pages after 4 of 50 cards: too many to walk`);
      }
      const limit = Math.max(1, Math.floor(customer!.size / 3));
      const pages = await pagesOf(
        api,
        { customerAccountNumber: customer!.account, limit },
        Math.ceil(customer!.size / limit) + 3
      );
      const ids = pages.flatMap((p) => p.cards ?? []).map((c) => c.cardIdentifier);
      const expected = whole.flatMap((p) => p.cards ?? []).map((c) => c.cardIdentifier);
      // Cards the search does not hold on a page the cursor led to: the cursor forgot the filter, and the flags describe another search.
      await forRule('CARD-SEARCH-CURSOR-SCOPE', () =>
        expect(
          ids.filter((id) => !expected.includes(id)),
          `cards walking with limit=${limit} that the search for ${customer!.account} in pages of 50 does not hold`
        ).toEqual([])
      );
      for (const [walk, walkLimit] of [
        [whole, 50],
        [pages, limit],
      ] as const) {
        const last = walk.length - 1;
        // A page over its limit is the limit's rule; the flags are this test's.
        await forRule('CARD-SEARCH-LIMIT-HONOURED', () =>
          walk.forEach((page, i) => {
            expect(
              page.cards?.length ?? 0,
              `page ${i + 1} of ${walk.length}: at most limit=${walkLimit} cards`
            ).toBeLessThanOrEqual(walkLimit);
          })
        );
        await forRule('CARD-SEARCH-PAGE-FLAGS', () =>
          walk.forEach((page, i) => {
            const where = `page ${i + 1} of ${walk.length} with limit=${walkLimit}`;
            // A false may be left out (ASSUME-FIELD-PRESENCE): the last page says no more by hasNextPage false or absent.
            expect(page.hasNextPage === true, `${where}: hasNextPage ${page.hasNextPage}`).toBe(i < last);
            if (page.lastPage !== undefined) expect(page.lastPage, `${where}: lastPage`).toBe(i === last);
            if (i < last)
              expect(
                typeof page.nextCursor === 'string' && page.nextCursor !== '',
                `${where}: nextCursor given while hasNextPage`
              ).toBe(true);
          })
        );
      }
      await forRule('CARD-SEARCH-CURSOR', () => {
        expect(ids.length - new Set(ids).size, 'cards seen twice').toBe(0);
        expect(
          expected.filter((id) => !ids.includes(id)),
          `cards of the search in pages of 50 missed walking with limit=${limit}`
        ).toEqual([]);
      });
      await presenceOnEveryPage(assumptions, [whole, pages]);
      const counted = [...whole, ...pages]
        .map((page, i) => ({ page, i }))
        .filter(({ page }) => page.totalCount !== undefined);
      test.skip(!counted.length, 'the target gives no totalCount (not required)');
      await forRule('CARD-SEARCH-TOTALCOUNT', () => {
        for (const { page, i } of counted)
          expect(page.totalCount, `totalCount on page ${i + 1}: the cards of the search`).toBe(expected.length);
      });
    }
  );

  // Whether a customer's search includes its sub-customers' cards is not shown: siblings never share a card either way.
  test(
    "customerAccountNumber restricts the search to that customer's cards: two sibling customers share no card [CARD-SEARCH-CUSTOMER]",
    rules('CARD-SEARCH-CUSTOMER'),
    async ({ api, config, topLevelCustomer }) => {
      const pair = await siblingsWithCards(api, config, topLevelCustomer);
      test.skip(!pair, 'fewer than two direct sub-accounts of the top level hold cards');
      const [a, b] = pair!;
      const cardsOfA = new Set((await allCards(api, { customerAccountNumber: a })).map((c) => c.cardIdentifier));
      const shared = (await allCards(api, { customerAccountNumber: b })).filter((c) => cardsOfA.has(c.cardIdentifier));
      expect(
        shared.map((c) => c.cardIdentifier),
        `cards found both for ${a} and for its sibling ${b}`
      ).toEqual([]);
    }
  );

  test(
    'cardTypeIdentifiers (ids from master data cardType) restrict the search to those card types [CARD-SEARCH-CARDTYPE]',
    rules('CARD-SEARCH-CARDTYPE'),
    async ({ api, masterData }) => {
      let found = 0;
      for (const type of masterData.cardType) {
        const response = await api.cardSearch({ cardTypeIdentifiers: [type.id!], limit: 20 });
        expect(response).toHaveStatus(200);
        const cards = response.body.cards ?? [];
        found += cards.length;
        expect(
          cards.filter((c) => c.cardType !== type.name).map((c) => `${c.cardIdentifier}: ${c.cardType}`),
          `cards found for card type ${type.id} (${type.name}) of another type`
        ).toEqual([]);
      }
      test.skip(found === 0, "no card of the caller's hierarchy has a master-data card type");
    }
  );

  test(
    'cardTypeIdentifiers and statusIdentifiers naming several ids find the cards of every one, in either order: the cards of a customer no test changes, searched by all their card types or all their statuses, are all its cards [CARD-SEARCH-CARDTYPE, CARD-SEARCH-STATUS]',
    rules('CARD-SEARCH-CARDTYPE', 'CARD-SEARCH-STATUS'),
    async ({ api, config, masterData, topLevelCustomer }) => {
      const holders = (await untouchedCardHolders(api, config, topLevelCustomer)).filter((h) => !h.more);
      const kinds = [
        ['CARD-SEARCH-CARDTYPE', 'cardTypeIdentifiers', (c: Card) => cardTypeIdOf(masterData, c)],
        ['CARD-SEARCH-STATUS', 'statusIdentifiers', (c: Card) => c.status?.id],
      ] as const;
      let judged = 0;
      for (const [rule, field, idOf] of kinds) {
        const idsOf = (h: CardHolder) => [...new Set(h.cards.map(idOf).filter((id): id is number => id !== undefined))];
        const holder = holders.find((h) => idsOf(h).length >= 2);
        if (!holder) continue;
        judged += 1;
        const all = holder.cards.map((c) => c.cardIdentifier).sort();
        for (const ids of [idsOf(holder), idsOf(holder).reverse()]) {
          const found = (await allCards(api, { customerAccountNumber: holder.account, [field]: ids }))
            .map((c) => c.cardIdentifier)
            .sort();
          await forRule(rule, () =>
            expect(found, `the cards of customer ${holder.account} found by ${field} ${JSON.stringify(ids)}`).toEqual(
              all
            )
          );
        }
      }
      test.skip(judged === 0, 'no customer whose cards no test changes holds cards of two card types or two statuses');
    }
  );

  for (const f of filters) {
    test(`${f.words} [${f.rule}]`, rules(f.rule), async ({ api }) => {
      const sample = await sampleCard(api);
      test.skip(!sample, 'no card with primaryVisualCardNumber, driverName and vehicleRegNumber on the first page');
      const value = f.value(sample!);
      const cards = await allCards(api, { filter: { partialMatch: f.partialMatch, [f.field]: value } });
      const offenders = cards
        .filter((c) => !f.matches(c[f.field] ?? '', value))
        .map((c) => `${c.cardIdentifier}: ${c[f.field]}`);
      const found = cards.some((c) => c.cardIdentifier === sample!.cardIdentifier);
      if (f.rule !== wholeValueRule[f.field] && (offenders.length || found !== f.sampleFound))
        await wholeValueFilters(api, sample!, f.field);
      expect(offenders, `cards that do not match ${f.field} "${value}" (partialMatch ${f.partialMatch})`).toEqual([]);
      expect(found, `card ${sample!.cardIdentifier} (${f.field} "${sample![f.field]}") found`).toBe(f.sampleFound);
    });
  }

  test(
    'partialMatch true: a filter value matches part of the field, the start or the end of a card number whatever "part" means (ASSUME-PARTIAL-MATCH) [CARD-SEARCH-PARTIAL-TRUE]',
    rules('CARD-SEARCH-PARTIAL-TRUE'),
    async ({ api, assumptions }) => {
      const sample = await sampleCard(api);
      test.skip(!sample, 'no card with primaryVisualCardNumber, driverName and vehicleRegNumber on the first page');
      const number = sample!.primaryVisualCardNumber!;
      // Its start and its end: found by a match anywhere, from the start or from the end; from inside it only by a match anywhere.
      const parts = { start: number.slice(0, -2), end: number.slice(2), inside: number.slice(2, -2) };
      const found: Partial<Record<keyof typeof parts, boolean>> = {};
      const offenders: string[] = [];
      for (const [part, value] of Object.entries(parts) as [keyof typeof parts, string][]) {
        const cards = await allCards(api, { filter: { partialMatch: true, primaryVisualCardNumber: value } });
        offenders.push(
          ...cards
            .filter((c) => !lower(c.primaryVisualCardNumber).includes(lower(value)))
            .map((c) => `${c.cardIdentifier}: ${c.primaryVisualCardNumber} for "${value}"`)
        );
        found[part] = cards.some((c) => c.cardIdentifier === sample!.cardIdentifier);
      }
      if (offenders.length || !(found.start || found.end))
        await wholeValueFilters(api, sample!, 'primaryVisualCardNumber');
      expect(offenders, 'cards whose primaryVisualCardNumber does not hold the value (partialMatch true)').toEqual([]);
      expect(
        found.start || found.end,
        `card ${sample!.cardIdentifier} (primaryVisualCardNumber "${number}") found by its start "${parts.start}" or its end "${parts.end}"`
      ).toBe(true);
      assumptions.saw(
        'ASSUME-PARTIAL-MATCH',
        `filter.primaryVisualCardNumber, partialMatch true: the start ${found.start ? 'finds' : 'does not find'} the card, the end ${found.end ? 'finds' : 'does not find'} it, a part from inside ${found.inside ? 'finds' : 'does not find'} it`
      );
      if (assumptions.strict('ASSUME-PARTIAL-MATCH'))
        await forReading('ASSUME-PARTIAL-MATCH', 'CARD-SEARCH-PARTIAL-TRUE', () =>
          expect(
            found.inside,
            `partialMatch true, "${parts.inside}" from inside the card number (strict reading)`
          ).toBe(true)
        );
    }
  );
});
