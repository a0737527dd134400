/**
 * Faults of the card lifecycle (block, unblock, cancel, replace) and of the card order.
 */

import { sandboxDefaults as d } from '../defaults.js';
import type { FaultDefinition } from './definition.js';
import { cardOf, codes, poolCards, reasonId, replacement } from './probe.js';
import { body } from './send.js';

export const cardLifecycleFaults = {
  // ---- Card lifecycle ----
  'card-block-not-applied': {
    rule: 'CARD-BLOCK',
    proves: ['states.card.block#blocked', 'scope.card-operations#block'],
    description: 'card block answers 200 {} but the card stays Active',
    probe: {
      holds: async (h) => {
        const [id] = await poolCards(h, 1);
        await h.op('blockCard', { cardIdentifier: id! }, { body: { statusReasonId: await reasonId(h) } });
        return (await cardOf(h, id!)).status.name === 'Blocked';
      },
    },
  },
  'card-block-reason-optional': {
    rule: 'CARD-BLOCK-REASON-REQUIRED',
    proves: ['card-status.body#reason-required', 'states.card.block#reason'],
    description: 'card block and unblock accept a body without statusReasonId',
    probe: {
      holds: async (h) => {
        const [id] = await poolCards(h, 1);
        return (await h.op('blockCard', { cardIdentifier: id! }, { body: { notes: 'no reason' } })).status === 400;
      },
    },
  },
  'card-reason-unchecked': {
    rule: 'CARD-REASON-FROM-MASTER',
    proves: ['card-status.body#reason-from-master', 'master.reason-ids#block', 'scope.master-data#needed-by-cards'],
    description: 'a statusReasonId that is no reason id of the master data is accepted',
    probe: {
      holds: async (h) => {
        const [id] = await poolCards(h, 1);
        return (await h.op('blockCard', { cardIdentifier: id! }, { body: { statusReasonId: 9999 } })).status === 400;
      },
    },
  },
  'card-unblock-active-accepted': {
    rule: 'CARD-UNBLOCK-ONLY-BLOCKED',
    proves: ['states.card.unblock#previously-blocked'],
    suite: { FLEET_STRICT: 'ASSUME-UNMET-CONDITION' },
    description: 'unblock of an Active (never blocked) card answers 200 (a no-op: caught under the strict reading)',
    probe: {
      holds: async (h) => {
        const [id] = await poolCards(h, 1);
        return (
          (await h.op('unblockCard', { cardIdentifier: id! }, { body: { statusReasonId: await reasonId(h) } }))
            .status === 400
        );
      },
    },
  },
  'card-unblock-active-changes-status': {
    rule: 'CARD-UNBLOCK-ONLY-BLOCKED',
    proves: ['states.card.unblock#previously-blocked'],
    description: 'unblock of an Active (never blocked) card answers 200 and leaves it Blocked',
    probe: {
      holds: async (h) => {
        const [id] = await poolCards(h, 1);
        await h.op('unblockCard', { cardIdentifier: id! }, { body: { statusReasonId: await reasonId(h) } });
        return (await cardOf(h, id!)).status.name === 'Active';
      },
    },
  },
  'card-unblock-stays-blocked': {
    rule: 'CARD-UNBLOCK-REACTIVATES',
    proves: ['states.card.unblock#unblocked', 'scope.card-operations#unblock'],
    description: 'unblock answers 200 {} but the card stays Blocked',
    probe: {
      holds: async (h) => {
        const [id] = await poolCards(h, 1);
        const reason = await reasonId(h);
        await h.op('blockCard', { cardIdentifier: id! }, { body: { statusReasonId: reason } });
        await h.op('unblockCard', { cardIdentifier: id! }, { body: { statusReasonId: reason } });
        return (await cardOf(h, id!)).status.name === 'Active';
      },
    },
  },
  'card-notes-201-accepted': {
    rule: 'CARD-NOTES-MAX-200',
    proves: ['card-status.body#notes-max-200', 'limits.notes#card'],
    description: 'notes of 201 characters are accepted on card block and unblock',
    probe: {
      holds: async (h) => {
        const [id] = await poolCards(h, 1);
        return (
          (
            await h.op(
              'blockCard',
              { cardIdentifier: id! },
              { body: { statusReasonId: await reasonId(h), notes: 'n'.repeat(201) } }
            )
          ).status === 400
        );
      },
    },
  },
  'card-cancel-not-permanent': {
    rule: 'CARD-CANCEL-PERMANENT',
    proves: ['cancel.200#permanent', 'states.card.cancel', 'scope.card-operations#cancel'],
    description:
      'block, unblock, cancel, replace and reprintPIN are accepted on a cancelled card (block makes it Blocked)',
    probe: {
      holds: async (h) => {
        const [id] = await poolCards(h, 1);
        await h.op('cancelCard', { cardIdentifier: id! });
        const block = await h.op('blockCard', { cardIdentifier: id! }, { body: { statusReasonId: await reasonId(h) } });
        return block.status === 400 && (await cardOf(h, id!)).status.name === 'Cancelled';
      },
    },
  },
  'card-replace-original-not-blocked': {
    rule: 'CARD-REPLACE-BLOCKS-ORIGINAL',
    proves: ['states.card.replace#original-blocked', 'scope.card-operations#replace'],
    description: 'replace leaves the original card Active',
    probe: { holds: async (h) => (await replacement(h)).after.status.name === 'Blocked' },
  },
  'card-replace-loses-property': {
    rule: 'CARD-REPLACE-COPIES',
    proves: ['replace.omitted', 'states.card.replace#copies'],
    description: "the replacement loses the original's driverName when the request omits it",
    probe: {
      holds: async (h) => {
        const { original, copy } = await replacement(h);
        return (
          !!copy &&
          ['driverName', 'vehicleRegNumber', 'additionalEmbossing', 'cardType', 'purchaseCategoryName'].every(
            (f) => copy[f] === original[f]
          )
        );
      },
    },
  },
  'card-replace-ignores-change': {
    rule: 'CARD-REPLACE-APPLIES-CHANGES',
    proves: ['replace.body#applies', 'states.card.replace#except-supplied'],
    description: "the replacement keeps the original's vehicleRegNumber even when the request supplies one",
    probe: {
      holds: async (h) => {
        const { copy } = await replacement(h, { vehicleRegNumber: 'NEW-42', driverName: 'New Driver' });
        return copy?.vehicleRegNumber === 'NEW-42' && copy?.driverName === 'New Driver';
      },
    },
  },

  // ---- Card order ----
  'order-status-200': {
    rule: 'CARD-ORDER-202',
    proves: ['order.202#202', 'states.card.order#accepted', 'scope.card-operations#order'],
    description: 'an accepted card order answers 200 instead of 202',
    probe: {
      holds: async (h) =>
        (await h.op('orderCards', {}, { body: { customerAccountNumber: d.poolCustomer, cards: [{ cardTypeId: 1 }] } }))
          .status === 202,
    },
    send: {
      operations: ['orderCards'],
      change: (sent) => ({ ...sent, status: 200 }),
    },
  },
  'order-reference-missing': {
    rule: 'CARD-ORDER-REFERENCE',
    proves: ['order.202#reference', 'states.card.order#reference', 'opstatus.added-fields#ordering'],
    description: 'the 202 body is {} without orderReference',
    probe: {
      holds: async (h) =>
        typeof (
          await h.op('orderCards', {}, { body: { customerAccountNumber: d.poolCustomer, cards: [{ cardTypeId: 1 }] } })
        ).body.orderReference === 'string',
    },
    send: body(['orderCards'], () => ({})),
  },
  'order-customer-optional': {
    rule: 'CARD-ORDER-REQUIRED-FIELDS',
    proves: ['order.body#customer'],
    description: 'an order without customerAccountNumber is accepted (for the top-level customer)',
    probe: {
      holds: async (h) => (await h.op('orderCards', {}, { body: { cards: [{ cardTypeId: 1 }] } })).status === 400,
    },
  },
  'order-errors-single-object': {
    rule: 'CARD-ORDER-ERRORS-ARRAY',
    proves: ['order.400#array', 'errors.400#array'],
    description: 'a refused order answers 400 with a single error object instead of an array',
    probe: {
      holds: async (h) =>
        Array.isArray((await h.op('orderCards', {}, { body: { customerAccountNumber: d.poolCustomer } })).body),
    },
  },
  'order-errors-first-only': {
    rule: 'CARD-ORDER-ERRORS-ARRAY',
    proves: ['order.400#one-per-problem'],
    description: 'a refused order answers an array holding only its first problem, however many it has',
    probe: { holds: async (h) => codes(await h.op('orderCards', {}, { body: {} })).length === 2 },
  },
  'order-missing-field-er001': {
    rule: 'CARD-ORDER-ER002',
    proves: ['errors.er-002'],
    description: 'a missing required field of an order is reported as ER-001 instead of ER-002',
    probe: {
      holds: async (h) => {
        const c = codes(await h.op('orderCards', {}, { body: {} }));
        return c.length > 0 && c.every((code) => code === 'ER-002');
      },
    },
  },
} as const satisfies Record<string, FaultDefinition>;
