/**
 * The rule catalogue: every testable statement of the interface document, with a stable id, the
 * document's own words and the section they stand in. Tests name the ids they check (in their
 * titles and annotations), sandbox faults name the id they break, and the coverage report maps
 * one onto the other. Ids never change meaning; a retired rule is removed, never reused.
 *
 * `family` groups rules for the reports; `origin` is `document` for a statement the document
 * makes, `derived` for one that follows from it (a link between master-data tables, a count that
 * must add up) and `policy` for a promise of this suite that the document does not make.
 */

export type RuleFamily =
  | 'transport'
  | 'auth'
  | 'errors'
  | 'customers'
  | 'customer-list'
  | 'customer-lifecycle'
  | 'cards'
  | 'card-search'
  | 'card-lifecycle'
  | 'card-order'
  | 'master-data'
  | 'locations'
  | 'sessions'
  | 'robustness'
  | 'latency'
  | 'suite';

/**
 * What of the document (lib/rules/document.ts) a rule enforces: a statement's key (`order.202`), one of its
 * clauses (`order.400#array`), or a clause with its words when this rule is the one that names them. The
 * document's statements take their rule citations, and their clauses, from here.
 */
export type Enforced = string | readonly [clause: string, words: string];

interface RuleOf<Id extends string> {
  id: Id;
  family: RuleFamily;
  section: string;
  words: string;
  enforces: readonly Enforced[];
  origin: 'document' | 'derived' | 'policy';
}

type RuleRow = readonly [
  id: string,
  section: string,
  words: string,
  enforces: readonly Enforced[],
  origin?: RuleOf<string>['origin'],
];

/** The rows of one family; each row's id keeps its literal type, so that RuleId is their union. */
function family<const Rows extends readonly RuleRow[]>(
  name: RuleFamily,
  rows: Rows
): { [K in keyof Rows]: RuleOf<Rows[K][0]> } {
  return rows.map(([id, section, words, enforces, origin = 'document']) => ({
    id,
    family: name,
    section,
    words,
    enforces,
    origin,
  })) as {
    [K in keyof Rows]: RuleOf<Rows[K][0]>;
  };
}

const catalogue = [
  ...family('transport', [
    [
      'HTTP-JSON-CONTENT-TYPE',
      'Introduction',
      'Request and response bodies are JSON (Content-Type: application/json).',
      ['intro.json', 'scope.https-json'],
    ],
    [
      'HTTP-STATUS-DOCUMENTED',
      'Endpoints',
      'Each operation answers with the statuses given for it (e.g. 202 for card order, 200 for the others); error answers are the standard error set (400, 401, 403, 404, 500) unless stated.',
      ['endpoints.standard-errors', 'card-types.200', 'master.errors'],
    ],
    [
      'HTTP-NO-VERSION-SEGMENT',
      'Versioning',
      'Paths carry no version segment.',
      ['intro.paths-relative', 'versioning.no-segment'],
    ],
    [
      'OPSTATUS-OBJECT',
      'Resources / Operation status object',
      'Successful update, block, unblock, close, cancel, replace and reprint calls show an empty object as the body.',
      [
        'opstatus.object',
        'opstatus.empty',
        'update.200',
        'customer-status.200',
        'card-status.200',
        ['cancel.200#status', '200: operation status'],
        'replace.200',
        ['reprint.200#status', 'operation status'],
      ],
    ],
  ]),
  ...family('auth', [
    [
      'AUTH-TOKEN-CLIENT-CREDENTIALS',
      'Authentication 1-3',
      'The token is obtained with POST {base_url}/identity/realms/fleet/protocol/openid-connect/token, form-encoded with grant_type=client_credentials, client_id and client_secret, and the header accept: application/json.',
      [
        ['auth.client-credentials#client-credentials', 'OAuth 2.0 client credentials'],
        'auth.token-url',
        'auth.token-request',
      ],
    ],
    [
      'AUTH-TOKEN-WRONG-SECRET',
      'Authentication 1-3',
      'OAuth 2.0 client credentials: a wrong client_secret obtains no token.',
      ['auth.client-credentials#client-credentials'],
      'derived',
    ],
    [
      'AUTH-BEARER-REQUIRED',
      'Authentication 1, 4',
      'Every operation requires the header Authorization: Bearer <ACCESS_TOKEN>. A missing token gives 401.',
      [
        'endpoints.bearer',
        ['auth.client-credentials#bearer', 'Every operation requires the header Authorization: Bearer <ACCESS_TOKEN>'],
        ['auth.401-403#missing', 'A missing ... token gives 401'],
      ],
    ],
    [
      'AUTH-INVALID-TOKEN-401',
      'Authentication 4',
      'A missing or invalid token gives 401.',
      [['auth.401-403#invalid', 'an invalid token gives 401'], 'errors.401'],
    ],
    [
      'AUTH-FORBIDDEN-403',
      'Authentication 4',
      'A valid token without permission gives 403.',
      ['auth.401-403', 'errors.403'],
    ],
    [
      'AUTH-FOREIGN-NOT-LISTED',
      'Authentication 4, 6; Endpoints / List customers, Search cards',
      "Lists and searches show nothing outside the caller's account hierarchy: filtered by a customer outside it, the customer list and card search answer 403 or show none of its sub-accounts and cards; a card search by the number of a card outside it does not show that card; a cursor of another client's list or search is refused or shows none of its customers and cards.",
      [
        [
          'list.cursor#own',
          "from a previous page: of the caller's own list (another client's cursor shows none of its customers)",
        ],
        ['list.customer#foreign', "of that account: none of another hierarchy's"],
        [
          'search.cursor#own',
          "from a previous response: the caller's own (another client's cursor shows none of its cards)",
        ],
        ['search.customer#foreign', "none of another hierarchy's"],
        ['auth.401-403#forbidden', 'a valid token without permission gives 403'],
      ],
      'derived',
    ],
  ]),
  ...family('errors', [
    [
      'ERR-STANDARD-BODY',
      'Errors / Standard error body',
      'Standard error body {errorCode: string, errorDescription: string} for 400 and 500.',
      [
        'endpoints.standard-errors',
        'master.errors',
        'errors.standard-body',
        ['errors.400#standard', 'standard error body'],
        'errors.500',
      ],
    ],
    [
      'ERR-MESSAGE-BODY',
      'Errors; Endpoints / Locations, Sessions',
      'Geosearch and session retrieval use a different body: {message: string, details?: array of string}.',
      ['geo.404', 'session.second-error', ['errors.message-body#sessions', 'session retrieval']],
    ],
    [
      'ERR-CODE-STATUS',
      'Errors / Codes that appear',
      'ER-001: invalid request parameters (400); ER-002: missing required field (400, in the card order error array); ER-012: unexpected server condition (500). A code that appears comes with its status.',
      ['errors.er-001', 'errors.er-002', 'errors.er-012'],
    ],
    [
      'ERR-NOT-FOUND-404',
      'Errors',
      '404: not found.',
      [
        ['get-customer.path#unknown', 'an unknown customerAccountNumber: 404'],
        [
          'get-customer.path#near-miss',
          'a value near an account number (another case, a character changed, a prefix, trailing characters, blanks around it, leading zeros) is not that customer',
        ],
        ['get-card.path#unknown', 'an unknown cardIdentifier: 404'],
        [
          'get-card.path#near-miss',
          'a value near a cardIdentifier (a digit changed to a letter, trailing characters) is not that card',
        ],
        'errors.404',
      ],
    ],
  ]),
  ...family('customers', [
    [
      'CUST-SHAPE',
      'Resources / Customer',
      'Customer fields and types: customerAccountNumber, customerName, customerBusinessReference, status (string), statusIdentifier (integer), countOfSubAccounts (integer), parentCustomerAccountNumber (string), parentCustomerIdentifier (integer), customerContact (Contact), customerAddress (Address).',
      [
        ['scope.customer-operations#read', 'read'],
        'resources.json-types',
        ['states.customer.status#exposed', 'status (text) and statusIdentifier (integer)'],
        'list.200',
        ['get-customer.200#customer', '200: Customer'],
      ],
    ],
    [
      'CUST-STATUS-ACTIVE-1',
      'States / Customer',
      'Status is exposed as status (text) and statusIdentifier (integer); the value Active with identifier 1 appears.',
      [['states.customer.status#active', 'the value Active with identifier 1 appears']],
    ],
    [
      'CONTACT-SHAPE',
      'Resources / Contact',
      'Contact: emailAddress (e-mail address format), firstName, lastName, middleName, mobilePhone, telephone, all strings.',
      [],
    ],
    ['CONTACT-EMAIL-FORMAT', 'Resources / Contact', 'emailAddress: string (e-mail address format).', []],
    [
      'ADDRESS-SHAPE',
      'Resources / Address',
      'Address: addressLines, city, country, countryCode, region, zipCode (strings); companyName only on card delivery/order addresses.',
      [],
    ],
    [
      'CUST-NAME-MAX-310',
      'Limits; Endpoints / Customers',
      'customerName: max 310 characters (create and update).',
      [
        ['create.body#name-max-310', 'max 310'],
        ['update.body#name-max-310', 'customerName (max 310)'],
        'limits.customername',
      ],
    ],
    [
      'CUST-BUSREF-MAX-20',
      'Limits; Endpoints / Customers',
      'customerBusinessReference: max 20 characters (create and update).',
      [
        ['create.business-reference#max-20', 'max 20'],
        ['update.body#business-reference-max-20', 'customerBusinessReference (max 20)'],
        'limits.customerbusinessreference',
      ],
    ],
    [
      'CUST-CREATE-REQUIRED-FIELDS',
      'Endpoints / Create a sub-customer',
      'customerName (required), customerContact (required), customerAddress (required).',
      [
        ['create.body#name-required', 'customerName (string, required'],
        ['create.body#contact-required', 'customerContact (Contact, required)'],
        ['create.body#address-required', 'customerAddress (Address, required'],
      ],
    ],
    [
      'ADDR-COMPLETE-CREATE',
      'Resources / Address',
      'When an address object is supplied (customer create), every field of the address must be supplied.',
      [
        ['address.complete#create', 'customer create'],
        ['create.body#address-complete', 'all address fields when given'],
      ],
    ],
    [
      'ADDR-COMPLETE-UPDATE',
      'Resources / Address',
      'When an address object is supplied (customer update), every field of the address must be supplied.',
      [
        ['address.complete#update', 'customer update'],
        ['update.body#address-complete', 'customerAddress (all address fields when given)'],
      ],
    ],
    [
      'CUST-CREATE-RETURNS-NUMBER',
      'Endpoints / Create a sub-customer',
      '200: operation status plus customerAccountNumber (string) of the new customer.',
      [
        ['scope.customer-operations#created', 'created'],
        'opstatus.object',
        ['opstatus.added-fields#creation', 'Customer creation ... add fields to it'],
        'create.200',
      ],
    ],
    [
      'CUST-CREATE-UNDER-TOPLEVEL',
      'Endpoints / Create a sub-customer',
      'customerAccountNumber omitted: the sub-customer is created under the top-level customer.',
      [
        'scope.hierarchy',
        ['create.parent#omitted', 'when omitted the sub-customer is created under the top-level customer'],
      ],
    ],
    [
      'CUST-CREATE-UNDER-PARENT',
      'Endpoints / Create a sub-customer',
      'customerAccountNumber (optional): the parent under which to create.',
      [['create.parent#parent', 'the parent under which to create']],
    ],
    [
      'CUST-CREATE-MAIN-ADDRESS-CONTACT',
      'Endpoints / Create a sub-customer; Get a customer',
      'The supplied address and contact become the MAIN address and MAIN contact; get answers the Customer with the MAIN address and MAIN contact (and the customerName and customerBusinessReference it was created with).',
      ['get-customer.200#customer', ['get-customer.200#main', 'with the MAIN address and MAIN contact'], 'create.main'],
    ],
    [
      'CUST-DEPTH-MAX-2',
      'Endpoints / Create a sub-customer; Limits',
      'A sub-customer can be created at most two levels below the top-level customer.',
      ['create.depth', 'limits.sub-customer-depth'],
    ],
    [
      'CUST-UPDATE-APPLIES',
      'Endpoints / Update customer details',
      'updateDetail changes customerName, customerBusinessReference, and the MAIN contact and MAIN address.',
      [
        ['scope.customer-operations#updated', 'updated'],
        ['update.body#optional', 'Body, all optional'],
        'update.main',
        'update.200',
      ],
    ],
    ['CUST-COUNT-SUBACCOUNTS', 'Resources / Customer', 'countOfSubAccounts: number of direct sub-accounts.', []],
    ['CUST-PARENT-FIELDS', 'Resources / Customer', 'parentCustomerAccountNumber: account number of the parent.', []],
    [
      'CUST-CARDTYPES-SHAPE',
      'Endpoints / Card types of a customer; Resources / Card type',
      '200: array of card type objects {cardTypeId, cardTypeName, cardTypeDescription, defaultPurchaseCategoryId, purchaseCategoryName, isEV}: each element shows these fields (at least one of them) in their types.',
      ['resources.case-sensitive', 'resources.json-types', 'card-types.200'],
    ],
    [
      'ADDRESS-COMPANYNAME-CARD-ONLY',
      'Resources / Address',
      'companyName: only on card delivery/order addresses; a customer address shows none.',
      [],
    ],
    [
      'CUST-CREATE-BUSREF-OPTIONAL',
      'Endpoints / Create a sub-customer',
      'customerBusinessReference (string, optional, max 20): a body without it is accepted.',
      [['create.business-reference#optional', 'optional']],
    ],
    [
      'CUST-FOREIGN-403',
      'Authentication 4, 6',
      "A customer outside the caller's account hierarchy is refused with 403 (a valid token without permission).",
      [
        ['get-customer.path#foreign', "one outside the caller's hierarchy: 403"],
        'auth.401-403#forbidden',
        'errors.403',
      ],
      'derived',
    ],
  ]),
  ...family('customer-list', [
    [
      'CUST-LIST-NO-TOPLEVEL',
      'Endpoints / List customers',
      'The top-level account itself is never included.',
      [
        'scope.hierarchy',
        ['list.omitted#no-top-level', 'the top-level account itself is never included'],
        'auth.beyond-hierarchy',
      ],
    ],
    [
      'CUST-LIST-ALL-DESCENDANTS',
      'Endpoints / List customers',
      'When customerAccountNumber is omitted all descendants of the top-level account are returned.',
      [
        ['scope.customer-operations#listed', 'listed'],
        ['list.omitted#descendants', 'all descendants of the top-level account are returned'],
      ],
    ],
    [
      'CUST-LIST-DIRECT-ONLY',
      'Endpoints / List customers',
      'customerAccountNumber restricts results to direct sub-accounts of that account.',
      [['list.customer#direct-only', 'restricts results to direct sub-accounts of that account']],
    ],
    [
      'CUST-LIST-SEARCH-NUMBER',
      'Endpoints / List customers',
      'searchText: partial match on customerAccountNumber.',
      [['list.search-text#number', 'customerAccountNumber']],
    ],
    [
      'CUST-LIST-SEARCH-NAME',
      'Endpoints / List customers',
      'searchText: partial match on customerName.',
      [['list.search-text#name', 'customerName']],
    ],
    [
      'CUST-LIST-SEARCH-BUSREF',
      'Endpoints / List customers',
      'searchText: partial match on customerBusinessReference.',
      [['list.search-text#business-reference', 'customerBusinessReference']],
    ],
    [
      'CUST-LIST-SEARCH-CASE',
      'Endpoints / List customers',
      'searchText: case-insensitive.',
      [['list.search-text#case', 'case-insensitive']],
    ],
    [
      'CUST-LIST-FILTERS-COMBINE',
      'Endpoints / List customers',
      'When searchText is combined with customerAccountNumber both filters apply.',
      ['list.combined'],
    ],
    [
      'CUST-LIST-LIMIT-DEFAULT-50',
      'Endpoints / List customers; Limits',
      'limit (integer, default 50).',
      [['list.limit#default', 'default 50'], 'limits.customer-list-limit'],
    ],
    [
      'CUST-LIST-LIMIT-HONOURED',
      'Endpoints / List customers',
      'The list takes a limit parameter: a page holds at most limit customers.',
      [
        ['customer.list-page#limit', 'the list takes limit ... parameters'],
        ['list.limit#limit', 'limit (integer)'],
        ['list.cursor#limit-kept', 'each page of a cursor holds at most the limit it was asked with'],
      ],
      'derived',
    ],
    [
      'CUST-LIST-CURSOR',
      'Endpoints / List customers',
      'cursor (string, from a previous page): following the cursors visits every customer once, without gaps or duplicates.',
      [
        ['customer.list-page#cursor', 'the list takes ... cursor parameters'],
        ['list.cursor#every-customer-once', 'following the cursors visits every customer once'],
      ],
      'derived',
    ],
    [
      'CUST-LIST-CURSOR-SCOPE',
      'Endpoints / List customers',
      'cursor (string, from a previous page): a cursor continues the list it came from; every page it leads to, asked with the same filters, keeps them.',
      [['list.cursor#filters-kept', 'each page of a cursor keeps the filters it was asked with']],
      'derived',
    ],
  ]),
  ...family('customer-lifecycle', [
    [
      'CUST-BLOCK',
      'States / Customer',
      'open customer, POST customer block: temporarily blocked.',
      [
        ['scope.customer-operations#blocked', 'blocked'],
        'states.customer.block',
        ['customer-status.body#optional', 'Body (optional)'],
        'customer-status.200',
        ['customer-status.meaning#block', 'Block is temporary'],
      ],
    ],
    [
      'CUST-UNBLOCK-ONLY-BLOCKED',
      'States / Customer',
      'POST customer unblock: condition, the customer was previously blocked.',
      [['states.customer.unblock#condition', 'customer was previously blocked']],
    ],
    [
      'CUST-UNBLOCK-REACTIVATES',
      'States / Customer',
      'blocked customer, POST customer unblock: reactivated.',
      [
        ['scope.customer-operations#unblocked', 'unblocked'],
        ['states.customer.unblock#reactivated', 'reactivated'],
        'customer-status.body',
        'customer-status.200',
        ['customer-status.meaning#unblock', 'unblock reactivates a blocked customer'],
      ],
    ],
    [
      'CUST-CLOSE-PERMANENT',
      'States / Customer',
      'POST customer close: closed permanently.',
      [
        ['scope.customer-operations#closed', 'closed'],
        'states.customer.close',
        'customer-status.body#optional',
        'customer-status.200',
        ['customer-status.meaning#close', 'close is permanent'],
      ],
    ],
    [
      'CUST-NOTES-MAX-200',
      'Limits; Endpoints / Customers',
      'notes (customer block, unblock, close): max 200 characters.',
      [
        'states.customer.block',
        'states.customer.unblock',
        'states.customer.close',
        ['customer-status.body#notes-max-200', 'notes (string, max 200)'],
        ['limits.notes#customer', 'customer block, unblock, close'],
      ],
    ],
  ]),
  ...family('cards', [
    [
      'CARD-SHAPE',
      'Resources / Card',
      'Card fields and types, orderDate and expiryDate as dates (YYYY-MM-DD), status {id, name}, fuelProductRestriction, products, cardDeliveryAddress (Address including companyName), cardDeliveryContact.',
      ['resources.json-types', ['states.card.status#exposed', 'Status is exposed as {id, name}'], 'get-card.200'],
    ],
    [
      'CARD-STATUS-ACTIVE-1',
      'States / Card',
      'Status is exposed as {id, name}; the value Active with id 1 appears.',
      [['states.card.status#active', 'the value Active with id 1 appears']],
    ],
    [
      'CARD-GET',
      'Endpoints / Get a card',
      'GET /cards/{cardIdentifier} answers 200 with the Card.',
      [['scope.card-operations#read', 'read a card'], 'get-card.200'],
    ],
    ['CARD-PIN-NEVER-ECHOED', 'Resources / Card order item', 'cardPIN: secret; never echoed.', []],
    [
      'CARD-FOREIGN-403',
      'Authentication 4, 6',
      "A card outside the caller's account hierarchy is refused with 403.",
      [['get-card.path#foreign', "a card outside the caller's hierarchy: 403"], 'auth.401-403#forbidden', 'errors.403'],
      'derived',
    ],
    [
      'CARD-REPRINT-PIN',
      'Endpoints / Cards / reprintPIN',
      'POST /cards/{cardIdentifier}/reprintPIN with cardAddress: 200 operation status.',
      [
        ['scope.card-operations#reprint', 'request a PIN letter reprint'],
        ['reprint.body#address-optional', 'cardAddress ... when given'],
        ['reprint.200#answered', '200'],
      ],
    ],
    [
      'ADDR-COMPLETE-REPRINT',
      'Resources / Address',
      'When an address object is supplied (PIN reprint), every field of the address must be supplied.',
      [
        ['address.complete#reprint', 'PIN reprint'],
        ['reprint.body#address-complete', 'all address fields when given'],
      ],
    ],
  ]),
  ...family('card-search', [
    [
      'CARD-LIST-SHAPE',
      'Resources / Card list response',
      'cards (array of Card), customerAccountNumber, hasNextPage, lastPage, nextCursor, totalCount.',
      [
        ['scope.card-operations#search', 'search cards'],
        'resources.json-types',
        ['search.200#list', '200: Card list response'],
      ],
    ],
    [
      'CARD-SEARCH-LIMIT-MIN-1',
      'Endpoints / Search cards; Limits',
      'limit (integer, minimum 1).',
      [['search.limit#minimum-1', 'minimum 1'], 'limits.card-search-limit'],
    ],
    [
      'CARD-SEARCH-LIMIT-HONOURED',
      'Endpoints / Search cards',
      'limit: maximum records to return.',
      [
        ['search.limit#maximum', 'maximum records to return'],
        ['search.cursor#limit-kept', 'each page of a cursor holds at most the limit it was asked with'],
      ],
    ],
    [
      'CARD-SEARCH-UNKNOWN-PROPERTY',
      'Endpoints / Search cards',
      'The body schema rejects properties other than those listed.',
      ['search.unknown-properties'],
    ],
    [
      'CARD-SEARCH-ACTIVE-FIRST',
      'Endpoints / Search cards; States / Card',
      'Default order lists active cards first.',
      [['states.card.status#active-first', 'active cards are listed first by default in search'], 'search.sort'],
    ],
    [
      'CARD-SEARCH-CURSOR',
      'Endpoints / Search cards',
      'Continue by sending nextCursor as cursor while hasNextPage is true: every matching card once, no gaps, no duplicates.',
      [['search.cursor#every-card-once', 'following the cursors visits every matching card once'], 'search.200'],
    ],
    [
      'CARD-SEARCH-CURSOR-SCOPE',
      'Endpoints / Search cards',
      'cursor (string, from a previous response): a cursor continues the search it came from; every page it leads to, asked with the same filters, keeps them.',
      [['search.cursor#filters-kept', 'each page of a cursor keeps the filters it was asked with']],
      'derived',
    ],
    [
      'CARD-SEARCH-PAGE-FLAGS',
      'Resources / Card list response',
      'hasNextPage, lastPage and nextCursor agree: the last page has lastPage true and hasNextPage false, where it shows them (a false may be left out); a page with hasNextPage carries nextCursor.',
      [['search.200#continue', 'Continue by sending nextCursor as cursor while hasNextPage is true']],
      'derived',
    ],
    [
      'CARD-SEARCH-TOTALCOUNT',
      'Resources / Card list response',
      'totalCount: the number of cards matching the search, over all pages, on each page that shows it.',
      [],
      'derived',
    ],
    [
      'CARD-SEARCH-CUSTOMER',
      'Endpoints / Search cards',
      "customerAccountNumber restricts the search to that customer's cards.",
      [['search.customer#restricts', "customerAccountNumber restricts the search to that customer's cards"]],
    ],
    [
      'CARD-SEARCH-ORDER-REFERENCE',
      'Endpoints / Search cards',
      'orderReference restricts the search to the cards of that order.',
      ['search.order-reference'],
    ],
    [
      'CARD-SEARCH-CARDTYPE',
      'Endpoints / Search cards; Master data',
      'cardTypeIdentifiers (ids from master data cardType) restrict the search to those card types; an id that is no card type of the master data is refused or matches no card.',
      [
        ['master.search-ids#card-types', 'The ids of cardType ... cardTypeIdentifiers'],
        ['search.card-types#restricts', 'cardTypeIdentifiers restrict the search to those card types'],
        ['search.card-types#from-master', 'ids from master data cardType'],
      ],
    ],
    [
      'CARD-SEARCH-STATUS',
      'Endpoints / Search cards; Master data',
      'statusIdentifiers (ids from master data status) restrict the search to those statuses; an id that is no status of the master data is refused or matches no card.',
      [
        ['master.search-ids#statuses', 'The ids of ... status ... statusIdentifiers'],
        ['search.statuses#restricts', 'statusIdentifiers restrict the search to those statuses'],
        ['search.statuses#from-master', 'ids from master data status'],
      ],
    ],
    [
      'CARD-SEARCH-FILTER-PVCN',
      'Endpoints / Search cards',
      'filter.primaryVisualCardNumber restricts the search.',
      [['search.filter#pvcn', 'primaryVisualCardNumber']],
    ],
    [
      'CARD-SEARCH-FILTER-DRIVER',
      'Endpoints / Search cards',
      'filter.driverName restricts the search.',
      [['search.filter#driver', 'driverName']],
    ],
    [
      'CARD-SEARCH-FILTER-VRN',
      'Endpoints / Search cards',
      'filter.vehicleRegNumber restricts the search.',
      [['search.filter#vrn', 'vehicleRegNumber']],
    ],
    [
      'CARD-SEARCH-PARTIAL-TRUE',
      'Endpoints / Search cards',
      'filter.partialMatch true: filter values match part of the field.',
      [['search.filter#partial-true', 'partialMatch true']],
    ],
    [
      'CARD-SEARCH-PARTIAL-FALSE',
      'Endpoints / Search cards',
      'filter.partialMatch false: filter values match the whole field.',
      [['search.filter#partial-false', 'partialMatch false']],
    ],
  ]),
  ...family('card-lifecycle', [
    [
      'CARD-BLOCK',
      'States / Card; Endpoints / Cards / block',
      'card, POST card block, statusReasonId supplied: temporarily blocked (no longer Active).',
      [
        ['scope.card-operations#block', 'block'],
        ['states.card.block#blocked', 'temporarily blocked'],
        ['card-status.body#notes-optional', 'notes (string, optional'],
        'card-status.200',
      ],
    ],
    [
      'CARD-BLOCK-REASON-REQUIRED',
      'Endpoints / Cards / block, unblock',
      'statusReasonId (integer, required, a reason id from master data).',
      [
        'master.reason-ids',
        ['states.card.block#reason', 'statusReasonId supplied'],
        ['states.card.unblock#reason', 'statusReasonId supplied'],
        ['card-status.body#reason-required', 'statusReasonId (integer, required'],
        ['card-status.unblock-body#reason-required', 'statusReasonId (integer, required'],
      ],
    ],
    [
      'CARD-REASON-FROM-MASTER',
      'Endpoints / Cards / block, unblock; Master data',
      'statusReasonId: a reason id from master data; the id of a reason is what statusReasonId carries in card block, unblock and cancel.',
      [
        ['scope.master-data#needed-by-cards', 'whose identifiers are needed by card operations'],
        'master.per-top-level',
        ['master.reason-ids#block', 'in card block'],
        ['master.reason-ids#unblock', 'in card unblock'],
        ['master.reason-ids#cancel', 'in card cancel'],
        'states.card.block',
        ['card-status.body#reason-from-master', 'a reason id from master data'],
        ['card-status.unblock-body#reason-from-master', 'a reason id from master data'],
        'cancel.body',
      ],
    ],
    [
      'CARD-UNBLOCK-ONLY-BLOCKED',
      'States / Card',
      'POST card unblock: condition, the card was previously blocked.',
      [['states.card.unblock#previously-blocked', 'card was previously blocked']],
    ],
    [
      'CARD-UNBLOCK-REACTIVATES',
      'States / Card',
      'blocked card, POST card unblock: unblocked (Active again).',
      [
        ['scope.card-operations#unblock', 'unblock'],
        ['states.card.unblock#unblocked', 'unblocked'],
        ['card-status.unblock-body#notes-optional', 'notes (string, optional'],
        'card-status.200',
      ],
    ],
    [
      'CARD-NOTES-MAX-200',
      'Limits; Endpoints / Cards',
      'notes (card block, unblock): max 200 characters.',
      [
        'states.card.block',
        ['card-status.body#notes-max-200', 'max 200'],
        ['card-status.unblock-body#notes-max-200', 'notes (string, optional, max 200)'],
        ['limits.notes#card', 'card block, unblock'],
      ],
    ],
    [
      'CARD-CANCEL-PERMANENT',
      'States / Card; Endpoints / Cards / cancel',
      'POST card cancel: cancelled permanently.',
      [
        ['scope.card-operations#cancel', 'cancel'],
        'states.card.cancel',
        'cancel.body',
        'cancel.200#status',
        ['cancel.200#permanent', 'Cancellation is permanent'],
      ],
    ],
    [
      'CARD-REPLACE-BLOCKS-ORIGINAL',
      'States / Card',
      'POST card replace: original blocked.',
      [
        ['scope.card-operations#replace', 'replace a card'],
        ['states.card.replace#original-blocked', 'original blocked'],
        'replace.200',
      ],
    ],
    [
      'CARD-REPLACE-COPIES',
      'States / Card; Endpoints / Cards / replace',
      "A replacement card is created with the same properties as the original; omitted properties keep the original card's values.",
      [
        ['states.card.replace#copies', 'a replacement card is created with the same properties as the original'],
        ['replace.body#optional', 'every field optional'],
        'replace.omitted',
      ],
    ],
    [
      'CARD-REPLACE-APPLIES-CHANGES',
      'States / Card; Endpoints / Cards / replace',
      'The replacement has the properties supplied in the request (cardTypeId, purchaseCategoryId, additionalEmbossing, driverName, vehicleRegNumber, cardGroupId).',
      [
        ['states.card.replace#except-supplied', 'except those supplied in the request'],
        ['replace.body#applies', 'the fields supplied'],
      ],
    ],
    [
      'CARD-REPLACE-IDS-FROM-MASTER',
      'Endpoints / Cards / replace; What the service does',
      'replace\'s cardTypeId, purchaseCategoryId and cardGroupId name master data, as the same fields of a card order item do ("master (reference) data whose identifiers are needed by card operations"): one that the caller\'s master data does not hold is refused, and the card is not replaced.',
      [
        'scope.master-data',
        'master.per-top-level',
        ['replace.body#card-type-from-master', 'cardTypeId: a card type of the master data'],
        ['replace.body#purchase-category-from-master', 'purchaseCategoryId: a purchase category of the master data'],
        ['replace.body#card-group-from-master', 'cardGroupId: a card group of the master data'],
      ],
      'derived',
    ],
  ]),
  ...family('card-order', [
    [
      'CARD-ORDER-202',
      'Endpoints / Order cards',
      '202: operation status plus orderReference. The process is asynchronous.',
      [
        ['scope.card-operations#order', 'order cards'],
        ['states.card.order#accepted', 'order accepted asynchronously'],
        ['order.202#202', '202: operation status plus orderReference'],
      ],
    ],
    [
      'CARD-ORDER-REFERENCE',
      'Endpoints / Order cards',
      'orderReference (string, always present).',
      [
        'opstatus.object',
        ['opstatus.added-fields#ordering', 'card ordering add fields to it'],
        ['states.card.order#reference', 'an order reference is returned'],
        ['order.202#reference', 'orderReference (string, always present)'],
      ],
    ],
    [
      'CARD-ORDER-REQUIRED-FIELDS',
      'Endpoints / Order cards',
      'Body: customerAccountNumber (string, required); cards (array of card order items, required).',
      [
        ['order.body#customer', 'customerAccountNumber (string, required)'],
        ['order.body#cards', 'cards (array of card order items, required)'],
      ],
    ],
    [
      'CARD-ORDER-ERRORS-ARRAY',
      'Endpoints / Order cards; Errors',
      '400: an array of error objects (one per problem), not a single object.',
      [
        ['order.400#array', 'an array of error objects, not a single object'],
        ['order.400#one-per-problem', 'one per problem'],
        ['errors.400#array', 'array of them for card order'],
      ],
    ],
    [
      'CARD-ORDER-ER002',
      'Errors / Codes that appear',
      'ER-002: missing required field (400, in the card order error array).',
      ['errors.er-002'],
    ],
    [
      'CARD-ORDER-IDS-FROM-MASTER',
      'Endpoints / Order cards; Resources / Card order item',
      "Identifiers used in the request come from master data: an order whose item names a cardTypeId, cardCategoryId, cardGroupId, purchaseCategoryId, fuelProductRestrictionId or products[].productId that the caller's master data does not hold is refused.",
      [
        'scope.master-data#needed-by-cards',
        'master.per-top-level',
        ['order.master-ids#cardTypeId', 'cardTypeId: from master data cardType'],
        ['order.master-ids#cardCategoryId', 'cardCategoryId: from master data cardCategory'],
        ['order.master-ids#cardGroupId', 'cardGroupId: from master data cardGroup'],
        ['order.master-ids#purchaseCategoryId', 'purchaseCategoryId: from master data purchaseCategory'],
        [
          'order.master-ids#fuelProductRestrictionId',
          'fuelProductRestrictionId: from master data fuelProductRestriction',
        ],
        ['order.master-ids#productId', 'products[].productId: from master data product'],
      ],
    ],
    [
      'CARD-ORDER-EACH-ITEM',
      'Endpoints / Order cards; Resources / Card order item',
      "Each card of an order is made of its own card order item: it shows that item's card type (cardTypeId), purchase category (purchaseCategoryId), fuelProductRestrictionId, products, driverName, vehicleRegNumber, additionalEmbossing, delivery address (cardAddress, companyName included) and cardContact, as they were sent.",
      [],
      'derived',
    ],
  ]),
  ...family('master-data', [
    [
      'MASTER-TEN-ARRAYS',
      'Resources / Master data',
      'An object with ten arrays: cardCategory, cardGroup, cardType, country, fuelProductRestriction, product, purchaseCategory, reason, region, status.',
      [['scope.master-data#read', 'Read master (reference) data'], 'master.ten-arrays', 'master.no-parameters'],
    ],
    [
      'MASTER-SHAPE',
      'Resources / Master data',
      'Element fields of the ten arrays with their types: each element shows its documented fields (at least one of them).',
      ['resources.case-sensitive', 'resources.json-types', 'master.no-parameters'],
    ],
    [
      'MASTER-LINK-REASON-CARDTYPE',
      'Resources / Master data',
      'reason: id, description, cardTypeId — cardTypeId names a cardType of the master data.',
      [],
      'derived',
    ],
    [
      'MASTER-LINK-GROUP-CARDTYPE',
      'Resources / Master data',
      'cardGroup: id, name, cardTypeId — cardTypeId names a cardType of the master data.',
      [],
      'derived',
    ],
    [
      'MASTER-LINK-CARDTYPE-PURCHASECATEGORY',
      'Resources / Master data',
      'cardType.defaultPurchaseCategoryId names a purchaseCategory of the master data.',
      [],
      'derived',
    ],
    [
      'MASTER-LINK-PURCHASECATEGORY-RESTRICTION',
      'Resources / Master data',
      'purchaseCategory.productRestrictionId names a fuelProductRestriction of the master data.',
      [],
      'derived',
    ],
    [
      'MASTER-IDS-ON-CARDS',
      'Resources / Master data; Card',
      "The ids of cardType and status are what cardTypeIdentifiers and statusIdentifiers carry, and the data depends on the top-level customer of the caller: card statuses and card types seen on a client's cards exist in that client's own master data, and so do the products, restrictions and purchase categories of the cards the run orders or replaces.",
      ['master.per-top-level', 'master.search-ids#card-types', 'master.search-ids#statuses'],
      'derived',
    ],
  ]),
  ...family('locations', [
    [
      'GEO-LOCATION-SHAPE',
      'Resources / Location',
      'Location fields and types: coordinates as decimal degrees in text, postal_code integer, last_updated timestamp (ISO 8601, UTC), evses, operator, opening_times, directions.',
      ['resources.json-types', ['geo.200#locations', 'locations (array of Location)']],
    ],
    [
      'GEO-EVSE-SHAPE',
      'Resources / Location / Evse',
      'Evse: uid, evse_id, physical_reference, status (strings), connectors (array of objects), capabilities (array of strings), last_updated timestamp.',
      ['location.evse'],
    ],
    [
      'GEO-OPENING-TIMES-SHAPE',
      'Resources / Location / opening_times',
      'twentyfourseven boolean; regular_hours {weekday integer, period_begin HH:MM, period_end HH:MM}; exceptional_openings/closings {period_begin, period_end timestamps}.',
      ['location.opening-times'],
    ],
    [
      'GEO-AGGREGATE-SHAPE',
      'Resources / Location / Aggregate',
      'Aggregate: coordinates and count (integer).',
      [
        ['location.aggregate#fields', 'coordinates (as above) and count (integer)'],
        ['geo.200#aggregates', 'aggregates (array of Aggregate)'],
      ],
    ],
    [
      'GEO-INSIDE-RECTANGLE',
      'Endpoints / Locations',
      'Searches charging locations inside a rectangle defined by two diagonal points: every location found lies inside it, and none inside it is left out while the count allows, wherever the rectangle lies (either side of the equator and of Greenwich, across either zero line).',
      [
        'scope.locations',
        ['geo.rectangle#inside', 'charging locations inside a rectangle: none outside it'],
        [
          'geo.rectangle#complete',
          'searches charging locations inside a rectangle: none inside it left out while the count allows, on either side of longitude 0 and latitude 0',
        ],
        [
          'geo.top#edge',
          'latitude of top edge, decimal degrees: the edge where its degrees put it, south of the equator too',
        ],
        'geo.bottom',
        ['geo.left#edge', 'longitude of left edge: the edge where its degrees put it, west of Greenwich too'],
        'geo.right',
      ],
    ],
    [
      'GEO-MAX-300',
      'Endpoints / Locations; Limits',
      'At most 300 locations are returned.',
      ['geo.max-300', 'limits.geosearch-result-count'],
    ],
    [
      'GEO-COUNT-HONOURED',
      'Endpoints / Locations',
      'A result count parameter limits the locations returned.',
      [['geo.count#count', 'A result count']],
    ],
    [
      'GEO-COUNT-MAX-300',
      'Endpoints / Locations; Limits',
      'Result count: maximum 300 (whether a count above it is refused or capped: not shown).',
      [['geo.count#maximum', 'maximum 300'], 'limits.geosearch-result-count'],
    ],
    [
      'GEO-LAT-BOUNDS',
      'Endpoints / Locations; Limits',
      'topLatitude, bottomLatitude: -90 to 90.',
      [['geo.top#bounds', '-90 to 90'], 'geo.bottom', ['limits.geosearch-latitude-longitude#latitude', '-90 to 90']],
    ],
    [
      'GEO-LON-BOUNDS',
      'Endpoints / Locations; Limits',
      'leftLongitude, rightLongitude: -180 to 180.',
      [
        ['geo.left#bounds', '-180 to 180'],
        'geo.right',
        ['limits.geosearch-latitude-longitude#longitude', '-180 to 180'],
      ],
    ],
    [
      'GEO-TOP-GT-BOTTOM',
      'Endpoints / Locations',
      'topLatitude must be greater than bottomLatitude.',
      [['geo.top#above', 'must be greater than bottomLatitude']],
    ],
    [
      'GEO-LEFT-LT-RIGHT',
      'Endpoints / Locations',
      'leftLongitude must be less than rightLongitude.',
      [['geo.left#below', 'must be less than rightLongitude']],
    ],
    [
      'GEO-PRECISION-2-9',
      'Endpoints / Locations; Limits',
      'Grid precision: integer 2 to 9 (whether a precision outside is refused or capped: not shown).',
      [['geo.precision#range', 'integer 2 to 9'], 'limits.geosearch-aggregation-precision'],
    ],
    [
      'GEO-PRECISION-FINER',
      'Endpoints / Locations',
      'Grid precision: a larger value gives smaller grid cells; the same locations fall into at least as many aggregates at precision 9 as at precision 2.',
      [['geo.precision#finer', 'larger value gives smaller grid cells']],
      'derived',
    ],
    [
      'GEO-LANGUAGE-SUPPORTED',
      'Endpoints / Locations',
      'Language: two-letter code; supported: en, bg, cy, de, es, fi, fr, hu, is, it, lt, nb, nl, pl, pt, ro, sv.',
      ['geo.language'],
    ],
    [
      'GEO-AGGREGATE-ON',
      'Endpoints / Locations; Resources / Aggregate',
      'When the aggregation switch is true, results are aggregated: aggregates are returned instead of individual locations.',
      [
        ['location.aggregate#instead', 'returned instead of individual locations when aggregation is on'],
        ['geo.aggregation#aggregated', 'when true, results are aggregated'],
      ],
    ],
    [
      'GEO-AGGREGATE-COUNTS',
      'Resources / Aggregate',
      "Aggregate count: the number of locations the aggregate stands for; the counts add up to at least the locations the same search finds (whether a grid cell is cut at the rectangle's edges: not shown).",
      [['geo.aggregation#counts', 'the aggregates count the locations they stand for']],
      'derived',
    ],
    [
      'GEO-COUNT-IGNORED-AGGREGATED',
      'Endpoints / Locations',
      'The result count is ignored when aggregation is on.',
      [['geo.count#ignored', 'ignored when aggregation is on']],
    ],
    [
      'GEO-FILTER-CONNECTOR',
      'Endpoints / Locations',
      'filters.connectorStandards (array of string): the locations found have a connector of one of those standards (which connector field holds the standard: not shown).',
      [['geo.body#connector', 'connectorStandards']],
      'derived',
    ],
    [
      'GEO-FILTER-CAPABILITY',
      'Endpoints / Locations',
      'filters.capabilities (array of string): the locations found offer those capabilities (how the filters combine: not shown).',
      ['location.capabilities', ['geo.body#capabilities', 'capabilities']],
      'derived',
    ],
    [
      'GEO-AVAILABLE-ONLY',
      'Endpoints / Locations',
      'options.includeAvailableOnly (boolean): the locations found have an available EVSE (the Evse status values: not shown).',
      [['geo.body#available', 'includeAvailableOnly']],
      'derived',
    ],
    [
      'GEO-ERROR-400-BODY',
      'Endpoints / Locations',
      '400: {message: string, details: array of string}.',
      ['geo.400', ['errors.message-body#geosearch', 'Geosearch']],
    ],
  ]),
  ...family('sessions', [
    [
      'SESSION-SHAPE',
      'Resources / Charging session',
      'Charging session fields and types: charger, duration (ISO 8601 duration), energy {unit, value}, price (Price), receiptAvailable, site, startTime (timestamp, UTC), transactions (Transaction).',
      ['resources.json-types', 'session.transaction', 'session.200'],
    ],
    [
      'SESSION-STATUS-ENUM',
      'Resources / Charging session; States',
      'sessionStatus: CREATED, WAITING_TO_START, STARTED, WAITING_TO_STOP, STOPPED, COMPLETE, FAILED, UNKNOWN, STOP_FAILED.',
      ['states.session.status'],
    ],
    [
      'SESSION-BALANCE-STATUS-ENUM',
      'Resources / Charging session; States',
      'balanceStatus: PROCESSING, PAID, DEBT, REFUND.',
      ['states.session.balance'],
    ],
    [
      'SESSION-BALANCE-AMOUNT',
      'Resources / Charging session',
      'balanceAmountMinor: a long integer as text; the remaining amount to pay in minor currency units as a negative number; 0 means fully paid; not relevant for external clearing.',
      [],
    ],
    [
      'SESSION-STARTED-ONLY-FIELDS',
      'Resources / Charging session',
      'chargingKeyType and connectorId: present only after the session has started.',
      [],
    ],
    [
      'SESSION-KEY-TYPE-VALUES',
      'Resources / Charging session',
      'chargingKeyType: tag, card, virtual or plug_and_charge.',
      [],
    ],
    [
      'SESSION-PAYMENT-METHOD-EARLIEST',
      'Resources / Charging session; Versioning',
      'paymentMethod (deprecated) holds the payment method of the transaction with the earliest time; the value formerly WRITE_OFF is named NONE in the replacement, where transactions[].paymentOutcome=WRITE_OFF expresses it.',
      ['versioning.deprecation'],
    ],
    [
      'SESSION-PAYMENT-METHOD-ENUM',
      'Resources / Charging session',
      'paymentMethod: CREDIT_CARD, EXTERNAL, PREPAID, WRITE_OFF.',
      ['versioning.deprecation'],
    ],
    [
      'SESSION-PRICE-SHAPE',
      'Resources / Charging session / Price',
      'Price: currencyCode string; minorExclVat integer; minorInclVat integer; vat string (decimal percentage).',
      ['session.price', 'session.transaction'],
    ],
    [
      'SESSION-UNKNOWN-404',
      'Endpoints / Sessions',
      '404: {message: string}.',
      [
        ['session.path#unknown', 'an unknown sessionId: 404'],
        [
          'session.path#near-miss',
          'a value near a sessionId (another case, a character changed, a prefix, trailing characters, blanks around it) is not that session',
        ],
        'session.404',
        'errors.message-body#sessions',
      ],
    ],
    [
      'SESSION-GET',
      'Endpoints / Sessions; Resources / Charging session',
      'GET /sessions/{sessionId}, 200: Charging session; sessionId is the unique id of the session: the session answered is the one asked for.',
      ['scope.sessions', ['session.path#session', 'the session asked for'], 'session.200'],
    ],
  ]),
  ...family('robustness', [
    [
      'ROBUST-NO-5XX-ON-BAD-INPUT',
      'Errors',
      'Invalid requests are refused as bad requests (4xx); a 500 means an unexpected server condition, never a reaction to client input.',
      [['get-card.path#integer', 'cardIdentifier (integer): anything else is refused, never a 5xx'], 'errors.500'],
      'policy',
    ],
  ]),
  ...family('suite', [
    [
      'SUITE-CLEANUP',
      'Suite policy (clean-up)',
      'Everything the suite creates carries the run prefix and is closed or cancelled at teardown: after a run, no open sub-customer created by that run remains.',
      [],
      'policy',
    ],
  ]),
  ...family('latency', [
    [
      'LAT-LIST-CUSTOMERS',
      'Limits / latency targets',
      'list customers: p50 450 ms, p99 1200 ms.',
      ['limits.latency', 'latency.list-customers'],
    ],
    [
      'LAT-GET-CUSTOMER',
      'Limits / latency targets',
      'get customer: p50 170 ms, p99 600 ms.',
      ['limits.latency', 'latency.get-customer'],
    ],
    [
      'LAT-CREATE-SUBCUSTOMER',
      'Limits / latency targets',
      'create sub-customer: p50 250 ms, p99 800 ms.',
      ['limits.latency', 'latency.create-sub-customer'],
    ],
    [
      'LAT-UPDATE-CUSTOMER',
      'Limits / latency targets',
      'update customer details: p50 1100 ms, p99 1900 ms.',
      ['limits.latency', 'latency.update-customer-details'],
    ],
    [
      'LAT-CUSTOMER-CARD-TYPES',
      'Limits / latency targets',
      'customer card types: p50 160 ms, p99 500 ms.',
      ['limits.latency', 'latency.customer-card-types'],
    ],
    [
      'LAT-BLOCK-CUSTOMER',
      'Limits / latency targets',
      'customer block: p50 1200 ms, p99 1800 ms.',
      ['limits.latency', 'latency.customer-block'],
    ],
    [
      'LAT-UNBLOCK-CUSTOMER',
      'Limits / latency targets',
      'customer unblock: p50 900 ms, p99 1800 ms.',
      ['limits.latency', 'latency.customer-unblock'],
    ],
    [
      'LAT-CLOSE-CUSTOMER',
      'Limits / latency targets',
      'customer close: p50 1200 ms, p99 1800 ms.',
      ['limits.latency', 'latency.customer-close'],
    ],
    [
      'LAT-ORDER-CARDS',
      'Limits / latency targets',
      'order cards: p50 300 ms, p99 900 ms.',
      ['limits.latency', 'latency.order-cards'],
    ],
    [
      'LAT-GET-CARD',
      'Limits / latency targets',
      'get card: p50 170 ms, p99 600 ms.',
      ['limits.latency', 'latency.get-card'],
    ],
    [
      'LAT-SEARCH-CARDS',
      'Limits / latency targets',
      'search cards: p50 220 ms, p99 1900 ms.',
      ['limits.latency', 'latency.search-cards'],
    ],
    [
      'LAT-BLOCK-CARD',
      'Limits / latency targets',
      'card block: p50 500 ms, p99 2000 ms.',
      ['limits.latency', 'latency.card-block'],
    ],
    [
      'LAT-UNBLOCK-CARD',
      'Limits / latency targets',
      'card unblock: p50 900 ms, p99 2100 ms.',
      ['limits.latency', 'latency.card-unblock'],
    ],
    [
      'LAT-CANCEL-CARD',
      'Limits / latency targets',
      'card cancel: p50 900 ms, p99 2500 ms.',
      ['limits.latency', 'latency.card-cancel'],
    ],
    [
      'LAT-REPLACE-CARD',
      'Limits / latency targets',
      'card replace: p50 1200 ms, p99 2200 ms.',
      ['limits.latency', 'latency.card-replace'],
    ],
    [
      'LAT-REPRINT-PIN',
      'Limits / latency targets',
      'PIN reprint: p50 1000 ms, p99 1500 ms.',
      ['limits.latency', 'latency.pin-reprint'],
    ],
    [
      'LAT-MASTER-DATA',
      'Limits / latency targets',
      'master data: p50 950 ms, p99 1300 ms.',
      ['limits.latency', 'latency.master-data'],
    ],
  ]),
] as const;

/** A rule's id: a typo in a `forRule`, a fault's rule or an entry of the register does not compile. */
export type RuleId = (typeof catalogue)[number]['id'];

export type Rule = RuleOf<RuleId>;

export const ruleList: readonly Rule[] = catalogue;

export const rules: ReadonlyMap<string, Rule> = new Map(ruleList.map((r) => [r.id, r]));

/** Throws on an id the catalogue does not hold, so that a typo cannot hide a rule. */
export function ruleById(id: string): Rule {
  const rule = rules.get(id);
  if (!rule) throw new Error(`unknown rule id "${id}" (see lib/rules/catalogue.ts)`);
  return rule;
}
