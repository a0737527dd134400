/**
 * "cardPIN: secret; never echoed": after an order that set it, no operation returns it — not the
 * order answer, not the reads of the customer and its cards, not the PIN letter reprint. The
 * client's automatic check fails any PIN field; this test also looks for the value under any other
 * name. specs/cards checks order, search and get; the PIN (FLEET_CARD_PIN) is known to the
 * self-test that greps the reports for it (proof/tests/selftest/secrets-in-reports.test.ts).
 */
import { expect, test } from '../../fixtures/test.js';
import type { ApiResponse } from '../../lib/client.js';
import { cardOrderBody, cardOrderItem, pinLetterAddress } from '../../lib/factories/card.js';
import { sendShortening } from '../../lib/field-lengths.js';
import { rules } from '../../lib/rules/declared.js';

/** Fields whose values the server generates or copies from addresses and contacts: a PIN-like value there is chance. */
const ordinaryKeys = new Set([
  'cardIdentifier',
  'primaryVisualCardNumber',
  'secondaryCardNumber',
  'keyIdentifier',
  'zipCode',
  'telephone',
  'mobilePhone',
  'addressLines',
  'customerAccountNumber',
]);

/** JSON pointers of values equal to `pin` outside the ordinary fields. */
function pinValues(value: unknown, pin: string, pointer = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => pinValues(v, pin, `${pointer}/${i}`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => (ordinaryKeys.has(k) ? [] : pinValues(v, pin, `${pointer}/${k}`)));
  }
  return String(value) === pin ? [pointer || '/'] : [];
}

test(
  'cardPIN is returned by no operation after an order that set it: order, customer, card types, card search, get card, PIN reprint [CARD-PIN-NEVER-ECHOED] @write',
  rules('CARD-PIN-NEVER-ECHOED'),
  async ({ api, config, masterData, subCustomer, assumptions }) => {
    const pin = config.cardPin;
    const account = subCustomer.customerAccountNumber;
    const answers: [string, ApiResponse][] = [];
    const withPin = cardOrderBody(account, [
      cardOrderItem(masterData, { driverName: `${config.runId} pin`, cardPIN: pin }),
    ]);
    const order = api.need(
      (await sendShortening(assumptions, withPin, (body) => api.orderCards(body))).response,
      'ordering a card with a PIN'
    );
    answers.push(['POST /cards/order', order]);
    answers.push(['GET /customers/{customerAccountNumber}', await api.getCustomer(account)]);
    answers.push(['GET /customers?searchText', await api.listCustomers({ searchText: account })]);
    answers.push(['GET /customers/{customerAccountNumber}/cardTypes', await api.getCustomerCardTypes(account)]);
    const byOrder = await api.cardSearch({ orderReference: order.body.orderReference });
    answers.push(
      ['POST /cards/search by orderReference', byOrder],
      ['POST /cards/search by customer', await api.cardSearch({ customerAccountNumber: account })]
    );
    for (const card of byOrder.body.cards ?? []) {
      answers.push([`GET /cards/${card.cardIdentifier}`, await api.getCard(card.cardIdentifier!)]);
      answers.push([
        `POST /cards/${card.cardIdentifier}/reprintPIN`,
        await api.reprintPIN(card.cardIdentifier!, { cardAddress: pinLetterAddress() }),
      ]);
    }
    // Whatever each answered (its own rule's to judge), none may show the PIN.
    for (const [name, response] of answers)
      expect.soft(pinValues(response.body, pin), `${name}: values equal to the PIN`).toEqual([]);
  }
);
