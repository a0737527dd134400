/**
 * Faults of the server's own 5xx (sandbox/server-errors.ts), performed writes included.
 */

import { sandboxDefaults as d } from '../defaults.js';
import type { FaultDefinition } from './definition.js';
import {
  address,
  blockedCard,
  cardOf,
  createCustomer,
  listAll,
  newCustomer,
  type PerformedWrite,
  type Probe,
  poolCards,
  reasonId,
  searchAll,
  status,
} from './probe.js';

export const performedWrites: Record<string, PerformedWrite> = {
  'customer-create-performed-500': {
    send: async (h) => ({
      answer: await h.op('createSubCustomer', {}, { body: newCustomer('made-then-500') }),
      effect: async () => (await listAll(h, { searchText: 'made-then-500' })).customers.length === 1,
    }),
  },
  'customer-update-performed-500': {
    send: async (h) => {
      const acc = await createCustomer(h, 'before');
      return {
        answer: await h.op('updateCustomerDetail', { customerAccountNumber: acc }, { body: { customerName: 'after' } }),
        effect: async () => (await status(h, acc)).customerName === 'after',
      };
    },
  },
  'customer-block-performed-500': {
    send: async (h) => {
      const acc = await createCustomer(h, 'x');
      return {
        answer: await h.op('blockCustomer', { customerAccountNumber: acc }),
        effect: async () => (await status(h, acc)).status === 'Blocked',
      };
    },
  },
  'customer-unblock-performed-500': {
    send: async (h) => {
      const acc = await createCustomer(h, 'x');
      await h.op('blockCustomer', { customerAccountNumber: acc });
      return {
        answer: await h.op('unblockCustomer', { customerAccountNumber: acc }),
        effect: async () => (await status(h, acc)).status === 'Active',
      };
    },
  },
  'customer-close-performed-500': {
    send: async (h) => {
      const acc = await createCustomer(h, 'x');
      return {
        answer: await h.op('closeCustomer', { customerAccountNumber: acc }),
        effect: async () => /clos/i.test((await status(h, acc)).status),
      };
    },
  },
  'order-performed-500': {
    send: async (h) => {
      const before = (await searchAll(h, { customerAccountNumber: d.poolCustomer, limit: 200 })).cards.length;
      return {
        answer: await h.op(
          'orderCards',
          {},
          { body: { customerAccountNumber: d.poolCustomer, cards: [{ cardTypeId: 1 }] } }
        ),
        effect: async () =>
          (await searchAll(h, { customerAccountNumber: d.poolCustomer, limit: 200 })).cards.length === before + 1,
      };
    },
  },
  'card-block-performed-500': {
    send: async (h) => {
      const [id] = await poolCards(h, 1);
      return {
        answer: await h.op('blockCard', { cardIdentifier: id! }, { body: { statusReasonId: await reasonId(h) } }),
        effect: async () => (await cardOf(h, id!)).status.name === 'Blocked',
      };
    },
  },
  'card-unblock-performed-500': {
    send: async (h) => {
      const id = await blockedCard(h);
      return {
        answer: await h.op('unblockCard', { cardIdentifier: id }, { body: { statusReasonId: await reasonId(h) } }),
        effect: async () => (await cardOf(h, id)).status.id === 1,
      };
    },
  },
  'card-cancel-performed-500': {
    send: async (h) => {
      const [id] = await poolCards(h, 1);
      return {
        answer: await h.op('cancelCard', { cardIdentifier: id! }, { body: { statusReasonId: await reasonId(h) } }),
        effect: async () => (await cardOf(h, id!)).status.id !== 1,
      };
    },
  },
  'card-replace-performed-500': {
    send: async (h) => {
      const [id] = await poolCards(h, 1);
      return {
        answer: await h.op('replaceCard', { cardIdentifier: id! }, { body: {} }),
        effect: async () => (await cardOf(h, id!)).status.name === 'Blocked',
      };
    },
  },
  'card-reprint-pin-performed-500': {
    send: async (h) => {
      const [id] = await poolCards(h, 1);
      return {
        answer: await h.op(
          'reprintPIN',
          { cardIdentifier: id! },
          { body: { cardAddress: { ...address, companyName: 'Fleet' } } }
        ),
      };
    },
  },
};
/** The rule such a fault breaks holds when the write answers its documented success. */
const answersSuccess = (id: string): Probe => ({
  holds: async (h) => [200, 202].includes((await performedWrites[id]!.send(h)).answer.status),
});

export const serverErrorsFaults = {
  // ---- Server errors (sandbox/server-errors.ts): the server's own 5xx, performed writes included ----
  'customer-create-performed-500': {
    rule: 'CUST-CREATE-RETURNS-NUMBER',
    proves: ['create.200'],
    companions: ['HTTP-STATUS-DOCUMENTED'],
    description: 'POST /customers/subcustomer creates the sub-customer, then answers 500 ER-012',
    probe: answersSuccess('customer-create-performed-500'),
  },
  'customer-update-performed-500': {
    rule: 'CUST-UPDATE-APPLIES',
    proves: ['update.200'],
    companions: ['HTTP-STATUS-DOCUMENTED'],
    description: 'updateDetail applies the change, then answers 500 ER-012',
    probe: answersSuccess('customer-update-performed-500'),
  },
  'customer-block-performed-500': {
    rule: 'CUST-BLOCK',
    proves: ['customer-status.200'],
    companions: ['HTTP-STATUS-DOCUMENTED'],
    description: 'customer block blocks the customer, then answers 500 ER-012',
    probe: answersSuccess('customer-block-performed-500'),
  },
  'customer-unblock-performed-500': {
    rule: 'CUST-UNBLOCK-REACTIVATES',
    proves: ['customer-status.200'],
    companions: ['HTTP-STATUS-DOCUMENTED'],
    description: 'customer unblock reactivates the customer, then answers 500 ER-012',
    probe: answersSuccess('customer-unblock-performed-500'),
  },
  'customer-close-performed-500': {
    rule: 'CUST-CLOSE-PERMANENT',
    proves: ['customer-status.200'],
    companions: ['HTTP-STATUS-DOCUMENTED'],
    description: 'customer close closes the customer, then answers 500 ER-012',
    probe: answersSuccess('customer-close-performed-500'),
  },
  'order-performed-500': {
    rule: 'CARD-ORDER-202',
    proves: ['order.202#202'],
    companions: ['HTTP-STATUS-DOCUMENTED'],
    description: 'POST /cards/order accepts the order, then answers 500 ER-012',
    probe: answersSuccess('order-performed-500'),
  },
  'card-block-performed-500': {
    rule: 'CARD-BLOCK',
    proves: ['card-status.200'],
    companions: ['HTTP-STATUS-DOCUMENTED'],
    description: 'card block blocks the card, then answers 500 ER-012',
    probe: answersSuccess('card-block-performed-500'),
  },
  'card-unblock-performed-500': {
    rule: 'CARD-UNBLOCK-REACTIVATES',
    proves: ['card-status.200'],
    companions: ['HTTP-STATUS-DOCUMENTED'],
    description: 'card unblock unblocks the card, then answers 500 ER-012',
    probe: answersSuccess('card-unblock-performed-500'),
  },
  'card-gone-revived-by-block': {
    rule: 'CARD-CANCEL-PERMANENT',
    proves: ['cancel.200#permanent', 'states.card.cancel'],
    description:
      'a cancelled card answers 404 to GET (as a server that deletes it), but a block of it is accepted and brings it back, Blocked and readable',
    probe: {
      holds: async (h) => {
        const [id] = await poolCards(h, 1);
        await h.op('cancelCard', { cardIdentifier: id! });
        const cancelled = await h.op('getCard', { cardIdentifier: id! });
        await h.op('blockCard', { cardIdentifier: id! }, { body: { statusReasonId: await reasonId(h) } });
        const after = await h.op('getCard', { cardIdentifier: id! });
        return cancelled.status === after.status && after.body?.status?.name === cancelled.body?.status?.name;
      },
    },
  },
  'card-cancel-performed-500': {
    rule: 'CARD-CANCEL-PERMANENT',
    proves: ['cancel.200#status'],
    companions: ['HTTP-STATUS-DOCUMENTED'],
    description: 'card cancel cancels the card, then answers 500 ER-012',
    probe: answersSuccess('card-cancel-performed-500'),
  },
  'card-replace-performed-500': {
    rule: 'CARD-REPLACE-BLOCKS-ORIGINAL',
    proves: ['replace.200'],
    companions: ['HTTP-STATUS-DOCUMENTED'],
    description: 'card replace blocks the original and makes the replacement, then answers 500 ER-012',
    probe: answersSuccess('card-replace-performed-500'),
  },
  'card-reprint-pin-performed-500': {
    rule: 'CARD-REPRINT-PIN',
    proves: ['reprint.200#answered'],
    companions: ['HTTP-STATUS-DOCUMENTED'],
    description: 'reprintPIN orders the PIN letter, then answers 500 ER-012',
    probe: answersSuccess('card-reprint-pin-performed-500'),
  },
  'card-types-503-unavailable': {
    rule: 'CUST-CARDTYPES-SHAPE',
    proves: ['card-types.200'],
    unavailable: 'getCustomerCardTypes',
    description:
      'GET /customers/{customerAccountNumber}/cardTypes answers 503 with Retry-After: 1 and the standard error body to every request (every other operation works)',
    probe: {
      holds: async (h) =>
        (await h.op('getCustomerCardTypes', { customerAccountNumber: d.poolCustomer })).status === 200,
    },
  },
} as const satisfies Record<string, FaultDefinition>;
