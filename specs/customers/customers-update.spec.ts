/** POST /customers/{customerAccountNumber}/updateDetail: every change is visible on the next GET. */
import { expect, test } from '../../fixtures/test.js';
import { addressFields, contactFields, customerUpdate } from '../../lib/factories/customer.js';
import { sendShortening } from '../../lib/field-lengths.js';
import type { Customer, CustomerUpdateRequest } from '../../lib/types.generated.js';

type Field = keyof CustomerUpdateRequest;

function expectShown(got: Customer, update: CustomerUpdateRequest): void {
  if (update.customerName !== undefined) expect(got.customerName, 'customerName').toBe(update.customerName);
  if (update.customerBusinessReference !== undefined) expect(got.customerBusinessReference, 'customerBusinessReference').toBe(update.customerBusinessReference);
  for (const f of update.customerContact ? contactFields : []) expect(got.customerContact?.[f], `customerContact.${f}`).toBe(update.customerContact![f]);
  for (const f of update.customerAddress ? addressFields : []) expect(got.customerAddress?.[f], `customerAddress.${f}`).toBe(update.customerAddress![f]);
}

test.describe('update customer details @write', () => {
  const fields: Field[] = ['customerName', 'customerBusinessReference', 'customerContact', 'customerAddress'];
  for (const field of fields) {
    test(`updateDetail with ${field} alone: the next GET shows the new ${field} [CUST-UPDATE-APPLIES]`, async ({ api, customers, config, nextSerial, assumptions }) => {
      const { customerAccountNumber } = await customers.create();
      const { response, sent: update } = await sendShortening(assumptions, { [field]: customerUpdate(config.runId, nextSerial())[field] } as CustomerUpdateRequest, (body) => api.updateCustomerDetail(customerAccountNumber, body));
      expect(response).toHaveStatus(200);
      const got = await api.getCustomer(customerAccountNumber);
      expect(got).toHaveStatus(200);
      expectShown(got.body, update);
    });
  }

  test('updateDetail with every field at once: the next GET shows them all, contact and address as the MAIN ones [CUST-UPDATE-APPLIES]', async ({ api, customers, config, nextSerial, assumptions }) => {
    const parent = await customers.create();
    const { customerAccountNumber } = await customers.create({ customerAccountNumber: parent.customerAccountNumber });
    const { response, sent: update } = await sendShortening(assumptions, customerUpdate(config.runId, nextSerial()), (body) => api.updateCustomerDetail(customerAccountNumber, body));
    expect(response).toHaveStatus(200);
    const got = await api.getCustomer(customerAccountNumber);
    expect(got).toHaveStatus(200);
    expectShown(got.body, update);
  });
});
