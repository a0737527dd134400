/** One quick success answer per operation family: the target is up and speaks the interface. */
import { expect, test } from '../../fixtures/test.js';
import { customerPage } from '../../lib/discovery.js';

test.describe('smoke @smoke', () => {
  test('a client-credentials token opens the interface: GET /master/all answers 200 [AUTH-TOKEN-CLIENT-CREDENTIALS, MASTER-TEN-ARRAYS]', async ({ api }) => {
    const response = await api.getMasterData();
    expect(response).toHaveStatus(200);
  });

  test('GET /customers and GET /customers/{customerAccountNumber} answer 200 [CUST-SHAPE]', async ({ api, config }) => {
    const list = await api.listCustomers({ limit: 5 });
    expect(list).toHaveStatus(200);
    const account = customerPage(list, config.customerListFields).customers[0]?.customerAccountNumber;
    test.skip(!account, 'the target lists no customer');
    expect(await api.getCustomer(account!)).toHaveStatus(200);
  });

  test('POST /customers/subcustomer answers 200 with the new customerAccountNumber [CUST-CREATE-RETURNS-NUMBER] @write', async ({ api, subCustomer }) => {
    expect(await api.getCustomer(subCustomer.customerAccountNumber)).toHaveStatus(200);
  });

  test('POST /cards/search and GET /cards/{cardIdentifier} answer 200 [CARD-GET]', async ({ api }) => {
    const search = await api.cardSearch({ limit: 1 });
    expect(search).toHaveStatus(200);
    const card = search.body.cards?.[0];
    test.skip(!card, 'the target holds no card');
    const got = await api.getCard(card!.cardIdentifier!);
    expect(got).toHaveStatus(200);
    expect(got.body.cardIdentifier).toBe(card!.cardIdentifier);
  });

  test('POST /locations/geosearch/rectangle answers 200 for central Europe [GEO-INSIDE-RECTANGLE]', async ({ api }) => {
    const response = await api.geosearchRectangle({ topLatitude: 55, bottomLatitude: 45, leftLongitude: 0, rightLongitude: 15 });
    expect(response).toHaveStatus(200);
  });

  test('GET /sessions/{sessionId} answers 200 for a configured session [SESSION-SHAPE]', async ({ api, config }) => {
    test.skip(!config.sessionIds.length, 'no session ids configured (FLEET_SESSION_IDS)');
    expect(await api.getSession(config.sessionIds[0]!)).toHaveStatus(200);
  });
});
