/**
 * Every free-text field of a customer as people write it: letters beyond ASCII, quotes, an
 * ampersand and angle brackets (lib/factories/customer.ts peopleText, Latin-1), read back unchanged
 * by GET and the list after create and after updateDetail, and in the notes of block, unblock and
 * close. The stated limits are tried at their length in such text by the boundaries
 * (customers-boundaries.spec.ts); here the fields whose length is not stated are short
 * (ASSUME-FIELD-LENGTHS). Letters with combining marks, outside Latin-1, may be refused: accepted,
 * they read back as the same text (ASSUME-CHARACTER-COUNT).
 */
import { type Assumptions, expect, forRule, test } from '../../fixtures/test.js';
import type { FleetApi } from '../../lib/api.js';
import type { Config } from '../../lib/config.js';
import { allCustomers } from '../../lib/discovery.js';
import {
  combiningMarks,
  completeAddress,
  contact,
  type Places,
  peopleText,
  subCustomerBody,
} from '../../lib/factories/customer.js';
import { sendShortening } from '../../lib/field-lengths.js';
import { rules } from '../../lib/rules/declared.js';
import { blockFirst, statusOf, unblockFirst } from '../../lib/steps/customer-steps.js';
import type { Customer, CustomerUpdateRequest } from '../../lib/types.generated.js';

/** The free-text fields of a customer, where they sit. */
const freeText = [
  ['customerName'],
  ['customerBusinessReference'],
  ['customerContact', 'firstName'],
  ['customerContact', 'middleName'],
  ['customerContact', 'lastName'],
  ['customerAddress', 'addressLines'],
  ['customerAddress', 'city'],
] as const;

type Path = (typeof freeText)[number];

const valueAt = (from: object | undefined, path: Path): unknown =>
  path.reduce<unknown>((o, key) => (o as Record<string, unknown> | undefined)?.[key], from);

/** Every free-text field as people write it, each its own (`mark`: the run and the request). */
function peopleDetails(runId: string, mark: string, places: Places): Required<CustomerUpdateRequest> {
  return {
    customerName: peopleText(`${runId} ${mark} `, 60),
    customerBusinessReference: peopleText(`${mark}${runId.slice(-3)}`, 20),
    customerContact: {
      ...contact(`t${mark}`),
      firstName: 'Zoë-Ænne',
      middleName: "d'Ørsted",
      lastName: "O'Brien & Sø",
    },
    customerAddress: { ...completeAddress('Main', places.first), addressLines: "<Rue> d'Ærø 7", city: 'Køge & Malmö' },
  };
}

/**
 * The fields `sent` holds, as GET and the list show `account` (a list item may leave fields out): the
 * same text, as Unicode reads it (one normalization form or another: ASSUME-CHARACTER-COUNT).
 */
async function expectShownAsSent(
  api: FleetApi,
  config: Pick<Config, 'customerListFields'>,
  assumptions: Assumptions,
  account: string,
  sent: object
): Promise<void> {
  const got = await api.getCustomer(account);
  expect(got).toHaveStatus(200);
  const listed = (await allCustomers(api, config.customerListFields, { searchText: account })).find(
    (c) => c.customerAccountNumber === account
  );
  for (const [view, customer] of [
    ['GET', got.body],
    ['the list', listed],
  ] as [string, Customer | undefined][]) {
    for (const path of freeText) {
      const want = valueAt(sent, path);
      const shown = valueAt(customer, path);
      if (typeof want !== 'string' || (view === 'the list' && shown === undefined)) continue;
      if (typeof shown === 'string' && shown !== want && shown.normalize('NFC') === want.normalize('NFC'))
        assumptions.saw(
          'ASSUME-CHARACTER-COUNT',
          `${path.join('.')} shown in another Unicode normalization form than sent`
        );
      expect(typeof shown === 'string' ? shown.normalize('NFC') : shown, `${path.join('.')} shown by ${view}`).toBe(
        want.normalize('NFC')
      );
    }
  }
}

test.describe('customer text as people write it @write', () => {
  test(
    'every free-text field as people write it (letters beyond ASCII, quotes, & and <>) is shown unchanged by GET and the list after create [CUST-CREATE-MAIN-ADDRESS-CONTACT]',
    rules('CUST-CREATE-MAIN-ADDRESS-CONTACT'),
    async ({ places, api, config, customers, nextSerial, assumptions }) => {
      const { customerAccountNumber, request } = await customers.create(
        peopleDetails(config.runId, nextSerial(), places)
      );
      await expectShownAsSent(api, config, assumptions, customerAccountNumber, request);
      // Combining marks, outside Latin-1: a back end of names and letters may refuse them; accepted, they read back.
      const marks = await sendShortening(
        assumptions,
        subCustomerBody(config.runId, nextSerial(), places, {
          customerName: `${config.runId} ${nextSerial()} ${combiningMarks}`,
        }),
        (body) => customers.attempt(body)
      );
      if (marks.response.status >= 400 && marks.response.status < 500) {
        assumptions.saw('ASSUME-CHARACTER-COUNT', `a name with combining marks refused (${marks.response.status})`);
        return;
      }
      expect(marks.response, 'a name with combining marks: accepted or refused').toHaveStatus(200);
      await expectShownAsSent(api, config, assumptions, marks.response.body.customerAccountNumber, marks.sent);
    }
  );

  test(
    'every free-text field as people write it is shown unchanged by GET and the list after updateDetail [CUST-UPDATE-APPLIES]',
    rules('CUST-UPDATE-APPLIES'),
    async ({ places, api, config, customers, nextSerial, assumptions }) => {
      const { customerAccountNumber } = await customers.create();
      const { response, sent } = await sendShortening(
        assumptions,
        peopleDetails(config.runId, nextSerial(), places),
        (body) => api.updateCustomerDetail(customerAccountNumber, body)
      );
      expect(response).toHaveStatus(200);
      await expectShownAsSent(api, config, assumptions, customerAccountNumber, sent);
    }
  );

  test(
    'notes of 200 characters as people write them are accepted on block, unblock and close [CUST-NOTES-MAX-200]',
    rules('CUST-NOTES-MAX-200'),
    async ({ api, subCustomer, nextSerial }) => {
      const account = subCustomer.customerAccountNumber;
      const notes = () => ({ notes: peopleText(`${nextSerial()} `, 200) });
      const open = await statusOf(api, account);
      await blockFirst(api, account, notes(), 'CUST-NOTES-MAX-200');
      await unblockFirst(api, account, open, notes(), 'CUST-NOTES-MAX-200');
      await forRule('CUST-NOTES-MAX-200', async () =>
        expect(
          await api.closeCustomer(account, notes()),
          'close with notes of 200 characters as people write them'
        ).toHaveStatus(200)
      );
    }
  );
});
