/**
 * The interface document as data: every sentence and every table row, each cited by the rules
 * that check it (the catalogue row names what it enforces: lib/rules/catalogue.ts) and the register entries
 * that settle where it is silent (the entry names what it rests on: lib/rules/assumptions.ts), or marked not
 * testable with the reason; a resource table's field names its rules and entries itself. Derived once from the
 * document; nothing reads the document itself, at run time or in tests.
 * proof/tests/unit/document.test.ts keeps it complete and the two lists in step with it.
 */

import { assumptions } from './assumptions.js';
import { ruleList } from './catalogue.js';

export interface Statement {
  /**
   * A stable name of the statement (`order.400`, `limits.customer-name`, `states.card.block`): what a
   * sandbox fault names to say it proves the suite detects a breach of this statement
   * (sandbox/faults/, `proves`). Never reused for other words.
   */
  key: string;
  section: string;
  /** The document's words (a table row: its cells, joined by " | "). */
  words: string;
  /** Rule ids, then register ids (ASSUME-*), that cite the statement: from their `enforces` and `rests`. */
  cites: string[];
  /** Why no rule can check it, when none does. */
  notTestable?: string;
  /**
   * The parts of a statement a server can break one without the others (name → the words), each to
   * be proven by a fault of its own (`<key>#<name>`); a statement without clauses is proven whole.
   */
  clauses?: Record<string, string>;
  /** The part of the words no rule checks, and why (as a field's `untested`). */
  untested?: string;
}

export interface Field {
  name: string;
  /** Type and notes, in the document's words. */
  words: string;
  cites: string[];
  /** The part of the notes no rule checks, and why. */
  untested?: string;
}

/** What the suite requires of a resource's fields (register ASSUME-FIELD-PRESENCE). */
export interface Presence {
  /** Default reading: an object that shows none of the documented fields is not this resource. */
  atLeastOne: boolean;
  /** Fields the document says are present. */
  stated: string[];
  /**
   * FLEET_STRICT=ASSUME-FIELD-PRESENCE: every documented field is present but these (field → the
   * words that exempt it). Undefined: no stricter reading (the document disclaims, or a request).
   */
  strictExcept?: Record<string, string>;
}

export interface ResourceTable {
  resource: string;
  section: string;
  /** The schema object holding exactly these fields: `file.json` or `file.json#/json/pointer`. */
  schema: string;
  fields: Field[];
  presence: Presence;
}

type FieldRow = [name: string, words: string, cites?: string[], untested?: string];

const PRESENCE = 'ASSUME-FIELD-PRESENCE';
const LENGTHS = 'ASSUME-FIELD-LENGTHS';

/** A table's rows, each cited by `shared` and its own extra ids. */
function fields(shared: string[], rows: FieldRow[]): Field[] {
  return rows.map(([name, words, own = [], untested]) => ({
    name,
    words,
    cites: [...shared, ...own],
    ...(untested ? { untested } : {}),
  }));
}

const elementOnly: Presence = { atLeastOne: true, stated: [] };
const everyField: Presence = { atLeastOne: true, stated: [], strictExcept: {} };

export const resourceTables: ResourceTable[] = [
  {
    resource: 'Address',
    section: 'Resources / Address (customer address, card address)',
    schema: 'address.json',
    presence: { atLeastOne: false, stated: [] },
    fields: fields(
      ['ADDRESS-SHAPE', PRESENCE, LENGTHS],
      [
        ['addressLines', 'string', ['ADDR-COMPLETE-CREATE', 'ADDR-COMPLETE-UPDATE', 'ADDR-COMPLETE-REPRINT']],
        ['city', 'string', ['ADDR-COMPLETE-CREATE', 'ADDR-COMPLETE-UPDATE', 'ADDR-COMPLETE-REPRINT']],
        [
          'country',
          'string; country name',
          ['ADDR-COMPLETE-CREATE', 'ADDR-COMPLETE-UPDATE', 'ADDR-COMPLETE-REPRINT', 'ASSUME-ADDRESS-VALUES'],
        ],
        [
          'countryCode',
          'string; country code',
          ['ADDR-COMPLETE-CREATE', 'ADDR-COMPLETE-UPDATE', 'ADDR-COMPLETE-REPRINT', 'ASSUME-ADDRESS-VALUES'],
        ],
        [
          'region',
          'string',
          ['ADDR-COMPLETE-CREATE', 'ADDR-COMPLETE-UPDATE', 'ADDR-COMPLETE-REPRINT', 'ASSUME-ADDRESS-VALUES'],
        ],
        ['zipCode', 'string; postal code', ['ADDR-COMPLETE-CREATE', 'ADDR-COMPLETE-UPDATE', 'ADDR-COMPLETE-REPRINT']],
        ['companyName', 'string; only on card delivery/order addresses', ['ADDRESS-COMPANYNAME-CARD-ONLY']],
      ]
    ),
  },
  {
    resource: 'Contact',
    section: 'Resources / Contact (customer contact, card contact)',
    schema: 'contact.json',
    presence: { atLeastOne: false, stated: [] },
    fields: fields(
      ['CONTACT-SHAPE', PRESENCE, LENGTHS],
      [
        ['emailAddress', 'string (e-mail address format)', ['CONTACT-EMAIL-FORMAT', 'ASSUME-EMAIL-DOMAINS']],
        ['firstName', 'string'],
        ['lastName', 'string'],
        ['middleName', 'string'],
        ['mobilePhone', 'string'],
        ['telephone', 'string'],
      ]
    ),
  },
  {
    resource: 'Customer',
    section: 'Resources / Customer (response of get customer)',
    schema: 'customer.json',
    presence: elementOnly,
    fields: fields(
      ['CUST-SHAPE', PRESENCE],
      [
        [
          'customerAccountNumber',
          'string; account number of the customer',
          ['CUST-CREATE-RETURNS-NUMBER', 'CUST-LIST-SEARCH-NUMBER'],
        ],
        [
          'customerName',
          'string; at most 310 characters on write',
          ['CUST-NAME-MAX-310', 'CUST-CREATE-MAIN-ADDRESS-CONTACT', 'CUST-LIST-SEARCH-NAME'],
        ],
        [
          'customerBusinessReference',
          "string; client's own internal identifier; at most 20 characters on write",
          ['CUST-BUSREF-MAX-20', 'CUST-LIST-SEARCH-BUSREF', 'ASSUME-BUSREF-UNIQUE'],
        ],
        [
          'customerContact',
          'Contact; the MAIN contact',
          ['CONTACT-SHAPE', 'CUST-CREATE-MAIN-ADDRESS-CONTACT', 'CUST-UPDATE-APPLIES'],
        ],
        [
          'customerAddress',
          'Address; the MAIN address',
          ['ADDRESS-SHAPE', 'ADDRESS-COMPANYNAME-CARD-ONLY', 'CUST-CREATE-MAIN-ADDRESS-CONTACT', 'CUST-UPDATE-APPLIES'],
        ],
        ['status', 'string; text of the current status', ['CUST-STATUS-ACTIVE-1', 'CUST-BLOCK']],
        ['statusIdentifier', 'integer; identifier of the current status', ['CUST-STATUS-ACTIVE-1', 'CUST-BLOCK']],
        ['countOfSubAccounts', 'integer; number of direct sub-accounts', ['CUST-COUNT-SUBACCOUNTS']],
        [
          'parentCustomerAccountNumber',
          'string; account number of the parent',
          ['CUST-PARENT-FIELDS', 'CUST-CREATE-UNDER-PARENT'],
        ],
        ['parentCustomerIdentifier', 'integer; internal identifier of the parent', ['CUST-PARENT-FIELDS']],
      ]
    ),
  },
  {
    resource: 'Card',
    section: 'Resources / Card (search result item and single-card response)',
    schema: 'card.json',
    presence: elementOnly,
    fields: fields(
      ['CARD-SHAPE', PRESENCE],
      [
        ['cardIdentifier', 'integer; identifier of the card', ['CARD-GET']],
        ['cardType', 'string; card type name', ['MASTER-IDS-ON-CARDS', 'CARD-SEARCH-CARDTYPE']],
        [
          'status',
          'object {id: integer, name: string}; card status',
          ['CARD-STATUS-ACTIVE-1', 'CARD-SEARCH-STATUS', 'MASTER-IDS-ON-CARDS'],
        ],
        ['primaryVisualCardNumber', 'string', ['CARD-SEARCH-FILTER-PVCN']],
        ['secondaryCardNumber', 'string'],
        ['keyIdentifier', 'string'],
        ['driverName', 'string', ['CARD-SEARCH-FILTER-DRIVER', 'CARD-REPLACE-COPIES', 'CARD-REPLACE-APPLIES-CHANGES']],
        [
          'vehicleRegNumber',
          'string',
          ['CARD-SEARCH-FILTER-VRN', 'CARD-REPLACE-COPIES', 'CARD-REPLACE-APPLIES-CHANGES'],
        ],
        ['additionalEmbossing', 'string', ['CARD-REPLACE-COPIES', 'CARD-REPLACE-APPLIES-CHANGES']],
        ['purchaseCategoryName', 'string', ['MASTER-IDS-ON-CARDS', 'CARD-REPLACE-APPLIES-CHANGES']],
        [
          'fuelProductRestriction',
          'object {productRestrictionId: integer, productRestrictionName: string}',
          ['MASTER-IDS-ON-CARDS', 'CARD-REPLACE-COPIES'],
        ],
        [
          'products',
          'array of {productId: integer, productName: string}',
          ['MASTER-IDS-ON-CARDS', 'CARD-REPLACE-COPIES'],
        ],
        ['cardDeliveryAddress', 'Address including companyName', ['ADDRESS-SHAPE', 'CARD-REPLACE-COPIES']],
        ['cardDeliveryContact', 'Contact', ['CONTACT-SHAPE', 'CARD-REPLACE-COPIES']],
        ['orderDate', 'string, date (YYYY-MM-DD)'],
        ['expiryDate', 'string, date (YYYY-MM-DD)'],
      ]
    ),
  },
  {
    resource: 'Card list response',
    section: 'Resources / Card list response (search result)',
    schema: 'card-list.json',
    presence: {
      atLeastOne: true,
      stated: [],
      strictExcept: { nextCursor: 'Continue by sending nextCursor as cursor while hasNextPage is true.' },
    },
    fields: fields(
      ['CARD-LIST-SHAPE', PRESENCE],
      [
        ['cards', 'array of Card', ['CARD-SHAPE', 'CARD-SEARCH-CURSOR']],
        ['customerAccountNumber', 'string', ['ASSUME-CARD-SEARCH-DEFAULTS']],
        ['hasNextPage', 'boolean', ['CARD-SEARCH-PAGE-FLAGS', 'CARD-SEARCH-CURSOR']],
        ['lastPage', 'boolean', ['CARD-SEARCH-PAGE-FLAGS']],
        ['nextCursor', 'string', ['CARD-SEARCH-PAGE-FLAGS', 'CARD-SEARCH-CURSOR']],
        ['totalCount', 'integer', ['CARD-SEARCH-TOTALCOUNT']],
      ]
    ),
  },
  {
    resource: 'Card type',
    section: 'Resources / Card type (for a customer)',
    schema: 'card-type.json',
    presence: everyField,
    fields: fields(
      ['CUST-CARDTYPES-SHAPE', PRESENCE],
      [
        ['cardTypeId', 'integer'],
        ['cardTypeName', 'string'],
        ['cardTypeDescription', 'string'],
        ['defaultPurchaseCategoryId', 'integer'],
        ['purchaseCategoryName', 'string'],
        ['isEV', 'boolean'],
      ]
    ),
  },
  {
    resource: 'Card order item',
    section: 'Resources / Card order item (element of cards in an order request)',
    schema: 'card-order-item.json',
    presence: { atLeastOne: false, stated: [] },
    fields: fields(
      ['ASSUME-CARD-ORDER-REQUIRED'],
      [
        ['cardTypeId', 'integer; from master data cardType', ['CARD-ORDER-IDS-FROM-MASTER', 'CARD-ORDER-EACH-ITEM']],
        ['cardCategoryId', 'integer; from master data cardCategory', ['CARD-ORDER-IDS-FROM-MASTER']],
        ['cardGroupId', 'integer; from master data cardGroup', ['CARD-ORDER-IDS-FROM-MASTER']],
        [
          'purchaseCategoryId',
          'integer; from master data purchaseCategory',
          ['CARD-ORDER-IDS-FROM-MASTER', 'CARD-ORDER-EACH-ITEM'],
        ],
        [
          'fuelProductRestrictionId',
          'integer; from master data fuelProductRestriction',
          ['CARD-ORDER-IDS-FROM-MASTER', 'CARD-ORDER-EACH-ITEM'],
        ],
        [
          'products',
          'array of {productId: integer}; from master data product',
          ['CARD-ORDER-IDS-FROM-MASTER', 'CARD-ORDER-EACH-ITEM'],
        ],
        ['additionalEmbossing', 'string', ['CARD-ORDER-EACH-ITEM', LENGTHS]],
        ['driverName', 'string', ['CARD-SEARCH-ORDER-REFERENCE', 'CARD-ORDER-EACH-ITEM', LENGTHS]],
        ['vehicleRegNumber', 'string', ['CARD-ORDER-EACH-ITEM', LENGTHS]],
        ['isDriverEmbossed', 'boolean'],
        ['isVRNEmbossed', 'boolean'],
        ['cardPIN', 'string; secret; never echoed', ['CARD-PIN-NEVER-ECHOED']],
        ['cardAddress', 'Address including companyName; delivery address', ['CARD-ORDER-EACH-ITEM']],
        ['cardContact', 'Contact', ['CARD-ORDER-EACH-ITEM']],
      ]
    ),
  },
  {
    resource: 'Master data',
    section: 'Resources / Master data (response of master/all)',
    schema: 'master-data.json',
    presence: {
      atLeastOne: false,
      stated: [
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
      ],
    },
    fields: fields(
      ['MASTER-TEN-ARRAYS', 'MASTER-SHAPE'],
      [
        ['cardCategory', 'id integer, name string'],
        ['cardGroup', 'id integer, name string, cardTypeId integer', ['MASTER-LINK-GROUP-CARDTYPE']],
        [
          'cardType',
          'id integer, name string, description string, isEV boolean, defaultPurchaseCategoryId integer',
          ['MASTER-LINK-CARDTYPE-PURCHASECATEGORY', 'CARD-SEARCH-CARDTYPE'],
        ],
        ['country', 'id integer, name string, countryCode string'],
        ['fuelProductRestriction', 'id integer, name string', ['MASTER-LINK-PURCHASECATEGORY-RESTRICTION']],
        ['product', 'id integer, name string', ['MASTER-IDS-ON-CARDS']],
        [
          'purchaseCategory',
          'id integer, name string, productRestrictionId integer',
          ['MASTER-LINK-PURCHASECATEGORY-RESTRICTION', 'MASTER-LINK-CARDTYPE-PURCHASECATEGORY'],
        ],
        [
          'reason',
          'id integer, description string, cardTypeId integer',
          ['MASTER-LINK-REASON-CARDTYPE', 'CARD-REASON-FROM-MASTER'],
        ],
        ['region', 'id integer, name string'],
        ['status', 'id integer, name string', ['CARD-SEARCH-STATUS', 'MASTER-IDS-ON-CARDS']],
      ]
    ),
  },
  ...masterDataElements([
    [
      'cardCategory',
      [
        ['id', 'integer'],
        ['name', 'string'],
      ],
    ],
    [
      'cardGroup',
      [
        ['id', 'integer'],
        ['name', 'string'],
        ['cardTypeId', 'integer', ['MASTER-LINK-GROUP-CARDTYPE', 'ASSUME-MASTER-LINKS']],
      ],
    ],
    [
      'cardType',
      [
        ['id', 'integer', ['CARD-SEARCH-CARDTYPE']],
        ['name', 'string', ['MASTER-IDS-ON-CARDS']],
        ['description', 'string'],
        ['isEV', 'boolean'],
        ['defaultPurchaseCategoryId', 'integer', ['MASTER-LINK-CARDTYPE-PURCHASECATEGORY', 'ASSUME-MASTER-LINKS']],
      ],
    ],
    [
      'country',
      [
        ['id', 'integer'],
        ['name', 'string', ['ASSUME-ADDRESS-VALUES']],
        ['countryCode', 'string', ['ASSUME-ADDRESS-VALUES']],
      ],
    ],
    [
      'fuelProductRestriction',
      [
        ['id', 'integer', ['MASTER-IDS-ON-CARDS', 'ASSUME-MASTER-LINKS']],
        ['name', 'string'],
      ],
    ],
    [
      'product',
      [
        ['id', 'integer', ['MASTER-IDS-ON-CARDS', 'ASSUME-MASTER-LINKS']],
        ['name', 'string'],
      ],
    ],
    [
      'purchaseCategory',
      [
        ['id', 'integer'],
        ['name', 'string', ['MASTER-IDS-ON-CARDS', 'ASSUME-MASTER-LINKS']],
        ['productRestrictionId', 'integer', ['MASTER-LINK-PURCHASECATEGORY-RESTRICTION', 'ASSUME-MASTER-LINKS']],
      ],
    ],
    [
      'reason',
      [
        ['id', 'integer', ['CARD-REASON-FROM-MASTER']],
        ['description', 'string'],
        ['cardTypeId', 'integer', ['MASTER-LINK-REASON-CARDTYPE', 'ASSUME-MASTER-LINKS']],
      ],
    ],
    [
      'region',
      [
        ['id', 'integer'],
        ['name', 'string'],
      ],
    ],
    [
      'status',
      [
        ['id', 'integer', ['CARD-SEARCH-STATUS', 'MASTER-IDS-ON-CARDS']],
        ['name', 'string'],
      ],
    ],
  ]),
  {
    resource: 'Location',
    section: 'Resources / Location (geosearch result)',
    schema: 'location.json',
    presence: everyField,
    fields: fields(
      ['GEO-LOCATION-SHAPE', PRESENCE],
      [
        ['id', 'string; opaque identifier'],
        ['name', 'string'],
        [
          'coordinates',
          'object {latitude: string, longitude: string}; decimal degrees as text',
          ['GEO-INSIDE-RECTANGLE'],
        ],
        [
          'evses',
          'array of Evse',
          ['GEO-EVSE-SHAPE', 'GEO-FILTER-CONNECTOR', 'GEO-FILTER-CAPABILITY', 'GEO-AVAILABLE-ONLY'],
        ],
        ['operator', 'object {id: string, name: string, hotline: string, external_id: string}'],
        ['operator_display_name', 'string'],
        ['opening_times', 'object; see below', ['GEO-OPENING-TIMES-SHAPE']],
        ['directions', 'array of {language: string, text: string}', ['ASSUME-GEO-LANGUAGE']],
        ['country', 'string; country code'],
        ['state', 'string'],
        ['city', 'string'],
        ['postal_code', 'integer'],
        ['address', 'string'],
        ['openNow', 'boolean', [], 'the clock and time zone openNow is judged in are not shown'],
        ['is_green_energy', 'boolean'],
        ['last_updated', 'string, timestamp (ISO 8601, UTC)'],
      ]
    ),
  },
  {
    resource: 'Evse',
    section: 'Resources / Location / Evse',
    schema: 'evse.json',
    presence: everyField,
    fields: fields(
      ['GEO-EVSE-SHAPE', PRESENCE],
      [
        ['uid', 'string'],
        ['evse_id', 'string'],
        ['physical_reference', 'string'],
        ['status', 'string; allowed values: not shown', ['ASSUME-GEO-EVSE-STATUS', 'GEO-AVAILABLE-ONLY']],
        [
          'connectors',
          'array of objects; fields of a connector object: not shown',
          ['ASSUME-GEO-CONNECTOR-FIELDS', 'GEO-FILTER-CONNECTOR'],
        ],
        [
          'capabilities',
          'array of strings; values that appear: RESERVABLE, PLUG_AND_CHARGE_CAPABLE, CHARGING_PROFILE_CAPABLE',
          ['GEO-FILTER-CAPABILITY', 'ASSUME-VALUES-THAT-APPEAR'],
        ],
        ['last_updated', 'timestamp'],
      ]
    ),
  },
  {
    resource: 'opening_times',
    section: 'Resources / Location / opening_times',
    schema: 'opening-times.json',
    presence: { atLeastOne: false, stated: [], strictExcept: {} },
    fields: fields(
      ['GEO-OPENING-TIMES-SHAPE', PRESENCE],
      [
        ['twentyfourseven', 'boolean'],
        ['regular_hours', 'array of {weekday: integer, period_begin: string HH:MM, period_end: string HH:MM}'],
        ['exceptional_openings', 'array of {period_begin: timestamp, period_end: timestamp}'],
        ['exceptional_closings', 'array of {period_begin: timestamp, period_end: timestamp}'],
      ]
    ),
  },
  {
    resource: 'Aggregate',
    section: 'Resources / Location / Aggregate',
    schema: 'aggregate.json',
    presence: everyField,
    fields: fields(
      ['GEO-AGGREGATE-SHAPE', PRESENCE],
      [
        ['coordinates', 'as above', ['ASSUME-GEO-AGGREGATION']],
        ['count', 'integer', ['GEO-AGGREGATE-COUNTS']],
      ]
    ),
  },
  {
    resource: 'Geosearch answer',
    section: 'Endpoints / Locations',
    schema: 'geosearch-response.json',
    presence: { atLeastOne: false, stated: [], strictExcept: {} },
    fields: fields(
      [PRESENCE],
      [
        ['locations', 'array of Location', ['GEO-LOCATION-SHAPE', 'GEO-MAX-300']],
        ['aggregates', 'array of Aggregate', ['GEO-AGGREGATE-ON', 'GEO-AGGREGATE-COUNTS']],
      ]
    ),
  },
  {
    resource: 'Charging session',
    section: 'Resources / Charging session',
    schema: 'session.json',
    presence: {
      atLeastOne: true,
      stated: [],
      strictExcept: {
        chargingKeyType: 'present only after the session has started',
        connectorId: 'present only after the session has started',
      },
    },
    fields: fields(
      ['SESSION-SHAPE', PRESENCE],
      [
        ['sessionId', 'string; unique id of the session', ['SESSION-GET']],
        [
          'sessionStatus',
          'enum: CREATED, WAITING_TO_START, STARTED, WAITING_TO_STOP, STOPPED, COMPLETE, FAILED, UNKNOWN, STOP_FAILED',
          ['SESSION-STATUS-ENUM'],
        ],
        [
          'balanceStatus',
          'enum: PROCESSING, PAID, DEBT, REFUND (state after session costs are applied)',
          ['SESSION-BALANCE-STATUS-ENUM'],
          'when costs are applied is not observable: sessions are read, never driven',
        ],
        [
          'balanceAmountMinor',
          'string; a long integer as text; the remaining amount to pay in minor currency units as a negative number; 0 means fully paid; not relevant for external clearing',
          ['SESSION-BALANCE-AMOUNT', 'ASSUME-SESSION-BALANCE'],
        ],
        ['charger', 'object {chargingStationName, city, connectorLabel, evseId, streetName: all string}'],
        [
          'chargingKeyType',
          'string; tag, card, virtual or plug_and_charge; present only after the session has started',
          ['SESSION-KEY-TYPE-VALUES', 'SESSION-STARTED-ONLY-FIELDS', 'ASSUME-SESSION-STARTED-STATES'],
        ],
        [
          'connectorId',
          'string; present only after the session has started',
          ['SESSION-STARTED-ONLY-FIELDS', 'ASSUME-SESSION-STARTED-STATES'],
        ],
        ['duration', 'string; ISO 8601 duration'],
        [
          'energy',
          'object {unit: string, value: number}; energy consumed; unit seen is WH',
          ['ASSUME-VALUES-THAT-APPEAR'],
          'no other figure of the session says how much energy was consumed',
        ],
        [
          'paymentMethod',
          'enum CREDIT_CARD, EXTERNAL, PREPAID, WRITE_OFF; deprecated; holds the payment method of the transaction with the earliest time; replaced by transactions[].paymentMethod; the value formerly WRITE_OFF is named NONE in the replacement, where transactions[].paymentOutcome=WRITE_OFF expresses it',
          ['SESSION-PAYMENT-METHOD-ENUM', 'SESSION-PAYMENT-METHOD-EARLIEST', 'ASSUME-SESSION-PAYMENT-METHOD'],
        ],
        [
          'price',
          'Price; total price',
          ['SESSION-PRICE-SHAPE'],
          'how the total relates to the transactions is not shown (ASSUME-SESSION-BALANCE)',
        ],
        ['receiptAvailable', 'boolean; whether a receipt can be downloaded', [], 'downloading a receipt is not shown'],
        ['site', 'string; charging site name'],
        ['startTime', 'string, timestamp (UTC)'],
        ['transactions', 'array of Transaction', ['SESSION-PAYMENT-METHOD-EARLIEST']],
      ]
    ),
  },
  {
    resource: 'Price',
    section: 'Resources / Charging session / Price',
    schema: 'price.json',
    presence: { atLeastOne: false, stated: [], strictExcept: {} },
    fields: fields(
      ['SESSION-PRICE-SHAPE', PRESENCE],
      [
        ['currencyCode', 'string'],
        ['minorExclVat', 'integer'],
        ['minorInclVat', 'integer'],
        ['vat', 'string (decimal percentage)'],
      ]
    ),
  },
  {
    resource: 'Transaction',
    section: 'Resources / Charging session / Transaction',
    schema: 'transaction.json',
    presence: everyField,
    fields: fields(
      ['SESSION-SHAPE', PRESENCE],
      [
        ['paymentMethod', 'string', ['SESSION-PAYMENT-METHOD-EARLIEST', 'ASSUME-SESSION-PAYMENT-METHOD']],
        [
          'paymentOutcome',
          'string (CHARGE and WRITE_OFF appear)',
          ['SESSION-PAYMENT-METHOD-EARLIEST', 'ASSUME-VALUES-THAT-APPEAR'],
        ],
        ['amount', 'Price shape', ['SESSION-PRICE-SHAPE']],
        ['time', 'timestamp', ['SESSION-PAYMENT-METHOD-EARLIEST']],
      ]
    ),
  },
  {
    resource: 'Standard error body',
    section: 'Errors / Standard error body',
    schema: 'standard-error.json',
    presence: { atLeastOne: false, stated: ['errorCode', 'errorDescription'] },
    fields: fields(
      ['ERR-STANDARD-BODY'],
      [
        ['errorCode', 'string', ['ERR-CODE-STATUS', 'ASSUME-VALUES-THAT-APPEAR']],
        ['errorDescription', 'string'],
      ]
    ),
  },
  {
    resource: 'Message error body',
    section: 'Errors; Endpoints / Locations, Sessions',
    schema: 'message-error.json',
    presence: { atLeastOne: false, stated: ['message'] },
    fields: fields(
      ['ERR-MESSAGE-BODY'],
      [
        ['message', 'string', ['GEO-ERROR-400-BODY', 'SESSION-UNKNOWN-404']],
        ['details', 'array of string; optional (details?); the geosearch 400 lists it', ['GEO-ERROR-400-BODY']],
      ]
    ),
  },
];

function masterDataElements(arrays: [key: string, rows: FieldRow[]][]): ResourceTable[] {
  return arrays.map(([key, rows]) => ({
    resource: `Master data / ${key}`,
    section: 'Resources / Master data',
    schema: `master-data.json#/properties/${key}/items`,
    presence: everyField,
    fields: fields(['MASTER-SHAPE', PRESENCE], rows),
  }));
}

/** Each rule of the catalogue under every statement it enforces (`enforces`, lib/rules/catalogue.ts), then each register entry (below). */
const citing = new Map<string, string[]>();
/**
 * The statements that say several things a server can break one at a time: each clause is proven
 * by a fault of its own. Named, with their words, by the catalogue row of a rule that enforces them.
 */
const clauseTable: Record<string, Record<string, string>> = {};
for (const rule of ruleList)
  for (const enforced of rule.enforces) {
    const [proofKey, words] = typeof enforced === 'string' ? [enforced] : enforced;
    const [key, clause] = proofKey.split('#') as [string, string | undefined];
    if (!citing.get(key)?.includes(rule.id)) citing.set(key, [...(citing.get(key) ?? []), rule.id]);
    if (clause && words) clauseTable[key] = { ...clauseTable[key], [clause]: words };
  }
export const clauses: Readonly<Record<string, Readonly<Record<string, string>>>> = clauseTable;
/** Each entry of the register under every statement it rests on (`rests`, lib/rules/assumptions.ts), after the rules. */
for (const entry of assumptions) for (const key of entry.rests) citing.set(key, [...(citing.get(key) ?? []), entry.id]);

/** A key's last part from a table row's first cell: `customer list limit` → `customer-list-limit`. */
const slug = (cell: string): string =>
  cell
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const NOTES_UNSEEN = "notes recorded: no operation of the interface shows a customer's or a card's notes";

/** The parts of cited statements that no rule checks, and why. */
export const untestedParts: Readonly<Record<string, string>> = {
  'states.customer.block': NOTES_UNSEEN,
  'states.customer.unblock': NOTES_UNSEEN,
  'states.customer.close': NOTES_UNSEEN,
  'states.card.block': NOTES_UNSEEN,
  'states.card.unblock': NOTES_UNSEEN,
  'states.card.cancel': 'statusReasonId supplied: whether cancel requires it is not shown (ASSUME-CARD-STATES)',
  'states.card.order': 'completing the order takes up to 24 to 36 hours: no run waits that long (ASSUME-CARD-STATES)',
  'search.sort':
    'sorting can be applied on card status: the grammar of a sortExpression is not shown (ASSUME-CARD-SEARCH-DEFAULTS), so no request is known to ask for it',
  'geo.aggregation': 'faster for large areas: the document gives no latency target for geosearch',
  'geo.precision': 'default derived from the radius when omitted: how is not shown (ASSUME-GEO-AGGREGATION)',
  'customer-status.meaning': "(for example for non-payment): why a customer is blocked is the client's",
};

/** A statement with the rules that enforce it and the register entries it settles, its clauses and its untested part, if it has them. */
const withClauses = (s: Omit<Statement, 'cites'>): Statement => ({
  ...s,
  cites: citing.get(s.key) ?? [],
  ...(clauses[s.key] ? { clauses: clauses[s.key] } : {}),
  ...(untestedParts[s.key] ? { untested: untestedParts[s.key] } : {}),
});

const state = (section: string, key: string, cells: string[]): Statement =>
  withClauses({ key: `states.${key}`, section, words: cells.join(' | ') });

/** The rows of the two state tables (State | Trigger | Condition | Next state | Also). */
export const stateRows: Statement[] = [
  state('States / Customer', 'customer.block', [
    'open customer',
    'POST customer block',
    'none stated',
    'temporarily blocked',
    'optional notes recorded',
  ]),
  state('States / Customer', 'customer.unblock', [
    'blocked customer',
    'POST customer unblock',
    'customer was previously blocked',
    'reactivated',
    'optional notes recorded',
  ]),
  state('States / Customer', 'customer.close', [
    'customer',
    'POST customer close',
    'none stated',
    'closed permanently',
    'optional notes recorded',
  ]),
  state('States / Card', 'card.block', [
    'card',
    'POST card block',
    'statusReasonId supplied',
    'temporarily blocked',
    'notes recorded',
  ]),
  state('States / Card', 'card.unblock', [
    'blocked card',
    'POST card unblock',
    'card was previously blocked; statusReasonId supplied',
    'unblocked',
    'notes recorded',
  ]),
  state('States / Card', 'card.cancel', [
    'card',
    'POST card cancel',
    'statusReasonId supplied',
    'cancelled permanently',
    '',
  ]),
  state('States / Card', 'card.replace', [
    'card',
    'POST card replace',
    'none stated',
    'original blocked',
    'a replacement card is created with the same properties as the original, except those supplied in the request',
  ]),
  state('States / Card', 'card.order', [
    '(none)',
    'POST cards/order',
    'accepted',
    'order accepted asynchronously',
    'an order reference is returned; completing the order takes up to 24 to 36 hours',
  ]),
];

/** The rows of the Limits table (Item | Limit). */
export const limitRows: Statement[] = (
  [
    ['customerName', 'max 310 characters'],
    ['customerBusinessReference', 'max 20 characters'],
    ['notes (customer block, unblock, close; card block, unblock)', 'max 200 characters'],
    ['customer list limit', 'default 50'],
    ['card search limit', 'minimum 1'],
    ['geosearch result count', 'max 300'],
    ['geosearch aggregation precision', '2 to 9'],
    ['geosearch latitude / longitude', '-90 to 90 / -180 to 180'],
    ['sub-customer depth', 'at most two levels below the top-level customer'],
    ['card order completion', 'up to 24 to 36 hours'],
  ] as [string, string][]
).map(([item, limit]) =>
  withClauses({
    key: `limits.${slug(item.replace(/\s*\(.*\)/, ''))}`,
    section: 'Limits',
    words: `${item} | ${limit}`,
  })
);

/** The rows of the latency table (Operation | p50 | p99), each enforced by a rule of the latency family. */
export const latencyRows: Statement[] = (
  [
    ['list customers', 450, 1200],
    ['get customer', 170, 600],
    ['create sub-customer', 250, 800],
    ['update customer details', 1100, 1900],
    ['customer card types', 160, 500],
    ['customer block', 1200, 1800],
    ['customer unblock', 900, 1800],
    ['customer close', 1200, 1800],
    ['order cards', 300, 900],
    ['get card', 170, 600],
    ['search cards', 220, 1900],
    ['card block', 500, 2000],
    ['card unblock', 900, 2100],
    ['card cancel', 900, 2500],
    ['card replace', 1200, 2200],
    ['PIN reprint', 1000, 1500],
    ['master data', 950, 1300],
  ] as [string, number, number][]
).map(([operation, p50, p99]) =>
  withClauses({
    key: `latency.${slug(operation)}`,
    section: 'Limits / latency targets',
    words: `${operation} | ${p50} | ${p99}`,
  })
);

type Row = [key: string, words: string, notTestable?: string];

function section(name: string, rows: Row[]): Statement[] {
  return rows.map(([key, words, notTestable]) =>
    withClauses({ key, section: name, words, ...(notTestable ? { notTestable } : {}) })
  );
}

const NOT_SHOWN_READ_ONLY = 'not shown, and no operation of the interface lets a client drive or observe it';

/** Every other sentence of the document, in its order. */
export const sentences: Statement[] = [
  ...section('Introduction', [
    [
      'intro.only-document',
      'This is the only document for the service. It covers customers and sub-customers, cards, master data, charging location search and charging session retrieval.',
      'a statement about the document, not the service',
    ],
    ['intro.paths-relative', 'Every path below is relative to {base_url}.'],
    [
      'intro.environments',
      'A test environment and a production environment each have their own base address, and the same paths apply to both.',
      'one run checks one environment (FLEET_BASE_URL, FLEET_TARGET); production runs read-only',
    ],
    ['intro.json', 'Request and response bodies are JSON (Content-Type: application/json).'],
  ]),
  ...section('What the service does', [
    [
      'scope.https-json',
      'The service is an HTTPS JSON interface for a fleet-card and electric-vehicle charging programme.',
    ],
    [
      'scope.hierarchy',
      'Manage a customer hierarchy: one top-level customer, created outside this interface by the operator of the service, with sub-customers below it.',
    ],
    [
      'scope.customer-operations',
      'Sub-customers can be created, read, updated, listed, blocked, unblocked and closed.',
    ],
    [
      'scope.card-operations',
      'Order cards, read a card, search cards, block, unblock, cancel and replace a card, and request a PIN letter reprint.',
    ],
    ['scope.master-data', 'Read master (reference) data whose identifiers are needed by card operations.'],
    ['scope.locations', 'Search charging locations inside a rectangle on the map.'],
    ['scope.sessions', 'Read the details of one charging session.'],
    [
      'scope.not-shown-areas',
      'The interface also groups operations for remote charging (start and stop), session history and transaction history under their own areas. Those operations are not shown.',
      'not shown: no path, body or answer to check',
    ],
  ]),
  ...section('Resources and their fields', [
    ['resources.case-sensitive', 'All field names are case-sensitive.'],
    ['resources.json-types', 'Types are JSON types unless stated.'],
  ]),
  ...section('Resources / Address', [
    [
      'address.complete',
      'Rule: when an address object is supplied (customer create, customer update, PIN reprint), every field of the address must be supplied.',
    ],
  ]),
  ...section('Resources / Operation status object', [
    ['opstatus.object', 'Successful operations answer with an operation status object.'],
    ['opstatus.fields', 'Its fields: not shown.'],
    [
      'opstatus.empty',
      'Successful update, block, unblock, close, cancel, replace and reprint calls show an empty object as the body.',
    ],
    ['opstatus.added-fields', 'Customer creation and card ordering add fields to it (see Endpoints).'],
  ]),
  ...section('Resources / Customer', [
    [
      'customer.list-page',
      'Customer list response (a page of customers for the list operation): its shape is not shown; the list takes limit and cursor parameters.',
    ],
    ['customer.fields-present', 'Which Customer and Card fields are always present: not shown.'],
  ]),
  ...section('Resources / Card order item', [
    ['order-item.required', 'Which of these fields are required: not shown.'],
  ]),
  ...section('Resources / Master data', [
    ['master.ten-arrays', 'An object with ten arrays.'],
    ['master.per-top-level', 'The data depends on the top-level customer of the caller.'],
    ['master.reason-ids', 'The id of a reason is what statusReasonId carries in card block, unblock and cancel.'],
    [
      'master.search-ids',
      'The ids of cardType and status are what cardTypeIdentifiers and statusIdentifiers carry in card search.',
    ],
  ]),
  ...section('Resources / Location', [
    [
      'location.evse',
      'Evse: uid string; evse_id string; physical_reference string; status string; connectors array of objects; capabilities array of strings; last_updated timestamp.',
    ],
    ['location.evse-status', 'Allowed Evse status values: not shown.'],
    ['location.connector', 'Fields of a connector object: not shown.'],
    [
      'location.capabilities',
      'Capability values that appear are RESERVABLE, PLUG_AND_CHARGE_CAPABLE and CHARGING_PROFILE_CAPABLE.',
    ],
    [
      'location.opening-times',
      'opening_times: twentyfourseven boolean; regular_hours array of {weekday: integer, period_begin: string HH:MM, period_end: string HH:MM}; exceptional_openings and exceptional_closings, each an array of {period_begin: timestamp, period_end: timestamp}.',
    ],
    [
      'location.aggregate',
      'Aggregate (returned instead of individual locations when aggregation is on): coordinates (as above) and count (integer).',
    ],
  ]),
  ...section('Resources / Charging session', [
    [
      'session.price',
      'Price: currencyCode string; minorExclVat integer; minorInclVat integer; vat string (decimal percentage).',
    ],
    [
      'session.transaction',
      'Transaction: paymentMethod string; paymentOutcome string (CHARGE and WRITE_OFF appear); amount (Price shape); time timestamp.',
    ],
    ['session.payment-sets', 'Allowed sets of transaction paymentMethod and paymentOutcome: not shown.'],
  ]),
  ...section('States / Customer', [
    [
      'states.customer.status',
      'Status is exposed as status (text) and statusIdentifier (integer); the value Active with identifier 1 appears.',
    ],
    ['states.customer.other-statuses', 'The full set of customer statuses: not shown.'],
  ]),
  ...section('States / Card', [
    [
      'states.card.status',
      'Status is exposed as {id, name}; the value Active with id 1 appears, and active cards are listed first by default in search.',
    ],
    ['states.card.other-statuses', 'Other card status names: not shown.'],
    ['states.card.order-states', 'States of a card order after acceptance: not shown.'],
  ]),
  ...section('States / Charging session', [
    [
      'states.session.status',
      'sessionStatus values: CREATED, WAITING_TO_START, STARTED, WAITING_TO_STOP, STOPPED, COMPLETE, FAILED, UNKNOWN, STOP_FAILED.',
    ],
    ['states.session.balance', 'balanceStatus values: PROCESSING, PAID, DEBT, REFUND.'],
    ['states.session.transitions', 'Transitions between session states: not shown.', NOT_SHOWN_READ_ONLY],
    ['states.session.balance-transitions', 'Transitions between balance states: not shown.', NOT_SHOWN_READ_ONLY],
  ]),
  ...section('Endpoints', [
    ['endpoints.bearer', 'Every operation requires the bearer token described under Authentication.'],
    [
      'endpoints.standard-errors',
      'Unless stated, error answers are the standard error set described under Errors (400, 401, 403, 404, 500).',
    ],
  ]),
  ...section('Endpoints / GET /customers', [
    ['list.limit', 'Query: limit (integer, default 50).'],
    ['list.cursor', 'cursor (string, from a previous page).'],
    ['list.customer', 'customerAccountNumber (string, restricts results to direct sub-accounts of that account).'],
    [
      'list.omitted',
      'When omitted all descendants of the top-level account are returned, and the top-level account itself is never included.',
    ],
    [
      'list.search-text',
      'searchText (string, case-insensitive partial match on customerAccountNumber, customerName or customerBusinessReference).',
    ],
    ['list.combined', 'When combined with customerAccountNumber both filters apply.'],
    ['list.200', '200: a page of customers (see Resources).'],
  ]),
  ...section('Endpoints / GET /customers/{customerAccountNumber}', [
    ['get-customer.path', 'Path: customerAccountNumber (string).'],
    ['get-customer.200', '200: Customer, with the MAIN address and MAIN contact.'],
  ]),
  ...section('Endpoints / POST /customers/subcustomer', [
    [
      'create.body',
      'Body: customerName (string, required, max 310); customerContact (Contact, required); customerAddress (Address, required, all address fields when given).',
    ],
    [
      'create.parent',
      'customerAccountNumber (string, optional: the parent under which to create; when omitted the sub-customer is created under the top-level customer).',
    ],
    ['create.business-reference', 'customerBusinessReference (string, optional, max 20).'],
    ['create.depth', 'A sub-customer can be created at most two levels below the top-level customer.'],
    ['create.main', 'The supplied address and contact become the MAIN address and MAIN contact.'],
    [
      'create.top-level',
      'The top-level customer cannot be created through the interface.',
      'no operation creates a top-level customer: a creation without a parent makes a sub-customer (CUST-CREATE-UNDER-TOPLEVEL)',
    ],
    ['create.200', '200: operation status plus customerAccountNumber (string) of the new customer.'],
  ]),
  ...section('Endpoints / POST /customers/{customerAccountNumber}/updateDetail', [
    [
      'update.body',
      'Body, all optional: customerName (max 310); customerBusinessReference (max 20); customerContact; customerAddress (all address fields when given).',
    ],
    ['update.main', 'Contact and address changes apply to the MAIN contact and MAIN address.'],
    ['update.200', '200: operation status.'],
  ]),
  ...section('Endpoints / GET /customers/{customerAccountNumber}/cardTypes', [
    ['card-types.200', '200: array of card type objects.'],
  ]),
  ...section('Endpoints / POST /customers/{customerAccountNumber}/block, unblock, close', [
    ['customer-status.body', 'Body (optional): notes (string, max 200).'],
    ['customer-status.200', '200: operation status.'],
    [
      'customer-status.meaning',
      'Block is temporary (for example for non-payment); unblock reactivates a blocked customer; close is permanent.',
    ],
  ]),
  ...section('Endpoints / POST /cards/order', [
    ['order.body', 'Body: customerAccountNumber (string, required); cards (array of card order items, required).'],
    ['order.202', '202: operation status plus orderReference (string, always present). The process is asynchronous.'],
    ['order.400', '400: an array of error objects (one per problem), not a single object.'],
    ['order.master-ids', 'Identifiers used in the request come from master data.'],
  ]),
  ...section('Endpoints / GET /cards/{cardIdentifier}', [
    ['get-card.path', 'Path: cardIdentifier (integer).'],
    ['get-card.200', '200: Card.'],
  ]),
  ...section('Endpoints / POST /cards/search', [
    ['search.limit', 'Body, all optional: limit (integer, minimum 1, maximum records to return).'],
    ['search.cursor', 'cursor (string, from a previous response).'],
    [
      'search.sort',
      'sortExpression (string; sorting can be applied on card status; default order lists active cards first; grammar and sortable fields beyond that: not shown).',
    ],
    ['search.customer', 'customerAccountNumber (string).'],
    ['search.order-reference', 'orderReference (string).'],
    ['search.card-types', 'cardTypeIdentifiers (array of integer, ids from master data cardType).'],
    ['search.statuses', 'statusIdentifiers (array of integer, ids from master data status).'],
    [
      'search.filter',
      'filter (object: partialMatch boolean, primaryVisualCardNumber string, driverName string, vehicleRegNumber string).',
    ],
    ['search.unknown-properties', 'The body schema rejects properties other than those listed.'],
    ['search.200', '200: Card list response. Continue by sending nextCursor as cursor while hasNextPage is true.'],
  ]),
  ...section('Endpoints / POST /cards/{cardIdentifier}/block, unblock', [
    [
      'card-status.body',
      'Path: cardIdentifier (integer). Body: statusReasonId (integer, required, a reason id from master data); notes (string, optional, max 200).',
    ],
    ['card-status.unblock-body', 'Same path and body as block (unblock).'],
    ['card-status.200', '200: operation status.'],
  ]),
  ...section('Endpoints / POST /cards/{cardIdentifier}/cancel', [
    ['cancel.body', 'Path: cardIdentifier. Body: statusReasonId (integer) and notes (string).'],
    ['cancel.not-shown', 'Whether they are required and the notes length limit: not shown.'],
    ['cancel.200', '200: operation status. Cancellation is permanent.'],
  ]),
  ...section('Endpoints / POST /cards/{cardIdentifier}/replace', [
    [
      'replace.body',
      'Body, every field optional: cardTypeId (integer); purchaseCategoryId (integer); additionalEmbossing (string); driverName (string); vehicleRegNumber (string); cardGroupId (integer).',
    ],
    ['replace.omitted', "Omitted properties keep the original card's values."],
    ['replace.200', '200: operation status.'],
    ['replace.identifier', "Whether the new card's identifier is returned: not shown."],
  ]),
  ...section('Endpoints / POST /cards/{cardIdentifier}/reprintPIN', [
    ['reprint.body', 'Body: cardAddress (Address; all address fields when given).'],
    ['reprint.letter', 'The PIN letter is sent to it.', 'a letter on paper: nothing the interface shows'],
    ['reprint.200', '200: operation status.'],
  ]),
  ...section('Endpoints / POST /locations/geosearch/rectangle', [
    ['geo.rectangle', 'Searches charging locations inside a rectangle defined by two diagonal points.'],
    ['geo.max-300', 'At most 300 locations are returned.'],
    [
      'geo.top',
      'topLatitude | number | -90 to 90 | latitude of top edge, decimal degrees; must be greater than bottomLatitude',
    ],
    ['geo.bottom', 'bottomLatitude | number | -90 to 90 | latitude of bottom edge'],
    ['geo.left', 'leftLongitude | number | -180 to 180 | longitude of left edge; must be less than rightLongitude'],
    ['geo.right', 'rightLongitude | number | -180 to 180 | longitude of right edge'],
    ['geo.count', 'A result count (maximum 300, ignored when aggregation is on).'],
    ['geo.aggregation', 'An aggregation switch (when true, results are aggregated, which is faster for large areas).'],
    [
      'geo.precision',
      'A grid precision (integer 2 to 9; larger value gives smaller grid cells; default derived from the radius when omitted).',
    ],
    [
      'geo.language',
      'A language (two-letter code; supported: en, bg, cy, de, es, fi, fr, hu, is, it, lt, nb, nl, pl, pt, ro, sv).',
    ],
    ['geo.param-names', 'Their parameter names are not shown.'],
    [
      'geo.body',
      'Body: filters (object: connectorStandards array of string; capabilities array of string) and options (object: includeAvailableOnly boolean).',
    ],
    ['geo.other-filters', 'Other filter fields: not shown.'],
    ['geo.200', '200: object with locations (array of Location) and aggregates (array of Aggregate).'],
    ['geo.400', '400: {message: string, details: array of string}.'],
    ['geo.404', '404: {message: string}.'],
  ]),
  ...section('Endpoints / GET /sessions/{sessionId}', [
    ['session.path', 'Path: sessionId (string).'],
    ['session.200', '200: Charging session.'],
    ['session.404', '404: {message: string}.'],
    ['session.second-error', 'A second error answer with the same body shape exists; its status code is not shown.'],
  ]),
  ...section('Endpoints / GET /master/all', [
    ['master.no-parameters', 'No parameters. 200: Master data object.'],
    ['master.errors', 'Standard errors 400 and 500 apply.'],
  ]),
  ...section('Authentication', [
    [
      'auth.client-credentials',
      '1. The service uses OAuth 2.0 client credentials. Every operation requires the header Authorization: Bearer <ACCESS_TOKEN>.',
    ],
    [
      'auth.token-url',
      '2. The token is obtained with POST {base_url}/identity/realms/fleet/protocol/openid-connect/token, using the same base address as the environment being called (test or production).',
    ],
    [
      'auth.token-request',
      '3. That request is form-encoded with grant_type=client_credentials, client_id=<CLIENT_ID> and client_secret=<CLIENT_SECRET>, and carries the header accept: application/json.',
    ],
    ['auth.401-403', '4. A missing or invalid token gives 401; a valid token without permission gives 403.'],
    ['auth.token-response', '5. Token response fields, token lifetime and scopes: not shown.'],
    [
      'auth.beyond-hierarchy',
      '6. Which client may do what beyond the account hierarchy (master data depends on the top-level customer; list excludes the top-level account): not shown.',
    ],
  ]),
  ...section('Events', [
    [
      'events.not-shown',
      'Events: not shown. An area for event callbacks exists in the interface, but kinds of event, payloads, delivery and verification are absent.',
      'not shown: no event, payload or delivery to check',
    ],
  ]),
  ...section('Errors', [
    ['errors.standard-body', 'Standard error body: {errorCode: string, errorDescription: string}.'],
    ['errors.400', '400 | bad request | standard error body (array of them for card order)'],
    ['errors.401', '401 | unauthorized | standard error set'],
    ['errors.403', '403 | forbidden | standard error set'],
    ['errors.404', '404 | not found | standard error set'],
    ['errors.500', '500 | internal server error | standard error body'],
    ['errors.er-001', 'ER-001 | invalid request parameters (400)'],
    ['errors.er-002', 'ER-002 | missing required field (400, in the card order error array)'],
    ['errors.er-012', 'ER-012 | unexpected server condition; the client is told to contact support (500)'],
    ['errors.codes', 'The complete list of codes and which condition raises which: not shown.'],
    ['errors.bodies-401-403-404', 'Bodies of 401, 403 and 404 for the standard operations: not shown.'],
    [
      'errors.message-body',
      'Geosearch and session retrieval use a different body: {message: string, details?: array of string}.',
    ],
  ]),
  ...section('Limits', [
    ['limits.rate', 'Rate limits: not shown.'],
    ['limits.page-size', 'Maximum page size of list and search: not shown.'],
    ['limits.latency', 'Server-side latency targets for successful (2xx) requests, in milliseconds.'],
  ]),
  ...section('Versioning', [
    ['versioning.version', 'The interface description is version 1.0.0.', 'no operation shows a version'],
    ['versioning.no-segment', 'Paths carry no version segment.'],
    ['versioning.rules', 'Rules for introducing or retiring versions: not shown.', 'not shown: one version exists'],
    [
      'versioning.deprecation',
      'One deprecation is stated: the session field paymentMethod is deprecated and will be removed, replaced by transactions[].paymentMethod.',
    ],
  ]),
];

/** Every statement of the document: sentences, then the rows of the Limits, latency and state tables. */
export const statements: Statement[] = [...sentences, ...limitRows, ...latencyRows, ...stateRows];

export function resourceTable(resource: string): ResourceTable {
  const table = resourceTables.find((t) => t.resource === resource);
  if (!table) throw new Error(`no resource table "${resource}" (lib/rules/document.ts)`);
  return table;
}

/** The documented fields `element` does not show, of those the stricter reading of ASSUME-FIELD-PRESENCE requires. */
export function strictlyMissing(table: ResourceTable, element: unknown): string[] {
  const shown = (element ?? {}) as Record<string, unknown>;
  return table.fields
    .map((f) => f.name)
    .filter((name) => !(name in (table.presence.strictExcept ?? {})) && shown[name] === undefined);
}

/** Whether a sandbox fault must prove the statement: it cites a rule of the catalogue, not only register entries. */
export const citesARule = (s: Statement): boolean => s.cites.some((id) => !id.startsWith('ASSUME-'));

/** What a fault names to prove a statement: each clause (`key#clause`), or the statement whole (`key`). */
export function proofKeys(s: Statement): string[] {
  return s.clauses ? Object.keys(s.clauses).map((name) => `${s.key}#${name}`) : [s.key];
}

const byKey = new Map(statements.map((s) => [s.key, s]));

/** The statement a proof key (`key` or `key#clause`) names, if there is one. */
export function statementOf(proofKey: string): Statement | undefined {
  return byKey.get(proofKey.split('#')[0]!);
}

/**
 * The statements in the document's own order: the Limits table before "Rate limits: not shown.",
 * the latency targets after their sentence, each state table after its section's sentences.
 */
export function inDocumentOrder(): Statement[] {
  const after = (key: string, rows: Statement[]): [string, Statement[]] => [key, rows];
  const tables = new Map([
    after(
      'states.customer.other-statuses',
      stateRows.filter((s) => s.section === 'States / Customer')
    ),
    after(
      'states.card.order-states',
      stateRows.filter((s) => s.section === 'States / Card')
    ),
    after('limits.latency', latencyRows),
  ]);
  return sentences.flatMap((s) => (s.key === 'limits.rate' ? [...limitRows, s] : [s, ...(tables.get(s.key) ?? [])]));
}
