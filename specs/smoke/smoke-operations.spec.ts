/** One quick success answer per operation family: the target is up and speaks the interface. */
import { expect, test } from '../../fixtures/test.js';
import { ACTIVE } from '../../lib/discovery.js';
import { NO_SMALL_AREA } from '../../lib/geo-areas.js';
import { rules } from '../../lib/rules/declared.js';
import { activeCustomer } from '../../lib/steps/customer-steps.js';

test.describe('smoke @smoke', () => {
  test(
    'a client-credentials token opens the interface: GET /master/all answers 200 [AUTH-TOKEN-CLIENT-CREDENTIALS, MASTER-TEN-ARRAYS]',
    rules('AUTH-TOKEN-CLIENT-CREDENTIALS', 'MASTER-TEN-ARRAYS'),
    async ({ api }) => {
      const response = await api.getMasterData();
      expect(response).toHaveStatus(200);
    }
  );

  test(
    'GET /customers and GET /customers/{customerAccountNumber} answer 200 [CUST-SHAPE]',
    rules('CUST-SHAPE'),
    async ({ api, config }) => {
      expect(await api.listCustomers({ limit: 5 })).toHaveStatus(200);
      // An Active one: whether a closed customer can still be read is not shown.
      const account = await activeCustomer(api, config);
      test.skip(!account, 'the target lists no Active customer');
      expect(await api.getCustomer(account!)).toHaveStatus(200);
    }
  );

  test(
    'POST /customers/subcustomer answers 200 with the new customerAccountNumber [CUST-CREATE-RETURNS-NUMBER] @write',
    rules('CUST-CREATE-RETURNS-NUMBER'),
    async ({ api, subCustomer }) => {
      expect(await api.getCustomer(subCustomer.customerAccountNumber)).toHaveStatus(200);
    }
  );

  test(
    'POST /cards/search and GET /cards/{cardIdentifier} answer 200 [CARD-GET]',
    rules('CARD-GET'),
    async ({ api }) => {
      // An Active card: whether a cancelled card can still be read is not shown.
      const search = await api.cardSearch({ limit: 1, statusIdentifiers: [ACTIVE] });
      expect(search).toHaveStatus(200);
      const card = search.body.cards?.[0];
      test.skip(!card, 'the target holds no Active card');
      const got = await api.getCard(card!.cardIdentifier!);
      expect(got).toHaveStatus(200);
      expect(got.body.cardIdentifier).toBe(card!.cardIdentifier);
    }
  );

  test(
    "POST /locations/geosearch/rectangle answers 200 for an area of the target's map [GEO-INSIDE-RECTANGLE]",
    rules('GEO-INSIDE-RECTANGLE'),
    async ({ api, geoAreas }) => {
      // Where the map shows locations: an area without any may answer 404 (ASSUME-GEO-404).
      const area = geoAreas.small ?? geoAreas.busy;
      test.skip(!area, NO_SMALL_AREA);
      expect(await api.geosearchRectangle(area!)).toHaveStatus(200);
    }
  );

  test(
    'GET /sessions/{sessionId} answers 200 for a configured session [SESSION-SHAPE]',
    rules('SESSION-SHAPE'),
    async ({ api, config }) => {
      test.skip(!config.sessionIds.length, 'no session ids configured (FLEET_SESSION_IDS)');
      expect(await api.getSession(config.sessionIds[0]!)).toHaveStatus(200);
    }
  );
});
