/** POST /customers/{customerAccountNumber}/updateDetail: every change is visible on the next GET. */
import { expect, test } from '../../fixtures/test.js';
import { addressFields, contactFields, customerUpdate } from '../../lib/factories/customer.js';
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
    test(`updateDetail with ${field} alone: the next GET shows the new ${field} [CUST-UPDATE-APPLIES]`, async ({ api, customers, config, nextSerial }) => {
      const { customerAccountNumber } = await customers.create();
      const update = { [field]: customerUpdate(config.runId, nextSerial())[field] } as CustomerUpdateRequest;
      expect(await api.updateCustomerDetail(customerAccountNumber, update)).toHaveStatus(200);
      const got = await api.getCustomer(customerAccountNumber);
      expect(got).toHaveStatus(200);
      expectShown(got.body, update);
    });
  }

  test('updateDetail with every field at once: the next GET shows them all, contact and address as the MAIN ones [CUST-UPDATE-APPLIES]', async ({ api, customers, config, nextSerial }) => {
    const parent = await customers.create();
    const { customerAccountNumber } = await customers.create({ customerAccountNumber: parent.customerAccountNumber });
    const update = customerUpdate(config.runId, nextSerial());
    expect(await api.updateCustomerDetail(customerAccountNumber, update)).toHaveStatus(200);
    const got = await api.getCustomer(customerAccountNumber);
    expect(got).toHaveStatus(200);
    expectShown(got.body, update);
  });
});
