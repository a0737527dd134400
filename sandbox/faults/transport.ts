/**
 * Faults of the transport, the error bodies, authentication and each client's access.
 */

import { setTimeout as sleep } from 'node:timers/promises';
import { sandboxDefaults as d } from '../defaults.js';
import { ApiError, errorBody } from '../errors.js';
import type { FaultDefinition } from './definition.js';
import { createCustomer, form, newCustomer, reasonId, TOKEN_PATH } from './probe.js';
import { emptyOpStatus } from './send.js';

export const transportFaults = {
  // ---- Transport, errors, authentication ----
  'response-content-type-text-plain': {
    rule: 'HTTP-JSON-CONTENT-TYPE',
    proves: ['intro.json'],
    description: 'JSON bodies of the customer, card and master-data operations are sent with Content-Type text/plain',
    probe: {
      holds: async (h) => /^application\/json/.test((await h.op('getMasterData')).contentType ?? ''),
    },
  },
  'content-type-text-plain-everywhere': {
    rule: 'HTTP-JSON-CONTENT-TYPE',
    proves: ['scope.https-json', 'intro.json'],
    description: "every JSON answer of every operation, the token's included, is sent with Content-Type text/plain",
    probe: {
      holds: async (h) => {
        const answers = [
          await h.call('POST', TOKEN_PATH, {
            auth: 'none',
            raw: form({ grant_type: 'client_credentials', client_id: d.clientId, client_secret: d.clientSecret }),
          }),
          await h.op('getSession', { sessionId: d.sessionIds[0]! }),
          await h.op('getMasterData'),
        ];
        return answers.every((a) => /^application\/json/.test(a.contentType ?? ''));
      },
    },
  },
  'error-code-renamed': {
    rule: 'ERR-STANDARD-BODY',
    proves: ['errors.standard-body'],
    description: 'the standard error body names its code `code` instead of `errorCode` (card order errors too)',
    probe: {
      holds: async (h) => {
        const res = await h.op('createSubCustomer', {}, { body: newCustomer('n'.repeat(311)) });
        return res.status === 400 && typeof res.body?.errorCode === 'string' && !('code' in res.body);
      },
    },
  },
  'card-types-500': {
    rule: 'HTTP-STATUS-DOCUMENTED',
    proves: ['card-types.200'],
    description: 'GET /customers/{customerAccountNumber}/cardTypes answers 500 ER-012 to a valid request',
    probe: {
      holds: async (h) =>
        (await h.op('getCustomerCardTypes', { customerAccountNumber: d.poolCustomer })).status === 200,
    },
    // The answer of an unexpected exception.
    send: {
      operations: ['getCustomerCardTypes'],
      change: () => ({ status: 500, body: errorBody('getCustomerCardTypes', ApiError.internal()) }),
    },
  },
  'opstatus-empty-body': {
    rule: 'OPSTATUS-OBJECT',
    proves: ['customer-status.200', 'opstatus.object', 'opstatus.empty'],
    description: 'customer block answers 200 with an empty body instead of the empty object {}',
    probe: {
      holds: async (h) => {
        const res = await h.op('blockCustomer', { customerAccountNumber: await createCustomer(h, 'x') });
        return res.status === 200 && JSON.stringify(res.body) === '{}';
      },
    },
    send: emptyOpStatus('blockCustomer'),
  },
  'error-body-message-style': {
    rule: 'ERR-STANDARD-BODY',
    proves: ['errors.400#standard', 'endpoints.standard-errors'],
    description:
      'a 400 of a customer or card operation has the body {message} instead of {errorCode, errorDescription}',
    probe: {
      holds: async (h) => {
        const res = await h.op('createSubCustomer', {}, { body: newCustomer('n'.repeat(311)) });
        return (
          res.status === 400 &&
          typeof res.body?.errorCode === 'string' &&
          typeof res.body?.errorDescription === 'string'
        );
      },
    },
  },
  'error-code-er001-on-404': {
    rule: 'ERR-CODE-STATUS',
    proves: ['errors.er-001'],
    description:
      'an unknown customer or card answers 404 with errorCode ER-001, the code of invalid request parameters (400)',
    probe: {
      holds: async (h) => (await h.op('getCard', { cardIdentifier: 999_999_999 })).body?.errorCode !== 'ER-001',
    },
  },
  'card-unknown-400': {
    rule: 'ERR-NOT-FOUND-404',
    proves: ['get-card.path#unknown', 'errors.404'],
    description: 'an unknown cardIdentifier answers 400 ER-001 instead of 404',
    probe: { holds: async (h) => (await h.op('getCard', { cardIdentifier: 999_999_999 })).status === 404 },
  },
  'card-bad-id-500': {
    rule: 'ROBUST-NO-5XX-ON-BAD-INPUT',
    proves: ['get-card.path#integer', 'errors.500'],
    description: 'a non-integer cardIdentifier in the path answers 500 ER-012 instead of 400',
    probe: { holds: async (h) => (await h.call('GET', '/cards/abc')).status === 400 },
  },
  'auth-token-json-only': {
    rule: 'AUTH-TOKEN-CLIENT-CREDENTIALS',
    proves: ['auth.token-request', 'auth.client-credentials#client-credentials'],
    description: 'the token endpoint refuses the form-encoded request (400 invalid_request); it only takes JSON',
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
  'auth-wrong-secret-accepted': {
    rule: 'AUTH-TOKEN-WRONG-SECRET',
    proves: ['auth.client-credentials#client-credentials'],
    description: 'the token endpoint issues a token for a known client_id whatever the client_secret',
    probe: {
      holds: async (h) =>
        (
          await h.call('POST', TOKEN_PATH, {
            auth: 'none',
            raw: form({ grant_type: 'client_credentials', client_id: d.clientId, client_secret: 'guess' }),
          })
        ).status === 401,
    },
  },
  'auth-missing-token-accepted': {
    rule: 'AUTH-BEARER-REQUIRED',
    proves: ['auth.401-403#missing', 'auth.client-credentials#bearer', 'endpoints.bearer'],
    description: 'a request without Authorization header is served as the main client',
    probe: {
      holds: async (h) => (await h.op('getMasterData', {}, { auth: 'none' })).status === 401,
    },
  },
  'auth-flipped-token-accepted': {
    rule: 'AUTH-INVALID-TOKEN-401',
    proves: ['auth.401-403#invalid', 'errors.401'],
    description: 'a token differing from an issued one in a single character is accepted',
    probe: {
      holds: async (h) => {
        const t = await h.token();
        const flipped = `${t.slice(0, 5)}${t[5] === 'x' ? 'y' : 'x'}${t.slice(6)}`;
        return (await h.op('getMasterData', {}, { auth: { header: `Bearer ${flipped}` } })).status === 401;
      },
    },
  },
  'auth-expired-token-accepted': {
    rule: 'AUTH-INVALID-TOKEN-401',
    proves: ['auth.401-403#invalid'],
    description: 'tokens never expire (SANDBOX_TOKEN_TTL is ignored by the bearer check)',
    env: { SANDBOX_TOKEN_TTL: '2' },
    probe: {
      options: { tokenTtlSeconds: 1 },
      holds: async (h) => {
        const header = `Bearer ${await h.token()}`;
        await sleep(1100);
        return (await h.op('getMasterData', {}, { auth: { header } })).status === 401;
      },
    },
  },
  'customer-unknown-400': {
    rule: 'ERR-NOT-FOUND-404',
    proves: ['get-customer.path#unknown', 'errors.404'],
    description: 'an unknown customerAccountNumber answers 400 ER-001 instead of 404',
    probe: {
      holds: async (h) => (await h.op('getCustomer', { customerAccountNumber: '9999999999' })).status === 404,
    },
  },
  'customer-foreign-200': {
    rule: 'CUST-FOREIGN-403',
    proves: ['get-customer.path#foreign', 'auth.401-403#forbidden'],
    companions: ['AUTH-FORBIDDEN-403', 'AUTH-FOREIGN-NOT-LISTED'],
    description:
      'customers of another hierarchy are served (200) instead of 403 (as list and card search filters too, which then show their customers and cards)',
    probe: {
      holds: async (h) => (await h.op('getCustomer', { customerAccountNumber: d.foreignCustomer })).status === 403,
    },
  },
  'card-foreign-200': {
    rule: 'CARD-FOREIGN-403',
    proves: ['get-card.path#foreign', 'auth.401-403#forbidden'],
    companions: ['AUTH-FORBIDDEN-403'],
    description: 'cards of another hierarchy are served (200) instead of 403',
    probe: {
      holds: async (h) => {
        const foreign = (await h.op('cardSearch', {}, { auth: 'foreign', body: { limit: 1 } })).body.cards[0]
          .cardIdentifier;
        return (await h.op('getCard', { cardIdentifier: foreign })).status === 403;
      },
    },
  },
  'customer-foreign-sub-writable': {
    rule: 'CUST-FOREIGN-403',
    proves: ['auth.401-403#forbidden'],
    companions: ['AUTH-FORBIDDEN-403'],
    description:
      'block, unblock and close of a sub-customer of another hierarchy are served (its top-level account, and every other operation on it, still answer 403)',
    probe: {
      holds: async (h) =>
        (await h.op('blockCustomer', { customerAccountNumber: d.foreignCustomer }, { body: {} })).status === 403,
    },
  },
  'customer-foreign-update-applied': {
    rule: 'CUST-FOREIGN-403',
    proves: ['auth.401-403#forbidden'],
    companions: ['AUTH-FORBIDDEN-403'],
    description:
      'updateDetail of a sub-customer of another hierarchy is served and applied (every other operation on it still answers 403)',
    probe: {
      holds: async (h) => {
        const update = await h.op(
          'updateCustomerDetail',
          { customerAccountNumber: d.foreignCustomer },
          { body: { customerName: 'not theirs to change' } }
        );
        return (
          update.status === 403 &&
          (await h.op('getCustomer', { customerAccountNumber: d.foreignCustomer }, { auth: 'foreign' })).body
            .customerName !== 'not theirs to change'
        );
      },
    },
  },
  'customer-foreign-card-types-readable': {
    rule: 'CUST-FOREIGN-403',
    proves: ['auth.401-403#forbidden'],
    companions: ['AUTH-FORBIDDEN-403'],
    description:
      'GET /customers/{customerAccountNumber}/cardTypes of a customer of another hierarchy answers 200 with its card types (GET of the customer still answers 403)',
    probe: {
      holds: async (h) =>
        (await h.op('getCustomerCardTypes', { customerAccountNumber: d.foreignCustomer })).status === 403,
    },
  },
  'card-foreign-writable': {
    rule: 'CARD-FOREIGN-403',
    proves: ['auth.401-403#forbidden'],
    companions: ['AUTH-FORBIDDEN-403'],
    description:
      'block, unblock, reprintPIN, replace and cancel of a card of another hierarchy are served (GET of it still answers 403)',
    probe: {
      holds: async (h) => {
        const foreign = (await h.op('cardSearch', {}, { auth: 'foreign', body: { limit: 1, statusIdentifiers: [1] } }))
          .body.cards[0].cardIdentifier;
        return (
          (await h.op('blockCard', { cardIdentifier: foreign }, { body: { statusReasonId: await reasonId(h) } }))
            .status === 403
        );
      },
    },
  },
  'card-foreign-sub-writable': {
    rule: 'CARD-FOREIGN-403',
    proves: ['auth.401-403#forbidden'],
    companions: ['AUTH-FORBIDDEN-403'],
    description:
      "block, unblock, reprintPIN, replace and cancel of a card of a sub-customer directly under another hierarchy's top-level account are served (cards of its top-level account and of deeper customers, and GET of every one, still answer 403)",
    probe: {
      holds: async (h) => {
        // A card of a sub-customer directly under the foreign top-level account.
        const search = { customerAccountNumber: d.foreignCustomer, limit: 1, statusIdentifiers: [1] };
        const foreign = (await h.op('cardSearch', {}, { auth: 'foreign', body: search })).body.cards[0].cardIdentifier;
        return (
          (await h.op('blockCard', { cardIdentifier: foreign }, { body: { statusReasonId: await reasonId(h) } }))
            .status === 403
        );
      },
    },
  },
  'customer-foreign-depth-2-writable': {
    rule: 'CUST-FOREIGN-403',
    proves: ['auth.401-403#forbidden'],
    companions: ['AUTH-FORBIDDEN-403'],
    description:
      "updateDetail, block, unblock and close of a customer two levels below another hierarchy's top-level account are served (its shallower customers, and every other operation on it, still answer 403)",
    probe: {
      holds: async (h) => {
        const listed = await h.op(
          'listCustomers',
          {},
          { auth: 'foreign', query: { customerAccountNumber: d.foreignCustomer } }
        );
        const subSub = listed.body.customers[0].customerAccountNumber as string;
        return (await h.op('blockCustomer', { customerAccountNumber: subSub }, { body: {} })).status === 403;
      },
    },
  },
  'card-search-foreign-card-number': {
    rule: 'AUTH-FOREIGN-NOT-LISTED',
    proves: ['auth.401-403#forbidden'],
    description:
      "a card search by filter.primaryVisualCardNumber (a whole number, without customerAccountNumber) finds the card in every hierarchy, another client's too",
    probe: {
      holds: async (h) => {
        const foreign = (await h.op('cardSearch', {}, { auth: 'foreign', body: { limit: 1 } })).body.cards[0];
        return (
          (
            await h.op(
              'cardSearch',
              {},
              { body: { filter: { primaryVisualCardNumber: foreign.primaryVisualCardNumber } } }
            )
          ).body.cards.length === 0
        );
      },
    },
  },
} as const satisfies Record<string, FaultDefinition>;
