/**
 * Faults that prove the statements the sweep of the document found no fault for.
 */

import { sandboxDefaults as d } from '../defaults.js';
import type { Rect } from '../geo.js';
import { UUID } from '../seed/sessions.js';
import type { FaultDefinition } from './definition.js';
import { geo, paris } from './locations.js';
import {
  address,
  createCustomer,
  form,
  newCustomer,
  type Probe,
  poolCards,
  type Row,
  reasonId,
  registry,
  searchAll,
  TOKEN_PATH,
} from './probe.js';
import { body, emptyOpStatus, type Fields, type Items, type Sent, session } from './send.js';
import { allSessions, get } from './sessions.js';

/** A create without `field` is refused (400). */
const createRefusedWithout = (field: string): Probe => ({
  holds: async (h) => {
    const body = newCustomer('required probe');
    delete body[field];
    return (await h.op('createSubCustomer', {}, { body })).status === 400;
  },
});
/** Unblock of a blocked card with `body` (notes beside a valid statusReasonId, or nothing at all): refused (400). */
const unblockRefused = (body: Row): Probe => ({
  holds: async (h) => {
    const [id] = await poolCards(h, 1);
    const statusReasonId = await reasonId(h);
    await h.op('blockCard', { cardIdentifier: id! }, { body: { statusReasonId } });
    return (
      (
        await h.op(
          'unblockCard',
          { cardIdentifier: id! },
          { body: 'notes' in body ? { statusReasonId, ...body } : body }
        )
      ).status === 400
    );
  },
});
export const midAtlantic: Rect = { top: 45, bottom: 40, left: -40, right: -30 };

/** A body of its own, with another status. */
const answered = (status: number, sentBody: unknown): Sent => ({ status, body: sentBody });

export const statementsFaults = {
  // ---- Every statement proven: what the sweep of the document found no fault for ----
  'card-types-versioned-path': {
    rule: 'HTTP-NO-VERSION-SEGMENT',
    companions: ['CUST-CARDTYPES-SHAPE'],
    proves: ['intro.paths-relative', 'versioning.no-segment'],
    description:
      'the card types of a customer are served at /v1/customers/{customerAccountNumber}/cardTypes; the documented path answers 404 (with it, "200: array of card type objects" cannot hold either)',
    probe: {
      holds: async (h) =>
        (await h.op('getCustomerCardTypes', { customerAccountNumber: d.poolCustomer })).status === 200,
    },
  },
  'customer-card-types-pascal-case': {
    rule: 'CUST-CARDTYPES-SHAPE',
    proves: ['resources.case-sensitive'],
    description:
      "a customer's card types answer the documented field names in another case (CardTypeId, CardTypeName, ...)",
    probe: {
      holds: async (h) =>
        (await h.op('getCustomerCardTypes', { customerAccountNumber: d.poolCustomer })).body.every(
          (t: Row) => 'cardTypeId' in t
        ),
    },
    send: body(['getCustomerCardTypes'], (types) =>
      (types as unknown as Items).map((t) => ({
        CardTypeId: t.cardTypeId,
        CardTypeName: t.cardTypeName,
        CardTypeDescription: t.cardTypeDescription,
        DefaultPurchaseCategoryId: t.defaultPurchaseCategoryId,
        IsEV: t.isEV,
      }))
    ),
  },
  'session-transaction-time-epoch': {
    rule: 'SESSION-SHAPE',
    proves: ['session.transaction', 'field:Transaction.time'],
    description:
      'the time of each transaction of a session is its epoch milliseconds (a number) instead of a timestamp',
    probe: {
      holds: async (a) =>
        (await allSessions(a)).every((s) =>
          s.transactions.every((t) => registry.validate('timestamp.json', t.time).length === 0)
        ),
    },
    send: session((s) =>
      (s.transactions as Items | undefined)?.length
        ? { ...s, transactions: (s.transactions as Items).map((t) => ({ ...t, time: Date.parse(t.time as string) })) }
        : s
    ),
  },
  'customer-contact-optional': {
    rule: 'CUST-CREATE-REQUIRED-FIELDS',
    proves: ['create.body#contact-required'],
    description: "create accepts a body without customerContact (the contact defaults to the parent's)",
    probe: createRefusedWithout('customerContact'),
  },
  'customer-address-optional': {
    rule: 'CUST-CREATE-REQUIRED-FIELDS',
    proves: ['create.body#address-required'],
    description: "create accepts a body without customerAddress (the address defaults to the parent's)",
    probe: createRefusedWithout('customerAddress'),
  },
  'customer-update-name-required': {
    rule: 'CUST-UPDATE-APPLIES',
    proves: ['update.body#optional'],
    description: 'updateDetail refuses a body without customerName (400 ER-001): its fields are not all optional',
    probe: {
      holds: async (h) =>
        (
          await h.op(
            'updateCustomerDetail',
            { customerAccountNumber: await createCustomer(h, 'update probe') },
            { body: { customerAddress: address } }
          )
        ).status === 200,
    },
  },
  'opstatus-update-empty-body': {
    rule: 'OPSTATUS-OBJECT',
    proves: ['update.200'],
    description: 'updateDetail answers 200 with an empty body instead of the empty object {}',
    probe: {
      holds: async (h) =>
        (
          await h.op(
            'updateCustomerDetail',
            { customerAccountNumber: await createCustomer(h, 'update probe') },
            { body: { customerName: 'Renamed' } }
          )
        ).text === '{}',
    },
    send: emptyOpStatus('updateCustomerDetail'),
  },
  'customer-block-notes-required': {
    rule: 'CUST-BLOCK',
    proves: ['customer-status.body#optional'],
    description: 'customer block refuses a request without notes (400 ER-001): its body is not optional',
    probe: {
      holds: async (h) =>
        (await h.op('blockCustomer', { customerAccountNumber: await createCustomer(h, 'block probe') })).status === 200,
    },
  },
  'order-cards-optional': {
    rule: 'CARD-ORDER-REQUIRED-FIELDS',
    proves: ['order.body#cards'],
    description: 'an order without cards is accepted (202, an order of no card)',
    probe: {
      holds: async (h) =>
        (await h.op('orderCards', {}, { body: { customerAccountNumber: d.poolCustomer } })).status === 400,
    },
  },
  'card-block-notes-required': {
    rule: 'CARD-BLOCK',
    proves: ['card-status.body#notes-optional'],
    description: 'card block refuses a body without notes (400 ER-001)',
    probe: {
      holds: async (h) =>
        (
          await h.op(
            'blockCard',
            { cardIdentifier: (await poolCards(h, 1))[0]! },
            { body: { statusReasonId: await reasonId(h) } }
          )
        ).status === 200,
    },
  },
  'card-unblock-reason-optional': {
    rule: 'CARD-BLOCK-REASON-REQUIRED',
    proves: ['card-status.unblock-body#reason-required', 'states.card.unblock#reason'],
    description: 'card unblock accepts a body without statusReasonId (block still requires it)',
    probe: unblockRefused({}),
  },
  'card-unblock-notes-201-accepted': {
    rule: 'CARD-NOTES-MAX-200',
    proves: ['card-status.unblock-body#notes-max-200'],
    description: 'notes of 201 characters are accepted on card unblock (block still refuses them)',
    probe: unblockRefused({ notes: 'n'.repeat(201) }),
  },
  'opstatus-card-block-empty-body': {
    rule: 'OPSTATUS-OBJECT',
    proves: ['card-status.200'],
    description: 'card block answers 200 with an empty body instead of the empty object {}',
    probe: {
      holds: async (h) =>
        (
          await h.op(
            'blockCard',
            { cardIdentifier: (await poolCards(h, 1))[0]! },
            { body: { statusReasonId: await reasonId(h) } }
          )
        ).text === '{}',
    },
    send: emptyOpStatus('blockCard'),
  },
  'opstatus-cancel-empty-body': {
    rule: 'OPSTATUS-OBJECT',
    proves: ['cancel.200#status'],
    description: 'card cancel answers 200 with an empty body instead of the empty object {}',
    probe: {
      holds: async (h) =>
        (
          await h.op(
            'cancelCard',
            { cardIdentifier: (await poolCards(h, 1))[0]! },
            { body: { statusReasonId: await reasonId(h) } }
          )
        ).text === '{}',
    },
    send: emptyOpStatus('cancelCard'),
  },
  'card-replace-body-required': {
    rule: 'CARD-REPLACE-COPIES',
    proves: ['replace.body#optional'],
    description: 'replace refuses a body with none of its properties (400 ER-001): not every field is optional',
    probe: {
      holds: async (h) =>
        (await h.op('replaceCard', { cardIdentifier: (await poolCards(h, 1))[0]! }, { body: {} })).status === 200,
    },
  },
  'opstatus-replace-empty-body': {
    rule: 'OPSTATUS-OBJECT',
    proves: ['replace.200'],
    description: 'card replace answers 200 with an empty body instead of the empty object {}',
    probe: {
      holds: async (h) =>
        (await h.op('replaceCard', { cardIdentifier: (await poolCards(h, 1))[0]! }, { body: {} })).text === '{}',
    },
    send: emptyOpStatus('replaceCard'),
  },
  'opstatus-reprint-empty-body': {
    rule: 'OPSTATUS-OBJECT',
    proves: ['reprint.200#status'],
    description: 'PIN reprint answers 200 with an empty body instead of the empty object {}',
    probe: {
      holds: async (h) =>
        (await h.op('reprintPIN', { cardIdentifier: (await poolCards(h, 1))[0]! }, { body: { cardAddress: address } }))
          .text === '{}',
    },
    send: emptyOpStatus('reprintPIN'),
  },
  'geo-top-latitude-91-accepted': {
    rule: 'GEO-LAT-BOUNDS',
    proves: ['geo.top#bounds'],
    description: 'geosearch accepts a topLatitude up to 91 and down to -91 (bottomLatitude keeps its bounds)',
    probe: { holds: async (a) => (await geo(a, { ...paris, top: 91 })).status === 400 },
  },
  'geo-bottom-latitude-91-accepted': {
    rule: 'GEO-LAT-BOUNDS',
    proves: ['geo.bottom'],
    description: 'geosearch accepts a bottomLatitude down to -91 and up to 91 (topLatitude keeps its bounds)',
    probe: { holds: async (a) => (await geo(a, { ...paris, bottom: -91 })).status === 400 },
  },
  'geo-left-longitude-181-accepted': {
    rule: 'GEO-LON-BOUNDS',
    proves: ['geo.left#bounds'],
    description: 'geosearch accepts a leftLongitude down to -181 and up to 181 (rightLongitude keeps its bounds)',
    probe: { holds: async (a) => (await geo(a, { ...paris, left: -181 })).status === 400 },
  },
  'geo-right-longitude-181-accepted': {
    rule: 'GEO-LON-BOUNDS',
    proves: ['geo.right'],
    description: 'geosearch accepts a rightLongitude up to 181 and down to -181 (leftLongitude keeps its bounds)',
    probe: { holds: async (a) => (await geo(a, { ...paris, right: 181 })).status === 400 },
  },
  'geo-empty-404-standard-body': {
    rule: 'ERR-MESSAGE-BODY',
    proves: ['geo.404'],
    description:
      'a geosearch that finds nothing answers 404 with the standard body {errorCode, errorDescription} instead of {message}',
    probe: {
      holds: async (a) => {
        const res = await geo(a, midAtlantic);
        return res.status === 200 || typeof res.body?.message === 'string';
      },
    },
    send: {
      operations: ['geosearchRectangle'],
      change: (sent) => {
        const page = sent.body as Fields;
        return (page.locations as Items).length || (page.aggregates as Items).length
          ? sent
          : answered(404, { errorCode: 'NOT_FOUND', errorDescription: 'no charging location in the rectangle' });
      },
    },
  },
  'session-malformed-id-standard-body': {
    rule: 'ERR-MESSAGE-BODY',
    proves: ['session.second-error'],
    description:
      'a sessionId that is not a UUID answers 400 with the standard body {errorCode, errorDescription} instead of {message}',
    probe: { holds: async (a) => typeof (await get(a, 'not-a-session-id')).body?.message === 'string' },
    send: {
      operations: ['getSession'],
      status: 404,
      change: (sent, _operationId, request) => {
        const { sessionId } = request.params as { sessionId: string };
        return UUID.test(sessionId)
          ? sent
          : answered(400, {
              errorCode: 'ER-001',
              errorDescription: `sessionId ${sessionId} is not a session id (a UUID)`,
            });
      },
    },
  },
  'master-data-parameter-message-body': {
    rule: 'ERR-STANDARD-BODY',
    proves: ['master.errors'],
    description: 'GET /master/all with a query parameter answers 400 {message} instead of the standard error body',
    probe: {
      holds: async (h) => (await h.call('GET', '/master/all', { query: { region: 'EU' } })).status === 200,
    },
    send: {
      operations: ['getMasterData'],
      // "No parameters": the sandbox ignores any; under the fault one is refused, in another body than the standard one.
      change: (sent, _operationId, request) =>
        Object.keys(request.query as object).length
          ? answered(400, { message: 'GET /master/all takes no parameters' })
          : sent,
    },
  },
  'auth-token-path-moved': {
    rule: 'AUTH-TOKEN-CLIENT-CREDENTIALS',
    proves: ['auth.token-url'],
    description:
      'tokens are issued at POST /oauth/token; POST /identity/realms/fleet/protocol/openid-connect/token answers 404',
    probe: {
      holds: async (h) =>
        (
          await h.call('POST', TOKEN_PATH, {
            auth: 'none',
            raw: form({ grant_type: 'client_credentials', client_id: d.clientId, client_secret: d.clientSecret }),
          })
        ).status === 200,
    },
  },
  'card-foreign-404': {
    rule: 'CARD-FOREIGN-403',
    companions: ['AUTH-FORBIDDEN-403'],
    proves: ['errors.403'],
    description: 'a card of another hierarchy answers 404 NOT_FOUND instead of 403',
    probe: {
      holds: async (h) =>
        (
          await h.op(
            'getCard',
            { cardIdentifier: (await searchAll(h, { limit: 1 }, 1)).cards[0]!.cardIdentifier },
            { auth: 'foreign' }
          )
        ).status === 403,
    },
  },
  'error-code-er012-on-400': {
    rule: 'ERR-CODE-STATUS',
    proves: ['errors.er-012'],
    description:
      'a refused card search answers 400 with errorCode ER-012, the code of an unexpected server condition (500)',
    probe: {
      holds: async (h) => (await h.op('cardSearch', {}, { body: { limit: 0 } })).body.errorCode === 'ER-001',
    },
  },
} as const satisfies Record<string, FaultDefinition>;
