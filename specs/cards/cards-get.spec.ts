/** GET /cards/{cardIdentifier}: the card, its status, and the answer for an unknown card (another client's: specs/auth/auth-matrix.spec.ts). */
import { expect, forReading, forRule, judgingPlace, judgingPlaces, placeOf, test } from '../../fixtures/test.js';
import { ACTIVE } from '../../lib/discovery.js';
import { rules } from '../../lib/rules/declared.js';

const PRESENCE = 'ASSUME-FIELD-PRESENCE';

/** The largest 32-bit integer: a valid cardIdentifier that no target is likely to have handed out. */
const UNKNOWN_CARD = 2_147_483_647;

test.describe('get a card', () => {
  test(
    'GET /cards/{cardIdentifier} answers 200 with the Card that search lists [CARD-GET, CARD-SHAPE]',
    rules('CARD-GET', 'CARD-SHAPE'),
    async ({ api, config, assumptions }) => {
      const listed = (await api.cardSearch({ limit: 5 })).body.cards ?? [];
      test.skip(listed.length === 0, "the caller's hierarchy holds no card");
      for (const card of listed) {
        const response = await api.getCard(card.cardIdentifier!);
        await forRule('CARD-GET', () => {
          expect(response).toHaveStatus(200);
          expect(response.body.cardIdentifier, 'cardIdentifier').toBe(card.cardIdentifier);
        });
        // Which fields a search item shows is not shown (ASSUME-FIELD-PRESENCE): a field is compared where both show it.
        for (const field of ['primaryVisualCardNumber', 'cardType'] as const) {
          const [inSearch, inGet] = [card[field], response.body[field]];
          if (inSearch !== undefined && inGet !== undefined)
            await forRule('CARD-GET', () => expect(inGet, `${field} of card ${card.cardIdentifier}`).toBe(inSearch));
          else if (config.strict.has(PRESENCE))
            await forReading(PRESENCE, 'CARD-GET', () =>
              expect(
                { search: inSearch !== undefined, get: inGet !== undefined },
                `${field} of card ${card.cardIdentifier} shown`
              ).toEqual({ search: true, get: true })
            );
          else
            assumptions.saw(
              PRESENCE,
              `card ${card.cardIdentifier}: ${field} ${inSearch === undefined ? 'not in its search item' : 'not in its GET'}`
            );
        }
      }
    }
  );

  test(
    'card status is exposed as {id, name}: Active with id 1 [CARD-STATUS-ACTIVE-1]',
    rules('CARD-STATUS-ACTIVE-1'),
    async ({ api }) => {
      const active = (await api.cardSearch({ statusIdentifiers: [ACTIVE], limit: 10 })).body.cards ?? [];
      test.skip(active.length === 0, "the caller's hierarchy holds no Active card");
      for (const card of active)
        judgingPlaces(placeOf(card, '/status'), () =>
          expect({ id: card.status?.id, name: card.status?.name }, `card ${card.cardIdentifier}: status`).toEqual({
            id: ACTIVE,
            name: 'Active',
          })
        );
      // Other workers may block the card in between: GET must pair id 1 with Active, whatever the status is now.
      const got = await api.getCard(active[0]!.cardIdentifier!);
      const { status } = got.body;
      judgingPlace(got, '/status', () =>
        expect(status?.id === ACTIVE, `GET card ${active[0]!.cardIdentifier}: status ${JSON.stringify(status)}`).toBe(
          status?.name === 'Active'
        )
      );
    }
  );

  test('an unknown cardIdentifier answers 404 [ERR-NOT-FOUND-404]', rules('ERR-NOT-FOUND-404'), async ({ api }) => {
    expect(await api.getCard(UNKNOWN_CARD)).toHaveStatus(404);
  });
});
