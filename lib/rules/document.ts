/**
 * The interface document as data: every sentence and every table row, each cited by the rules
 * (lib/rules/catalogue.ts) that check it and the register entries (lib/rules/assumptions.ts)
 * that settle where it is silent, or marked not testable with the reason. Derived once from the
 * document; nothing reads the document itself, at run time or in tests.
 * proof/tests/unit/document.test.ts keeps it complete and the two lists in step with it.
 */

export interface Statement {
  section: string;
  /** The document's words (a table row: its cells, joined by " | "). */
  words: string;
  /** Rule ids and register ids (ASSUME-*) that cite the statement. */
  cites: string[];
  /** Why no rule can check it, when none does. */
  notTestable?: string;
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

/** A table's rows, each cited by `shared` and its own extra ids. */
function fields(shared: string[], rows: FieldRow[]): Field[] {
  return rows.map(([name, words, own = [], untested]) => ({ name, words, cites: [...shared, ...own], ...(untested ? { untested } : {}) }));
}

const elementOnly: Presence = { atLeastOne: true, stated: [] };
const everyField: Presence = { atLeastOne: true, stated: [], strictExcept: {} };

export const resourceTables: ResourceTable[] = [
  {
    resource: 'Address', section: 'Resources / Address (customer address, card address)', schema: 'address.json',
    presence: { atLeastOne: false, stated: [] },
    fields: fields(['ADDRESS-SHAPE', PRESENCE], [
      ['addressLines', 'string', ['ADDR-COMPLETE-CREATE', 'ADDR-COMPLETE-UPDATE', 'ADDR-COMPLETE-REPRINT']],
      ['city', 'string', ['ADDR-COMPLETE-CREATE', 'ADDR-COMPLETE-UPDATE', 'ADDR-COMPLETE-REPRINT']],
      ['country', 'string; country name', ['ADDR-COMPLETE-CREATE', 'ADDR-COMPLETE-UPDATE', 'ADDR-COMPLETE-REPRINT']],
      ['countryCode', 'string; country code', ['ADDR-COMPLETE-CREATE', 'ADDR-COMPLETE-UPDATE', 'ADDR-COMPLETE-REPRINT']],
      ['region', 'string', ['ADDR-COMPLETE-CREATE', 'ADDR-COMPLETE-UPDATE', 'ADDR-COMPLETE-REPRINT']],
      ['zipCode', 'string; postal code', ['ADDR-COMPLETE-CREATE', 'ADDR-COMPLETE-UPDATE', 'ADDR-COMPLETE-REPRINT']],
      ['companyName', 'string; only on card delivery/order addresses', ['ADDRESS-COMPANYNAME-CARD-ONLY']],
    ]),
  },
  {
    resource: 'Contact', section: 'Resources / Contact (customer contact, card contact)', schema: 'contact.json',
    presence: { atLeastOne: false, stated: [] },
    fields: fields(['CONTACT-SHAPE', PRESENCE], [
      ['emailAddress', 'string (e-mail address format)', ['CONTACT-EMAIL-FORMAT']],
      ['firstName', 'string'], ['lastName', 'string'], ['middleName', 'string'], ['mobilePhone', 'string'], ['telephone', 'string'],
    ]),
  },
  {
    resource: 'Customer', section: 'Resources / Customer (response of get customer)', schema: 'customer.json',
    presence: elementOnly,
    fields: fields(['CUST-SHAPE', PRESENCE], [
      ['customerAccountNumber', 'string; account number of the customer', ['CUST-CREATE-RETURNS-NUMBER', 'CUST-LIST-SEARCH-NUMBER']],
      ['customerName', 'string; at most 310 characters on write', ['CUST-NAME-MAX-310', 'CUST-CREATE-MAIN-ADDRESS-CONTACT', 'CUST-LIST-SEARCH-NAME']],
      ['customerBusinessReference', 'string; client\'s own internal identifier; at most 20 characters on write', ['CUST-BUSREF-MAX-20', 'CUST-LIST-SEARCH-BUSREF']],
      ['customerContact', 'Contact; the MAIN contact', ['CONTACT-SHAPE', 'CUST-CREATE-MAIN-ADDRESS-CONTACT', 'CUST-UPDATE-APPLIES']],
      ['customerAddress', 'Address; the MAIN address', ['ADDRESS-SHAPE', 'ADDRESS-COMPANYNAME-CARD-ONLY', 'CUST-CREATE-MAIN-ADDRESS-CONTACT', 'CUST-UPDATE-APPLIES']],
      ['status', 'string; text of the current status', ['CUST-STATUS-ACTIVE-1', 'CUST-BLOCK']],
      ['statusIdentifier', 'integer; identifier of the current status', ['CUST-STATUS-ACTIVE-1', 'CUST-BLOCK']],
      ['countOfSubAccounts', 'integer; number of direct sub-accounts', ['CUST-COUNT-SUBACCOUNTS']],
      ['parentCustomerAccountNumber', 'string; account number of the parent', ['CUST-PARENT-FIELDS', 'CUST-CREATE-UNDER-PARENT']],
      ['parentCustomerIdentifier', 'integer; internal identifier of the parent', ['CUST-PARENT-FIELDS']],
    ]),
  },
  {
    resource: 'Card', section: 'Resources / Card (search result item and single-card response)', schema: 'card.json',
    presence: elementOnly,
    fields: fields(['CARD-SHAPE', PRESENCE], [
      ['cardIdentifier', 'integer; identifier of the card', ['CARD-GET']],
      ['cardType', 'string; card type name', ['MASTER-IDS-ON-CARDS', 'CARD-SEARCH-CARDTYPE']],
      ['status', 'object {id: integer, name: string}; card status', ['CARD-STATUS-ACTIVE-1', 'CARD-SEARCH-STATUS', 'MASTER-IDS-ON-CARDS']],
      ['primaryVisualCardNumber', 'string', ['CARD-SEARCH-FILTER-PVCN']],
      ['secondaryCardNumber', 'string'],
      ['keyIdentifier', 'string'],
      ['driverName', 'string', ['CARD-SEARCH-FILTER-DRIVER', 'CARD-REPLACE-COPIES', 'CARD-REPLACE-APPLIES-CHANGES']],
      ['vehicleRegNumber', 'string', ['CARD-SEARCH-FILTER-VRN', 'CARD-REPLACE-COPIES', 'CARD-REPLACE-APPLIES-CHANGES']],
      ['additionalEmbossing', 'string', ['CARD-REPLACE-COPIES', 'CARD-REPLACE-APPLIES-CHANGES']],
      ['purchaseCategoryName', 'string', ['MASTER-IDS-ON-CARDS', 'CARD-REPLACE-APPLIES-CHANGES']],
      ['fuelProductRestriction', 'object {productRestrictionId: integer, productRestrictionName: string}', ['MASTER-IDS-ON-CARDS', 'CARD-REPLACE-COPIES']],
      ['products', 'array of {productId: integer, productName: string}', ['MASTER-IDS-ON-CARDS', 'CARD-REPLACE-COPIES']],
      ['cardDeliveryAddress', 'Address including companyName', ['ADDRESS-SHAPE', 'CARD-REPLACE-COPIES']],
      ['cardDeliveryContact', 'Contact', ['CONTACT-SHAPE', 'CARD-REPLACE-COPIES']],
      ['orderDate', 'string, date (YYYY-MM-DD)'],
      ['expiryDate', 'string, date (YYYY-MM-DD)'],
    ]),
  },
  {
    resource: 'Card list response', section: 'Resources / Card list response (search result)', schema: 'card-list.json',
    presence: { atLeastOne: true, stated: [], strictExcept: { nextCursor: 'Continue by sending nextCursor as cursor while hasNextPage is true.' } },
    fields: fields(['CARD-LIST-SHAPE', PRESENCE], [
      ['cards', 'array of Card', ['CARD-SHAPE', 'CARD-SEARCH-CURSOR']],
      ['customerAccountNumber', 'string', ['ASSUME-CARD-SEARCH-DEFAULTS']],
      ['hasNextPage', 'boolean', ['CARD-SEARCH-PAGE-FLAGS', 'CARD-SEARCH-CURSOR']],
      ['lastPage', 'boolean', ['CARD-SEARCH-PAGE-FLAGS']],
      ['nextCursor', 'string', ['CARD-SEARCH-PAGE-FLAGS', 'CARD-SEARCH-CURSOR']],
      ['totalCount', 'integer', ['CARD-SEARCH-TOTALCOUNT']],
    ]),
  },
  {
    resource: 'Card type', section: 'Resources / Card type (for a customer)', schema: 'card-type.json',
    presence: everyField,
    fields: fields(['CUST-CARDTYPES-SHAPE', PRESENCE], [
      ['cardTypeId', 'integer'], ['cardTypeName', 'string'], ['cardTypeDescription', 'string'],
      ['defaultPurchaseCategoryId', 'integer'], ['purchaseCategoryName', 'string'], ['isEV', 'boolean'],
    ]),
  },
  {
    resource: 'Card order item', section: 'Resources / Card order item (element of cards in an order request)', schema: 'card-order-item.json',
    presence: { atLeastOne: false, stated: [] },
    fields: fields(['ASSUME-CARD-ORDER-REQUIRED'], [
      ['cardTypeId', 'integer; from master data cardType'],
      ['cardCategoryId', 'integer; from master data cardCategory'],
      ['cardGroupId', 'integer; from master data cardGroup'],
      ['purchaseCategoryId', 'integer; from master data purchaseCategory'],
      ['fuelProductRestrictionId', 'integer; from master data fuelProductRestriction'],
      ['products', 'array of {productId: integer}; from master data product'],
      ['additionalEmbossing', 'string'], ['driverName', 'string', ['CARD-SEARCH-ORDER-REFERENCE']], ['vehicleRegNumber', 'string'],
      ['isDriverEmbossed', 'boolean'], ['isVRNEmbossed', 'boolean'],
      ['cardPIN', 'string; secret; never echoed', ['CARD-PIN-NEVER-ECHOED']],
      ['cardAddress', 'Address including companyName; delivery address'],
      ['cardContact', 'Contact'],
    ]),
  },
  {
    resource: 'Master data', section: 'Resources / Master data (response of master/all)', schema: 'master-data.json',
    presence: { atLeastOne: false, stated: ['cardCategory', 'cardGroup', 'cardType', 'country', 'fuelProductRestriction', 'product', 'purchaseCategory', 'reason', 'region', 'status'] },
    fields: fields(['MASTER-TEN-ARRAYS', 'MASTER-SHAPE'], [
      ['cardCategory', 'id integer, name string'],
      ['cardGroup', 'id integer, name string, cardTypeId integer', ['MASTER-LINK-GROUP-CARDTYPE']],
      ['cardType', 'id integer, name string, description string, isEV boolean, defaultPurchaseCategoryId integer', ['MASTER-LINK-CARDTYPE-PURCHASECATEGORY', 'CARD-SEARCH-CARDTYPE']],
      ['country', 'id integer, name string, countryCode string'],
      ['fuelProductRestriction', 'id integer, name string', ['MASTER-LINK-PURCHASECATEGORY-RESTRICTION']],
      ['product', 'id integer, name string', ['MASTER-IDS-ON-CARDS']],
      ['purchaseCategory', 'id integer, name string, productRestrictionId integer', ['MASTER-LINK-PURCHASECATEGORY-RESTRICTION', 'MASTER-LINK-CARDTYPE-PURCHASECATEGORY']],
      ['reason', 'id integer, description string, cardTypeId integer', ['MASTER-LINK-REASON-CARDTYPE', 'CARD-REASON-FROM-MASTER']],
      ['region', 'id integer, name string'],
      ['status', 'id integer, name string', ['CARD-SEARCH-STATUS', 'MASTER-IDS-ON-CARDS']],
    ]),
  },
  ...masterDataElements([
    ['cardCategory', [['id', 'integer'], ['name', 'string']]],
    ['cardGroup', [['id', 'integer'], ['name', 'string'], ['cardTypeId', 'integer', ['MASTER-LINK-GROUP-CARDTYPE']]]],
    ['cardType', [['id', 'integer', ['CARD-SEARCH-CARDTYPE']], ['name', 'string', ['MASTER-IDS-ON-CARDS']], ['description', 'string'], ['isEV', 'boolean'], ['defaultPurchaseCategoryId', 'integer', ['MASTER-LINK-CARDTYPE-PURCHASECATEGORY']]]],
    ['country', [['id', 'integer'], ['name', 'string'], ['countryCode', 'string']]],
    ['fuelProductRestriction', [['id', 'integer', ['MASTER-IDS-ON-CARDS']], ['name', 'string']]],
    ['product', [['id', 'integer', ['MASTER-IDS-ON-CARDS']], ['name', 'string']]],
    ['purchaseCategory', [['id', 'integer'], ['name', 'string', ['MASTER-IDS-ON-CARDS']], ['productRestrictionId', 'integer', ['MASTER-LINK-PURCHASECATEGORY-RESTRICTION']]]],
    ['reason', [['id', 'integer', ['CARD-REASON-FROM-MASTER']], ['description', 'string'], ['cardTypeId', 'integer', ['MASTER-LINK-REASON-CARDTYPE']]]],
    ['region', [['id', 'integer'], ['name', 'string']]],
    ['status', [['id', 'integer', ['CARD-SEARCH-STATUS', 'MASTER-IDS-ON-CARDS']], ['name', 'string']]],
  ]),
  {
    resource: 'Location', section: 'Resources / Location (geosearch result)', schema: 'location.json',
    presence: everyField,
    fields: fields(['GEO-LOCATION-SHAPE', PRESENCE], [
      ['id', 'string; opaque identifier'], ['name', 'string'],
      ['coordinates', 'object {latitude: string, longitude: string}; decimal degrees as text', ['GEO-INSIDE-RECTANGLE']],
      ['evses', 'array of Evse', ['GEO-EVSE-SHAPE', 'GEO-FILTER-CONNECTOR', 'GEO-FILTER-CAPABILITY', 'GEO-AVAILABLE-ONLY']],
      ['operator', 'object {id: string, name: string, hotline: string, external_id: string}'],
      ['operator_display_name', 'string'],
      ['opening_times', 'object; see below', ['GEO-OPENING-TIMES-SHAPE']],
      ['directions', 'array of {language: string, text: string}', ['ASSUME-GEO-LANGUAGE']],
      ['country', 'string; country code'], ['state', 'string'], ['city', 'string'], ['postal_code', 'integer'], ['address', 'string'],
      ['openNow', 'boolean', [], 'the clock and time zone openNow is judged in are not shown'], ['is_green_energy', 'boolean'],
      ['last_updated', 'string, timestamp (ISO 8601, UTC)'],
    ]),
  },
  {
    resource: 'Evse', section: 'Resources / Location / Evse', schema: 'evse.json',
    presence: everyField,
    fields: fields(['GEO-EVSE-SHAPE', PRESENCE], [
      ['uid', 'string'], ['evse_id', 'string'], ['physical_reference', 'string'],
      ['status', 'string; allowed values: not shown', ['ASSUME-GEO-EVSE-STATUS', 'GEO-AVAILABLE-ONLY']],
      ['connectors', 'array of objects; fields of a connector object: not shown', ['ASSUME-GEO-CONNECTOR-FIELDS', 'GEO-FILTER-CONNECTOR']],
      ['capabilities', 'array of strings; values that appear: RESERVABLE, PLUG_AND_CHARGE_CAPABLE, CHARGING_PROFILE_CAPABLE', ['GEO-FILTER-CAPABILITY', 'ASSUME-VALUES-THAT-APPEAR']],
      ['last_updated', 'timestamp'],
    ]),
  },
  {
    resource: 'opening_times', section: 'Resources / Location / opening_times', schema: 'opening-times.json',
    presence: { atLeastOne: false, stated: [], strictExcept: {} },
    fields: fields(['GEO-OPENING-TIMES-SHAPE', PRESENCE], [
      ['twentyfourseven', 'boolean'],
      ['regular_hours', 'array of {weekday: integer, period_begin: string HH:MM, period_end: string HH:MM}'],
      ['exceptional_openings', 'array of {period_begin: timestamp, period_end: timestamp}'],
      ['exceptional_closings', 'array of {period_begin: timestamp, period_end: timestamp}'],
    ]),
  },
  {
    resource: 'Aggregate', section: 'Resources / Location / Aggregate', schema: 'aggregate.json',
    presence: everyField,
    fields: fields(['GEO-AGGREGATE-SHAPE', PRESENCE], [
      ['coordinates', 'as above', ['ASSUME-GEO-AGGREGATION']],
      ['count', 'integer', ['GEO-AGGREGATE-COUNTS']],
    ]),
  },
  {
    resource: 'Geosearch answer', section: 'Endpoints / Locations', schema: 'geosearch-response.json',
    presence: { atLeastOne: false, stated: [], strictExcept: {} },
    fields: fields([PRESENCE], [
      ['locations', 'array of Location', ['GEO-LOCATION-SHAPE', 'GEO-MAX-300']],
      ['aggregates', 'array of Aggregate', ['GEO-AGGREGATE-ON', 'GEO-AGGREGATE-COUNTS']],
    ]),
  },
  {
    resource: 'Charging session', section: 'Resources / Charging session', schema: 'session.json',
    presence: {
      atLeastOne: true, stated: [],
      strictExcept: { chargingKeyType: 'present only after the session has started', connectorId: 'present only after the session has started' },
    },
    fields: fields(['SESSION-SHAPE', PRESENCE], [
      ['sessionId', 'string; unique id of the session', ['SESSION-GET']],
      ['sessionStatus', 'enum: CREATED, WAITING_TO_START, STARTED, WAITING_TO_STOP, STOPPED, COMPLETE, FAILED, UNKNOWN, STOP_FAILED', ['SESSION-STATUS-ENUM']],
      ['balanceStatus', 'enum: PROCESSING, PAID, DEBT, REFUND (state after session costs are applied)', ['SESSION-BALANCE-STATUS-ENUM'], 'when costs are applied is not observable: sessions are read, never driven'],
      ['balanceAmountMinor', 'string; a long integer as text; the remaining amount to pay in minor currency units as a negative number; 0 means fully paid; not relevant for external clearing', ['SESSION-BALANCE-AMOUNT', 'ASSUME-SESSION-BALANCE']],
      ['charger', 'object {chargingStationName, city, connectorLabel, evseId, streetName: all string}'],
      ['chargingKeyType', 'string; tag, card, virtual or plug_and_charge; present only after the session has started', ['SESSION-KEY-TYPE-VALUES', 'SESSION-STARTED-ONLY-FIELDS', 'ASSUME-SESSION-STARTED-STATES']],
      ['connectorId', 'string; present only after the session has started', ['SESSION-STARTED-ONLY-FIELDS', 'ASSUME-SESSION-STARTED-STATES']],
      ['duration', 'string; ISO 8601 duration'],
      ['energy', 'object {unit: string, value: number}; energy consumed; unit seen is WH', ['ASSUME-VALUES-THAT-APPEAR'], 'no other figure of the session says how much energy was consumed'],
      ['paymentMethod', 'enum CREDIT_CARD, EXTERNAL, PREPAID, WRITE_OFF; deprecated; holds the payment method of the transaction with the earliest time', ['SESSION-PAYMENT-METHOD-ENUM', 'SESSION-PAYMENT-METHOD-EARLIEST', 'ASSUME-SESSION-PAYMENT-METHOD']],
      ['price', 'Price; total price', ['SESSION-PRICE-SHAPE'], 'how the total relates to the transactions is not shown (ASSUME-SESSION-BALANCE)'],
      ['receiptAvailable', 'boolean; whether a receipt can be downloaded', [], 'downloading a receipt is not shown'],
      ['site', 'string; charging site name'],
      ['startTime', 'string, timestamp (UTC)'],
      ['transactions', 'array of Transaction', ['SESSION-PAYMENT-METHOD-EARLIEST']],
    ]),
  },
  {
    resource: 'Price', section: 'Resources / Charging session / Price', schema: 'price.json',
    presence: { atLeastOne: false, stated: [], strictExcept: {} },
    fields: fields(['SESSION-PRICE-SHAPE', PRESENCE], [
      ['currencyCode', 'string'], ['minorExclVat', 'integer'], ['minorInclVat', 'integer'], ['vat', 'string (decimal percentage)'],
    ]),
  },
  {
    resource: 'Transaction', section: 'Resources / Charging session / Transaction', schema: 'transaction.json',
    presence: everyField,
    fields: fields(['SESSION-SHAPE', PRESENCE], [
      ['paymentMethod', 'string', ['SESSION-PAYMENT-METHOD-EARLIEST', 'ASSUME-SESSION-PAYMENT-METHOD']],
      ['paymentOutcome', 'string (CHARGE and WRITE_OFF appear)', ['SESSION-PAYMENT-METHOD-EARLIEST', 'ASSUME-VALUES-THAT-APPEAR']],
      ['amount', 'Price shape', ['SESSION-PRICE-SHAPE']],
      ['time', 'timestamp', ['SESSION-PAYMENT-METHOD-EARLIEST']],
    ]),
  },
  {
    resource: 'Standard error body', section: 'Errors / Standard error body', schema: 'standard-error.json',
    presence: { atLeastOne: false, stated: ['errorCode', 'errorDescription'] },
    fields: fields(['ERR-STANDARD-BODY'], [['errorCode', 'string', ['ERR-CODE-STATUS', 'ASSUME-VALUES-THAT-APPEAR']], ['errorDescription', 'string']]),
  },
  {
    resource: 'Message error body', section: 'Errors; Endpoints / Locations, Sessions', schema: 'message-error.json',
    presence: { atLeastOne: false, stated: ['message'] },
    fields: fields(['ERR-MESSAGE-BODY'], [['message', 'string', ['GEO-ERROR-400-BODY', 'SESSION-UNKNOWN-404']], ['details', 'array of string; optional (details?); the geosearch 400 lists it', ['GEO-ERROR-400-BODY']]]),
  },
];

function masterDataElements(arrays: [key: string, rows: FieldRow[]][]): ResourceTable[] {
  return arrays.map(([key, rows]) => ({
    resource: `Master data / ${key}`, section: 'Resources / Master data', schema: `master-data.json#/properties/${key}/items`,
    presence: everyField,
    fields: fields(['MASTER-SHAPE', PRESENCE], rows),
  }));
}

const state = (section: string, cells: string[], cites: string[], notTestable?: string): Statement =>
  ({ section, words: cells.join(' | '), cites, ...(notTestable ? { notTestable } : {}) });

/** The rows of the two state tables (State | Trigger | Condition | Next state | Also). */
export const stateRows: Statement[] = [
  state('States / Customer', ['open customer', 'POST customer block', 'none stated', 'temporarily blocked', 'optional notes recorded'], ['CUST-BLOCK', 'CUST-NOTES-MAX-200', 'ASSUME-CUSTOMER-STATES']),
  state('States / Customer', ['blocked customer', 'POST customer unblock', 'customer was previously blocked', 'reactivated', 'optional notes recorded'], ['CUST-UNBLOCK-REACTIVATES', 'CUST-UNBLOCK-ONLY-BLOCKED', 'ASSUME-UNMET-CONDITION', 'CUST-NOTES-MAX-200']),
  state('States / Customer', ['customer', 'POST customer close', 'none stated', 'closed permanently', 'optional notes recorded'], ['CUST-CLOSE-PERMANENT', 'CUST-NOTES-MAX-200']),
  state('States / Card', ['card', 'POST card block', 'statusReasonId supplied', 'temporarily blocked', 'notes recorded'], ['CARD-BLOCK', 'CARD-BLOCK-REASON-REQUIRED', 'CARD-REASON-FROM-MASTER', 'CARD-NOTES-MAX-200']),
  state('States / Card', ['blocked card', 'POST card unblock', 'card was previously blocked; statusReasonId supplied', 'unblocked', 'notes recorded'], ['CARD-UNBLOCK-REACTIVATES', 'CARD-UNBLOCK-ONLY-BLOCKED', 'CARD-BLOCK-REASON-REQUIRED', 'ASSUME-UNMET-CONDITION']),
  state('States / Card', ['card', 'POST card cancel', 'statusReasonId supplied', 'cancelled permanently', ''], ['CARD-CANCEL-PERMANENT', 'ASSUME-CARD-STATES']),
  state('States / Card', ['card', 'POST card replace', 'none stated', 'original blocked', 'a replacement card is created with the same properties as the original, except those supplied in the request'], ['CARD-REPLACE-BLOCKS-ORIGINAL', 'CARD-REPLACE-COPIES', 'CARD-REPLACE-APPLIES-CHANGES', 'ASSUME-REPLACEMENT-VISIBLE']),
  state('States / Card', ['(none)', 'POST cards/order', 'accepted', 'order accepted asynchronously', 'an order reference is returned; completing the order takes up to 24 to 36 hours'], ['CARD-ORDER-202', 'CARD-ORDER-REFERENCE', 'ASSUME-CARD-STATES']),
];

/** The rows of the Limits table (Item | Limit). */
export const limitRows: Statement[] = ([
  ['customerName', 'max 310 characters', ['CUST-NAME-MAX-310', 'ASSUME-CHARACTER-COUNT']],
  ['customerBusinessReference', 'max 20 characters', ['CUST-BUSREF-MAX-20', 'ASSUME-CHARACTER-COUNT']],
  ['notes (customer block, unblock, close; card block, unblock)', 'max 200 characters', ['CUST-NOTES-MAX-200', 'CARD-NOTES-MAX-200', 'ASSUME-CHARACTER-COUNT']],
  ['customer list limit', 'default 50', ['CUST-LIST-LIMIT-DEFAULT-50']],
  ['card search limit', 'minimum 1', ['CARD-SEARCH-LIMIT-MIN-1']],
  ['geosearch result count', 'max 300', ['GEO-COUNT-MAX-300', 'GEO-MAX-300']],
  ['geosearch aggregation precision', '2 to 9', ['GEO-PRECISION-2-9']],
  ['geosearch latitude / longitude', '-90 to 90 / -180 to 180', ['GEO-LAT-BOUNDS', 'GEO-LON-BOUNDS']],
  ['sub-customer depth', 'at most two levels below the top-level customer', ['CUST-DEPTH-MAX-2']],
  ['card order completion', 'up to 24 to 36 hours', ['ASSUME-CARD-STATES']],
] as [string, string, string[]][]).map(([item, limit, cites]) => ({ section: 'Limits', words: `${item} | ${limit}`, cites }));

/** The rows of the latency table (Operation | p50 | p99), each a rule of the latency family. */
export const latencyRows: Statement[] = ([
  ['list customers', 450, 1200, 'LAT-LIST-CUSTOMERS'], ['get customer', 170, 600, 'LAT-GET-CUSTOMER'],
  ['create sub-customer', 250, 800, 'LAT-CREATE-SUBCUSTOMER'], ['update customer details', 1100, 1900, 'LAT-UPDATE-CUSTOMER'],
  ['customer card types', 160, 500, 'LAT-CUSTOMER-CARD-TYPES'], ['customer block', 1200, 1800, 'LAT-BLOCK-CUSTOMER'],
  ['customer unblock', 900, 1800, 'LAT-UNBLOCK-CUSTOMER'], ['customer close', 1200, 1800, 'LAT-CLOSE-CUSTOMER'],
  ['order cards', 300, 900, 'LAT-ORDER-CARDS'], ['get card', 170, 600, 'LAT-GET-CARD'], ['search cards', 220, 1900, 'LAT-SEARCH-CARDS'],
  ['card block', 500, 2000, 'LAT-BLOCK-CARD'], ['card unblock', 900, 2100, 'LAT-UNBLOCK-CARD'], ['card cancel', 900, 2500, 'LAT-CANCEL-CARD'],
  ['card replace', 1200, 2200, 'LAT-REPLACE-CARD'], ['PIN reprint', 1000, 1500, 'LAT-REPRINT-PIN'], ['master data', 950, 1300, 'LAT-MASTER-DATA'],
] as [string, number, number, string][]).map(([operation, p50, p99, rule]) => ({ section: 'Limits / latency targets', words: `${operation} | ${p50} | ${p99}`, cites: [rule] }));

type Row = [words: string, cites: string[], notTestable?: string];

function section(name: string, rows: Row[]): Statement[] {
  return rows.map(([words, cites, notTestable]) => ({ section: name, words, cites, ...(notTestable ? { notTestable } : {}) }));
}

const NOT_SHOWN_READ_ONLY = 'not shown, and no operation of the interface lets a client drive or observe it';

/** Every other sentence of the document, in its order. */
export const sentences: Statement[] = [
  ...section('Introduction', [
    ['This is the only document for the service. It covers customers and sub-customers, cards, master data, charging location search and charging session retrieval.', [], 'a statement about the document, not the service'],
    ['Every path below is relative to {base_url}.', ['HTTP-NO-VERSION-SEGMENT']],
    ['A test environment and a production environment each have their own base address, and the same paths apply to both.', [], 'one run checks one environment (FLEET_BASE_URL, FLEET_TARGET); production runs read-only'],
    ['Request and response bodies are JSON (Content-Type: application/json).', ['HTTP-JSON-CONTENT-TYPE', 'ASSUME-REJECTION-STATUS']],
  ]),
  ...section('What the service does', [
    ['The service is an HTTPS JSON interface for a fleet-card and electric-vehicle charging programme.', ['HTTP-JSON-CONTENT-TYPE']],
    ['Manage a customer hierarchy: one top-level customer, created outside this interface by the operator of the service, with sub-customers below it.', ['CUST-CREATE-UNDER-TOPLEVEL', 'CUST-LIST-NO-TOPLEVEL', 'ASSUME-UNKNOWN-RESOURCE-404']],
    ['Sub-customers can be created, read, updated, listed, blocked, unblocked and closed.', ['CUST-CREATE-RETURNS-NUMBER', 'CUST-UPDATE-APPLIES', 'CUST-LIST-ALL-DESCENDANTS', 'CUST-BLOCK', 'CUST-UNBLOCK-REACTIVATES', 'CUST-CLOSE-PERMANENT']],
    ['Order cards, read a card, search cards, block, unblock, cancel and replace a card, and request a PIN letter reprint.', ['CARD-ORDER-202', 'CARD-GET', 'CARD-LIST-SHAPE', 'CARD-BLOCK', 'CARD-UNBLOCK-REACTIVATES', 'CARD-CANCEL-PERMANENT', 'CARD-REPLACE-BLOCKS-ORIGINAL', 'CARD-REPRINT-PIN']],
    ['Read master (reference) data whose identifiers are needed by card operations.', ['MASTER-TEN-ARRAYS', 'CARD-REASON-FROM-MASTER']],
    ['Search charging locations inside a rectangle on the map.', ['GEO-INSIDE-RECTANGLE']],
    ['Read the details of one charging session.', ['SESSION-GET']],
    ['The interface also groups operations for remote charging (start and stop), session history and transaction history under their own areas. Those operations are not shown.', [], 'not shown: no path, body or answer to check'],
  ]),
  ...section('Resources and their fields', [
    ['All field names are case-sensitive.', ['ASSUME-FIELD-PRESENCE', 'CUST-CARDTYPES-SHAPE', 'MASTER-SHAPE']],
    ['Types are JSON types unless stated.', ['ASSUME-FORMATS', 'CUST-SHAPE', 'CARD-SHAPE', 'CARD-LIST-SHAPE', 'CUST-CARDTYPES-SHAPE', 'MASTER-SHAPE', 'GEO-LOCATION-SHAPE', 'SESSION-SHAPE']],
  ]),
  ...section('Resources / Address', [
    ['Rule: when an address object is supplied (customer create, customer update, PIN reprint), every field of the address must be supplied.', ['ADDR-COMPLETE-CREATE', 'ADDR-COMPLETE-UPDATE', 'ADDR-COMPLETE-REPRINT']],
  ]),
  ...section('Resources / Operation status object', [
    ['Successful operations answer with an operation status object.', ['OPSTATUS-OBJECT', 'CUST-CREATE-RETURNS-NUMBER', 'CARD-ORDER-REFERENCE']],
    ['Its fields: not shown.', ['ASSUME-FIELD-PRESENCE', 'ASSUME-EXTRA-FIELDS']],
    ['Successful update, block, unblock, close, cancel, replace and reprint calls show an empty object as the body.', ['OPSTATUS-OBJECT']],
    ['Customer creation and card ordering add fields to it (see Endpoints).', ['CUST-CREATE-RETURNS-NUMBER', 'CARD-ORDER-REFERENCE']],
  ]),
  ...section('Resources / Customer', [
    ['Customer list response (a page of customers for the list operation): its shape is not shown; the list takes limit and cursor parameters.', ['ASSUME-CUSTOMER-LIST-PAGE', 'CUST-LIST-LIMIT-HONOURED', 'CUST-LIST-CURSOR']],
    ['Which Customer and Card fields are always present: not shown.', ['ASSUME-FIELD-PRESENCE']],
  ]),
  ...section('Resources / Card order item', [
    ['Which of these fields are required: not shown.', ['ASSUME-CARD-ORDER-REQUIRED']],
  ]),
  ...section('Resources / Master data', [
    ['An object with ten arrays.', ['MASTER-TEN-ARRAYS']],
    ['The data depends on the top-level customer of the caller.', [], 'how it depends is not shown: two hierarchies may hold the same data; the suite reads each client\'s own'],
    ['The id of a reason is what statusReasonId carries in card block, unblock and cancel.', ['CARD-REASON-FROM-MASTER', 'CARD-BLOCK-REASON-REQUIRED']],
    ['The ids of cardType and status are what cardTypeIdentifiers and statusIdentifiers carry in card search.', ['CARD-SEARCH-CARDTYPE', 'CARD-SEARCH-STATUS', 'MASTER-IDS-ON-CARDS']],
  ]),
  ...section('Resources / Location', [
    ['Evse: uid string; evse_id string; physical_reference string; status string; connectors array of objects; capabilities array of strings; last_updated timestamp.', ['GEO-EVSE-SHAPE']],
    ['Allowed Evse status values: not shown.', ['ASSUME-GEO-EVSE-STATUS']],
    ['Fields of a connector object: not shown.', ['ASSUME-GEO-CONNECTOR-FIELDS']],
    ['Capability values that appear are RESERVABLE, PLUG_AND_CHARGE_CAPABLE and CHARGING_PROFILE_CAPABLE.', ['ASSUME-VALUES-THAT-APPEAR', 'GEO-FILTER-CAPABILITY']],
    ['opening_times: twentyfourseven boolean; regular_hours array of {weekday: integer, period_begin: string HH:MM, period_end: string HH:MM}; exceptional_openings and exceptional_closings, each an array of {period_begin: timestamp, period_end: timestamp}.', ['GEO-OPENING-TIMES-SHAPE']],
    ['Aggregate (returned instead of individual locations when aggregation is on): coordinates (as above) and count (integer).', ['GEO-AGGREGATE-SHAPE', 'GEO-AGGREGATE-ON']],
  ]),
  ...section('Resources / Charging session', [
    ['Price: currencyCode string; minorExclVat integer; minorInclVat integer; vat string (decimal percentage).', ['SESSION-PRICE-SHAPE']],
    ['Transaction: paymentMethod string; paymentOutcome string (CHARGE and WRITE_OFF appear); amount (Price shape); time timestamp.', ['SESSION-SHAPE', 'SESSION-PRICE-SHAPE', 'ASSUME-VALUES-THAT-APPEAR']],
    ['Allowed sets of transaction paymentMethod and paymentOutcome: not shown.', ['ASSUME-SESSION-PAYMENT-METHOD']],
  ]),
  ...section('States / Customer', [
    ['Status is exposed as status (text) and statusIdentifier (integer); the value Active with identifier 1 appears.', ['CUST-STATUS-ACTIVE-1', 'CUST-SHAPE']],
    ['The full set of customer statuses: not shown.', ['ASSUME-CUSTOMER-STATES']],
  ]),
  ...section('States / Card', [
    ['Status is exposed as {id, name}; the value Active with id 1 appears, and active cards are listed first by default in search.', ['CARD-STATUS-ACTIVE-1', 'CARD-SHAPE', 'CARD-SEARCH-ACTIVE-FIRST']],
    ['Other card status names: not shown.', ['ASSUME-CARD-STATES']],
    ['States of a card order after acceptance: not shown.', ['ASSUME-CARD-STATES']],
  ]),
  ...section('States / Charging session', [
    ['sessionStatus values: CREATED, WAITING_TO_START, STARTED, WAITING_TO_STOP, STOPPED, COMPLETE, FAILED, UNKNOWN, STOP_FAILED.', ['SESSION-STATUS-ENUM']],
    ['balanceStatus values: PROCESSING, PAID, DEBT, REFUND.', ['SESSION-BALANCE-STATUS-ENUM']],
    ['Transitions between session states: not shown.', [], NOT_SHOWN_READ_ONLY],
    ['Transitions between balance states: not shown.', [], NOT_SHOWN_READ_ONLY],
  ]),
  ...section('Endpoints', [
    ['Every operation requires the bearer token described under Authentication.', ['AUTH-BEARER-REQUIRED']],
    ['Unless stated, error answers are the standard error set described under Errors (400, 401, 403, 404, 500).', ['HTTP-STATUS-DOCUMENTED', 'ERR-STANDARD-BODY', 'ASSUME-ERROR-BODIES-401-403-404']],
  ]),
  ...section('Endpoints / GET /customers', [
    ['Query: limit (integer, default 50).', ['CUST-LIST-LIMIT-DEFAULT-50', 'CUST-LIST-LIMIT-HONOURED']],
    ['cursor (string, from a previous page).', ['CUST-LIST-CURSOR']],
    ['customerAccountNumber (string, restricts results to direct sub-accounts of that account).', ['CUST-LIST-DIRECT-ONLY', 'AUTH-FOREIGN-NOT-LISTED']],
    ['When omitted all descendants of the top-level account are returned, and the top-level account itself is never included.', ['CUST-LIST-ALL-DESCENDANTS', 'CUST-LIST-NO-TOPLEVEL']],
    ['searchText (string, case-insensitive partial match on customerAccountNumber, customerName or customerBusinessReference).', ['CUST-LIST-SEARCH-NUMBER', 'CUST-LIST-SEARCH-NAME', 'CUST-LIST-SEARCH-BUSREF', 'CUST-LIST-SEARCH-CASE']],
    ['When combined with customerAccountNumber both filters apply.', ['CUST-LIST-FILTERS-COMBINE']],
    ['200: a page of customers (see Resources).', ['CUST-SHAPE', 'ASSUME-CUSTOMER-LIST-PAGE']],
  ]),
  ...section('Endpoints / GET /customers/{customerAccountNumber}', [
    ['Path: customerAccountNumber (string).', ['ERR-NOT-FOUND-404', 'CUST-FOREIGN-403', 'ASSUME-UNKNOWN-RESOURCE-404']],
    ['200: Customer, with the MAIN address and MAIN contact.', ['CUST-SHAPE', 'CUST-CREATE-MAIN-ADDRESS-CONTACT']],
  ]),
  ...section('Endpoints / POST /customers/subcustomer', [
    ['Body: customerName (string, required, max 310); customerContact (Contact, required); customerAddress (Address, required, all address fields when given).', ['CUST-CREATE-REQUIRED-FIELDS', 'CUST-NAME-MAX-310', 'ADDR-COMPLETE-CREATE', 'ASSUME-UNKNOWN-PROPERTIES']],
    ['customerAccountNumber (string, optional: the parent under which to create; when omitted the sub-customer is created under the top-level customer).', ['CUST-CREATE-UNDER-PARENT', 'CUST-CREATE-UNDER-TOPLEVEL']],
    ['customerBusinessReference (string, optional, max 20).', ['CUST-CREATE-BUSREF-OPTIONAL', 'CUST-BUSREF-MAX-20']],
    ['A sub-customer can be created at most two levels below the top-level customer.', ['CUST-DEPTH-MAX-2']],
    ['The supplied address and contact become the MAIN address and MAIN contact.', ['CUST-CREATE-MAIN-ADDRESS-CONTACT']],
    ['The top-level customer cannot be created through the interface.', [], 'no operation creates a top-level customer: a creation without a parent makes a sub-customer (CUST-CREATE-UNDER-TOPLEVEL)'],
    ['200: operation status plus customerAccountNumber (string) of the new customer.', ['CUST-CREATE-RETURNS-NUMBER']],
  ]),
  ...section('Endpoints / POST /customers/{customerAccountNumber}/updateDetail', [
    ['Body, all optional: customerName (max 310); customerBusinessReference (max 20); customerContact; customerAddress (all address fields when given).', ['CUST-UPDATE-APPLIES', 'CUST-NAME-MAX-310', 'CUST-BUSREF-MAX-20', 'ADDR-COMPLETE-UPDATE', 'ASSUME-UNKNOWN-PROPERTIES']],
    ['Contact and address changes apply to the MAIN contact and MAIN address.', ['CUST-UPDATE-APPLIES']],
    ['200: operation status.', ['OPSTATUS-OBJECT']],
  ]),
  ...section('Endpoints / GET /customers/{customerAccountNumber}/cardTypes', [
    ['200: array of card type objects.', ['CUST-CARDTYPES-SHAPE']],
  ]),
  ...section('Endpoints / POST /customers/{customerAccountNumber}/block, unblock, close', [
    ['Body (optional): notes (string, max 200).', ['CUST-BLOCK', 'CUST-UNBLOCK-REACTIVATES', 'CUST-CLOSE-PERMANENT', 'CUST-NOTES-MAX-200', 'ASSUME-UNKNOWN-PROPERTIES']],
    ['200: operation status.', ['OPSTATUS-OBJECT']],
    ['Block is temporary (for example for non-payment); unblock reactivates a blocked customer; close is permanent.', ['CUST-BLOCK', 'CUST-UNBLOCK-REACTIVATES', 'CUST-CLOSE-PERMANENT']],
  ]),
  ...section('Endpoints / POST /cards/order', [
    ['Body: customerAccountNumber (string, required); cards (array of card order items, required).', ['CARD-ORDER-REQUIRED-FIELDS', 'ASSUME-UNKNOWN-PROPERTIES']],
    ['202: operation status plus orderReference (string, always present). The process is asynchronous.', ['CARD-ORDER-202', 'CARD-ORDER-REFERENCE', 'ASSUME-CARD-STATES']],
    ['400: an array of error objects (one per problem), not a single object.', ['CARD-ORDER-ERRORS-ARRAY']],
    ['Identifiers used in the request come from master data.', ['ASSUME-CARD-ORDER-REQUIRED']],
  ]),
  ...section('Endpoints / GET /cards/{cardIdentifier}', [
    ['Path: cardIdentifier (integer).', ['ERR-NOT-FOUND-404', 'ROBUST-NO-5XX-ON-BAD-INPUT', 'CARD-FOREIGN-403']],
    ['200: Card.', ['CARD-GET', 'CARD-SHAPE']],
  ]),
  ...section('Endpoints / POST /cards/search', [
    ['Body, all optional: limit (integer, minimum 1, maximum records to return).', ['CARD-SEARCH-LIMIT-MIN-1', 'CARD-SEARCH-LIMIT-HONOURED']],
    ['cursor (string, from a previous response).', ['CARD-SEARCH-CURSOR']],
    ['sortExpression (string; sorting can be applied on card status; default order lists active cards first; grammar and sortable fields beyond that: not shown).', ['CARD-SEARCH-ACTIVE-FIRST', 'ASSUME-CARD-SEARCH-DEFAULTS']],
    ['customerAccountNumber (string).', ['CARD-SEARCH-CUSTOMER', 'AUTH-FOREIGN-NOT-LISTED']],
    ['orderReference (string).', ['CARD-SEARCH-ORDER-REFERENCE']],
    ['cardTypeIdentifiers (array of integer, ids from master data cardType).', ['CARD-SEARCH-CARDTYPE']],
    ['statusIdentifiers (array of integer, ids from master data status).', ['CARD-SEARCH-STATUS']],
    ['filter (object: partialMatch boolean, primaryVisualCardNumber string, driverName string, vehicleRegNumber string).', ['CARD-SEARCH-FILTER-PVCN', 'CARD-SEARCH-FILTER-DRIVER', 'CARD-SEARCH-FILTER-VRN', 'CARD-SEARCH-PARTIAL-TRUE', 'CARD-SEARCH-PARTIAL-FALSE', 'ASSUME-CARD-FILTER-WHOLE-VALUE']],
    ['The body schema rejects properties other than those listed.', ['CARD-SEARCH-UNKNOWN-PROPERTY']],
    ['200: Card list response. Continue by sending nextCursor as cursor while hasNextPage is true.', ['CARD-LIST-SHAPE', 'CARD-SEARCH-CURSOR', 'CARD-SEARCH-PAGE-FLAGS']],
  ]),
  ...section('Endpoints / POST /cards/{cardIdentifier}/block, unblock', [
    ['Path: cardIdentifier (integer). Body: statusReasonId (integer, required, a reason id from master data); notes (string, optional, max 200).', ['CARD-BLOCK-REASON-REQUIRED', 'CARD-REASON-FROM-MASTER', 'CARD-NOTES-MAX-200', 'CARD-BLOCK', 'ASSUME-UNKNOWN-PROPERTIES']],
    ['Same path and body as block (unblock).', ['CARD-BLOCK-REASON-REQUIRED', 'CARD-NOTES-MAX-200', 'CARD-UNBLOCK-REACTIVATES', 'ASSUME-UNKNOWN-PROPERTIES']],
    ['200: operation status.', ['OPSTATUS-OBJECT']],
  ]),
  ...section('Endpoints / POST /cards/{cardIdentifier}/cancel', [
    ['Path: cardIdentifier. Body: statusReasonId (integer) and notes (string).', ['CARD-CANCEL-PERMANENT', 'CARD-REASON-FROM-MASTER', 'ASSUME-UNKNOWN-PROPERTIES']],
    ['Whether they are required and the notes length limit: not shown.', ['ASSUME-CARD-STATES']],
    ['200: operation status. Cancellation is permanent.', ['OPSTATUS-OBJECT', 'CARD-CANCEL-PERMANENT']],
  ]),
  ...section('Endpoints / POST /cards/{cardIdentifier}/replace', [
    ['Body, every field optional: cardTypeId (integer); purchaseCategoryId (integer); additionalEmbossing (string); driverName (string); vehicleRegNumber (string); cardGroupId (integer).', ['CARD-REPLACE-APPLIES-CHANGES', 'ASSUME-UNKNOWN-PROPERTIES']],
    ['Omitted properties keep the original card\'s values.', ['CARD-REPLACE-COPIES']],
    ['200: operation status.', ['OPSTATUS-OBJECT']],
    ['Whether the new card\'s identifier is returned: not shown.', ['ASSUME-REPLACEMENT-VISIBLE']],
  ]),
  ...section('Endpoints / POST /cards/{cardIdentifier}/reprintPIN', [
    ['Body: cardAddress (Address; all address fields when given).', ['ADDR-COMPLETE-REPRINT', 'ASSUME-UNKNOWN-PROPERTIES']],
    ['The PIN letter is sent to it.', [], 'a letter on paper: nothing the interface shows'],
    ['200: operation status.', ['CARD-REPRINT-PIN', 'OPSTATUS-OBJECT']],
  ]),
  ...section('Endpoints / POST /locations/geosearch/rectangle', [
    ['Searches charging locations inside a rectangle defined by two diagonal points.', ['GEO-INSIDE-RECTANGLE']],
    ['At most 300 locations are returned.', ['GEO-MAX-300']],
    ['topLatitude | number | -90 to 90 | latitude of top edge, decimal degrees; must be greater than bottomLatitude', ['GEO-LAT-BOUNDS', 'GEO-TOP-GT-BOTTOM', 'GEO-INSIDE-RECTANGLE']],
    ['bottomLatitude | number | -90 to 90 | latitude of bottom edge', ['GEO-LAT-BOUNDS', 'GEO-INSIDE-RECTANGLE']],
    ['leftLongitude | number | -180 to 180 | longitude of left edge; must be less than rightLongitude', ['GEO-LON-BOUNDS', 'GEO-LEFT-LT-RIGHT', 'GEO-INSIDE-RECTANGLE']],
    ['rightLongitude | number | -180 to 180 | longitude of right edge', ['GEO-LON-BOUNDS', 'GEO-INSIDE-RECTANGLE']],
    ['A result count (maximum 300, ignored when aggregation is on).', ['GEO-COUNT-HONOURED', 'GEO-COUNT-MAX-300', 'GEO-COUNT-IGNORED-AGGREGATED', 'ASSUME-GEO-COUNT']],
    ['An aggregation switch (when true, results are aggregated, which is faster for large areas).', ['GEO-AGGREGATE-ON', 'GEO-AGGREGATE-COUNTS', 'ASSUME-GEO-AGGREGATION']],
    ['A grid precision (integer 2 to 9; larger value gives smaller grid cells; default derived from the radius when omitted).', ['GEO-PRECISION-2-9', 'GEO-PRECISION-FINER', 'ASSUME-GEO-AGGREGATION']],
    ['A language (two-letter code; supported: en, bg, cy, de, es, fi, fr, hu, is, it, lt, nb, nl, pl, pt, ro, sv).', ['GEO-LANGUAGE-SUPPORTED', 'ASSUME-GEO-LANGUAGE']],
    ['Their parameter names are not shown.', ['ASSUME-GEO-PARAM-NAMES']],
    ['Body: filters (object: connectorStandards array of string; capabilities array of string) and options (object: includeAvailableOnly boolean).', ['GEO-FILTER-CONNECTOR', 'GEO-FILTER-CAPABILITY', 'GEO-AVAILABLE-ONLY', 'ASSUME-UNKNOWN-PROPERTIES']],
    ['Other filter fields: not shown.', ['ASSUME-GEO-FILTERS']],
    ['200: object with locations (array of Location) and aggregates (array of Aggregate).', ['GEO-LOCATION-SHAPE', 'GEO-AGGREGATE-SHAPE', 'ASSUME-FIELD-PRESENCE']],
    ['400: {message: string, details: array of string}.', ['GEO-ERROR-400-BODY']],
    ['404: {message: string}.', ['ERR-MESSAGE-BODY', 'ASSUME-GEO-404']],
  ]),
  ...section('Endpoints / GET /sessions/{sessionId}', [
    ['Path: sessionId (string).', ['SESSION-GET', 'SESSION-UNKNOWN-404']],
    ['200: Charging session.', ['SESSION-GET', 'SESSION-SHAPE']],
    ['404: {message: string}.', ['SESSION-UNKNOWN-404']],
    ['A second error answer with the same body shape exists; its status code is not shown.', ['ERR-MESSAGE-BODY', 'ASSUME-SESSION-SECOND-ERROR']],
  ]),
  ...section('Endpoints / GET /master/all', [
    ['No parameters. 200: Master data object.', ['MASTER-TEN-ARRAYS', 'MASTER-SHAPE']],
    ['Standard errors 400 and 500 apply.', ['ERR-STANDARD-BODY', 'HTTP-STATUS-DOCUMENTED']],
  ]),
  ...section('Authentication', [
    ['1. The service uses OAuth 2.0 client credentials. Every operation requires the header Authorization: Bearer <ACCESS_TOKEN>.', ['AUTH-TOKEN-CLIENT-CREDENTIALS', 'AUTH-TOKEN-WRONG-SECRET', 'AUTH-BEARER-REQUIRED']],
    ['2. The token is obtained with POST {base_url}/identity/realms/fleet/protocol/openid-connect/token, using the same base address as the environment being called (test or production).', ['AUTH-TOKEN-CLIENT-CREDENTIALS']],
    ['3. That request is form-encoded with grant_type=client_credentials, client_id=<CLIENT_ID> and client_secret=<CLIENT_SECRET>, and carries the header accept: application/json.', ['AUTH-TOKEN-CLIENT-CREDENTIALS']],
    ['4. A missing or invalid token gives 401; a valid token without permission gives 403.', ['AUTH-BEARER-REQUIRED', 'AUTH-INVALID-TOKEN-401', 'AUTH-FORBIDDEN-403', 'CUST-FOREIGN-403', 'CARD-FOREIGN-403', 'AUTH-FOREIGN-NOT-LISTED']],
    ['5. Token response fields, token lifetime and scopes: not shown.', ['ASSUME-TOKEN-RESPONSE']],
    ['6. Which client may do what beyond the account hierarchy (master data depends on the top-level customer; list excludes the top-level account): not shown.', ['ASSUME-UNKNOWN-RESOURCE-404', 'ASSUME-SESSION-ACCESS', 'CUST-LIST-NO-TOPLEVEL']],
  ]),
  ...section('Events', [
    ['Events: not shown. An area for event callbacks exists in the interface, but kinds of event, payloads, delivery and verification are absent.', [], 'not shown: no event, payload or delivery to check'],
  ]),
  ...section('Errors', [
    ['Standard error body: {errorCode: string, errorDescription: string}.', ['ERR-STANDARD-BODY']],
    ['400 | bad request | standard error body (array of them for card order)', ['ERR-STANDARD-BODY', 'CARD-ORDER-ERRORS-ARRAY', 'ASSUME-REJECTION-STATUS']],
    ['401 | unauthorized | standard error set', ['AUTH-INVALID-TOKEN-401', 'ASSUME-ERROR-BODIES-401-403-404']],
    ['403 | forbidden | standard error set', ['AUTH-FORBIDDEN-403', 'ASSUME-ERROR-BODIES-401-403-404']],
    ['404 | not found | standard error set', ['ERR-NOT-FOUND-404', 'ASSUME-ERROR-BODIES-401-403-404', 'ASSUME-UNKNOWN-RESOURCE-404']],
    ['500 | internal server error | standard error body', ['ERR-STANDARD-BODY', 'ROBUST-NO-5XX-ON-BAD-INPUT']],
    ['ER-001 | invalid request parameters (400)', ['ERR-CODE-STATUS', 'ASSUME-VALUES-THAT-APPEAR']],
    ['ER-002 | missing required field (400, in the card order error array)', ['CARD-ORDER-ER002', 'ERR-CODE-STATUS']],
    ['ER-012 | unexpected server condition; the client is told to contact support (500)', ['ERR-CODE-STATUS']],
    ['The complete list of codes and which condition raises which: not shown.', ['ASSUME-REJECTION-STATUS', 'ASSUME-VALUES-THAT-APPEAR']],
    ['Bodies of 401, 403 and 404 for the standard operations: not shown.', ['ASSUME-ERROR-BODIES-401-403-404']],
    ['Geosearch and session retrieval use a different body: {message: string, details?: array of string}.', ['ERR-MESSAGE-BODY', 'GEO-ERROR-400-BODY', 'SESSION-UNKNOWN-404']],
  ]),
  ...section('Limits', [
    ['Rate limits: not shown.', ['ASSUME-RATE-LIMITS']],
    ['Maximum page size of list and search: not shown.', ['ASSUME-CUSTOMER-LIST-PAGE', 'ASSUME-CARD-SEARCH-DEFAULTS']],
    ['Server-side latency targets for successful (2xx) requests, in milliseconds.', latencyRows.flatMap((r) => r.cites)],
  ]),
  ...section('Versioning', [
    ['The interface description is version 1.0.0.', [], 'no operation shows a version'],
    ['Paths carry no version segment.', ['HTTP-NO-VERSION-SEGMENT']],
    ['Rules for introducing or retiring versions: not shown.', [], 'not shown: one version exists'],
    ['One deprecation is stated: the session field paymentMethod is deprecated and will be removed, replaced by transactions[].paymentMethod.', ['SESSION-PAYMENT-METHOD-EARLIEST', 'SESSION-PAYMENT-METHOD-ENUM']],
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
  return table.fields.map((f) => f.name).filter((name) => !(name in (table.presence.strictExcept ?? {})) && shown[name] === undefined);
}
