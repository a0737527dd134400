/**
 * Faults of the customer list, of the customer lifecycle (block, unblock, close), and of
 * customers as people use them: writes in sequence, text as written, optional fields, defaults
 * with filters.
 */

import { sandboxDefaults as d } from '../defaults.js';
import type { FaultDefinition } from './definition.js';
import { address, createCustomer, depth1WithSubs, listAll, newCustomer, status } from './probe.js';
import { eachCustomer } from './send.js';

export const customerListFaults = {
  // ---- Customer list ----
  'customer-list-includes-top-level': {
    rule: 'CUST-LIST-NO-TOPLEVEL',
    proves: ['list.omitted#no-top-level', 'scope.hierarchy', 'auth.beyond-hierarchy'],
    description: 'the list includes the top-level account itself',
    probe: {
      holds: async (h) => !(await listAll(h, {})).customers.some((c) => c.customerAccountNumber === d.topLevelCustomer),
    },
  },
  'customer-list-only-direct': {
    rule: 'CUST-LIST-ALL-DESCENDANTS',
    proves: ['list.omitted#descendants', 'scope.customer-operations#listed'],
    description: 'without customerAccountNumber only the depth-1 sub-customers are listed',
    probe: {
      holds: async (h) => {
        const all = new Set((await listAll(h, {})).customers.map((c) => c.customerAccountNumber));
        return (await listAll(h, { customerAccountNumber: depth1WithSubs })).customers.every((c) =>
          all.has(c.customerAccountNumber)
        );
      },
    },
  },
  'customer-list-all-descendants': {
    rule: 'CUST-LIST-DIRECT-ONLY',
    proves: ['list.customer#direct-only'],
    description: 'customerAccountNumber lists every descendant of that account, not only its direct sub-accounts',
    probe: {
      holds: async (h) =>
        (await listAll(h, { customerAccountNumber: d.topLevelCustomer })).customers.every(
          (c) => c.parentCustomerAccountNumber === d.topLevelCustomer
        ),
    },
  },
  'customer-search-ignores-number': {
    rule: 'CUST-LIST-SEARCH-NUMBER',
    proves: ['list.search-text#number'],
    description: 'searchText does not match customerAccountNumber',
    probe: {
      holds: async (h) =>
        (await listAll(h, { searchText: '7000000105' })).customers.some(
          (c) => c.customerAccountNumber === '7000000105'
        ),
    },
  },
  'customer-search-ignores-name': {
    rule: 'CUST-LIST-SEARCH-NAME',
    proves: ['list.search-text#name'],
    description: 'searchText does not match customerName',
    probe: {
      holds: async (h) =>
        (await listAll(h, { searchText: 'Alpenblick' })).customers.some(
          (c) => c.customerAccountNumber === depth1WithSubs
        ),
    },
  },
  'customer-search-ignores-business-reference': {
    rule: 'CUST-LIST-SEARCH-BUSREF',
    proves: ['list.search-text#business-reference'],
    description: 'searchText does not match customerBusinessReference',
    probe: {
      holds: async (h) =>
        (await listAll(h, { searchText: 'POOL-MAIN' })).customers.some(
          (c) => c.customerAccountNumber === d.poolCustomer
        ),
    },
  },
  'customer-search-case-sensitive': {
    rule: 'CUST-LIST-SEARCH-CASE',
    proves: ['list.search-text#case'],
    description: 'searchText matches case-sensitively',
    probe: {
      holds: async (h) =>
        (await listAll(h, { searchText: 'aLpEnBlIcK' })).customers.some(
          (c) => c.customerAccountNumber === depth1WithSubs
        ),
    },
  },
  'customer-list-filters-not-combined': {
    rule: 'CUST-LIST-FILTERS-COMBINE',
    proves: ['list.combined'],
    description: 'with customerAccountNumber given, searchText is ignored',
    probe: {
      holds: async (h) =>
        (await listAll(h, { customerAccountNumber: d.topLevelCustomer, searchText: 'Alpenblick' })).customers.every(
          (c) => c.customerName.includes('Alpenblick')
        ),
    },
  },
  'customer-list-default-limit-20': {
    rule: 'CUST-LIST-LIMIT-DEFAULT-50',
    proves: ['list.limit#default', 'limits.customer-list-limit'],
    description: 'without limit a page holds 20 customers instead of 50',
    probe: { holds: async (h) => (await h.op('listCustomers')).body.customers.length === 50 },
  },
  'customer-list-limit-ignored': {
    rule: 'CUST-LIST-LIMIT-HONOURED',
    proves: ['list.limit#limit', 'customer.list-page#limit'],
    companions: ['CUST-LIST-LIMIT-DEFAULT-50'],
    description: 'limit is ignored: a page holds up to the maximum page size (200)',
    probe: {
      holds: async (h) => (await h.op('listCustomers', {}, { query: { limit: 5 } })).body.customers.length <= 5,
    },
  },
  'customer-list-page-overlap': {
    rule: 'CUST-LIST-CURSOR',
    proves: ['list.cursor#every-customer-once'],
    description: 'each next page repeats the last customer of the previous page',
    probe: {
      holds: async (h) => {
        const numbers = (await listAll(h, { limit: 10 })).customers.map((c) => c.customerAccountNumber);
        return new Set(numbers).size === numbers.length;
      },
    },
  },
  'customer-list-page-gap': {
    rule: 'CUST-LIST-CURSOR',
    proves: ['list.cursor#every-customer-once', 'customer.list-page#cursor'],
    description: 'each next page skips the first customer that should be on it',
    probe: {
      holds: async (h) =>
        (await listAll(h, { limit: 10 })).customers.length === (await listAll(h, { limit: 200 })).customers.length,
    },
  },

  // ---- Customer lifecycle ----
  'customer-block-not-applied': {
    rule: 'CUST-BLOCK',
    proves: ['states.customer.block', 'customer-status.meaning#block', 'scope.customer-operations#blocked'],
    description: 'block answers 200 {} but the customer stays Active',
    probe: {
      holds: async (h) => {
        const acc = await createCustomer(h, 'x');
        await h.op('blockCustomer', { customerAccountNumber: acc });
        return (await status(h, acc)).status === 'Blocked';
      },
    },
  },
  'customer-unblock-active-accepted': {
    rule: 'CUST-UNBLOCK-ONLY-BLOCKED',
    proves: ['states.customer.unblock#condition'],
    suite: { FLEET_STRICT: 'ASSUME-UNMET-CONDITION' },
    description: 'unblock of an Active (never blocked) customer answers 200 (a no-op: caught under the strict reading)',
    probe: {
      holds: async (h) =>
        (await h.op('unblockCustomer', { customerAccountNumber: await createCustomer(h, 'x') })).status === 400,
    },
  },
  'customer-unblock-open-changes-status': {
    rule: 'CUST-UNBLOCK-ONLY-BLOCKED',
    proves: ['states.customer.unblock#condition'],
    description: 'unblock of a never-blocked customer answers 200 and leaves it Blocked',
    probe: {
      holds: async (h) => {
        const acc = await createCustomer(h, 'x');
        await h.op('unblockCustomer', { customerAccountNumber: acc });
        return (await status(h, acc)).status === 'Active';
      },
    },
  },
  'customer-unblock-not-applied': {
    rule: 'CUST-UNBLOCK-REACTIVATES',
    proves: [
      'states.customer.unblock#reactivated',
      'customer-status.meaning#unblock',
      'scope.customer-operations#unblocked',
    ],
    description: 'unblock answers 200 {} but the customer stays Blocked',
    probe: {
      holds: async (h) => {
        const acc = await createCustomer(h, 'x');
        await h.op('blockCustomer', { customerAccountNumber: acc });
        await h.op('unblockCustomer', { customerAccountNumber: acc });
        return (await status(h, acc)).status === 'Active';
      },
    },
  },
  'customer-block-after-close-accepted': {
    rule: 'CUST-CLOSE-PERMANENT',
    proves: ['states.customer.close', 'customer-status.meaning#close', 'scope.customer-operations#closed'],
    description: 'a closed customer can be blocked (200, status Blocked)',
    probe: {
      holds: async (h) => {
        const acc = await createCustomer(h, 'x');
        await h.op('closeCustomer', { customerAccountNumber: acc });
        const res = await h.op('blockCustomer', { customerAccountNumber: acc });
        return res.status === 400 && (await status(h, acc)).status === 'Closed';
      },
    },
  },
  'customer-notes-201-accepted': {
    rule: 'CUST-NOTES-MAX-200',
    proves: ['customer-status.body#notes-max-200', 'limits.notes#customer'],
    description: 'notes of 201 characters are accepted on customer block, unblock and close',
    probe: {
      holds: async (h) =>
        (
          await h.op(
            'blockCustomer',
            { customerAccountNumber: await createCustomer(h, 'x') },
            { body: { notes: 'n'.repeat(201) } }
          )
        ).status === 400,
    },
  },

  // ---- Customers as people use them: writes in sequence, text as written, optional fields, defaults with filters ----
  'customer-update-stale-copy': {
    rule: 'CUST-UPDATE-APPLIES',
    proves: ['update.main', 'update.body#optional'],
    description:
      'updateDetail starts from the customer as it was created: the fields a second update leaves out go back to their created values (a second update undoes the first)',
    probe: {
      holds: async (h) => {
        const acc = await createCustomer(h, 'stale probe');
        await h.op('updateCustomerDetail', { customerAccountNumber: acc }, { body: { customerName: 'first update' } });
        await h.op('updateCustomerDetail', { customerAccountNumber: acc }, { body: { customerAddress: address } });
        return (await status(h, acc)).customerName === 'first update';
      },
    },
  },
  'customer-update-reactivates-blocked': {
    rule: 'CUST-BLOCK',
    proves: ['states.customer.block', 'customer-status.meaning#block'],
    description: 'updateDetail of a blocked customer applies the change and makes it Active again',
    probe: {
      holds: async (h) => {
        const acc = await createCustomer(h, 'blocked update probe');
        await h.op('blockCustomer', { customerAccountNumber: acc });
        await h.op('updateCustomerDetail', { customerAccountNumber: acc }, { body: { customerName: 'while blocked' } });
        return (await status(h, acc)).status === 'Blocked';
      },
    },
  },
  'customer-status-name-stale-after-unblock': {
    rule: 'CUST-UNBLOCK-REACTIVATES',
    proves: ['states.customer.unblock#reactivated', 'customer-status.meaning#unblock'],
    companions: ['CUST-STATUS-ACTIVE-1'],
    description:
      'an unblocked customer shows statusIdentifier 1 with the status text "Blocked" (the text of its block, not refreshed), until its next block or close',
    probe: {
      holds: async (h) => {
        const acc = await createCustomer(h, 'unblock name probe');
        await h.op('blockCustomer', { customerAccountNumber: acc });
        await h.op('unblockCustomer', { customerAccountNumber: acc });
        const { status: text, statusIdentifier } = await status(h, acc);
        return statusIdentifier === 1 && text === 'Active';
      },
    },
  },
  'customer-name-html-escaped': {
    rule: 'CUST-CREATE-MAIN-ADDRESS-CONTACT',
    proves: ['get-customer.200#customer', 'field:Customer.customerName'],
    companions: ['CUST-UPDATE-APPLIES'],
    description:
      'customerName is escaped for HTML on read (& → &amp;, < → &lt;, > → &gt;, quotes), in GET and the list',
    probe: {
      holds: async (h) =>
        (await status(h, await createCustomer(h, 'Smith & <Sons>'))).customerName === 'Smith & <Sons>',
    },
    // Escaped for HTML on read.
    send: eachCustomer((c) => ({
      ...c,
      customerName: (c.customerName as string)
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(/'/g, '&#39;'),
    })),
  },
  'customer-name-accents-stripped': {
    rule: 'CUST-CREATE-MAIN-ADDRESS-CONTACT',
    proves: ['field:Customer.customerName'],
    companions: ['CUST-UPDATE-APPLIES'],
    description: 'customerName is stored without the marks of its letters (Zoë → Zoe, Ærø stays), on create and update',
    probe: {
      holds: async (h) => (await status(h, await createCustomer(h, 'Zoë Ærø'))).customerName === 'Zoë Ærø',
    },
  },
  'customer-name-limit-in-bytes': {
    rule: 'CUST-NAME-MAX-310',
    proves: ['create.body#name-max-310', 'update.body#name-max-310', 'limits.customername'],
    description:
      'customerName is limited to 310 bytes of UTF-8, not 310 characters: 310 characters with letters beyond ASCII are refused, on create and update',
    probe: {
      holds: async (h) => (await h.op('createSubCustomer', {}, { body: newCustomer('ë'.repeat(310)) })).status === 200,
    },
  },
  'customer-update-contact-required': {
    rule: 'CUST-UPDATE-APPLIES',
    proves: ['update.body#optional'],
    description: 'updateDetail refuses a body without customerContact (400 ER-001)',
    probe: {
      holds: async (h) =>
        (
          await h.op(
            'updateCustomerDetail',
            { customerAccountNumber: await createCustomer(h, 'update probe') },
            { body: { customerName: 'renamed' } }
          )
        ).status === 200,
    },
  },
  'customer-close-notes-required': {
    rule: 'CUST-CLOSE-PERMANENT',
    proves: ['customer-status.body#optional'],
    description: 'customer close refuses a request without notes (400 ER-001): its body is not optional',
    probe: {
      holds: async (h) =>
        (await h.op('closeCustomer', { customerAccountNumber: await createCustomer(h, 'close probe') })).status === 200,
    },
  },
  'customer-list-default-limit-with-filter-20': {
    rule: 'CUST-LIST-LIMIT-DEFAULT-50',
    proves: ['list.limit#default', 'limits.customer-list-limit'],
    description:
      'with customerAccountNumber or searchText given and no limit, a page holds 20 customers (50 without a filter)',
    probe: {
      holds: async (h) =>
        (await h.op('listCustomers', {}, { query: { searchText: '70000001' } })).body.customers.length === 50,
    },
  },
  'customer-list-default-limit-searched-all': {
    rule: 'CUST-LIST-LIMIT-DEFAULT-50',
    proves: ['list.limit#default'],
    description: 'with searchText given and no limit, a page holds every match, however many',
    probe: {
      holds: async (h) =>
        (await h.op('listCustomers', {}, { query: { searchText: '70000001' } })).body.customers.length === 50,
    },
  },
} as const satisfies Record<string, FaultDefinition>;
