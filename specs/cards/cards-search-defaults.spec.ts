/**
 * "default order lists active cards first": a default holds with every filter as without one. Each
 * search is judged on one answer (a page holding every card it finds), of a customer whose cards no
 * test writes (lib/steps/stable-scope.ts) where an order by identifier alone would not put the
 * Active cards first, and of the whole hierarchy.
 */
import { expect, test } from '../../fixtures/test.js';
import { ACTIVE, cardTypeIdOf, isActive } from '../../lib/discovery.js';
import { rules } from '../../lib/rules/declared.js';
import { statusIdOf } from '../../lib/steps/card-steps.js';
import { activeAfterOther } from '../../lib/steps/card-views.js';
import { type CardHolder, untouchedCardHolders } from '../../lib/steps/stable-scope.js';
import type { CardSearchRequest } from '../../lib/types.generated.js';

const byId = (h: CardHolder) =>
  [...h.cards]
    .sort((a, b) => a.cardIdentifier! - b.cardIdentifier!)
    .map((c) => ({ id: c.cardIdentifier, status: isActive(c) ? ACTIVE : 0 }));

test.describe('card search: the default order with every filter', () => {
  test(
    'the default order lists active cards first with cardTypeIdentifiers, statusIdentifiers and both, for one customer and for the whole hierarchy [CARD-SEARCH-ACTIVE-FIRST]',
    rules('CARD-SEARCH-ACTIVE-FIRST'),
    async ({ api, config, masterData, topLevelCustomer }) => {
      const holder = (await untouchedCardHolders(api, config, topLevelCustomer)).find(
        (h) => !h.more && activeAfterOther(byId(h))
      );
      test.skip(
        !holder,
        'no customer whose cards no test changes holds an Active card after one of another status by identifier'
      );
      const types = [
        ...new Set(
          holder!.cards.map((c) => cardTypeIdOf(masterData, c)).filter((id): id is number => id !== undefined)
        ),
      ];
      const statuses = [
        ...new Set(holder!.cards.map((c) => c.status?.id).filter((id): id is number => id !== undefined)),
      ];
      const searches: [what: string, search: CardSearchRequest][] = [
        ['the card types of its cards', { customerAccountNumber: holder!.account, cardTypeIdentifiers: types }],
        ['the statuses of its cards', { customerAccountNumber: holder!.account, statusIdentifiers: statuses }],
        ['both', { customerAccountNumber: holder!.account, cardTypeIdentifiers: types, statusIdentifiers: statuses }],
        [
          'every card type of the master data, no customer',
          { cardTypeIdentifiers: masterData.cardType.map((t) => t.id!) },
        ],
        ['every status of the master data, no customer', { statusIdentifiers: masterData.status.map((s) => s.id!) }],
      ];
      for (const [what, search] of searches) {
        const response = api.need(await api.cardSearch({ ...search, limit: 50 }), `searching by ${what}`);
        const cards = [];
        for (const c of response.body.cards ?? []) cards.push({ id: c.cardIdentifier, status: await statusIdOf(c) });
        const misplaced = activeAfterOther(cards);
        expect(
          misplaced,
          misplaced &&
            `card ${misplaced.active} (Active) comes after card ${misplaced.other} (status ${misplaced.status}), searching by ${what}: ${JSON.stringify(search)}`
        ).toBeUndefined();
      }
    }
  );
});
