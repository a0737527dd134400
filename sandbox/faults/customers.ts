/**
 * Faults of the customers: creation, update, reading, and their card types.
 */

import { sandboxDefaults as d } from '../defaults.js';
import { customerStatus } from '../store.js';
import type { FaultDefinition } from './definition.js';
import { address, contact, createCustomer, depth1WithSubs, listAll, newCustomer, type Row, status } from './probe.js';
import { body, eachCustomer, type Fields, type Items } from './send.js';

const cardTypeFields = [
  'cardTypeId',
  'cardTypeName',
  'cardTypeDescription',
  'defaultPurchaseCategoryId',
  'purchaseCategoryName',
  'isEV',
];

export const customersFaults = {
  // ---- Customers ----
  'customer-status-identifier-string': {
    rule: 'CUST-SHAPE',
    proves: [
      'states.customer.status#exposed',
      'get-customer.200#customer',
      'scope.customer-operations#read',
      'list.200',
      'resources.json-types',
    ],
    description: 'statusIdentifier of a customer is sent as a string ("1")',
    probe: {
      holds: async (h) => typeof (await status(h, d.poolCustomer)).statusIdentifier === 'number',
    },
    send: eachCustomer((c) => ({ ...c, statusIdentifier: String(c.statusIdentifier) })),
  },
  'customer-status-text-uppercase': {
    rule: 'CUST-STATUS-ACTIVE-1',
    proves: ['states.customer.status#active'],
    description: 'an active customer shows status "ACTIVE" instead of "Active"',
    probe: {
      holds: async (h) => {
        const c = await status(h, d.poolCustomer);
        return c.status === 'Active' && c.statusIdentifier === 1;
      },
    },
    send: eachCustomer((c) =>
      c.statusIdentifier === customerStatus.active ? { ...c, status: (c.status as string).toUpperCase() } : c
    ),
  },
  'customer-address-company-name': {
    rule: 'ADDRESS-COMPANYNAME-CARD-ONLY',
    proves: ['field:Address.companyName'],
    description:
      "customerAddress shows companyName (the customer's name), a field of card delivery/order addresses only",
    probe: {
      holds: async (h) =>
        (await listAll(h, { limit: 200 })).customers.every((c) => !('companyName' in c.customerAddress)),
    },
    send: eachCustomer((c) => ({
      ...c,
      customerAddress: { ...(c.customerAddress as Fields), companyName: c.customerName },
    })),
  },
  'customer-zip-code-number': {
    rule: 'ADDRESS-SHAPE',
    proves: ['field:Address.zipCode'],
    description: 'customerAddress.zipCode is sent as a number when it is all digits',
    probe: {
      holds: async (h) =>
        (await listAll(h, { limit: 200 })).customers.every((c) => typeof c.customerAddress.zipCode === 'string'),
    },
    send: eachCustomer((c) => {
      const address = c.customerAddress as Fields;
      return /^\d+$/.test(address.zipCode as string)
        ? { ...c, customerAddress: { ...address, zipCode: Number(address.zipCode) } }
        : c;
    }),
  },
  'customer-contact-mobile-phone-number': {
    rule: 'CONTACT-SHAPE',
    proves: ['field:Contact.mobilePhone'],
    description: 'customerContact.mobilePhone is sent as a number (its digits) instead of a string',
    probe: {
      holds: async (h) => typeof (await status(h, d.poolCustomer)).customerContact.mobilePhone === 'string',
    },
    send: eachCustomer((c) => {
      const contact = c.customerContact as Fields;
      return contact.mobilePhone
        ? {
            ...c,
            customerContact: { ...contact, mobilePhone: Number((contact.mobilePhone as string).replace(/\D/g, '')) },
          }
        : c;
    }),
  },
  'contact-email-unchecked': {
    rule: 'CONTACT-EMAIL-FORMAT',
    proves: ['field:Contact.emailAddress'],
    description: 'an emailAddress that is not an e-mail address is accepted on create and update',
    probe: {
      holds: async (h) =>
        (
          await h.op(
            'createSubCustomer',
            {},
            { body: newCustomer('x', { customerContact: { ...contact, emailAddress: 'no-at-sign' } }) }
          )
        ).status === 400,
    },
  },
  'customer-name-311-accepted': {
    rule: 'CUST-NAME-MAX-310',
    proves: ['create.body#name-max-310', 'limits.customername'],
    description: 'customerName of 311 characters is accepted on create',
    probe: {
      holds: async (h) => (await h.op('createSubCustomer', {}, { body: newCustomer('n'.repeat(311)) })).status === 400,
    },
  },
  'customer-business-reference-21-accepted': {
    rule: 'CUST-BUSREF-MAX-20',
    proves: ['create.business-reference#max-20', 'limits.customerbusinessreference'],
    description: 'customerBusinessReference of 21 characters is accepted on create',
    probe: {
      holds: async (h) =>
        (await h.op('createSubCustomer', {}, { body: newCustomer('x', { customerBusinessReference: 'r'.repeat(21) }) }))
          .status === 400,
    },
  },
  'customer-update-name-311-accepted': {
    rule: 'CUST-NAME-MAX-310',
    proves: ['update.body#name-max-310', 'limits.customername'],
    description: 'customerName of 311 characters is accepted on updateDetail',
    probe: {
      holds: async (h) =>
        (
          await h.op(
            'updateCustomerDetail',
            { customerAccountNumber: await createCustomer(h, 'x') },
            { body: { customerName: 'n'.repeat(311) } }
          )
        ).status === 400,
    },
  },
  'customer-update-business-reference-21-accepted': {
    rule: 'CUST-BUSREF-MAX-20',
    proves: ['update.body#business-reference-max-20', 'limits.customerbusinessreference'],
    description: 'customerBusinessReference of 21 characters is accepted on updateDetail',
    probe: {
      holds: async (h) =>
        (
          await h.op(
            'updateCustomerDetail',
            { customerAccountNumber: await createCustomer(h, 'x') },
            { body: { customerBusinessReference: 'r'.repeat(21) } }
          )
        ).status === 400,
    },
  },
  'customer-name-optional': {
    rule: 'CUST-CREATE-REQUIRED-FIELDS',
    proves: ['create.body#name-required'],
    description: 'create accepts a body without customerName (the name defaults to the account number)',
    probe: {
      holds: async (h) => {
        const { customerName: _n, ...body } = newCustomer('x');
        return (await h.op('createSubCustomer', {}, { body })).status === 400;
      },
    },
  },
  'customer-business-reference-required': {
    rule: 'CUST-CREATE-BUSREF-OPTIONAL',
    proves: ['create.business-reference#optional'],
    description: 'create refuses a body without customerBusinessReference (400 ER-001)',
    probe: {
      holds: async (h) => (await h.op('createSubCustomer', {}, { body: newCustomer('x') })).status === 200,
    },
  },
  'customer-address-incomplete-accepted': {
    rule: 'ADDR-COMPLETE-CREATE',
    proves: ['create.body#address-complete', 'address.complete#create'],
    description: 'create accepts a customerAddress with fields missing',
    probe: {
      holds: async (h) => {
        const { zipCode: _z, ...partial } = address;
        return (
          (await h.op('createSubCustomer', {}, { body: newCustomer('x', { customerAddress: partial }) })).status === 400
        );
      },
    },
  },
  'customer-update-address-incomplete-accepted': {
    rule: 'ADDR-COMPLETE-UPDATE',
    proves: ['update.body#address-complete', 'address.complete#update'],
    description: 'updateDetail accepts a customerAddress with fields missing',
    probe: {
      holds: async (h) => {
        const { zipCode: _z, ...partial } = address;
        return (
          (
            await h.op(
              'updateCustomerDetail',
              { customerAccountNumber: await createCustomer(h, 'x') },
              { body: { customerAddress: partial } }
            )
          ).status === 400
        );
      },
    },
  },
  'customer-create-number-missing': {
    rule: 'CUST-CREATE-RETURNS-NUMBER',
    proves: ['create.200', 'opstatus.added-fields#creation', 'scope.customer-operations#created'],
    description: 'create answers {} without the new customerAccountNumber',
    probe: {
      holds: async (h) =>
        typeof (await h.op('createSubCustomer', {}, { body: newCustomer('x') })).body.customerAccountNumber ===
        'string',
    },
    send: body(['createSubCustomer'], () => ({})),
  },
  'customer-create-default-parent-wrong': {
    rule: 'CUST-CREATE-UNDER-TOPLEVEL',
    proves: ['create.parent#omitted', 'scope.hierarchy'],
    description: 'create without customerAccountNumber puts the sub-customer under the first depth-1 customer',
    probe: {
      holds: async (h) =>
        (await status(h, await createCustomer(h, 'x'))).parentCustomerAccountNumber === d.topLevelCustomer,
    },
  },
  'customer-create-number-shared': {
    rule: 'CUST-CREATE-RETURNS-NUMBER',
    proves: ['create.200'],
    description:
      'sub-customers created at once get one account number: it is read when each request arrives and the insert lands 150 ms later, the first one kept',
    probe: {
      holds: async (h) => {
        const numbers = await Promise.all([1, 2, 3, 4].map((i) => createCustomer(h, `at once ${i}`)));
        return new Set(numbers).size === numbers.length;
      },
    },
  },
  'customer-create-parent-ignored': {
    rule: 'CUST-CREATE-UNDER-PARENT',
    proves: ['create.parent#parent'],
    description: 'create ignores the supplied parent customerAccountNumber and creates under the top-level',
    // A parent never read is never looked up: a create under an unknown parent is not refused (404).
    companions: ['ERR-NOT-FOUND-404'],
    probe: {
      holds: async (h) =>
        (await status(h, await createCustomer(h, 'x', { customerAccountNumber: d.poolCustomer })))
          .parentCustomerAccountNumber === d.poolCustomer,
    },
  },
  'customer-address-not-main': {
    rule: 'CUST-CREATE-MAIN-ADDRESS-CONTACT',
    proves: ['create.main', 'get-customer.200#main'],
    description: "the address and contact supplied on create are not the MAIN ones: GET shows the parent's",
    probe: {
      holds: async (h) => {
        const c = await status(h, await createCustomer(h, 'x'));
        return (
          JSON.stringify(c.customerAddress) === JSON.stringify(address) &&
          JSON.stringify(c.customerContact) === JSON.stringify(contact)
        );
      },
    },
  },
  'customer-depth-3-accepted': {
    rule: 'CUST-DEPTH-MAX-2',
    proves: ['create.depth', 'limits.sub-customer-depth'],
    description: 'a sub-customer can be created three levels below the top-level',
    probe: {
      holds: async (h) => {
        const two = await createCustomer(h, 'two', { customerAccountNumber: d.poolCustomer });
        return (
          (await h.op('createSubCustomer', {}, { body: newCustomer('three', { customerAccountNumber: two }) }))
            .status === 400
        );
      },
    },
  },
  'customer-update-not-applied': {
    rule: 'CUST-UPDATE-APPLIES',
    proves: ['update.main', 'scope.customer-operations#updated'],
    description: 'updateDetail answers 200 {} but changes nothing',
    probe: {
      holds: async (h) => {
        const acc = await createCustomer(h, 'before');
        await h.op('updateCustomerDetail', { customerAccountNumber: acc }, { body: { customerName: 'after' } });
        return (await status(h, acc)).customerName === 'after';
      },
    },
  },
  'customer-count-of-sub-accounts-stale': {
    rule: 'CUST-COUNT-SUBACCOUNTS',
    proves: ['field:Customer.countOfSubAccounts'],
    description: 'countOfSubAccounts ignores sub-customers created through the interface',
    probe: {
      holds: async (h) => {
        await createCustomer(h, 'child', { customerAccountNumber: d.poolCustomer });
        const { customers } = await listAll(h, { customerAccountNumber: d.poolCustomer });
        return (await status(h, d.poolCustomer)).countOfSubAccounts === customers.length;
      },
    },
  },
  'customer-count-all-descendants': {
    rule: 'CUST-COUNT-SUBACCOUNTS',
    proves: ['field:Customer.countOfSubAccounts'],
    description:
      'countOfSubAccounts counts every descendant (sub-accounts of sub-accounts too), not the direct sub-accounts',
    probe: {
      holds: async (h) => {
        // Only the top-level customer has sub-accounts of sub-accounts (depth 2 is the deepest).
        const { customers } = await listAll(h, { customerAccountNumber: d.topLevelCustomer });
        return (await status(h, d.topLevelCustomer)).countOfSubAccounts === customers.length;
      },
    },
  },
  'customer-parent-number-wrong': {
    rule: 'CUST-PARENT-FIELDS',
    proves: ['field:Customer.parentCustomerAccountNumber'],
    description: 'parentCustomerAccountNumber always shows the top-level account, also at depth 2',
    probe: {
      holds: async (h) =>
        (await listAll(h, { customerAccountNumber: depth1WithSubs })).customers.every(
          (c) => c.parentCustomerAccountNumber === depth1WithSubs
        ),
    },
  },
  'customer-card-types-isev-string': {
    rule: 'CUST-CARDTYPES-SHAPE',
    proves: ['card-types.200'],
    description: 'isEV of a customer\'s card types is sent as a string ("true"/"false")',
    probe: {
      holds: async (h) =>
        (await h.op('getCustomerCardTypes', { customerAccountNumber: d.poolCustomer })).body.every(
          (t: Row) => typeof t.isEV === 'boolean'
        ),
    },
    send: body(['getCustomerCardTypes'], (types) =>
      (types as unknown as Items).map((t) => ({ ...t, isEV: String(t.isEV) }))
    ),
  },
  'customer-card-types-description-absent': {
    rule: 'CUST-CARDTYPES-SHAPE',
    proves: ['field:Card type.cardTypeDescription'],
    suite: { FLEET_STRICT: 'ASSUME-FIELD-PRESENCE' },
    description:
      "a customer's card types leave out cardTypeDescription (conforming by default: caught under the strict reading of ASSUME-FIELD-PRESENCE)",
    probe: {
      holds: async (h) =>
        (await h.op('getCustomerCardTypes', { customerAccountNumber: d.poolCustomer })).body.every(
          (t: Row) => typeof t.cardTypeDescription === 'string'
        ),
    },
    send: body(['getCustomerCardTypes'], (types) =>
      (types as unknown as Items).map(({ cardTypeDescription: _, ...t }) => t)
    ),
  },
  'customer-card-types-renamed': {
    rule: 'CUST-CARDTYPES-SHAPE',
    proves: ['card-types.200'],
    description:
      "a customer's card types answer other field names (the master data's id, name, description): none of the documented fields",
    probe: {
      holds: async (h) =>
        (await h.op('getCustomerCardTypes', { customerAccountNumber: d.poolCustomer })).body.every((t: Row) =>
          cardTypeFields.some((f) => f in t)
        ),
    },
    send: body(['getCustomerCardTypes'], (types) =>
      (types as unknown as Items).map((t) => ({
        id: t.cardTypeId,
        name: t.cardTypeName,
        description: t.cardTypeDescription,
      }))
    ),
  },
} as const satisfies Record<string, FaultDefinition>;
