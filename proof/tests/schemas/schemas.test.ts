/**
 * For every schema: documents that must pass and documents that must fail, written from the
 * interface document's words. Every schema of schemas/ must have an entry here.
 */
import { expect, test } from '@playwright/test';
import { loadSchemas } from '../../../lib/validation.js';

const address = {
  addressLines: 'Main Street 1',
  city: 'Utrecht',
  country: 'Netherlands',
  countryCode: 'NL',
  region: 'Utrecht',
  zipCode: '3511 AB',
};
const contact = {
  emailAddress: 'fleet@example.com',
  firstName: 'A',
  lastName: 'B',
  middleName: 'C',
  mobilePhone: '+31',
  telephone: '+31',
};
const card = {
  cardIdentifier: 1,
  cardType: 'Fuel',
  status: { id: 1, name: 'Active' },
  primaryVisualCardNumber: '7077',
  secondaryCardNumber: '1',
  keyIdentifier: 'k',
  driverName: 'D',
  vehicleRegNumber: 'V',
  additionalEmbossing: 'E',
  purchaseCategoryName: 'P',
  fuelProductRestriction: { productRestrictionId: 1, productRestrictionName: 'R' },
  products: [{ productId: 1, productName: 'Diesel' }],
  cardDeliveryAddress: { ...address, companyName: 'ACME' },
  cardDeliveryContact: contact,
  orderDate: '2024-02-29',
  expiryDate: '2027-02-28',
};
const ts = '2024-05-01T10:00:00Z';
const location = {
  id: 'L1',
  name: 'Hub',
  coordinates: { latitude: '52.0907', longitude: '-5.1214' },
  evses: [
    {
      uid: 'u',
      evse_id: 'e',
      physical_reference: 'p',
      status: 'AVAILABLE',
      connectors: [{ standard: 'IEC_62196_T2' }],
      capabilities: ['RESERVABLE'],
      last_updated: ts,
    },
  ],
  operator: { id: 'o', name: 'Op', hotline: '+31', external_id: 'x' },
  operator_display_name: 'Op',
  opening_times: {
    twentyfourseven: false,
    regular_hours: [{ weekday: 1, period_begin: '08:00', period_end: '20:00' }],
    exceptional_openings: [],
    exceptional_closings: [{ period_begin: ts, period_end: ts }],
  },
  directions: [{ language: 'en', text: 'left' }],
  country: 'NL',
  state: 'UT',
  city: 'Utrecht',
  postal_code: 3511,
  address: 'Main 1',
  openNow: true,
  is_green_energy: true,
  last_updated: ts,
};
const price = { currencyCode: 'EUR', minorExclVat: 1000, minorInclVat: 1210, vat: '21.0' };
const session = {
  sessionId: 's',
  sessionStatus: 'COMPLETE',
  balanceStatus: 'PAID',
  balanceAmountMinor: '0',
  charger: { chargingStationName: 'n', city: 'c', connectorLabel: 'l', evseId: 'e', streetName: 's' },
  chargingKeyType: 'card',
  connectorId: '1',
  duration: 'PT1H23M',
  energy: { unit: 'WH', value: 12.5 },
  paymentMethod: 'PREPAID',
  price,
  receiptAvailable: true,
  site: 'Site',
  startTime: ts,
  transactions: [{ paymentMethod: 'PREPAID', paymentOutcome: 'CHARGE', amount: price, time: ts }],
};
const master = Object.fromEntries(
  [
    'cardCategory',
    'cardGroup',
    'cardType',
    'country',
    'fuelProductRestriction',
    'product',
    'purchaseCategory',
    'reason',
    'region',
    'status',
  ].map((k) => [k, []])
);
const withoutKey = <T extends object>(o: T, key: keyof T) =>
  Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));

/** schema → [documents that pass], [[document that fails, the document's words it breaks]] */
const cases: Record<string, { pass: unknown[]; fail: [unknown, string][] }> = {
  'address.json': {
    pass: [address, {}, { ...address, companyName: 'ACME' }],
    fail: [
      [{ city: 3 }, 'city: string'],
      [{ zipCode: 3511 }, 'zipCode: string'],
    ],
  },
  'address-complete.json': {
    pass: [address],
    fail: Object.keys(address).map((k) => [
      withoutKey(address, k as keyof typeof address),
      `every field of the address must be supplied (${k} missing)`,
    ]),
  },
  'customer-address.json': {
    pass: [address, {}],
    fail: [
      [{ ...address, companyName: 'ACME' }, 'companyName only on card delivery/order addresses'],
      [{ zipCode: 3511 }, 'zipCode: string'],
    ],
  },
  'card-address.json': {
    pass: [{ ...address, companyName: 'ACME' }],
    fail: [[{ companyName: 1 }, 'companyName: string']],
  },
  'contact.json': {
    pass: [contact, {}],
    fail: [
      [{ emailAddress: 'not an e-mail' }, 'emailAddress: e-mail address format'],
      [{ firstName: 1 }, 'firstName: string'],
    ],
  },
  'operation-status.json': {
    pass: [{}],
    fail: [
      [[], 'an object (not an array)'],
      ['', 'an object (not a string)'],
    ],
  },
  'standard-error.json': {
    pass: [
      { errorCode: 'ER-001', errorDescription: 'invalid request parameters' },
      { errorCode: 'X', errorDescription: '' },
    ],
    fail: [
      [{ errorCode: 'ER-001' }, '{errorCode, errorDescription}'],
      [{ errorCode: 1, errorDescription: 'x' }, 'errorCode: string'],
      [[{ errorCode: 'ER-001', errorDescription: 'x' }], 'a single object'],
    ],
  },
  'card-order-errors.json': {
    pass: [[{ errorCode: 'ER-002', errorDescription: 'missing required field' }]],
    fail: [
      [{ errorCode: 'ER-002', errorDescription: 'x' }, 'an array of error objects, not a single object'],
      [[], 'one per problem'],
      [[{ errorCode: 'ER-002' }], 'standard error body'],
    ],
  },
  'message-error.json': {
    pass: [{ message: 'not found' }, { message: 'bad', details: ['x'] }],
    fail: [
      [{ details: ['x'] }, 'message: string'],
      [{ message: 'x', details: 'x' }, 'details: array of string'],
      [{ errorCode: 'ER-001', errorDescription: 'x' }, '{message, details?}'],
    ],
  },
  'geosearch-error.json': {
    pass: [{ message: 'bad', details: ['topLatitude'] }],
    fail: [[{ message: 1, details: [] }, 'message: string']],
  },
  'customer.json': {
    pass: [
      {
        customerAccountNumber: '1',
        customerName: 'n',
        customerBusinessReference: 'r',
        customerContact: contact,
        customerAddress: address,
        status: 'Active',
        statusIdentifier: 1,
        countOfSubAccounts: 0,
        parentCustomerAccountNumber: '0',
        parentCustomerIdentifier: 7,
      },
      { customerAccountNumber: '2' },
    ],
    fail: [
      [{}, 'an element shows at least one of its documented fields'],
      [{ accountNumber: '2' }, 'field names are case-sensitive and documented'],
      [{ statusIdentifier: '1' }, 'statusIdentifier: integer'],
      [{ countOfSubAccounts: -1 }, 'number of direct sub-accounts'],
      [{ parentCustomerIdentifier: '7' }, 'parentCustomerIdentifier: integer'],
      [{ customerContact: { emailAddress: 'x' } }, 'MAIN contact: Contact'],
      [{ customerAddress: { ...address, companyName: 'ACME' } }, 'MAIN address: no companyName'],
    ],
  },
  'customer-list.json': {
    pass: [{ customers: [], hasNextPage: false, lastPage: true, totalCount: 0 }],
    fail: [
      [{ customers: [{ statusIdentifier: 'x' }] }, 'a page of customers'],
      [{ hasNextPage: 'no' }, 'hasNextPage boolean (assumed)'],
    ],
  },
  'customer-list-query.json': {
    pass: [{ limit: 50, cursor: 'c', customerAccountNumber: '1', searchText: 'a' }, {}],
    fail: [[{ limit: 1.5 }, 'limit (integer)']],
  },
  'customer-create-request.json': {
    pass: [
      { customerName: 'x'.repeat(310), customerContact: contact, customerAddress: address },
      {
        customerName: 'n',
        customerContact: {},
        customerAddress: address,
        customerAccountNumber: '1',
        customerBusinessReference: 'r'.repeat(20),
      },
    ],
    fail: [
      [{ customerName: 'x'.repeat(311), customerContact: contact, customerAddress: address }, 'customerName max 310'],
      [
        {
          customerName: 'n',
          customerContact: contact,
          customerAddress: address,
          customerBusinessReference: 'r'.repeat(21),
        },
        'customerBusinessReference max 20',
      ],
      [{ customerContact: contact, customerAddress: address }, 'customerName required'],
      [{ customerName: 'n', customerAddress: address }, 'customerContact required'],
      [{ customerName: 'n', customerContact: contact }, 'customerAddress required'],
      [
        { customerName: 'n', customerContact: contact, customerAddress: withoutKey(address, 'region') },
        'all address fields when given',
      ],
    ],
  },
  'customer-create-response.json': {
    pass: [{ customerAccountNumber: '7000000042' }],
    fail: [
      [{}, 'operation status plus customerAccountNumber'],
      [{ customerAccountNumber: 42 }, 'customerAccountNumber (string)'],
    ],
  },
  'customer-update-request.json': {
    pass: [
      {},
      { customerName: 'n', customerBusinessReference: 'r', customerContact: contact, customerAddress: address },
    ],
    fail: [
      [{ customerName: 'x'.repeat(311) }, 'max 310'],
      [{ customerBusinessReference: 'x'.repeat(21) }, 'max 20'],
      [{ customerAddress: { city: 'x' } }, 'all address fields when given'],
    ],
  },
  'customer-notes-request.json': {
    pass: [{}, { notes: 'n'.repeat(200) }],
    fail: [
      [{ notes: 'n'.repeat(201) }, 'notes (string, max 200)'],
      [{ notes: 1 }, 'notes (string)'],
    ],
  },
  'card.json': {
    pass: [card, { cardIdentifier: 1 }],
    fail: [
      [{}, 'an element shows at least one of its documented fields'],
      [{ products: [{ id: 1 }] }, 'a products element shows productId or productName'],
      [{ cardIdentifier: '1' }, 'cardIdentifier integer'],
      [{ orderDate: '2024-13-01' }, 'orderDate date (YYYY-MM-DD)'],
      [{ expiryDate: '01/02/2027' }, 'expiryDate date (YYYY-MM-DD)'],
      [{ status: { id: '1', name: 'Active' } }, 'status {id: integer, name: string}'],
      [{ products: [{ productId: 'x' }] }, 'products {productId: integer}'],
    ],
  },
  'card-list.json': {
    pass: [
      { cards: [card], customerAccountNumber: '1', hasNextPage: true, lastPage: false, nextCursor: 'c', totalCount: 2 },
    ],
    fail: [
      [{}, 'a card list response shows at least one of its documented fields'],
      [{ cards: [{}] }, 'each Card shows at least one of its documented fields'],
      [{ cards: {} }, 'cards: array of Card'],
      [{ totalCount: '2' }, 'totalCount integer'],
      [{ lastPage: 'false' }, 'lastPage boolean'],
    ],
  },
  'card-type.json': {
    pass: [
      {
        cardTypeId: 1,
        cardTypeName: 'n',
        cardTypeDescription: 'd',
        defaultPurchaseCategoryId: 2,
        purchaseCategoryName: 'p',
        isEV: true,
      },
    ],
    fail: [
      [{ isEV: 'true' }, 'isEV boolean'],
      [{ cardTypeId: '1' }, 'cardTypeId integer'],
      [{ id: 1, name: 'n' }, 'a card type answering other field names'],
    ],
  },
  'card-types.json': {
    pass: [[], [{ cardTypeId: 1 }]],
    fail: [
      [{ cardTypeId: 1 }, 'array of card type objects'],
      [[{}], 'array of card type objects, each showing its documented fields'],
    ],
  },
  'card-order-item.json': {
    pass: [
      {
        cardTypeId: 1,
        products: [{ productId: 2 }],
        cardPIN: '1234',
        cardAddress: { ...address, companyName: 'ACME' },
        isDriverEmbossed: true,
      },
    ],
    fail: [
      [{ cardTypeId: '1' }, 'cardTypeId integer'],
      [{ isVRNEmbossed: 'yes' }, 'isVRNEmbossed boolean'],
    ],
  },
  'card-order-request.json': {
    pass: [{ customerAccountNumber: '1', cards: [{ cardTypeId: 1 }] }],
    fail: [
      [{ cards: [] }, 'customerAccountNumber required'],
      [{ customerAccountNumber: '1' }, 'cards required'],
    ],
  },
  'card-order-response.json': {
    pass: [{ orderReference: 'ORD-1' }],
    fail: [
      [{}, 'orderReference (string, always present)'],
      [{ orderReference: 1 }, 'orderReference (string)'],
    ],
  },
  'card-search-request.json': {
    pass: [
      {},
      {
        limit: 1,
        cursor: 'c',
        sortExpression: 'status',
        customerAccountNumber: '1',
        orderReference: 'o',
        cardTypeIdentifiers: [1],
        statusIdentifiers: [1],
        filter: { partialMatch: true, primaryVisualCardNumber: '7', driverName: 'd', vehicleRegNumber: 'v' },
      },
    ],
    fail: [
      [{ limit: 0 }, 'limit minimum 1'],
      [{ pageSize: 10 }, 'rejects properties other than those listed'],
      [{ statusIdentifiers: ['1'] }, 'statusIdentifiers array of integer'],
      [{ filter: { partialMatch: 'yes' } }, 'partialMatch boolean'],
    ],
  },
  'card-status-change-request.json': {
    pass: [{ statusReasonId: 1 }, { statusReasonId: 1, notes: 'n'.repeat(200) }],
    fail: [
      [{}, 'statusReasonId required'],
      [{ statusReasonId: 1, notes: 'n'.repeat(201) }, 'notes max 200'],
      [{ statusReasonId: '1' }, 'statusReasonId integer'],
    ],
  },
  'card-cancel-request.json': {
    pass: [{}, { statusReasonId: 1, notes: 'n'.repeat(500) }],
    fail: [[{ statusReasonId: 'x' }, 'statusReasonId (integer)']],
  },
  'card-replace-request.json': {
    pass: [
      {},
      {
        cardTypeId: 1,
        purchaseCategoryId: 2,
        additionalEmbossing: 'e',
        driverName: 'd',
        vehicleRegNumber: 'v',
        cardGroupId: 3,
      },
    ],
    fail: [[{ cardGroupId: '3' }, 'cardGroupId (integer)']],
  },
  'card-reprint-pin-request.json': {
    pass: [{}, { cardAddress: address }],
    fail: [[{ cardAddress: withoutKey(address, 'city') }, 'all address fields when given']],
  },
  'master-data.json': {
    pass: [master],
    fail: [
      [withoutKey(master, 'reason'), 'an object with ten arrays'],
      [{ ...master, status: [{ id: '1', name: 'Active' }] }, 'status: id integer'],
      [
        { ...master, region: [{ regionId: 1, regionName: 'Utrecht' }] },
        'region elements: id integer, name string (not other field names)',
      ],
    ],
  },
  'timestamp.json': {
    pass: [
      ts,
      '2024-05-01T10:00:00.123+00:00',
      '2024-05-01T12:00:00+02:00',
      '2024-05-01T10:15Z',
      '2024-05-01T10:15:30,5Z',
      '20240501T1015Z',
      '2024-05-01T10:00:00',
    ],
    fail: [
      ['2024-05-01', 'a date and a time of day'],
      ['2024-05-01 10:00', 'ISO 8601: T between date and time'],
      ['yesterday', 'ISO 8601'],
      ['2024-13-01T10:00Z', 'month 01 to 12'],
    ],
  },
  'duration.json': {
    pass: ['PT1H23M', 'PT12.5S', 'PT0,5H', 'P1Y2M3DT4H5M6S', 'P2W'],
    fail: [
      ['83 minutes', 'ISO 8601 duration'],
      ['P1.5DT2H', 'a fraction on the last component only'],
      ['PT', 'a component after T'],
      ['P', 'a component after P'],
    ],
  },
  'timestamp-utc.json': {
    pass: [ts, '2024-05-01T10:00:00.123+00:00', '2024-05-01T10:15Z', '20240501T101500Z'],
    fail: [
      ['2024-05-01T10:00:00+02:00', 'UTC'],
      ['2024-05-01T10:00:00', 'UTC (no designator is a local time)'],
      ['2024-05-01', 'a timestamp'],
    ],
  },
  'coordinates.json': {
    pass: [
      { latitude: '-90', longitude: '180' },
      { latitude: '52.09', longitude: '5.12' },
    ],
    fail: [
      [{ latitude: 52.09 }, 'latitude: string'],
      [{ latitude: '90.5' }, 'decimal degrees -90 to 90'],
      [{ longitude: '181' }, 'decimal degrees -180 to 180'],
      [{ latitude: '52°05′' }, 'decimal degrees as text'],
    ],
  },
  'evse.json': {
    pass: [location.evses[0], { last_updated: '2024-05-01T12:00:00+02:00' }],
    fail: [
      [{}, 'an Evse shows at least one of its documented fields'],
      [{ capabilities: 'RESERVABLE' }, 'capabilities array of strings'],
      [{ last_updated: '2024-05-01 10:00' }, 'last_updated timestamp'],
      [{ connectors: ['x'] }, 'connectors array of objects'],
    ],
  },
  'opening-times.json': {
    pass: [location.opening_times],
    fail: [
      [{ regular_hours: [{}] }, 'a regular_hours element shows weekday, period_begin or period_end'],
      [{ exceptional_openings: [{ begin: ts }] }, 'an exceptional period shows period_begin or period_end'],
      [{ regular_hours: [{ weekday: 1, period_begin: '8:00' }] }, 'period_begin HH:MM'],
      [{ twentyfourseven: 'yes' }, 'twentyfourseven boolean'],
      [{ exceptional_closings: [{ period_begin: 'now' }] }, 'period_begin timestamp'],
    ],
  },
  'location.json': {
    pass: [location, { last_updated: '2024-05-01T10:15Z' }],
    fail: [
      [{}, 'a Location shows at least one of its documented fields'],
      [{ last_updated: '2024-05-01T12:00:00+02:00' }, 'last_updated timestamp (ISO 8601, UTC)'],
      [{ id: 'L', directions: [{ lang: 'en' }] }, 'a directions element shows language or text'],
      [{ postal_code: '3511' }, 'postal_code integer'],
      [{ coordinates: { latitude: 52 } }, 'latitude: string'],
      [{ directions: [{ language: 1 }] }, 'directions {language: string}'],
    ],
  },
  'aggregate.json': {
    pass: [{ coordinates: { latitude: '1', longitude: '2' }, count: 3 }],
    fail: [
      [{ count: '3' }, 'count (integer)'],
      [{ lat: '1', lon: '2', n: 3 }, 'an Aggregate shows coordinates or count'],
    ],
  },
  'geosearch-query.json': {
    pass: [
      {
        topLatitude: 90,
        bottomLatitude: -90,
        leftLongitude: -180,
        rightLongitude: 180,
        count: 300,
        aggregate: true,
        precision: 9,
        language: 'sv',
      },
    ],
    fail: [
      [{ topLatitude: 90.1, bottomLatitude: 0, leftLongitude: 0, rightLongitude: 1 }, 'latitude -90 to 90'],
      [{ topLatitude: 1, bottomLatitude: 0, leftLongitude: -180.5, rightLongitude: 1 }, 'longitude -180 to 180'],
      [{ topLatitude: 1, bottomLatitude: 0, leftLongitude: 0, rightLongitude: 1, count: 301 }, 'count maximum 300'],
      [
        { topLatitude: 1, bottomLatitude: 0, leftLongitude: 0, rightLongitude: 1, precision: 1 },
        'precision 2 to 9 (1 below)',
      ],
      [
        { topLatitude: 1, bottomLatitude: 0, leftLongitude: 0, rightLongitude: 1, precision: 10 },
        'precision 2 to 9 (10 above)',
      ],
      [
        { topLatitude: 1, bottomLatitude: 0, leftLongitude: 0, rightLongitude: 1, language: 'ja' },
        'supported languages',
      ],
    ],
  },
  'geosearch-request.json': {
    pass: [
      {},
      {
        filters: { connectorStandards: ['IEC_62196_T2'], capabilities: ['RESERVABLE'] },
        options: { includeAvailableOnly: true },
      },
    ],
    fail: [
      [{ options: { includeAvailableOnly: 'yes' } }, 'includeAvailableOnly boolean'],
      [{ filters: { capabilities: 'RESERVABLE' } }, 'capabilities array of string'],
    ],
  },
  'geosearch-response.json': {
    pass: [{ locations: [location], aggregates: [] }],
    fail: [
      [{ locations: Array(301).fill({}) }, 'at most 300 locations are returned'],
      [{ aggregates: [{ count: 'x' }] }, 'Aggregate count integer'],
    ],
  },
  'price.json': {
    pass: [price],
    fail: [
      [{ vat: 21 }, 'vat string'],
      [{ vat: '21%' }, 'vat (decimal percentage)'],
      [{ minorInclVat: 12.1 }, 'minorInclVat integer'],
    ],
  },
  'transaction.json': {
    pass: [session.transactions[0], { time: '2024-05-01T11:00+01:00' }],
    fail: [
      [{}, 'a Transaction shows at least one of its documented fields'],
      [{ time: 'now' }, 'time timestamp'],
      [{ amount: { vat: 1 } }, 'amount (Price shape)'],
    ],
  },
  'session.json': {
    pass: [session, { sessionId: 's' }, { duration: 'PT12.5S' }, { startTime: '2024-05-01T10:15Z' }],
    fail: [
      [{}, 'an element shows at least one of its documented fields'],
      [{ sessionStatus: 'RUNNING' }, 'sessionStatus enum'],
      [{ balanceStatus: 'OPEN' }, 'balanceStatus enum'],
      [{ balanceAmountMinor: -100 }, 'a long integer as text'],
      [{ balanceAmountMinor: '-1.5' }, 'a long integer'],
      [{ chargingKeyType: 'rfid' }, 'tag, card, virtual or plug_and_charge'],
      [{ duration: '83 minutes' }, 'ISO 8601 duration'],
      [{ paymentMethod: 'NONE' }, 'paymentMethod enum CREDIT_CARD, EXTERNAL, PREPAID, WRITE_OFF'],
      [{ startTime: '2024-05-01T10:00:00+01:00' }, 'startTime timestamp (UTC)'],
      [{ energy: { value: '1' } }, 'energy value number'],
    ],
  },
  'token-request.json': {
    pass: [{ grant_type: 'client_credentials', client_id: 'a', client_secret: 'b' }],
    fail: [
      [{ grant_type: 'password', client_id: 'a', client_secret: 'b' }, 'grant_type=client_credentials'],
      [{ grant_type: 'client_credentials', client_id: 'a' }, 'client_secret'],
    ],
  },
  'token-response.json': {
    pass: [{ access_token: 't', token_type: 'Bearer', expires_in: 300 }, {}],
    fail: [[{ expires_in: '300' }, 'expires_in (assumed integer seconds)']],
  },
};

const schemas = loadSchemas();

test('every schema of schemas/ has pass and fail documents here', () => {
  expect(Object.keys(cases).sort()).toEqual([...schemas.ids].sort());
});

for (const [id, { pass, fail }] of Object.entries(cases)) {
  test.describe(id, () => {
    pass.forEach((doc, i) => {
      test(`passes document ${i + 1}`, () => {
        expect(schemas.validate(id, doc)).toEqual([]);
      });
    });
    for (const [doc, words] of fail) {
      test(`fails: ${words}`, () => {
        expect(schemas.validate(id, doc).length).toBeGreaterThan(0);
      });
    }
  });
}
