/**
 * Each operation, called once with valid input, answers its documented success status with a
 * JSON body at its unversioned path. The automatic checks (lib/checks/) enforce the status, the
 * Content-Type and the schema on every response of every spec; this table makes sure each
 * operation's success answer is seen at least once, by title.
 */
import { expect, forReading, forRule, test } from '../../fixtures/test.js';
import type { FleetApi } from '../../lib/api.js';
import type { ApiResponse } from '../../lib/client.js';
import type { Config } from '../../lib/config.js';
import { ACTIVE, reasonFor } from '../../lib/discovery.js';
import { cardOrderItem, pinLetterAddress } from '../../lib/factories/card.js';
import { completeAddress } from '../../lib/factories/customer.js';
import { sendShortening } from '../../lib/field-lengths.js';
import { NO_SMALL_AREA } from '../../lib/geo-areas.js';
import { IncompleteError } from '../../lib/ledger.js';
import type { RuleId } from '../../lib/rules/catalogue.js';
import { rules } from '../../lib/rules/declared.js';
import { blockCardFirst, unblockCardFirst } from '../../lib/steps/card-steps.js';
import { activeCustomer, blockFirst, statusOf, unblockFirst } from '../../lib/steps/customer-steps.js';

/** An object; the operation status is the empty object the document shows only under FLEET_STRICT=ASSUME-EXTRA-FIELDS (its fields: not shown). */
/** `response` judged; a step's answer that was lost (its effect read back) leaves this test without what it judges. */
async function expectJsonObject(
  answer: ApiResponse | undefined,
  config: Pick<Config, 'strict'>,
  objectRule: RuleId = 'OPSTATUS-OBJECT'
): Promise<void> {
  if (!answer)
    throw new IncompleteError('the answer this test judges was lost (the write took effect, read back): not judged');
  const response = answer;
  await forRule('HTTP-STATUS-DOCUMENTED', () => expect(response).toBeAccepted());
  await forRule('HTTP-JSON-CONTENT-TYPE', () =>
    expect(response.headers['content-type'] ?? '', 'Content-Type').toMatch(/^application\/json/)
  );
  await forRule(objectRule, () =>
    expect(
      typeof response.body === 'object' && response.body !== null && !Array.isArray(response.body),
      'the body is a JSON object'
    ).toBe(true)
  );
  if (objectRule === 'OPSTATUS-OBJECT' && config.strict.has('ASSUME-EXTRA-FIELDS')) {
    await forReading('ASSUME-EXTRA-FIELDS', objectRule, () =>
      expect(response.body, 'the empty object the document shows (strict reading)').toEqual({})
    );
  }
}

test.describe('every operation at its documented path and success status', () => {
  const reads: [string, (api: FleetApi, ctx: { customer: string; cardId: number }) => Promise<ApiResponse>][] = [
    ['GET /customers', (api) => api.listCustomers()],
    ['GET /customers/{customerAccountNumber}', (api, c) => api.getCustomer(c.customer)],
    ['GET /customers/{customerAccountNumber}/cardTypes', (api, c) => api.getCustomerCardTypes(c.customer)],
    ['GET /cards/{cardIdentifier}', (api, c) => api.getCard(c.cardId)],
    ['POST /cards/search', (api) => api.cardSearch({ limit: 2 })],
    ['GET /master/all', (api) => api.getMasterData()],
  ];

  /** `response` at its documented path for what the target itself shows: a 404 there is the operation's absence from it (a path of another version, say). */
  async function expectServed(name: string, response: ApiResponse, what: string): Promise<void> {
    await forRule('HTTP-NO-VERSION-SEGMENT', () =>
      expect(response.status, `${name} at its documented path, relative to the base address, for ${what}`).not.toBe(404)
    );
    await forRule('HTTP-STATUS-DOCUMENTED', () => expect(response).toBeAccepted());
    await forRule('HTTP-JSON-CONTENT-TYPE', () =>
      expect(response.headers['content-type'] ?? '', 'Content-Type').toMatch(/^application\/json/)
    );
  }

  for (const [name, call] of reads) {
    test(
      `${name} answers its success status with a JSON body, Content-Type application/json [HTTP-STATUS-DOCUMENTED, HTTP-JSON-CONTENT-TYPE, HTTP-NO-VERSION-SEGMENT]`,
      rules('HTTP-STATUS-DOCUMENTED', 'HTTP-JSON-CONTENT-TYPE', 'HTTP-NO-VERSION-SEGMENT'),
      async ({ api, workerApi, config }) => {
        // An Active customer and an Active card: whether a closed customer or a cancelled card can still be read is not shown.
        const customer = await activeCustomer(workerApi, config);
        const card = (await workerApi.cardSearch({ limit: 1, statusIdentifiers: [ACTIVE] })).body.cards?.[0]
          ?.cardIdentifier;
        test.skip(!customer || card === undefined, 'the target lists no Active customer or no Active card');
        await expectServed(
          name,
          await call(api, { customer: customer!, cardId: card! }),
          `customer ${customer} and card ${card}, both Active, that the target lists`
        );
      }
    );
  }

  test(
    'POST /locations/geosearch/rectangle answers its success status with a JSON body, Content-Type application/json [HTTP-STATUS-DOCUMENTED, HTTP-JSON-CONTENT-TYPE, HTTP-NO-VERSION-SEGMENT]',
    rules('HTTP-STATUS-DOCUMENTED', 'HTTP-JSON-CONTENT-TYPE', 'HTTP-NO-VERSION-SEGMENT'),
    async ({ api, geoAreas }) => {
      // Where the target's map shows locations: an area without any may answer 404 (ASSUME-GEO-404).
      const area = geoAreas.small ?? geoAreas.busy;
      test.skip(!area, NO_SMALL_AREA);
      await expectServed(
        'POST /locations/geosearch/rectangle',
        await api.geosearchRectangle(area!),
        `${JSON.stringify(area)}, an area the target's map shows locations in`
      );
    }
  );

  test(
    'GET /sessions/{sessionId} answers 200 with a JSON body [HTTP-STATUS-DOCUMENTED, HTTP-JSON-CONTENT-TYPE]',
    rules('HTTP-STATUS-DOCUMENTED', 'HTTP-JSON-CONTENT-TYPE'),
    async ({ api, config }) => {
      test.skip(!config.sessionIds.length, 'no session ids configured (FLEET_SESSION_IDS)');
      await expectJsonObject(await api.getSession(config.sessionIds[0]!), config, 'HTTP-STATUS-DOCUMENTED');
    }
  );

  test(
    'customer updateDetail, block, unblock and close show an object as the body [OPSTATUS-OBJECT, HTTP-STATUS-DOCUMENTED, HTTP-JSON-CONTENT-TYPE] @write',
    rules('OPSTATUS-OBJECT', 'HTTP-STATUS-DOCUMENTED', 'HTTP-JSON-CONTENT-TYPE'),
    async ({ places, api, subCustomer, config, assumptions }) => {
      const account = subCustomer.customerAccountNumber;
      // Each step must be accepted and take effect before the next can be (their own rules); this judges their answers.
      const open = await statusOf(api, account);
      const updated = await sendShortening(
        assumptions,
        { customerAddress: completeAddress('Updated', places.first) },
        (body) => api.updateCustomerDetail(account, body)
      );
      await expectJsonObject(api.need(updated.response, 'updating the customer'), config);
      await expectJsonObject(await blockFirst(api, account, { notes: 'transport check' }), config);
      await expectJsonObject(await unblockFirst(api, account, open), config);
      await expectJsonObject(api.need(await api.closeCustomer(account), 'closing the customer'), config);
    }
  );

  test(
    'card block, unblock and PIN reprint show an object as the body; order answers 202 [OPSTATUS-OBJECT, HTTP-STATUS-DOCUMENTED, HTTP-JSON-CONTENT-TYPE, CARD-ORDER-202] @write',
    rules('OPSTATUS-OBJECT', 'HTTP-STATUS-DOCUMENTED', 'HTTP-JSON-CONTENT-TYPE', 'CARD-ORDER-202'),
    async ({ api, poolCards, masterData, subCustomer, config, assumptions }) => {
      const card = await poolCards.take();
      const statusReasonId = reasonFor(masterData, card);
      await expectJsonObject(await blockCardFirst(api, card.cardIdentifier!, { statusReasonId }), config);
      await expectJsonObject(await unblockCardFirst(api, card.cardIdentifier!, { statusReasonId }), config);
      const letter = await sendShortening(assumptions, { cardAddress: pinLetterAddress() }, (body) =>
        api.reprintPIN(card.cardIdentifier!, body)
      );
      await expectJsonObject(api.need(letter.response, 'requesting a PIN letter'), config);
      const order = await sendShortening(
        assumptions,
        {
          customerAccountNumber: subCustomer.customerAccountNumber,
          cards: [cardOrderItem(masterData, { driverName: 'Transport Check' })],
        },
        (body) => api.orderCards(body)
      );
      await forRule('CARD-ORDER-202', () => expect(order.response).toHaveStatus(202));
    }
  );

  // One pool card: replaced (the replacement joins the pool), then its original, blocked by the replace, cancelled.
  test(
    'card replace and cancel show an object as the body [OPSTATUS-OBJECT, HTTP-STATUS-DOCUMENTED, HTTP-JSON-CONTENT-TYPE] @write',
    rules('OPSTATUS-OBJECT', 'HTTP-STATUS-DOCUMENTED', 'HTTP-JSON-CONTENT-TYPE'),
    async ({ api, poolCards, masterData, config }) => {
      const card = await poolCards.take();
      await expectJsonObject(api.need(await api.replaceCard(card.cardIdentifier!, {}), 'replacing the card'), config);
      await expectJsonObject(
        api.need(
          await api.cancelCard(card.cardIdentifier!, {
            statusReasonId: reasonFor(masterData, card),
            notes: 'transport check',
          }),
          'cancelling the replaced card'
        ),
        config
      );
    }
  );
});
