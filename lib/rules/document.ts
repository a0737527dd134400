/**
 * The interface document as data: every sentence and every table row, each cited by the rules
 * (lib/rules/catalogue.ts) that check it and the register entries (lib/rules/assumptions.ts)
 * that settle where it is silent, or marked not testable with the reason. Derived once from the
 * document; nothing reads the document itself, at run time or in tests.
 * proof/tests/unit/document.test.ts keeps it complete and the two lists in step with it.
 */

export interface Statement {
  /**
   * A stable name of the statement (`order.400`, `limits.customer-name`, `states.card.block`): what a
   * sandbox fault names to say it proves the suite detects a breach of this statement
   * (sandbox/faults.ts, `proves`). Never reused for other words.
   */
  key: string;
  section: string;
  /** The document's words (a table row: its cells, joined by " | "). */
  words: string;
  /** Rule ids and register ids (ASSUME-*) that cite the statement. */
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

/**
 * The statements that say several things a server can break one at a time: each clause is proven
 * by a fault of its own. The words name the part (the document's where it has them).
 */
export const clauses: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'scope.customer-operations': {
    created: 'created',
    read: 'read',
    updated: 'updated',
    listed: 'listed',
    blocked: 'blocked',
    unblocked: 'unblocked',
    closed: 'closed',
  },
  'scope.card-operations': {
    order: 'order cards',
    read: 'read a card',
    search: 'search cards',
    block: 'block',
    unblock: 'unblock',
    cancel: 'cancel',
    replace: 'replace a card',
    reprint: 'request a PIN letter reprint',
  },
  'scope.master-data': {
    read: 'Read master (reference) data',
    'needed-by-cards': 'whose identifiers are needed by card operations',
  },
  'address.complete': { create: 'customer create', update: 'customer update', reprint: 'PIN reprint' },
  'opstatus.added-fields': {
    creation: 'Customer creation ... add fields to it',
    ordering: 'card ordering add fields to it',
  },
  'customer.list-page': {
    limit: 'the list takes limit ... parameters',
    cursor: 'the list takes ... cursor parameters',
  },
  'master.reason-ids': { block: 'in card block', unblock: 'in card unblock', cancel: 'in card cancel' },
  'master.search-ids': {
    'card-types': 'The ids of cardType ... cardTypeIdentifiers',
    statuses: 'The ids of ... status ... statusIdentifiers',
  },
  'location.aggregate': {
    instead: 'returned instead of individual locations when aggregation is on',
    fields: 'coordinates (as above) and count (integer)',
  },
  'states.customer.status': {
    exposed: 'status (text) and statusIdentifier (integer)',
    active: 'the value Active with identifier 1 appears',
  },
  'states.card.status': {
    exposed: 'Status is exposed as {id, name}',
    active: 'the value Active with id 1 appears',
    'active-first': 'active cards are listed first by default in search',
  },
  'list.limit': { limit: 'limit (integer)', default: 'default 50' },
  'list.cursor': {
    'every-customer-once': 'following the cursors visits every customer once',
    'limit-kept': 'each page of a cursor holds at most the limit it was asked with',
    'filters-kept': 'each page of a cursor keeps the filters it was asked with',
    own: "from a previous page: of the caller's own list (another client's cursor shows none of its customers)",
  },
  'list.customer': {
    'direct-only': 'restricts results to direct sub-accounts of that account',
    foreign: "of that account: none of another hierarchy's",
  },
  'list.omitted': {
    descendants: 'all descendants of the top-level account are returned',
    'no-top-level': 'the top-level account itself is never included',
  },
  'list.search-text': {
    number: 'customerAccountNumber',
    name: 'customerName',
    'business-reference': 'customerBusinessReference',
    case: 'case-insensitive',
  },
  'get-customer.path': {
    unknown: 'an unknown customerAccountNumber: 404',
    foreign: "one outside the caller's hierarchy: 403",
    'near-miss':
      'a value near an account number (another case, a character changed, a prefix, trailing characters, blanks around it, leading zeros) is not that customer',
  },
  'get-customer.200': { customer: '200: Customer', main: 'with the MAIN address and MAIN contact' },
  'create.body': {
    'name-required': 'customerName (string, required',
    'name-max-310': 'max 310',
    'contact-required': 'customerContact (Contact, required)',
    'address-required': 'customerAddress (Address, required',
    'address-complete': 'all address fields when given',
  },
  'create.parent': {
    parent: 'the parent under which to create',
    omitted: 'when omitted the sub-customer is created under the top-level customer',
  },
  'create.business-reference': { optional: 'optional', 'max-20': 'max 20' },
  'update.body': {
    optional: 'Body, all optional',
    'name-max-310': 'customerName (max 310)',
    'business-reference-max-20': 'customerBusinessReference (max 20)',
    'address-complete': 'customerAddress (all address fields when given)',
  },
  'customer-status.body': { optional: 'Body (optional)', 'notes-max-200': 'notes (string, max 200)' },
  'customer-status.meaning': {
    block: 'Block is temporary',
    unblock: 'unblock reactivates a blocked customer',
    close: 'close is permanent',
  },
  'order.body': {
    customer: 'customerAccountNumber (string, required)',
    cards: 'cards (array of card order items, required)',
  },
  'order.202': {
    '202': '202: operation status plus orderReference',
    reference: 'orderReference (string, always present)',
  },
  'order.400': { array: 'an array of error objects, not a single object', 'one-per-problem': 'one per problem' },
  'order.master-ids': {
    cardTypeId: 'cardTypeId: from master data cardType',
    cardCategoryId: 'cardCategoryId: from master data cardCategory',
    cardGroupId: 'cardGroupId: from master data cardGroup',
    purchaseCategoryId: 'purchaseCategoryId: from master data purchaseCategory',
    fuelProductRestrictionId: 'fuelProductRestrictionId: from master data fuelProductRestriction',
    productId: 'products[].productId: from master data product',
  },
  'get-card.path': {
    unknown: 'an unknown cardIdentifier: 404',
    integer: 'cardIdentifier (integer): anything else is refused, never a 5xx',
    foreign: "a card outside the caller's hierarchy: 403",
    'near-miss': 'a value near a cardIdentifier (a digit changed to a letter, trailing characters) is not that card',
  },
  'search.limit': { 'minimum-1': 'minimum 1', maximum: 'maximum records to return' },
  'search.cursor': {
    'every-card-once': 'following the cursors visits every matching card once',
    'limit-kept': 'each page of a cursor holds at most the limit it was asked with',
    'filters-kept': 'each page of a cursor keeps the filters it was asked with',
    own: "from a previous response: the caller's own (another client's cursor shows none of its cards)",
  },
  'search.customer': {
    restricts: "customerAccountNumber restricts the search to that customer's cards",
    foreign: "none of another hierarchy's",
  },
  'search.card-types': {
    restricts: 'cardTypeIdentifiers restrict the search to those card types',
    'from-master': 'ids from master data cardType',
  },
  'search.statuses': {
    restricts: 'statusIdentifiers restrict the search to those statuses',
    'from-master': 'ids from master data status',
  },
  'search.filter': {
    pvcn: 'primaryVisualCardNumber',
    driver: 'driverName',
    vrn: 'vehicleRegNumber',
    'partial-true': 'partialMatch true',
    'partial-false': 'partialMatch false',
  },
  'search.200': {
    list: '200: Card list response',
    continue: 'Continue by sending nextCursor as cursor while hasNextPage is true',
  },
  'card-status.body': {
    'reason-required': 'statusReasonId (integer, required',
    'reason-from-master': 'a reason id from master data',
    'notes-optional': 'notes (string, optional',
    'notes-max-200': 'max 200',
  },
  'card-status.unblock-body': {
    'reason-required': 'statusReasonId (integer, required',
    'reason-from-master': 'a reason id from master data',
    'notes-optional': 'notes (string, optional',
    'notes-max-200': 'notes (string, optional, max 200)',
  },
  'cancel.200': { status: '200: operation status', permanent: 'Cancellation is permanent' },
  'replace.body': {
    optional: 'every field optional',
    applies: 'the fields supplied',
    'card-type-from-master': 'cardTypeId: a card type of the master data',
    'purchase-category-from-master': 'purchaseCategoryId: a purchase category of the master data',
    'card-group-from-master': 'cardGroupId: a card group of the master data',
  },
  'reprint.body': {
    'address-optional': 'cardAddress ... when given',
    'address-complete': 'all address fields when given',
  },
  'reprint.200': { answered: '200', status: 'operation status' },
  'geo.rectangle': {
    inside: 'charging locations inside a rectangle: none outside it',
    complete:
      'searches charging locations inside a rectangle: none inside it left out while the count allows, on either side of longitude 0 and latitude 0',
  },
  'geo.top': {
    bounds: '-90 to 90',
    above: 'must be greater than bottomLatitude',
    edge: 'latitude of top edge, decimal degrees: the edge where its degrees put it, south of the equator too',
  },
  'geo.left': {
    bounds: '-180 to 180',
    below: 'must be less than rightLongitude',
    edge: 'longitude of left edge: the edge where its degrees put it, west of Greenwich too',
  },
  'geo.count': { count: 'A result count', maximum: 'maximum 300', ignored: 'ignored when aggregation is on' },
  'geo.aggregation': {
    aggregated: 'when true, results are aggregated',
    counts: 'the aggregates count the locations they stand for',
  },
  'geo.precision': { range: 'integer 2 to 9', finer: 'larger value gives smaller grid cells' },
  'geo.body': { connector: 'connectorStandards', capabilities: 'capabilities', available: 'includeAvailableOnly' },
  'geo.200': { locations: 'locations (array of Location)', aggregates: 'aggregates (array of Aggregate)' },
  'session.path': {
    session: 'the session asked for',
    unknown: 'an unknown sessionId: 404',
    'near-miss':
      'a value near a sessionId (another case, a character changed, a prefix, trailing characters, blanks around it) is not that session',
  },
  'auth.client-credentials': {
    'client-credentials': 'OAuth 2.0 client credentials',
    bearer: 'Every operation requires the header Authorization: Bearer <ACCESS_TOKEN>',
  },
  'auth.401-403': {
    missing: 'A missing ... token gives 401',
    invalid: 'an invalid token gives 401',
    forbidden: 'a valid token without permission gives 403',
  },
  'errors.400': { standard: 'standard error body', array: 'array of them for card order' },
  'errors.message-body': { geosearch: 'Geosearch', sessions: 'session retrieval' },
  'limits.notes': { customer: 'customer block, unblock, close', card: 'card block, unblock' },
  'limits.geosearch-latitude-longitude': { latitude: '-90 to 90', longitude: '-180 to 180' },
  'states.customer.unblock': { reactivated: 'reactivated', condition: 'customer was previously blocked' },
  'states.card.block': { blocked: 'temporarily blocked', reason: 'statusReasonId supplied' },
  'states.card.unblock': {
    unblocked: 'unblocked',
    'previously-blocked': 'card was previously blocked',
    reason: 'statusReasonId supplied',
  },
  'states.card.replace': {
    'original-blocked': 'original blocked',
    copies: 'a replacement card is created with the same properties as the original',
    'except-supplied': 'except those supplied in the request',
  },
  'states.card.order': { accepted: 'order accepted asynchronously', reference: 'an order reference is returned' },
};

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

/** A statement with its clauses and its untested part, if it has them. */
const withClauses = (s: Statement): Statement => ({
  ...s,
  ...(clauses[s.key] ? { clauses: clauses[s.key] } : {}),
  ...(untestedParts[s.key] ? { untested: untestedParts[s.key] } : {}),
});

const state = (section: string, key: string, cells: string[], cites: string[]): Statement =>
  withClauses({ key: `states.${key}`, section, words: cells.join(' | '), cites });

/** The rows of the two state tables (State | Trigger | Condition | Next state | Also). */
export const stateRows: Statement[] = [
  state(
    'States / Customer',
    'customer.block',
    ['open customer', 'POST customer block', 'none stated', 'temporarily blocked', 'optional notes recorded'],
    ['CUST-BLOCK', 'CUST-NOTES-MAX-200', 'ASSUME-CUSTOMER-STATES', 'ASSUME-BLOCK-CASCADE']
  ),
  state(
    'States / Customer',
    'customer.unblock',
    [
      'blocked customer',
      'POST customer unblock',
      'customer was previously blocked',
      'reactivated',
      'optional notes recorded',
    ],
    [
      'CUST-UNBLOCK-REACTIVATES',
      'CUST-UNBLOCK-ONLY-BLOCKED',
      'ASSUME-UNMET-CONDITION',
      'CUST-NOTES-MAX-200',
      'ASSUME-CUSTOMER-STATES',
      'ASSUME-BLOCK-CASCADE',
    ]
  ),
  state(
    'States / Customer',
    'customer.close',
    ['customer', 'POST customer close', 'none stated', 'closed permanently', 'optional notes recorded'],
    ['CUST-CLOSE-PERMANENT', 'CUST-NOTES-MAX-200', 'ASSUME-CLOSE-CONDITIONS', 'ASSUME-ENDED-READABLE']
  ),
  state(
    'States / Card',
    'card.block',
    ['card', 'POST card block', 'statusReasonId supplied', 'temporarily blocked', 'notes recorded'],
    ['CARD-BLOCK', 'CARD-BLOCK-REASON-REQUIRED', 'CARD-REASON-FROM-MASTER', 'CARD-NOTES-MAX-200']
  ),
  state(
    'States / Card',
    'card.unblock',
    [
      'blocked card',
      'POST card unblock',
      'card was previously blocked; statusReasonId supplied',
      'unblocked',
      'notes recorded',
    ],
    ['CARD-UNBLOCK-REACTIVATES', 'CARD-UNBLOCK-ONLY-BLOCKED', 'CARD-BLOCK-REASON-REQUIRED', 'ASSUME-UNMET-CONDITION']
  ),
  state(
    'States / Card',
    'card.cancel',
    ['card', 'POST card cancel', 'statusReasonId supplied', 'cancelled permanently', ''],
    ['CARD-CANCEL-PERMANENT', 'ASSUME-CARD-STATES', 'ASSUME-ENDED-READABLE']
  ),
  state(
    'States / Card',
    'card.replace',
    [
      'card',
      'POST card replace',
      'none stated',
      'original blocked',
      'a replacement card is created with the same properties as the original, except those supplied in the request',
    ],
    [
      'CARD-REPLACE-BLOCKS-ORIGINAL',
      'CARD-REPLACE-COPIES',
      'CARD-REPLACE-APPLIES-CHANGES',
      'ASSUME-REPLACEMENT-VISIBLE',
    ]
  ),
  state(
    'States / Card',
    'card.order',
    [
      '(none)',
      'POST cards/order',
      'accepted',
      'order accepted asynchronously',
      'an order reference is returned; completing the order takes up to 24 to 36 hours',
    ],
    ['CARD-ORDER-202', 'CARD-ORDER-REFERENCE', 'ASSUME-CARD-STATES']
  ),
];

/** The rows of the Limits table (Item | Limit). */
export const limitRows: Statement[] = (
  [
    ['customerName', 'max 310 characters', ['CUST-NAME-MAX-310', 'ASSUME-CHARACTER-COUNT']],
    ['customerBusinessReference', 'max 20 characters', ['CUST-BUSREF-MAX-20', 'ASSUME-CHARACTER-COUNT']],
    [
      'notes (customer block, unblock, close; card block, unblock)',
      'max 200 characters',
      ['CUST-NOTES-MAX-200', 'CARD-NOTES-MAX-200', 'ASSUME-CHARACTER-COUNT'],
    ],
    ['customer list limit', 'default 50', ['CUST-LIST-LIMIT-DEFAULT-50']],
    ['card search limit', 'minimum 1', ['CARD-SEARCH-LIMIT-MIN-1']],
    ['geosearch result count', 'max 300', ['GEO-COUNT-MAX-300', 'GEO-MAX-300', 'ASSUME-OVER-MAXIMUM']],
    ['geosearch aggregation precision', '2 to 9', ['GEO-PRECISION-2-9', 'ASSUME-OVER-MAXIMUM']],
    ['geosearch latitude / longitude', '-90 to 90 / -180 to 180', ['GEO-LAT-BOUNDS', 'GEO-LON-BOUNDS']],
    ['sub-customer depth', 'at most two levels below the top-level customer', ['CUST-DEPTH-MAX-2']],
    ['card order completion', 'up to 24 to 36 hours', ['ASSUME-CARD-STATES']],
  ] as [string, string, string[]][]
).map(([item, limit, cites]) =>
  withClauses({
    key: `limits.${slug(item.replace(/\s*\(.*\)/, ''))}`,
    section: 'Limits',
    words: `${item} | ${limit}`,
    cites,
  })
);

/** The rows of the latency table (Operation | p50 | p99), each a rule of the latency family. */
export const latencyRows: Statement[] = (
  [
    ['list customers', 450, 1200, 'LAT-LIST-CUSTOMERS'],
    ['get customer', 170, 600, 'LAT-GET-CUSTOMER'],
    ['create sub-customer', 250, 800, 'LAT-CREATE-SUBCUSTOMER'],
    ['update customer details', 1100, 1900, 'LAT-UPDATE-CUSTOMER'],
    ['customer card types', 160, 500, 'LAT-CUSTOMER-CARD-TYPES'],
    ['customer block', 1200, 1800, 'LAT-BLOCK-CUSTOMER'],
    ['customer unblock', 900, 1800, 'LAT-UNBLOCK-CUSTOMER'],
    ['customer close', 1200, 1800, 'LAT-CLOSE-CUSTOMER'],
    ['order cards', 300, 900, 'LAT-ORDER-CARDS'],
    ['get card', 170, 600, 'LAT-GET-CARD'],
    ['search cards', 220, 1900, 'LAT-SEARCH-CARDS'],
    ['card block', 500, 2000, 'LAT-BLOCK-CARD'],
    ['card unblock', 900, 2100, 'LAT-UNBLOCK-CARD'],
    ['card cancel', 900, 2500, 'LAT-CANCEL-CARD'],
    ['card replace', 1200, 2200, 'LAT-REPLACE-CARD'],
    ['PIN reprint', 1000, 1500, 'LAT-REPRINT-PIN'],
    ['master data', 950, 1300, 'LAT-MASTER-DATA'],
  ] as [string, number, number, string][]
).map(([operation, p50, p99, rule]) => ({
  key: `latency.${slug(operation)}`,
  section: 'Limits / latency targets',
  words: `${operation} | ${p50} | ${p99}`,
  cites: [rule, 'ASSUME-LATENCY-MEASURE'],
}));

type Row = [key: string, words: string, cites: string[], notTestable?: string];

function section(name: string, rows: Row[]): Statement[] {
  return rows.map(([key, words, cites, notTestable]) =>
    withClauses({ key, section: name, words, cites, ...(notTestable ? { notTestable } : {}) })
  );
}

const NOT_SHOWN_READ_ONLY = 'not shown, and no operation of the interface lets a client drive or observe it';

/** Every other sentence of the document, in its order. */
export const sentences: Statement[] = [
  ...section('Introduction', [
    [
      'intro.only-document',
      'This is the only document for the service. It covers customers and sub-customers, cards, master data, charging location search and charging session retrieval.',
      [],
      'a statement about the document, not the service',
    ],
    ['intro.paths-relative', 'Every path below is relative to {base_url}.', ['HTTP-NO-VERSION-SEGMENT']],
    [
      'intro.environments',
      'A test environment and a production environment each have their own base address, and the same paths apply to both.',
      [],
      'one run checks one environment (FLEET_BASE_URL, FLEET_TARGET); production runs read-only',
    ],
    [
      'intro.json',
      'Request and response bodies are JSON (Content-Type: application/json).',
      ['HTTP-JSON-CONTENT-TYPE', 'ASSUME-REJECTION-STATUS'],
    ],
  ]),
  ...section('What the service does', [
    [
      'scope.https-json',
      'The service is an HTTPS JSON interface for a fleet-card and electric-vehicle charging programme.',
      ['HTTP-JSON-CONTENT-TYPE'],
    ],
    [
      'scope.hierarchy',
      'Manage a customer hierarchy: one top-level customer, created outside this interface by the operator of the service, with sub-customers below it.',
      ['CUST-CREATE-UNDER-TOPLEVEL', 'CUST-LIST-NO-TOPLEVEL', 'ASSUME-UNKNOWN-RESOURCE-404'],
    ],
    [
      'scope.customer-operations',
      'Sub-customers can be created, read, updated, listed, blocked, unblocked and closed.',
      [
        'CUST-CREATE-RETURNS-NUMBER',
        'CUST-SHAPE',
        'CUST-UPDATE-APPLIES',
        'CUST-LIST-ALL-DESCENDANTS',
        'CUST-BLOCK',
        'CUST-UNBLOCK-REACTIVATES',
        'CUST-CLOSE-PERMANENT',
      ],
    ],
    [
      'scope.card-operations',
      'Order cards, read a card, search cards, block, unblock, cancel and replace a card, and request a PIN letter reprint.',
      [
        'CARD-ORDER-202',
        'CARD-GET',
        'CARD-LIST-SHAPE',
        'CARD-BLOCK',
        'CARD-UNBLOCK-REACTIVATES',
        'CARD-CANCEL-PERMANENT',
        'CARD-REPLACE-BLOCKS-ORIGINAL',
        'CARD-REPRINT-PIN',
      ],
    ],
    [
      'scope.master-data',
      'Read master (reference) data whose identifiers are needed by card operations.',
      ['MASTER-TEN-ARRAYS', 'CARD-REASON-FROM-MASTER', 'CARD-ORDER-IDS-FROM-MASTER', 'CARD-REPLACE-IDS-FROM-MASTER'],
    ],
    ['scope.locations', 'Search charging locations inside a rectangle on the map.', ['GEO-INSIDE-RECTANGLE']],
    ['scope.sessions', 'Read the details of one charging session.', ['SESSION-GET']],
    [
      'scope.not-shown-areas',
      'The interface also groups operations for remote charging (start and stop), session history and transaction history under their own areas. Those operations are not shown.',
      [],
      'not shown: no path, body or answer to check',
    ],
  ]),
  ...section('Resources and their fields', [
    [
      'resources.case-sensitive',
      'All field names are case-sensitive.',
      ['ASSUME-FIELD-PRESENCE', 'CUST-CARDTYPES-SHAPE', 'MASTER-SHAPE'],
    ],
    [
      'resources.json-types',
      'Types are JSON types unless stated.',
      [
        'ASSUME-FORMATS',
        'ASSUME-NULL-VALUES',
        'CUST-SHAPE',
        'CARD-SHAPE',
        'CARD-LIST-SHAPE',
        'CUST-CARDTYPES-SHAPE',
        'MASTER-SHAPE',
        'GEO-LOCATION-SHAPE',
        'SESSION-SHAPE',
      ],
    ],
  ]),
  ...section('Resources / Address', [
    [
      'address.complete',
      'Rule: when an address object is supplied (customer create, customer update, PIN reprint), every field of the address must be supplied.',
      ['ADDR-COMPLETE-CREATE', 'ADDR-COMPLETE-UPDATE', 'ADDR-COMPLETE-REPRINT'],
    ],
  ]),
  ...section('Resources / Operation status object', [
    [
      'opstatus.object',
      'Successful operations answer with an operation status object.',
      ['OPSTATUS-OBJECT', 'CUST-CREATE-RETURNS-NUMBER', 'CARD-ORDER-REFERENCE'],
    ],
    ['opstatus.fields', 'Its fields: not shown.', ['ASSUME-FIELD-PRESENCE', 'ASSUME-EXTRA-FIELDS']],
    [
      'opstatus.empty',
      'Successful update, block, unblock, close, cancel, replace and reprint calls show an empty object as the body.',
      ['OPSTATUS-OBJECT'],
    ],
    [
      'opstatus.added-fields',
      'Customer creation and card ordering add fields to it (see Endpoints).',
      ['CUST-CREATE-RETURNS-NUMBER', 'CARD-ORDER-REFERENCE'],
    ],
  ]),
  ...section('Resources / Customer', [
    [
      'customer.list-page',
      'Customer list response (a page of customers for the list operation): its shape is not shown; the list takes limit and cursor parameters.',
      ['ASSUME-CUSTOMER-LIST-PAGE', 'CUST-LIST-LIMIT-HONOURED', 'CUST-LIST-CURSOR'],
    ],
    [
      'customer.fields-present',
      'Which Customer and Card fields are always present: not shown.',
      ['ASSUME-FIELD-PRESENCE', 'ASSUME-NULL-VALUES'],
    ],
  ]),
  ...section('Resources / Card order item', [
    ['order-item.required', 'Which of these fields are required: not shown.', ['ASSUME-CARD-ORDER-REQUIRED']],
  ]),
  ...section('Resources / Master data', [
    ['master.ten-arrays', 'An object with ten arrays.', ['MASTER-TEN-ARRAYS']],
    [
      'master.per-top-level',
      'The data depends on the top-level customer of the caller.',
      ['MASTER-IDS-ON-CARDS', 'CARD-ORDER-IDS-FROM-MASTER', 'CARD-REPLACE-IDS-FROM-MASTER', 'CARD-REASON-FROM-MASTER'],
    ],
    [
      'master.reason-ids',
      'The id of a reason is what statusReasonId carries in card block, unblock and cancel.',
      ['CARD-REASON-FROM-MASTER', 'CARD-BLOCK-REASON-REQUIRED'],
    ],
    [
      'master.search-ids',
      'The ids of cardType and status are what cardTypeIdentifiers and statusIdentifiers carry in card search.',
      ['CARD-SEARCH-CARDTYPE', 'CARD-SEARCH-STATUS', 'MASTER-IDS-ON-CARDS'],
    ],
  ]),
  ...section('Resources / Location', [
    [
      'location.evse',
      'Evse: uid string; evse_id string; physical_reference string; status string; connectors array of objects; capabilities array of strings; last_updated timestamp.',
      ['GEO-EVSE-SHAPE'],
    ],
    ['location.evse-status', 'Allowed Evse status values: not shown.', ['ASSUME-GEO-EVSE-STATUS']],
    ['location.connector', 'Fields of a connector object: not shown.', ['ASSUME-GEO-CONNECTOR-FIELDS']],
    [
      'location.capabilities',
      'Capability values that appear are RESERVABLE, PLUG_AND_CHARGE_CAPABLE and CHARGING_PROFILE_CAPABLE.',
      ['ASSUME-VALUES-THAT-APPEAR', 'GEO-FILTER-CAPABILITY'],
    ],
    [
      'location.opening-times',
      'opening_times: twentyfourseven boolean; regular_hours array of {weekday: integer, period_begin: string HH:MM, period_end: string HH:MM}; exceptional_openings and exceptional_closings, each an array of {period_begin: timestamp, period_end: timestamp}.',
      ['GEO-OPENING-TIMES-SHAPE'],
    ],
    [
      'location.aggregate',
      'Aggregate (returned instead of individual locations when aggregation is on): coordinates (as above) and count (integer).',
      ['GEO-AGGREGATE-SHAPE', 'GEO-AGGREGATE-ON'],
    ],
  ]),
  ...section('Resources / Charging session', [
    [
      'session.price',
      'Price: currencyCode string; minorExclVat integer; minorInclVat integer; vat string (decimal percentage).',
      ['SESSION-PRICE-SHAPE'],
    ],
    [
      'session.transaction',
      'Transaction: paymentMethod string; paymentOutcome string (CHARGE and WRITE_OFF appear); amount (Price shape); time timestamp.',
      ['SESSION-SHAPE', 'SESSION-PRICE-SHAPE', 'ASSUME-VALUES-THAT-APPEAR'],
    ],
    [
      'session.payment-sets',
      'Allowed sets of transaction paymentMethod and paymentOutcome: not shown.',
      ['ASSUME-SESSION-PAYMENT-METHOD'],
    ],
  ]),
  ...section('States / Customer', [
    [
      'states.customer.status',
      'Status is exposed as status (text) and statusIdentifier (integer); the value Active with identifier 1 appears.',
      ['CUST-STATUS-ACTIVE-1', 'CUST-SHAPE'],
    ],
    ['states.customer.other-statuses', 'The full set of customer statuses: not shown.', ['ASSUME-CUSTOMER-STATES']],
  ]),
  ...section('States / Card', [
    [
      'states.card.status',
      'Status is exposed as {id, name}; the value Active with id 1 appears, and active cards are listed first by default in search.',
      ['CARD-STATUS-ACTIVE-1', 'CARD-SHAPE', 'CARD-SEARCH-ACTIVE-FIRST'],
    ],
    ['states.card.other-statuses', 'Other card status names: not shown.', ['ASSUME-CARD-STATES']],
    ['states.card.order-states', 'States of a card order after acceptance: not shown.', ['ASSUME-CARD-STATES']],
  ]),
  ...section('States / Charging session', [
    [
      'states.session.status',
      'sessionStatus values: CREATED, WAITING_TO_START, STARTED, WAITING_TO_STOP, STOPPED, COMPLETE, FAILED, UNKNOWN, STOP_FAILED.',
      ['SESSION-STATUS-ENUM'],
    ],
    [
      'states.session.balance',
      'balanceStatus values: PROCESSING, PAID, DEBT, REFUND.',
      ['SESSION-BALANCE-STATUS-ENUM'],
    ],
    ['states.session.transitions', 'Transitions between session states: not shown.', [], NOT_SHOWN_READ_ONLY],
    ['states.session.balance-transitions', 'Transitions between balance states: not shown.', [], NOT_SHOWN_READ_ONLY],
  ]),
  ...section('Endpoints', [
    [
      'endpoints.bearer',
      'Every operation requires the bearer token described under Authentication.',
      ['AUTH-BEARER-REQUIRED'],
    ],
    [
      'endpoints.standard-errors',
      'Unless stated, error answers are the standard error set described under Errors (400, 401, 403, 404, 500).',
      ['HTTP-STATUS-DOCUMENTED', 'ERR-STANDARD-BODY', 'ASSUME-ERROR-BODIES-401-403-404'],
    ],
  ]),
  ...section('Endpoints / GET /customers', [
    ['list.limit', 'Query: limit (integer, default 50).', ['CUST-LIST-LIMIT-DEFAULT-50', 'CUST-LIST-LIMIT-HONOURED']],
    [
      'list.cursor',
      'cursor (string, from a previous page).',
      [
        'CUST-LIST-CURSOR',
        'CUST-LIST-LIMIT-HONOURED',
        'CUST-LIST-CURSOR-SCOPE',
        'AUTH-FOREIGN-NOT-LISTED',
        'ASSUME-CURSOR-OTHER-FILTERS',
      ],
    ],
    [
      'list.customer',
      'customerAccountNumber (string, restricts results to direct sub-accounts of that account).',
      ['CUST-LIST-DIRECT-ONLY', 'AUTH-FOREIGN-NOT-LISTED'],
    ],
    [
      'list.omitted',
      'When omitted all descendants of the top-level account are returned, and the top-level account itself is never included.',
      ['CUST-LIST-ALL-DESCENDANTS', 'CUST-LIST-NO-TOPLEVEL'],
    ],
    [
      'list.search-text',
      'searchText (string, case-insensitive partial match on customerAccountNumber, customerName or customerBusinessReference).',
      [
        'CUST-LIST-SEARCH-NUMBER',
        'CUST-LIST-SEARCH-NAME',
        'CUST-LIST-SEARCH-BUSREF',
        'CUST-LIST-SEARCH-CASE',
        'ASSUME-PARTIAL-MATCH',
      ],
    ],
    ['list.combined', 'When combined with customerAccountNumber both filters apply.', ['CUST-LIST-FILTERS-COMBINE']],
    ['list.200', '200: a page of customers (see Resources).', ['CUST-SHAPE', 'ASSUME-CUSTOMER-LIST-PAGE']],
  ]),
  ...section('Endpoints / GET /customers/{customerAccountNumber}', [
    [
      'get-customer.path',
      'Path: customerAccountNumber (string).',
      ['ERR-NOT-FOUND-404', 'CUST-FOREIGN-403', 'ASSUME-UNKNOWN-RESOURCE-404'],
    ],
    [
      'get-customer.200',
      '200: Customer, with the MAIN address and MAIN contact.',
      ['CUST-SHAPE', 'CUST-CREATE-MAIN-ADDRESS-CONTACT'],
    ],
  ]),
  ...section('Endpoints / POST /customers/subcustomer', [
    [
      'create.body',
      'Body: customerName (string, required, max 310); customerContact (Contact, required); customerAddress (Address, required, all address fields when given).',
      [
        'CUST-CREATE-REQUIRED-FIELDS',
        'CUST-NAME-MAX-310',
        'ADDR-COMPLETE-CREATE',
        'ASSUME-UNKNOWN-PROPERTIES',
        LENGTHS,
      ],
    ],
    [
      'create.parent',
      'customerAccountNumber (string, optional: the parent under which to create; when omitted the sub-customer is created under the top-level customer).',
      ['CUST-CREATE-UNDER-PARENT', 'CUST-CREATE-UNDER-TOPLEVEL', 'ASSUME-TOP-LEVEL-PARENT'],
    ],
    [
      'create.business-reference',
      'customerBusinessReference (string, optional, max 20).',
      ['CUST-CREATE-BUSREF-OPTIONAL', 'CUST-BUSREF-MAX-20', 'ASSUME-BUSREF-UNIQUE'],
    ],
    [
      'create.depth',
      'A sub-customer can be created at most two levels below the top-level customer.',
      ['CUST-DEPTH-MAX-2'],
    ],
    [
      'create.main',
      'The supplied address and contact become the MAIN address and MAIN contact.',
      ['CUST-CREATE-MAIN-ADDRESS-CONTACT'],
    ],
    [
      'create.top-level',
      'The top-level customer cannot be created through the interface.',
      [],
      'no operation creates a top-level customer: a creation without a parent makes a sub-customer (CUST-CREATE-UNDER-TOPLEVEL)',
    ],
    [
      'create.200',
      '200: operation status plus customerAccountNumber (string) of the new customer.',
      ['CUST-CREATE-RETURNS-NUMBER'],
    ],
  ]),
  ...section('Endpoints / POST /customers/{customerAccountNumber}/updateDetail', [
    [
      'update.body',
      'Body, all optional: customerName (max 310); customerBusinessReference (max 20); customerContact; customerAddress (all address fields when given).',
      [
        'CUST-UPDATE-APPLIES',
        'CUST-NAME-MAX-310',
        'CUST-BUSREF-MAX-20',
        'ADDR-COMPLETE-UPDATE',
        'ASSUME-UNKNOWN-PROPERTIES',
        LENGTHS,
      ],
    ],
    ['update.main', 'Contact and address changes apply to the MAIN contact and MAIN address.', ['CUST-UPDATE-APPLIES']],
    ['update.200', '200: operation status.', ['OPSTATUS-OBJECT', 'CUST-UPDATE-APPLIES']],
  ]),
  ...section('Endpoints / GET /customers/{customerAccountNumber}/cardTypes', [
    ['card-types.200', '200: array of card type objects.', ['CUST-CARDTYPES-SHAPE', 'HTTP-STATUS-DOCUMENTED']],
  ]),
  ...section('Endpoints / POST /customers/{customerAccountNumber}/block, unblock, close', [
    [
      'customer-status.body',
      'Body (optional): notes (string, max 200).',
      [
        'CUST-BLOCK',
        'CUST-UNBLOCK-REACTIVATES',
        'CUST-CLOSE-PERMANENT',
        'CUST-NOTES-MAX-200',
        'ASSUME-UNKNOWN-PROPERTIES',
      ],
    ],
    [
      'customer-status.200',
      '200: operation status.',
      ['OPSTATUS-OBJECT', 'CUST-BLOCK', 'CUST-UNBLOCK-REACTIVATES', 'CUST-CLOSE-PERMANENT'],
    ],
    [
      'customer-status.meaning',
      'Block is temporary (for example for non-payment); unblock reactivates a blocked customer; close is permanent.',
      ['CUST-BLOCK', 'CUST-UNBLOCK-REACTIVATES', 'CUST-CLOSE-PERMANENT', 'ASSUME-BLOCK-CASCADE'],
    ],
  ]),
  ...section('Endpoints / POST /cards/order', [
    [
      'order.body',
      'Body: customerAccountNumber (string, required); cards (array of card order items, required).',
      ['CARD-ORDER-REQUIRED-FIELDS', 'ASSUME-UNKNOWN-PROPERTIES'],
    ],
    [
      'order.202',
      '202: operation status plus orderReference (string, always present). The process is asynchronous.',
      ['CARD-ORDER-202', 'CARD-ORDER-REFERENCE', 'ASSUME-CARD-STATES', 'ASSUME-ORDER-VALIDATION'],
    ],
    [
      'order.400',
      '400: an array of error objects (one per problem), not a single object.',
      ['CARD-ORDER-ERRORS-ARRAY', 'ASSUME-ORDER-VALIDATION'],
    ],
    [
      'order.master-ids',
      'Identifiers used in the request come from master data.',
      ['CARD-ORDER-IDS-FROM-MASTER', 'ASSUME-CARD-ORDER-REQUIRED'],
    ],
  ]),
  ...section('Endpoints / GET /cards/{cardIdentifier}', [
    [
      'get-card.path',
      'Path: cardIdentifier (integer).',
      ['ERR-NOT-FOUND-404', 'ROBUST-NO-5XX-ON-BAD-INPUT', 'CARD-FOREIGN-403'],
    ],
    ['get-card.200', '200: Card.', ['CARD-GET', 'CARD-SHAPE']],
  ]),
  ...section('Endpoints / POST /cards/search', [
    [
      'search.limit',
      'Body, all optional: limit (integer, minimum 1, maximum records to return).',
      ['CARD-SEARCH-LIMIT-MIN-1', 'CARD-SEARCH-LIMIT-HONOURED', 'ASSUME-CARD-SEARCH-DEFAULTS'],
    ],
    [
      'search.cursor',
      'cursor (string, from a previous response).',
      [
        'CARD-SEARCH-CURSOR',
        'CARD-SEARCH-LIMIT-HONOURED',
        'CARD-SEARCH-CURSOR-SCOPE',
        'AUTH-FOREIGN-NOT-LISTED',
        'ASSUME-CURSOR-OTHER-FILTERS',
      ],
    ],
    [
      'search.sort',
      'sortExpression (string; sorting can be applied on card status; default order lists active cards first; grammar and sortable fields beyond that: not shown).',
      ['CARD-SEARCH-ACTIVE-FIRST', 'ASSUME-CARD-SEARCH-DEFAULTS'],
    ],
    ['search.customer', 'customerAccountNumber (string).', ['CARD-SEARCH-CUSTOMER', 'AUTH-FOREIGN-NOT-LISTED']],
    ['search.order-reference', 'orderReference (string).', ['CARD-SEARCH-ORDER-REFERENCE', 'ASSUME-SEARCH-VALUES']],
    [
      'search.card-types',
      'cardTypeIdentifiers (array of integer, ids from master data cardType).',
      ['CARD-SEARCH-CARDTYPE', 'ASSUME-UNKNOWN-FILTER-IDS'],
    ],
    [
      'search.statuses',
      'statusIdentifiers (array of integer, ids from master data status).',
      ['CARD-SEARCH-STATUS', 'ASSUME-UNKNOWN-FILTER-IDS'],
    ],
    [
      'search.filter',
      'filter (object: partialMatch boolean, primaryVisualCardNumber string, driverName string, vehicleRegNumber string).',
      [
        'CARD-SEARCH-FILTER-PVCN',
        'CARD-SEARCH-FILTER-DRIVER',
        'CARD-SEARCH-FILTER-VRN',
        'CARD-SEARCH-PARTIAL-TRUE',
        'CARD-SEARCH-PARTIAL-FALSE',
        'ASSUME-CARD-FILTER-WHOLE-VALUE',
        'ASSUME-PARTIAL-MATCH',
        'ASSUME-SEARCH-VALUES',
        LENGTHS,
      ],
    ],
    [
      'search.unknown-properties',
      'The body schema rejects properties other than those listed.',
      ['CARD-SEARCH-UNKNOWN-PROPERTY', 'ASSUME-SEARCH-VALUES'],
    ],
    [
      'search.200',
      '200: Card list response. Continue by sending nextCursor as cursor while hasNextPage is true.',
      ['CARD-LIST-SHAPE', 'CARD-SEARCH-CURSOR', 'CARD-SEARCH-PAGE-FLAGS'],
    ],
  ]),
  ...section('Endpoints / POST /cards/{cardIdentifier}/block, unblock', [
    [
      'card-status.body',
      'Path: cardIdentifier (integer). Body: statusReasonId (integer, required, a reason id from master data); notes (string, optional, max 200).',
      [
        'CARD-BLOCK-REASON-REQUIRED',
        'CARD-REASON-FROM-MASTER',
        'CARD-NOTES-MAX-200',
        'CARD-BLOCK',
        'ASSUME-UNKNOWN-PROPERTIES',
      ],
    ],
    [
      'card-status.unblock-body',
      'Same path and body as block (unblock).',
      [
        'CARD-BLOCK-REASON-REQUIRED',
        'CARD-REASON-FROM-MASTER',
        'CARD-NOTES-MAX-200',
        'CARD-UNBLOCK-REACTIVATES',
        'ASSUME-UNKNOWN-PROPERTIES',
      ],
    ],
    ['card-status.200', '200: operation status.', ['OPSTATUS-OBJECT', 'CARD-BLOCK', 'CARD-UNBLOCK-REACTIVATES']],
  ]),
  ...section('Endpoints / POST /cards/{cardIdentifier}/cancel', [
    [
      'cancel.body',
      'Path: cardIdentifier. Body: statusReasonId (integer) and notes (string).',
      ['CARD-CANCEL-PERMANENT', 'CARD-REASON-FROM-MASTER', 'ASSUME-UNKNOWN-PROPERTIES'],
    ],
    ['cancel.not-shown', 'Whether they are required and the notes length limit: not shown.', ['ASSUME-CARD-STATES']],
    ['cancel.200', '200: operation status. Cancellation is permanent.', ['OPSTATUS-OBJECT', 'CARD-CANCEL-PERMANENT']],
  ]),
  ...section('Endpoints / POST /cards/{cardIdentifier}/replace', [
    [
      'replace.body',
      'Body, every field optional: cardTypeId (integer); purchaseCategoryId (integer); additionalEmbossing (string); driverName (string); vehicleRegNumber (string); cardGroupId (integer).',
      [
        'CARD-REPLACE-APPLIES-CHANGES',
        'CARD-REPLACE-COPIES',
        'CARD-REPLACE-IDS-FROM-MASTER',
        'ASSUME-UNKNOWN-PROPERTIES',
        'ASSUME-REPLACE-COMBINATIONS',
        LENGTHS,
      ],
    ],
    ['replace.omitted', "Omitted properties keep the original card's values.", ['CARD-REPLACE-COPIES']],
    ['replace.200', '200: operation status.', ['OPSTATUS-OBJECT', 'CARD-REPLACE-BLOCKS-ORIGINAL']],
    ['replace.identifier', "Whether the new card's identifier is returned: not shown.", ['ASSUME-REPLACEMENT-VISIBLE']],
  ]),
  ...section('Endpoints / POST /cards/{cardIdentifier}/reprintPIN', [
    [
      'reprint.body',
      'Body: cardAddress (Address; all address fields when given).',
      ['ADDR-COMPLETE-REPRINT', 'CARD-REPRINT-PIN', 'ASSUME-UNKNOWN-PROPERTIES', LENGTHS],
    ],
    ['reprint.letter', 'The PIN letter is sent to it.', [], 'a letter on paper: nothing the interface shows'],
    ['reprint.200', '200: operation status.', ['CARD-REPRINT-PIN', 'OPSTATUS-OBJECT']],
  ]),
  ...section('Endpoints / POST /locations/geosearch/rectangle', [
    [
      'geo.rectangle',
      'Searches charging locations inside a rectangle defined by two diagonal points.',
      ['GEO-INSIDE-RECTANGLE'],
    ],
    ['geo.max-300', 'At most 300 locations are returned.', ['GEO-MAX-300']],
    [
      'geo.top',
      'topLatitude | number | -90 to 90 | latitude of top edge, decimal degrees; must be greater than bottomLatitude',
      ['GEO-LAT-BOUNDS', 'GEO-TOP-GT-BOTTOM', 'GEO-INSIDE-RECTANGLE'],
    ],
    [
      'geo.bottom',
      'bottomLatitude | number | -90 to 90 | latitude of bottom edge',
      ['GEO-LAT-BOUNDS', 'GEO-INSIDE-RECTANGLE'],
    ],
    [
      'geo.left',
      'leftLongitude | number | -180 to 180 | longitude of left edge; must be less than rightLongitude',
      ['GEO-LON-BOUNDS', 'GEO-LEFT-LT-RIGHT', 'GEO-INSIDE-RECTANGLE'],
    ],
    [
      'geo.right',
      'rightLongitude | number | -180 to 180 | longitude of right edge',
      ['GEO-LON-BOUNDS', 'GEO-INSIDE-RECTANGLE'],
    ],
    [
      'geo.count',
      'A result count (maximum 300, ignored when aggregation is on).',
      [
        'GEO-COUNT-HONOURED',
        'GEO-COUNT-MAX-300',
        'GEO-COUNT-IGNORED-AGGREGATED',
        'ASSUME-GEO-COUNT',
        'ASSUME-OVER-MAXIMUM',
      ],
    ],
    [
      'geo.aggregation',
      'An aggregation switch (when true, results are aggregated, which is faster for large areas).',
      ['GEO-AGGREGATE-ON', 'GEO-AGGREGATE-COUNTS', 'ASSUME-GEO-AGGREGATION'],
    ],
    [
      'geo.precision',
      'A grid precision (integer 2 to 9; larger value gives smaller grid cells; default derived from the radius when omitted).',
      ['GEO-PRECISION-2-9', 'GEO-PRECISION-FINER', 'ASSUME-GEO-AGGREGATION', 'ASSUME-OVER-MAXIMUM'],
    ],
    [
      'geo.language',
      'A language (two-letter code; supported: en, bg, cy, de, es, fi, fr, hu, is, it, lt, nb, nl, pl, pt, ro, sv).',
      ['GEO-LANGUAGE-SUPPORTED', 'ASSUME-GEO-LANGUAGE'],
    ],
    ['geo.param-names', 'Their parameter names are not shown.', ['ASSUME-GEO-PARAM-NAMES']],
    [
      'geo.body',
      'Body: filters (object: connectorStandards array of string; capabilities array of string) and options (object: includeAvailableOnly boolean).',
      ['GEO-FILTER-CONNECTOR', 'GEO-FILTER-CAPABILITY', 'GEO-AVAILABLE-ONLY', 'ASSUME-UNKNOWN-PROPERTIES'],
    ],
    ['geo.other-filters', 'Other filter fields: not shown.', ['ASSUME-GEO-FILTERS']],
    [
      'geo.200',
      '200: object with locations (array of Location) and aggregates (array of Aggregate).',
      ['GEO-LOCATION-SHAPE', 'GEO-AGGREGATE-SHAPE', 'ASSUME-FIELD-PRESENCE'],
    ],
    ['geo.400', '400: {message: string, details: array of string}.', ['GEO-ERROR-400-BODY']],
    ['geo.404', '404: {message: string}.', ['ERR-MESSAGE-BODY', 'ASSUME-GEO-404']],
  ]),
  ...section('Endpoints / GET /sessions/{sessionId}', [
    ['session.path', 'Path: sessionId (string).', ['SESSION-GET', 'SESSION-UNKNOWN-404']],
    ['session.200', '200: Charging session.', ['SESSION-GET', 'SESSION-SHAPE']],
    ['session.404', '404: {message: string}.', ['SESSION-UNKNOWN-404']],
    [
      'session.second-error',
      'A second error answer with the same body shape exists; its status code is not shown.',
      ['ERR-MESSAGE-BODY', 'ASSUME-SESSION-SECOND-ERROR'],
    ],
  ]),
  ...section('Endpoints / GET /master/all', [
    ['master.no-parameters', 'No parameters. 200: Master data object.', ['MASTER-TEN-ARRAYS', 'MASTER-SHAPE']],
    ['master.errors', 'Standard errors 400 and 500 apply.', ['ERR-STANDARD-BODY', 'HTTP-STATUS-DOCUMENTED']],
  ]),
  ...section('Authentication', [
    [
      'auth.client-credentials',
      '1. The service uses OAuth 2.0 client credentials. Every operation requires the header Authorization: Bearer <ACCESS_TOKEN>.',
      ['AUTH-TOKEN-CLIENT-CREDENTIALS', 'AUTH-TOKEN-WRONG-SECRET', 'AUTH-BEARER-REQUIRED'],
    ],
    [
      'auth.token-url',
      '2. The token is obtained with POST {base_url}/identity/realms/fleet/protocol/openid-connect/token, using the same base address as the environment being called (test or production).',
      ['AUTH-TOKEN-CLIENT-CREDENTIALS'],
    ],
    [
      'auth.token-request',
      '3. That request is form-encoded with grant_type=client_credentials, client_id=<CLIENT_ID> and client_secret=<CLIENT_SECRET>, and carries the header accept: application/json.',
      ['AUTH-TOKEN-CLIENT-CREDENTIALS'],
    ],
    [
      'auth.401-403',
      '4. A missing or invalid token gives 401; a valid token without permission gives 403.',
      [
        'AUTH-BEARER-REQUIRED',
        'AUTH-INVALID-TOKEN-401',
        'AUTH-FORBIDDEN-403',
        'CUST-FOREIGN-403',
        'CARD-FOREIGN-403',
        'AUTH-FOREIGN-NOT-LISTED',
      ],
    ],
    [
      'auth.token-response',
      '5. Token response fields, token lifetime and scopes: not shown.',
      ['ASSUME-TOKEN-RESPONSE'],
    ],
    [
      'auth.beyond-hierarchy',
      '6. Which client may do what beyond the account hierarchy (master data depends on the top-level customer; list excludes the top-level account): not shown.',
      ['ASSUME-UNKNOWN-RESOURCE-404', 'ASSUME-SESSION-ACCESS', 'CUST-LIST-NO-TOPLEVEL'],
    ],
  ]),
  ...section('Events', [
    [
      'events.not-shown',
      'Events: not shown. An area for event callbacks exists in the interface, but kinds of event, payloads, delivery and verification are absent.',
      [],
      'not shown: no event, payload or delivery to check',
    ],
  ]),
  ...section('Errors', [
    [
      'errors.standard-body',
      'Standard error body: {errorCode: string, errorDescription: string}.',
      ['ERR-STANDARD-BODY'],
    ],
    [
      'errors.400',
      '400 | bad request | standard error body (array of them for card order)',
      ['ERR-STANDARD-BODY', 'CARD-ORDER-ERRORS-ARRAY', 'ASSUME-REJECTION-STATUS'],
    ],
    [
      'errors.401',
      '401 | unauthorized | standard error set',
      ['AUTH-INVALID-TOKEN-401', 'ASSUME-ERROR-BODIES-401-403-404'],
    ],
    [
      'errors.403',
      '403 | forbidden | standard error set',
      ['AUTH-FORBIDDEN-403', 'CUST-FOREIGN-403', 'CARD-FOREIGN-403', 'ASSUME-ERROR-BODIES-401-403-404'],
    ],
    [
      'errors.404',
      '404 | not found | standard error set',
      ['ERR-NOT-FOUND-404', 'ASSUME-ERROR-BODIES-401-403-404', 'ASSUME-UNKNOWN-RESOURCE-404'],
    ],
    [
      'errors.500',
      '500 | internal server error | standard error body',
      ['ERR-STANDARD-BODY', 'ROBUST-NO-5XX-ON-BAD-INPUT'],
    ],
    ['errors.er-001', 'ER-001 | invalid request parameters (400)', ['ERR-CODE-STATUS', 'ASSUME-VALUES-THAT-APPEAR']],
    [
      'errors.er-002',
      'ER-002 | missing required field (400, in the card order error array)',
      ['CARD-ORDER-ER002', 'ERR-CODE-STATUS'],
    ],
    [
      'errors.er-012',
      'ER-012 | unexpected server condition; the client is told to contact support (500)',
      ['ERR-CODE-STATUS'],
    ],
    [
      'errors.codes',
      'The complete list of codes and which condition raises which: not shown.',
      ['ASSUME-REJECTION-STATUS', 'ASSUME-VALUES-THAT-APPEAR'],
    ],
    [
      'errors.bodies-401-403-404',
      'Bodies of 401, 403 and 404 for the standard operations: not shown.',
      ['ASSUME-ERROR-BODIES-401-403-404'],
    ],
    [
      'errors.message-body',
      'Geosearch and session retrieval use a different body: {message: string, details?: array of string}.',
      ['ERR-MESSAGE-BODY', 'GEO-ERROR-400-BODY', 'SESSION-UNKNOWN-404'],
    ],
  ]),
  ...section('Limits', [
    ['limits.rate', 'Rate limits: not shown.', ['ASSUME-RATE-LIMITS']],
    [
      'limits.page-size',
      'Maximum page size of list and search: not shown.',
      ['ASSUME-CUSTOMER-LIST-PAGE', 'ASSUME-CARD-SEARCH-DEFAULTS'],
    ],
    [
      'limits.latency',
      'Server-side latency targets for successful (2xx) requests, in milliseconds.',
      [...new Set(latencyRows.flatMap((r) => r.cites))],
    ],
  ]),
  ...section('Versioning', [
    ['versioning.version', 'The interface description is version 1.0.0.', [], 'no operation shows a version'],
    ['versioning.no-segment', 'Paths carry no version segment.', ['HTTP-NO-VERSION-SEGMENT']],
    ['versioning.rules', 'Rules for introducing or retiring versions: not shown.', [], 'not shown: one version exists'],
    [
      'versioning.deprecation',
      'One deprecation is stated: the session field paymentMethod is deprecated and will be removed, replaced by transactions[].paymentMethod.',
      ['SESSION-PAYMENT-METHOD-EARLIEST', 'SESSION-PAYMENT-METHOD-ENUM'],
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
