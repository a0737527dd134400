/**
 * "A valid token without permission gives 403": the writes that name a customer outside the
 * caller's hierarchy (FLEET_FOREIGN_CUSTOMER). Reads, updateDetail and the card of another
 * hierarchy are covered in specs/customers and specs/cards.
 *
 * The foreign customer is not ours: the state changes go from the reversible to the permanent and
 * stop at the first one served, so that a server without the check closes nothing.
 */
import { expect, test } from '../../fixtures/test.js';
import { cardOrderBody, cardOrderItem } from '../../lib/factories/card.js';
import { subCustomerBody } from '../../lib/factories/customer.js';

const SKIP_REASON = 'no customer outside the caller\'s hierarchy configured (FLEET_FOREIGN_CUSTOMER)';

test.describe('writes across hierarchies', () => {
  test('block, unblock and close of a customer outside the caller\'s hierarchy answer 403 [CUST-FOREIGN-403, AUTH-FORBIDDEN-403] @write', async ({ api, config }) => {
    const foreign = config.foreignCustomer;
    test.skip(!foreign, SKIP_REASON);
    const notes = { notes: `${config.runId} must be refused` };
    expect(await api.blockCustomer(foreign!, notes), 'POST /customers/<foreign>/block').toHaveStatus(403, 'CUST-FOREIGN-403');
    expect(await api.unblockCustomer(foreign!, notes), 'POST /customers/<foreign>/unblock').toHaveStatus(403, 'CUST-FOREIGN-403');
    expect(await api.closeCustomer(foreign!, notes), 'POST /customers/<foreign>/close').toHaveStatus(403, 'CUST-FOREIGN-403');
  });

  test('creating a sub-customer under a customer outside the caller\'s hierarchy answers 403 [CUST-FOREIGN-403, AUTH-FORBIDDEN-403] @write', async ({ customers, config, nextSerial }) => {
    const foreign = config.foreignCustomer;
    test.skip(!foreign, SKIP_REASON);
    const response = await customers.attempt(subCustomerBody(config.runId, nextSerial(), { customerAccountNumber: foreign! }));
    expect(response, 'POST /customers/subcustomer with a foreign parent').toHaveStatus(403, 'CUST-FOREIGN-403');
  });

  test('ordering cards for a customer outside the caller\'s hierarchy answers 403 [AUTH-FORBIDDEN-403, CUST-FOREIGN-403] @write', async ({ api, config, masterData, nextSerial }) => {
    const foreign = config.foreignCustomer;
    test.skip(!foreign, SKIP_REASON);
    const order = cardOrderBody(foreign!, [cardOrderItem(masterData, { driverName: `${config.runId} foreign ${nextSerial()}` })]);
    expect(await api.orderCards(order), 'POST /cards/order for a foreign customer').toHaveStatus(403, 'AUTH-FORBIDDEN-403');
  });
});
