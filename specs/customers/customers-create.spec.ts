/** POST /customers/subcustomer and what GET /customers/{customerAccountNumber} shows of it afterwards. */
import { expect, forReading, forRule, test } from '../../fixtures/test.js';
import {
  addressFields,
  contactFields,
  EMAIL_DOMAIN,
  freePlaces,
  subCustomerBody,
} from '../../lib/factories/customer.js';
import { sendShortening } from '../../lib/field-lengths.js';
import { rules } from '../../lib/rules/declared.js';
import { expectCreatedUnder } from '../../lib/steps/customer-steps.js';
import type { AddressComplete, Contact, CustomerCreateRequest } from '../../lib/types.generated.js';

/** The register entry of address values that may have to come from master data. */
const ADDRESS_VALUES = 'ASSUME-ADDRESS-VALUES';

test.describe('create a sub-customer @write', () => {
  test(
    'answers 200 with the customerAccountNumber (string) of the new customer [CUST-CREATE-RETURNS-NUMBER]',
    rules('CUST-CREATE-RETURNS-NUMBER'),
    async ({ api, customers }) => {
      const { customerAccountNumber } = await customers.create();
      expect(typeof customerAccountNumber).toBe('string');
      expect(customerAccountNumber).not.toBe('');
      const got = await api.getCustomer(customerAccountNumber);
      expect(got).toHaveStatus(200);
      expect(got.body.customerAccountNumber).toBe(customerAccountNumber);
    }
  );

  test(
    'sub-customers created at once are each answered the customerAccountNumber of their own new customer [CUST-CREATE-RETURNS-NUMBER]',
    rules('CUST-CREATE-RETURNS-NUMBER'),
    async ({ customers }) => {
      // A server that reads the next free number before its insert lands gives creations at once one number.
      const created = await Promise.all([1, 2, 3, 4].map(() => customers.create()));
      const numbers = created.map((c) => c.customerAccountNumber);
      expect(new Set(numbers).size, `account numbers answered: ${numbers.join(', ')}`).toBe(numbers.length);
    }
  );

  test(
    'without customerAccountNumber the sub-customer is created under the top-level customer [CUST-CREATE-UNDER-TOPLEVEL]',
    rules('CUST-CREATE-UNDER-TOPLEVEL'),
    async ({ api, customers, topLevelCustomer }) => {
      const { customerAccountNumber } = await customers.create();
      const got = await api.getCustomer(customerAccountNumber);
      expect(got).toHaveStatus(200);
      expect(got.body.parentCustomerAccountNumber).toBe(topLevelCustomer);
    }
  );

  test(
    'with customerAccountNumber the sub-customer is created under that parent [CUST-CREATE-UNDER-PARENT]',
    rules('CUST-CREATE-UNDER-PARENT'),
    async ({ api, config, customers }) => {
      const parent = await customers.create();
      const child = await customers.create({ customerAccountNumber: parent.customerAccountNumber });
      await expectCreatedUnder(api, config, child.customerAccountNumber, parent.customerAccountNumber);
    }
  );

  test(
    'the supplied details, address and contact become the MAIN ones shown by GET [CUST-CREATE-MAIN-ADDRESS-CONTACT]',
    rules('CUST-CREATE-MAIN-ADDRESS-CONTACT'),
    async ({ api, customers, nextSerial, places, config, assumptions }) => {
      const serial = nextSerial();
      const customerAddress: AddressComplete = {
        addressLines: `Havenstraat ${serial}`,
        city: 'Zwolle',
        ...places.second,
        zipCode: '8011 AA',
      };
      const customerContact: Contact = {
        emailAddress: `main.${serial}@${EMAIL_DOMAIN}`,
        firstName: `Main${serial}`,
        lastName: `Contact ${serial}`,
        middleName: 'van',
        mobilePhone: '+31612345678',
        telephone: '+31381234567',
      };
      const parent = await customers.create();
      for (const where of [{}, { customerAccountNumber: parent.customerAccountNumber }]) {
        const { customerAccountNumber, request } = await customers.create({
          customerAddress,
          customerContact,
          ...where,
        });
        const got = await api.getCustomer(customerAccountNumber);
        expect(got).toHaveStatus(200);
        expect(got.body.customerName, 'customerName').toBe(request.customerName);
        expect(got.body.customerBusinessReference, 'customerBusinessReference').toBe(request.customerBusinessReference);
        for (const field of addressFields)
          expect(got.body.customerAddress?.[field], `customerAddress.${field}`).toBe(request.customerAddress[field]);
        for (const field of contactFields)
          expect(got.body.customerContact?.[field], `customerContact.${field}`).toBe(request.customerContact[field]);
      }
      // A place the caller's master data does not hold: taken or refused, as the server chose (ASSUME-ADDRESS-VALUES).
      const free = freePlaces.first;
      if ((['country', 'countryCode', 'region'] as const).some((f) => places.first[f] !== free[f])) {
        const response = await customers.attempt(subCustomerBody(config.runId, nextSerial(), freePlaces));
        assumptions.saw(
          ADDRESS_VALUES,
          `an address in ${free.countryCode} ${free.region}, outside the master data: ${response.status}`
        );
        if (assumptions.strict(ADDRESS_VALUES))
          await forReading(ADDRESS_VALUES, 'CUST-CREATE-MAIN-ADDRESS-CONTACT', () =>
            expect(response, 'a free-text address (the stricter reading)').toBeAccepted()
          );
      }
    }
  );

  for (const field of ['customerName', 'customerContact', 'customerAddress'] as const) {
    test(
      `${field} is required: a body without it is refused [CUST-CREATE-REQUIRED-FIELDS]`,
      rules('CUST-CREATE-REQUIRED-FIELDS'),
      async ({ places, customers, config, nextSerial }) => {
        const body: Partial<CustomerCreateRequest> = subCustomerBody(config.runId, nextSerial(), places);
        delete body[field];
        const response = await customers.attempt(body);
        await forRule('CUST-CREATE-REQUIRED-FIELDS', () => expect(response).toBeRejected());
      }
    );
  }

  test(
    'customerBusinessReference is optional: a body without it is accepted [CUST-CREATE-BUSREF-OPTIONAL]',
    rules('CUST-CREATE-BUSREF-OPTIONAL'),
    async ({ places, customers, config, nextSerial, assumptions }) => {
      const { customerBusinessReference: _omitted, ...body } = subCustomerBody(config.runId, nextSerial(), places);
      expect((await sendShortening(assumptions, body, (b) => customers.attempt(b))).response).toBeAccepted();
    }
  );

  test(
    'GET answers the Customer with its fields in their documented types [CUST-SHAPE, ADDRESS-SHAPE, CONTACT-SHAPE]',
    rules('CUST-SHAPE', 'ADDRESS-SHAPE', 'CONTACT-SHAPE'),
    async ({ api, customers, nextSerial, places }) => {
      // An all-digit postal code and phone numbers: text that a careless server turns into numbers.
      const serial = nextSerial();
      const { customerAccountNumber, request } = await customers.create({
        customerAddress: {
          addressLines: `Hauptstraße ${serial}`,
          city: 'Berlin',
          ...places.first,
          zipCode: '10115',
        },
        customerContact: {
          emailAddress: `shape.${serial}@${EMAIL_DOMAIN}`,
          firstName: 'Erika',
          lastName: 'Mustermann',
          middleName: 'M',
          mobilePhone: '015112345678',
          telephone: '0301234567',
        },
      });
      // The response checks validate every field's type; this reads back what was sent, as text (the values themselves: the MAIN address and contact's rule).
      const got = await api.getCustomer(customerAccountNumber);
      expect(got).toHaveStatus(200);
      await forRule('CUST-CREATE-MAIN-ADDRESS-CONTACT', () => {
        expect(got.body.customerAddress?.zipCode, 'customerAddress.zipCode').toBe(request.customerAddress.zipCode);
        expect(got.body.customerContact?.mobilePhone, 'customerContact.mobilePhone').toBe(
          request.customerContact.mobilePhone
        );
      });
    }
  );
});
