/**
 * POST /cards/order. Completing an order takes up to 24 to 36 hours: the suite never waits for
 * the cards. A search by orderReference answers 200, and whatever cards it lists (none is fine)
 * must be cards of that order, recognised by a driverName unique to the order.
 */
import { expect, forRule, judgingPlace, test } from '../../fixtures/test.js';
import type { FleetApi } from '../../lib/api.js';
import type { ApiResponse } from '../../lib/client.js';
import { allCards } from '../../lib/discovery.js';
import { cardOrderBody, cardOrderItem } from '../../lib/factories/card.js';
import { sendShortening } from '../../lib/field-lengths.js';
import { rules } from '../../lib/rules/declared.js';
import { cardOf } from '../../lib/steps/card-steps.js';
import type { Card, CardOrderErrors } from '../../lib/types.generated.js';

/** The cards a search by orderReference lists, as GET shows them. */
async function cardsOfOrder(api: FleetApi, orderReference: string): Promise<Card[]> {
  const first = await api.cardSearch({ orderReference });
  expect(first, 'searching by orderReference').toHaveStatus(200);
  const listed = first.body.hasNextPage ? await allCards(api, { orderReference }) : (first.body.cards ?? []);
  return Promise.all(listed.map((c) => cardOf(api, c.cardIdentifier!)));
}

/** A PIN that no other value of the card shows as a number of its own (dates, ids and zip codes differ). */
function pinFor(serial: string): string {
  let hash = 0;
  for (const ch of serial) hash = (hash * 31 + ch.charCodeAt(0)) % 4_000;
  return String(5_000 + hash);
}

/** Numbers the server generates for a card: a run of PIN digits inside them is chance, not an echo. */
const generatedNumbers = new Set(['cardIdentifier', 'primaryVisualCardNumber', 'secondaryCardNumber', 'keyIdentifier']);

/** The PIN as a value of its own anywhere in a response: not inside a longer run of digits. */
function showsPin(response: ApiResponse, pin: string): boolean {
  const { body, text } = response.exchange.response;
  const shown =
    body === undefined
      ? text
      : JSON.stringify(body, (key, value: unknown) => (generatedNumbers.has(key) ? undefined : value));
  return new RegExp(`(?<!\\d)${pin}(?!\\d)`).test(shown);
}

const invalidOrders = [
  { missing: 'customerAccountNumber', body: (_account: string, item: object) => ({ cards: [item] }) },
  { missing: 'cards', body: (account: string) => ({ customerAccountNumber: account }) },
];

test.describe('order cards', () => {
  test(
    'an accepted order answers 202 with an orderReference; searching by it lists only cards of that order [CARD-ORDER-202, CARD-ORDER-REFERENCE, CARD-SEARCH-ORDER-REFERENCE] @write',
    rules('CARD-ORDER-202', 'CARD-ORDER-REFERENCE', 'CARD-SEARCH-ORDER-REFERENCE'),
    async ({ api, masterData, subCustomer, config, nextSerial, assumptions }) => {
      const order = cardOrderBody(
        subCustomer.customerAccountNumber,
        [nextSerial(), nextSerial()].map((serial) =>
          cardOrderItem(masterData, { driverName: `${config.runId} d${serial}` })
        )
      );
      const { response, sent } = await sendShortening(assumptions, order, (body) => api.orderCards(body));
      const drivers = sent.cards.map((item) => item.driverName);
      await forRule('CARD-ORDER-202', () => expect(response).toHaveStatus(202));
      await forRule('CARD-ORDER-REFERENCE', () =>
        judgingPlace(response, '/orderReference', () =>
          expect(
            typeof response.body.orderReference === 'string' && response.body.orderReference !== '',
            'orderReference is a non-empty string'
          ).toBe(true)
        )
      );
      const listed = await cardsOfOrder(api, response.body.orderReference);
      await forRule('CARD-SEARCH-ORDER-REFERENCE', () =>
        expect(
          listed
            .filter((c) => !drivers.includes(c.driverName ?? ''))
            .map((c) => `${c.cardIdentifier}: ${c.driverName}`),
          'cards listed for the order that are not of it'
        ).toEqual([])
      );
    }
  );

  test(
    'cardPIN is never echoed: neither the order answer nor the ordered cards show it [CARD-PIN-NEVER-ECHOED] @write',
    rules('CARD-PIN-NEVER-ECHOED'),
    async ({ api, masterData, subCustomer, config, nextSerial, secrets, assumptions }) => {
      const serial = nextSerial();
      const cardPIN = pinFor(`${config.runId}${serial}`);
      secrets.add(cardPIN);
      const withPin = cardOrderBody(subCustomer.customerAccountNumber, [
        cardOrderItem(masterData, { driverName: `${config.runId} p${serial}`, cardPIN }),
      ]);
      const order = api.need(
        (await sendShortening(assumptions, withPin, (body) => api.orderCards(body))).response,
        'ordering a card with a PIN'
      );
      expect(showsPin(order, cardPIN), 'the order answer shows the PIN').toBe(false);
      const search = api.need(
        await api.cardSearch({ orderReference: order.body.orderReference, limit: 50 }),
        "searching the order's cards"
      );
      expect(showsPin(search, cardPIN), 'the search answer shows the PIN').toBe(false);
      for (const card of search.body.cards ?? []) {
        const got = api.need(await api.getCard(card.cardIdentifier!), `reading card ${card.cardIdentifier}`);
        expect(showsPin(got, cardPIN), `card ${card.cardIdentifier} shows the PIN`).toBe(false);
      }
    }
  );

  test(
    'an order without customerAccountNumber and without cards is refused with an array of one error object per problem [CARD-ORDER-ERRORS-ARRAY] @write',
    rules('CARD-ORDER-ERRORS-ARRAY'),
    async ({ api, masterData, topLevelCustomer, config }) => {
      const response = await api.call<CardOrderErrors>('orderCards', { body: {} });
      await forRule('CARD-ORDER-REQUIRED-FIELDS', () => expect(response).toHaveStatus(400));
      expect(Array.isArray(response.body), 'the 400 body is an array of error objects').toBe(true);
      if (response.body.length < 2) {
        // Two problems only if each field is required on its own (CARD-ORDER-REQUIRED-FIELDS): asked only when it decides.
        const alone = [
          { cards: [cardOrderItem(masterData, { driverName: `${config.runId} no customer` })] },
          { customerAccountNumber: topLevelCustomer },
        ];
        for (const body of alone)
          await forRule('CARD-ORDER-REQUIRED-FIELDS', async () =>
            expect(await api.call('orderCards', { body }), `an order with only ${Object.keys(body)[0]}`).toBeRejected()
          );
      }
      expect(
        response.body.length,
        `two required fields missing, two problems: ${JSON.stringify(response.body)}`
      ).toBeGreaterThanOrEqual(2);
    }
  );

  for (const variant of invalidOrders) {
    test(
      `an order without ${variant.missing} is refused with 400 and an array of errors, ER-002 for the missing field [CARD-ORDER-REQUIRED-FIELDS, CARD-ORDER-ERRORS-ARRAY, CARD-ORDER-ER002] @write`,
      rules('CARD-ORDER-REQUIRED-FIELDS', 'CARD-ORDER-ERRORS-ARRAY', 'CARD-ORDER-ER002'),
      async ({ api, masterData, subCustomer, config, nextSerial }) => {
        const item = cardOrderItem(masterData, { driverName: `${config.runId} x${nextSerial()}` });
        const response = await api.call<CardOrderErrors>('orderCards', {
          body: variant.body(subCustomer.customerAccountNumber, item),
        });
        await forRule('CARD-ORDER-REQUIRED-FIELDS', () => expect(response).toHaveStatus(400));
        await forRule('CARD-ORDER-ERRORS-ARRAY', () =>
          expect(Array.isArray(response.body), 'the 400 body is an array of error objects').toBe(true)
        );
        // The codes are read from the standard error body: without errorCode there is nothing to judge.
        await forRule('ERR-STANDARD-BODY', () =>
          expect(
            response.body.every((e) => typeof e?.errorCode === 'string'),
            'every error object carries errorCode'
          ).toBe(true)
        );
        await forRule('CARD-ORDER-ER002', () =>
          expect(
            response.body.map((e) => e.errorCode),
            'error codes'
          ).toContain('ER-002')
        );
      }
    );
  }
});
