/**
 * POST /customers/{customerAccountNumber}/updateDetail: every change is visible on the next GET,
 * and stays there through the writes after it (another update, a block and an unblock).
 */
import { expect, expectAt, forReading, forRule, test } from '../../fixtures/test.js';
import type { ApiResponse } from '../../lib/client.js';
import { addressFields, contactFields, customerUpdate } from '../../lib/factories/customer.js';
import { sendShortening } from '../../lib/field-lengths.js';
import { rules } from '../../lib/rules/declared.js';
import { blockFirst, statusOf, unblockFirst } from '../../lib/steps/customer-steps.js';
import type { Customer, CustomerUpdateRequest } from '../../lib/types.generated.js';

type Field = keyof CustomerUpdateRequest;

/** Each field of `update` as the customer `got` shows it (each comparison names the place it judged). */
function expectShown(got: ApiResponse<Customer>, update: CustomerUpdateRequest): void {
  if (update.customerName !== undefined) expectAt(got, '/customerName', update.customerName, 'customerName');
  if (update.customerBusinessReference !== undefined)
    expectAt(got, '/customerBusinessReference', update.customerBusinessReference, 'customerBusinessReference');
  for (const f of update.customerContact ? contactFields : [])
    expectAt(got, `/customerContact/${f}`, update.customerContact![f], `customerContact.${f}`);
  for (const f of update.customerAddress ? addressFields : [])
    expectAt(got, `/customerAddress/${f}`, update.customerAddress![f], `customerAddress.${f}`);
}

test.describe('update customer details @write', () => {
  const fields: Field[] = ['customerName', 'customerBusinessReference', 'customerContact', 'customerAddress'];
  for (const field of fields) {
    test(
      `updateDetail with ${field} alone: the next GET shows the new ${field} [CUST-UPDATE-APPLIES]`,
      rules('CUST-UPDATE-APPLIES'),
      async ({ places, api, customers, config, nextSerial, assumptions }) => {
        const { customerAccountNumber } = await customers.create();
        const { response, sent: update } = await sendShortening(
          assumptions,
          { [field]: customerUpdate(config.runId, nextSerial(), places)[field] } as CustomerUpdateRequest,
          (body) => api.updateCustomerDetail(customerAccountNumber, body)
        );
        expect(response).toHaveStatus(200);
        const got = await api.getCustomer(customerAccountNumber);
        expect(got).toHaveStatus(200);
        expectShown(got, update);
      }
    );
  }

  test(
    'updateDetail with every field at once: the next GET shows them all, contact and address as the MAIN ones [CUST-UPDATE-APPLIES]',
    rules('CUST-UPDATE-APPLIES'),
    async ({ places, api, customers, config, nextSerial, assumptions }) => {
      const parent = await customers.create();
      const { customerAccountNumber } = await customers.create({ customerAccountNumber: parent.customerAccountNumber });
      const { response, sent: update } = await sendShortening(
        assumptions,
        customerUpdate(config.runId, nextSerial(), places),
        (body) => api.updateCustomerDetail(customerAccountNumber, body)
      );
      expect(response).toHaveStatus(200);
      const got = await api.getCustomer(customerAccountNumber);
      expect(got).toHaveStatus(200);
      expectShown(got, update);
    }
  );

  test(
    'two updates in a row: the second changes its fields and keeps what the first changed [CUST-UPDATE-APPLIES]',
    rules('CUST-UPDATE-APPLIES'),
    async ({ places, api, customers, config, nextSerial, assumptions }) => {
      const { customerAccountNumber, request } = await customers.create();
      const values = customerUpdate(config.runId, nextSerial(), places);
      const first = await sendShortening(
        assumptions,
        { customerName: values.customerName, customerContact: values.customerContact },
        (body) => api.updateCustomerDetail(customerAccountNumber, body)
      );
      expect(first.response, 'the first update').toHaveStatus(200);
      const second = await sendShortening(
        assumptions,
        { customerBusinessReference: values.customerBusinessReference, customerAddress: values.customerAddress },
        (body) => api.updateCustomerDetail(customerAccountNumber, body)
      );
      expect(second.response, 'the second update').toHaveStatus(200);
      const got = await api.getCustomer(customerAccountNumber);
      expect(got).toHaveStatus(200);
      expectShown(got, { ...request, ...first.sent, ...second.sent });
    }
  );

  test(
    'an update of a blocked customer leaves it blocked, and its unblock keeps the update: refused (nothing changes) or applied, as ASSUME-CUSTOMER-STATES reads it [CUST-BLOCK, CUST-UPDATE-APPLIES, CUST-UNBLOCK-REACTIVATES]',
    rules('CUST-BLOCK', 'CUST-UPDATE-APPLIES', 'CUST-UNBLOCK-REACTIVATES'),
    async ({ places, api, customers, config, nextSerial, assumptions }) => {
      const { customerAccountNumber, request } = await customers.create();
      const open = await statusOf(api, customerAccountNumber);
      await blockFirst(api, customerAccountNumber);
      const blocked = await statusOf(api, customerAccountNumber);
      const { response, sent } = await sendShortening(
        assumptions,
        customerUpdate(config.runId, nextSerial(), places),
        (body) => api.updateCustomerDetail(customerAccountNumber, body)
      );
      const refused = response.status >= 400 && response.status < 500;
      if (refused) {
        assumptions.saw('ASSUME-CUSTOMER-STATES', `updateDetail of a blocked customer refused (${response.status})`);
        if (assumptions.strict('ASSUME-CUSTOMER-STATES'))
          await forReading('ASSUME-CUSTOMER-STATES', 'CUST-UPDATE-APPLIES', () =>
            expect(response, 'the update of a blocked customer (strict reading)').toHaveStatus(200)
          );
      } else {
        await forRule('CUST-UPDATE-APPLIES', () =>
          expect(response, 'the update of a blocked customer').toHaveStatus(200)
        );
      }
      const details = refused ? request : { ...request, ...sent };
      const whileBlocked = await api.getCustomer(customerAccountNumber);
      expect(whileBlocked).toHaveStatus(200);
      await forRule('CUST-BLOCK', () =>
        expect(
          { status: whileBlocked.body.status, statusIdentifier: whileBlocked.body.statusIdentifier },
          'still blocked after the update'
        ).toEqual(blocked)
      );
      await forRule('CUST-UPDATE-APPLIES', () => expectShown(whileBlocked, details));
      await unblockFirst(api, customerAccountNumber, open);
      const after = await api.getCustomer(customerAccountNumber);
      expect(after).toHaveStatus(200);
      await forRule('CUST-UNBLOCK-REACTIVATES', () => expectShown(after, details));
    }
  );
});
