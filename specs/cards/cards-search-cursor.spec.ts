/**
 * "cursor (string, from a previous response)": a cursor continues the caller's own search, the one
 * it came from. Every page it leads to, asked with the same limit and filters, keeps them; sent by
 * another client (FLEET_FOREIGN_CLIENT_ID) it is refused or shows none of that client's cards. Sent
 * with another customer's filter, it is a request the document does not describe
 * (ASSUME-CURSOR-OTHER-FILTERS): any answer but a 5xx. Each check
 * reads what its filters select as the page shows it (a card's type, a card's owner by the owner's
 * own search), so that cards other tests block, unblock or replace meanwhile judge nothing.
 */
import { expect, forReading, forRule, test } from '../../fixtures/test.js';
import type { FleetApi } from '../../lib/api.js';
import { allCards, cardTypeIdOf, customerPage } from '../../lib/discovery.js';
import { rules } from '../../lib/rules/declared.js';
import type { Card, CardList, CardSearchRequest, MasterData } from '../../lib/types.generated.js';

/** The pages of `search` as asked again with each nextCursor, at most `maxPages`. */
async function pagesWith(api: FleetApi, search: CardSearchRequest, maxPages: number): Promise<CardList[]> {
  const pages: CardList[] = [];
  for (let cursor: string | undefined; pages.length < maxPages; ) {
    const { body } = api.need(
      await api.cardSearch({ ...search, ...(cursor ? { cursor } : {}) }),
      `card search, page ${pages.length + 1}`,
      'CARD-SEARCH-CURSOR'
    );
    pages.push(body);
    cursor = body.hasNextPage ? body.nextCursor : undefined;
    if (!cursor) break;
  }
  return pages;
}

/**
 * The rarest card type that at least three cards of the sample have (not all of them), with the
 * master-data id it is searched by: the cards after a page of it are mostly of other types.
 */
function rareType(cards: Card[], master: MasterData): { id: number; name: string } | undefined {
  const counts = new Map<string, number>();
  for (const c of cards) if (c.cardType) counts.set(c.cardType, (counts.get(c.cardType) ?? 0) + 1);
  const [name] = [...counts].filter(([, n]) => n >= 3 && n < cards.length).sort((a, b) => a[1] - b[1])[0] ?? [];
  const id = name === undefined ? undefined : cardTypeIdOf(master, { cardType: name });
  return id === undefined ? undefined : { id, name: name! };
}

const ids = (cards: Card[] | undefined) => (cards ?? []).map((c) => c.cardIdentifier);
const OTHER_FILTERS = 'ASSUME-CURSOR-OTHER-FILTERS';

test.describe("card search: the cursor is the caller's own search", () => {
  test(
    'every page a cursor leads to holds at most the limit, and only cards of the card type, it was asked with [CARD-SEARCH-LIMIT-HONOURED, CARD-SEARCH-CURSOR-SCOPE]',
    rules('CARD-SEARCH-LIMIT-HONOURED', 'CARD-SEARCH-CURSOR-SCOPE'),
    async ({ api, masterData }) => {
      const sample = (await api.cardSearch({ limit: 50 })).body.cards ?? [];
      const type = rareType(sample, masterData);
      test.skip(!type, 'the first 50 cards show no card type held by three cards or more and not by all');
      const limit = 2;
      const pages = await pagesWith(api, { cardTypeIdentifiers: [type!.id], limit }, 6);
      test.skip(pages.length < 2, `the search for card type ${type!.id} ended on its first page`);
      await forRule('CARD-SEARCH-LIMIT-HONOURED', () =>
        pages.forEach((page, i) => {
          expect(page.cards?.length ?? 0, `page ${i + 1} of the search with limit=${limit}`).toBeLessThanOrEqual(limit);
        })
      );
      const others = (page: CardList, i: number) =>
        expect(
          (page.cards ?? []).filter((c) => c.cardType !== type!.name).map((c) => `${c.cardIdentifier}: ${c.cardType}`),
          `page ${i + 1}: cards of another type than ${type!.name} (cardTypeIdentifiers [${type!.id}])`
        ).toEqual([]);
      // The first page is the filter's own (CARD-SEARCH-CARDTYPE's); the pages after it, the cursor's.
      await forRule('CARD-SEARCH-CARDTYPE', () => others(pages[0]!, 0));
      await forRule('CARD-SEARCH-CURSOR-SCOPE', () =>
        pages.slice(1).forEach((page, i) => {
          others(page, i + 1);
        })
      );
    }
  );

  test(
    `a cursor of one customer's search, sent with another customerAccountNumber, is refused or answered, never with a 5xx (${OTHER_FILTERS}) [ROBUST-NO-5XX-ON-BAD-INPUT]`,
    rules('ROBUST-NO-5XX-ON-BAD-INPUT'),
    async ({ api, config, topLevelCustomer, assumptions }) => {
      const first = config.poolCustomer;
      test.skip(
        !first,
        'no card pool customer (FLEET_CARD_POOL_CUSTOMER): the first search needs a customer with cards'
      );
      const listed = customerPage(
        await api.listCustomers({ customerAccountNumber: topLevelCustomer, limit: 20 }),
        config.customerListFields
      ).customers;
      const other = listed.map((c) => c.customerAccountNumber).find((n) => n && !config.poolCustomers.includes(n));
      test.skip(!other, 'no direct sub-account of the top level besides the card pool');
      const page = api.need(
        await api.cardSearch({ customerAccountNumber: first, limit: 1 }),
        `searching the cards of ${first}`
      ).body;
      test.skip(!page.hasNextPage || !page.nextCursor, `the cards of ${first} fit one page of 1`);
      const answer = await api.cardSearch({ customerAccountNumber: other, limit: 1, cursor: page.nextCursor });
      await forRule('ROBUST-NO-5XX-ON-BAD-INPUT', () =>
        expect(
          answer.status,
          'a cursor sent with another customerAccountNumber: refused or answered, never a 5xx'
        ).toBeLessThan(500)
      );
      const refused = answer.status >= 400;
      // Which search a server continues is not described: refused, the new filter's, or the cursor's own (a snapshot).
      // Cards never change owner: one the first customer's own search shows now is none of the other's.
      const firstCards = refused
        ? new Set<number | undefined>()
        : new Set(ids(await allCards(api, { customerAccountNumber: first })));
      const ofFirst = refused ? [] : ids(answer.body.cards).filter((id) => firstCards.has(id));
      assumptions.saw(
        OTHER_FILTERS,
        `card search: ${refused ? `refused (${answer.status})` : ofFirst.length ? "the cursor's own search continued, the other customerAccountNumber ignored" : "the other customerAccountNumber's search"}`
      );
      if (assumptions.strict(OTHER_FILTERS)) {
        await forReading(OTHER_FILTERS, 'ROBUST-NO-5XX-ON-BAD-INPUT', () =>
          expect(
            ofFirst,
            `cards of ${first} answered to a search for ${other} with a cursor of ${first}'s search (the stricter reading)`
          ).toEqual([])
        );
      }
    }
  );

  test(
    "a cursor of another client's search is refused or shows none of that client's cards [AUTH-FOREIGN-NOT-LISTED]",
    rules('AUTH-FOREIGN-NOT-LISTED'),
    async ({ api, foreignFound, testLedger }) => {
      const second = testLedger.adopt(foreignFound);
      test.skip(!second, 'no second client configured (FLEET_FOREIGN_CLIENT_ID / FLEET_FOREIGN_CLIENT_SECRET)');
      const theirs = await pagesWith(second!.api, { limit: 2 }, 2);
      test.skip(theirs.length < 2, "the second client's cards fit one page of 2");
      const answer = await api.cardSearch({ limit: 2, cursor: theirs[0]!.nextCursor });
      if (answer.status >= 400 && answer.status < 500) return;
      expect(answer, "another client's cursor: refused or answered").toHaveStatus(200);
      const foreign = new Set(theirs.flatMap((p) => ids(p.cards)));
      expect(
        ids(answer.body.cards).filter((id) => foreign.has(id)),
        "the second client's cards answered to the caller through its cursor"
      ).toEqual([]);
    }
  );
});
