/**
 * SANDBOX_FAULTS=id,id: deliberate breakages, each of exactly one stated rule of the document,
 * so that the suite can be shown to catch them (npm run selftest:faults). The table is the
 * single registry: id → the rule id (lib/rules/catalogue.ts) it breaks, and what it does.
 * proof/tests/sandbox/faults.test.ts proves that each core fault changes the behaviour it claims.
 */
import { Switches } from './switches.js';

export interface FaultDefinition {
  /** Rule id of lib/rules/catalogue.ts that this fault breaks. */
  rule: string;
  /**
   * What of the document it breaks, so that its catch proves the suite detects that: statement keys
   * of lib/rules/document.ts (`order.400`, a clause `order.400#one-per-problem`) that cite `rule`,
   * or fields of its resource tables (`field:Card.orderDate`). proof/tests/unit/statement-proofs.test.ts
   * keeps every key known and every statement that cites a rule proven.
   */
  proves: readonly string[];
  description: string;
  /** Sandbox settings the fault needs to show within a run (e.g. short-lived tokens); the fault self-test sets them. */
  env?: Record<string, string>;
  /** Suite settings under which the suite catches it (a stricter reading: FLEET_STRICT). */
  suite?: Record<string, string>;
  /** Rules the fault breaks too, by the document's own logic; the self-test allows them red beside `rule`. */
  companions?: string[];
  /** The operation the fault makes unavailable: the self-test expects it said so (exit 4), with nothing red. */
  unavailable?: string;
}

export const faultCatalogue = {
  // ---- Transport, errors, authentication ----
  'response-content-type-text-plain': {
    rule: 'HTTP-JSON-CONTENT-TYPE',
    proves: ['intro.json'],
    description: 'JSON bodies of the customer, card and master-data operations are sent with Content-Type text/plain',
  },
  'content-type-text-plain-everywhere': {
    rule: 'HTTP-JSON-CONTENT-TYPE',
    proves: ['scope.https-json', 'intro.json'],
    description: "every JSON answer of every operation, the token's included, is sent with Content-Type text/plain",
  },
  'error-code-renamed': {
    rule: 'ERR-STANDARD-BODY',
    proves: ['errors.standard-body'],
    description: 'the standard error body names its code `code` instead of `errorCode` (card order errors too)',
  },
  'card-types-500': {
    rule: 'HTTP-STATUS-DOCUMENTED',
    proves: ['card-types.200'],
    description: 'GET /customers/{customerAccountNumber}/cardTypes answers 500 ER-012 to a valid request',
  },
  'opstatus-empty-body': {
    rule: 'OPSTATUS-OBJECT',
    proves: ['customer-status.200', 'opstatus.object', 'opstatus.empty'],
    description: 'customer block answers 200 with an empty body instead of the empty object {}',
  },
  'error-body-message-style': {
    rule: 'ERR-STANDARD-BODY',
    proves: ['errors.400#standard', 'endpoints.standard-errors'],
    description:
      'a 400 of a customer or card operation has the body {message} instead of {errorCode, errorDescription}',
  },
  'error-code-er001-on-404': {
    rule: 'ERR-CODE-STATUS',
    proves: ['errors.er-001'],
    description:
      'an unknown customer or card answers 404 with errorCode ER-001, the code of invalid request parameters (400)',
  },
  'card-unknown-400': {
    rule: 'ERR-NOT-FOUND-404',
    proves: ['get-card.path#unknown', 'errors.404'],
    description: 'an unknown cardIdentifier answers 400 ER-001 instead of 404',
  },
  'card-bad-id-500': {
    rule: 'ROBUST-NO-5XX-ON-BAD-INPUT',
    proves: ['get-card.path#integer', 'errors.500'],
    description: 'a non-integer cardIdentifier in the path answers 500 ER-012 instead of 400',
  },
  'auth-token-json-only': {
    rule: 'AUTH-TOKEN-CLIENT-CREDENTIALS',
    proves: ['auth.token-request', 'auth.client-credentials#client-credentials'],
    description: 'the token endpoint refuses the form-encoded request (400 invalid_request); it only takes JSON',
  },
  'auth-wrong-secret-accepted': {
    rule: 'AUTH-TOKEN-WRONG-SECRET',
    proves: ['auth.client-credentials#client-credentials'],
    description: 'the token endpoint issues a token for a known client_id whatever the client_secret',
  },
  'auth-missing-token-accepted': {
    rule: 'AUTH-BEARER-REQUIRED',
    proves: ['auth.401-403#missing', 'auth.client-credentials#bearer', 'endpoints.bearer'],
    description: 'a request without Authorization header is served as the main client',
  },
  'auth-flipped-token-accepted': {
    rule: 'AUTH-INVALID-TOKEN-401',
    proves: ['auth.401-403#invalid', 'errors.401'],
    description: 'a token differing from an issued one in a single character is accepted',
  },
  'auth-expired-token-accepted': {
    rule: 'AUTH-INVALID-TOKEN-401',
    proves: ['auth.401-403#invalid'],
    description: 'tokens never expire (SANDBOX_TOKEN_TTL is ignored by the bearer check)',
    env: { SANDBOX_TOKEN_TTL: '2' },
  },
  'customer-unknown-400': {
    rule: 'ERR-NOT-FOUND-404',
    proves: ['get-customer.path#unknown', 'errors.404'],
    description: 'an unknown customerAccountNumber answers 400 ER-001 instead of 404',
  },
  'customer-foreign-200': {
    rule: 'CUST-FOREIGN-403',
    proves: ['get-customer.path#foreign', 'auth.401-403#forbidden'],
    companions: ['AUTH-FORBIDDEN-403', 'AUTH-FOREIGN-NOT-LISTED'],
    description:
      'customers of another hierarchy are served (200) instead of 403 (as list and card search filters too, which then show their customers and cards)',
  },
  'card-foreign-200': {
    rule: 'CARD-FOREIGN-403',
    proves: ['get-card.path#foreign', 'auth.401-403#forbidden'],
    companions: ['AUTH-FORBIDDEN-403'],
    description: 'cards of another hierarchy are served (200) instead of 403',
  },
  'customer-foreign-sub-writable': {
    rule: 'CUST-FOREIGN-403',
    proves: ['auth.401-403#forbidden'],
    companions: ['AUTH-FORBIDDEN-403'],
    description:
      'block, unblock and close of a sub-customer of another hierarchy are served (its top-level account, and every other operation on it, still answer 403)',
  },
  'customer-foreign-update-applied': {
    rule: 'CUST-FOREIGN-403',
    proves: ['auth.401-403#forbidden'],
    companions: ['AUTH-FORBIDDEN-403'],
    description:
      'updateDetail of a sub-customer of another hierarchy is served and applied (every other operation on it still answers 403)',
  },
  'customer-foreign-card-types-readable': {
    rule: 'CUST-FOREIGN-403',
    proves: ['auth.401-403#forbidden'],
    companions: ['AUTH-FORBIDDEN-403'],
    description:
      'GET /customers/{customerAccountNumber}/cardTypes of a customer of another hierarchy answers 200 with its card types (GET of the customer still answers 403)',
  },
  'card-foreign-writable': {
    rule: 'CARD-FOREIGN-403',
    proves: ['auth.401-403#forbidden'],
    companions: ['AUTH-FORBIDDEN-403'],
    description:
      'block, unblock, reprintPIN, replace and cancel of a card of another hierarchy are served (GET of it still answers 403)',
  },
  'card-foreign-sub-writable': {
    rule: 'CARD-FOREIGN-403',
    proves: ['auth.401-403#forbidden'],
    companions: ['AUTH-FORBIDDEN-403'],
    description:
      "block, unblock, reprintPIN, replace and cancel of a card of a sub-customer directly under another hierarchy's top-level account are served (cards of its top-level account and of deeper customers, and GET of every one, still answer 403)",
  },
  'customer-foreign-depth-2-writable': {
    rule: 'CUST-FOREIGN-403',
    proves: ['auth.401-403#forbidden'],
    companions: ['AUTH-FORBIDDEN-403'],
    description:
      "updateDetail, block, unblock and close of a customer two levels below another hierarchy's top-level account are served (its shallower customers, and every other operation on it, still answer 403)",
  },
  'card-search-foreign-card-number': {
    rule: 'AUTH-FOREIGN-NOT-LISTED',
    proves: ['auth.401-403#forbidden'],
    description:
      "a card search by filter.primaryVisualCardNumber (a whole number, without customerAccountNumber) finds the card in every hierarchy, another client's too",
  },

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
  },
  'customer-status-text-uppercase': {
    rule: 'CUST-STATUS-ACTIVE-1',
    proves: ['states.customer.status#active'],
    description: 'an active customer shows status "ACTIVE" instead of "Active"',
  },
  'customer-address-company-name': {
    rule: 'ADDRESS-COMPANYNAME-CARD-ONLY',
    proves: ['field:Address.companyName'],
    description:
      "customerAddress shows companyName (the customer's name), a field of card delivery/order addresses only",
  },
  'customer-zip-code-number': {
    rule: 'ADDRESS-SHAPE',
    proves: ['field:Address.zipCode'],
    description: 'customerAddress.zipCode is sent as a number when it is all digits',
  },
  'customer-contact-mobile-phone-number': {
    rule: 'CONTACT-SHAPE',
    proves: ['field:Contact.mobilePhone'],
    description: 'customerContact.mobilePhone is sent as a number (its digits) instead of a string',
  },
  'contact-email-unchecked': {
    rule: 'CONTACT-EMAIL-FORMAT',
    proves: ['field:Contact.emailAddress'],
    description: 'an emailAddress that is not an e-mail address is accepted on create and update',
  },
  'customer-name-311-accepted': {
    rule: 'CUST-NAME-MAX-310',
    proves: ['create.body#name-max-310', 'limits.customername'],
    description: 'customerName of 311 characters is accepted on create',
  },
  'customer-business-reference-21-accepted': {
    rule: 'CUST-BUSREF-MAX-20',
    proves: ['create.business-reference#max-20', 'limits.customerbusinessreference'],
    description: 'customerBusinessReference of 21 characters is accepted on create',
  },
  'customer-update-name-311-accepted': {
    rule: 'CUST-NAME-MAX-310',
    proves: ['update.body#name-max-310', 'limits.customername'],
    description: 'customerName of 311 characters is accepted on updateDetail',
  },
  'customer-update-business-reference-21-accepted': {
    rule: 'CUST-BUSREF-MAX-20',
    proves: ['update.body#business-reference-max-20', 'limits.customerbusinessreference'],
    description: 'customerBusinessReference of 21 characters is accepted on updateDetail',
  },
  'customer-name-optional': {
    rule: 'CUST-CREATE-REQUIRED-FIELDS',
    proves: ['create.body#name-required'],
    description: 'create accepts a body without customerName (the name defaults to the account number)',
  },
  'customer-business-reference-required': {
    rule: 'CUST-CREATE-BUSREF-OPTIONAL',
    proves: ['create.business-reference#optional'],
    description: 'create refuses a body without customerBusinessReference (400 ER-001)',
  },
  'customer-address-incomplete-accepted': {
    rule: 'ADDR-COMPLETE-CREATE',
    proves: ['create.body#address-complete', 'address.complete#create'],
    description: 'create accepts a customerAddress with fields missing',
  },
  'customer-update-address-incomplete-accepted': {
    rule: 'ADDR-COMPLETE-UPDATE',
    proves: ['update.body#address-complete', 'address.complete#update'],
    description: 'updateDetail accepts a customerAddress with fields missing',
  },
  'customer-create-number-missing': {
    rule: 'CUST-CREATE-RETURNS-NUMBER',
    proves: ['create.200', 'opstatus.added-fields#creation', 'scope.customer-operations#created'],
    description: 'create answers {} without the new customerAccountNumber',
  },
  'customer-create-default-parent-wrong': {
    rule: 'CUST-CREATE-UNDER-TOPLEVEL',
    proves: ['create.parent#omitted', 'scope.hierarchy'],
    description: 'create without customerAccountNumber puts the sub-customer under the first depth-1 customer',
  },
  'customer-create-parent-ignored': {
    rule: 'CUST-CREATE-UNDER-PARENT',
    proves: ['create.parent#parent'],
    description: 'create ignores the supplied parent customerAccountNumber and creates under the top-level',
  },
  'customer-address-not-main': {
    rule: 'CUST-CREATE-MAIN-ADDRESS-CONTACT',
    proves: ['create.main', 'get-customer.200#main'],
    description: "the address and contact supplied on create are not the MAIN ones: GET shows the parent's",
  },
  'customer-depth-3-accepted': {
    rule: 'CUST-DEPTH-MAX-2',
    proves: ['create.depth', 'limits.sub-customer-depth'],
    description: 'a sub-customer can be created three levels below the top-level',
  },
  'customer-update-not-applied': {
    rule: 'CUST-UPDATE-APPLIES',
    proves: ['update.main', 'scope.customer-operations#updated'],
    description: 'updateDetail answers 200 {} but changes nothing',
  },
  'customer-count-of-sub-accounts-stale': {
    rule: 'CUST-COUNT-SUBACCOUNTS',
    proves: ['field:Customer.countOfSubAccounts'],
    description: 'countOfSubAccounts ignores sub-customers created through the interface',
  },
  'customer-count-all-descendants': {
    rule: 'CUST-COUNT-SUBACCOUNTS',
    proves: ['field:Customer.countOfSubAccounts'],
    description:
      'countOfSubAccounts counts every descendant (sub-accounts of sub-accounts too), not the direct sub-accounts',
  },
  'customer-parent-number-wrong': {
    rule: 'CUST-PARENT-FIELDS',
    proves: ['field:Customer.parentCustomerAccountNumber'],
    description: 'parentCustomerAccountNumber always shows the top-level account, also at depth 2',
  },
  'customer-card-types-isev-string': {
    rule: 'CUST-CARDTYPES-SHAPE',
    proves: ['card-types.200'],
    description: 'isEV of a customer\'s card types is sent as a string ("true"/"false")',
  },
  'customer-card-types-description-absent': {
    rule: 'CUST-CARDTYPES-SHAPE',
    proves: ['field:Card type.cardTypeDescription'],
    suite: { FLEET_STRICT: 'ASSUME-FIELD-PRESENCE' },
    description:
      "a customer's card types leave out cardTypeDescription (conforming by default: caught under the strict reading of ASSUME-FIELD-PRESENCE)",
  },
  'customer-card-types-renamed': {
    rule: 'CUST-CARDTYPES-SHAPE',
    proves: ['card-types.200'],
    description:
      "a customer's card types answer other field names (the master data's id, name, description): none of the documented fields",
  },

  // ---- Customer list ----
  'customer-list-includes-top-level': {
    rule: 'CUST-LIST-NO-TOPLEVEL',
    proves: ['list.omitted#no-top-level', 'scope.hierarchy', 'auth.beyond-hierarchy'],
    description: 'the list includes the top-level account itself',
  },
  'customer-list-only-direct': {
    rule: 'CUST-LIST-ALL-DESCENDANTS',
    proves: ['list.omitted#descendants', 'scope.customer-operations#listed'],
    description: 'without customerAccountNumber only the depth-1 sub-customers are listed',
  },
  'customer-list-all-descendants': {
    rule: 'CUST-LIST-DIRECT-ONLY',
    proves: ['list.customer#direct-only'],
    description: 'customerAccountNumber lists every descendant of that account, not only its direct sub-accounts',
  },
  'customer-search-ignores-number': {
    rule: 'CUST-LIST-SEARCH-NUMBER',
    proves: ['list.search-text#number'],
    description: 'searchText does not match customerAccountNumber',
  },
  'customer-search-ignores-name': {
    rule: 'CUST-LIST-SEARCH-NAME',
    proves: ['list.search-text#name'],
    description: 'searchText does not match customerName',
  },
  'customer-search-ignores-business-reference': {
    rule: 'CUST-LIST-SEARCH-BUSREF',
    proves: ['list.search-text#business-reference'],
    description: 'searchText does not match customerBusinessReference',
  },
  'customer-search-case-sensitive': {
    rule: 'CUST-LIST-SEARCH-CASE',
    proves: ['list.search-text#case'],
    description: 'searchText matches case-sensitively',
  },
  'customer-list-filters-not-combined': {
    rule: 'CUST-LIST-FILTERS-COMBINE',
    proves: ['list.combined'],
    description: 'with customerAccountNumber given, searchText is ignored',
  },
  'customer-list-default-limit-20': {
    rule: 'CUST-LIST-LIMIT-DEFAULT-50',
    proves: ['list.limit#default', 'limits.customer-list-limit'],
    description: 'without limit a page holds 20 customers instead of 50',
  },
  'customer-list-limit-ignored': {
    rule: 'CUST-LIST-LIMIT-HONOURED',
    proves: ['list.limit#limit', 'customer.list-page#limit'],
    companions: ['CUST-LIST-LIMIT-DEFAULT-50'],
    description: 'limit is ignored: a page holds up to the maximum page size (200)',
  },
  'customer-list-page-overlap': {
    rule: 'CUST-LIST-CURSOR',
    proves: ['list.cursor#every-customer-once'],
    description: 'each next page repeats the last customer of the previous page',
  },
  'customer-list-page-gap': {
    rule: 'CUST-LIST-CURSOR',
    proves: ['list.cursor#every-customer-once', 'customer.list-page#cursor'],
    description: 'each next page skips the first customer that should be on it',
  },

  // ---- Customer lifecycle ----
  'customer-block-not-applied': {
    rule: 'CUST-BLOCK',
    proves: ['states.customer.block', 'customer-status.meaning#block', 'scope.customer-operations#blocked'],
    description: 'block answers 200 {} but the customer stays Active',
  },
  'customer-unblock-active-accepted': {
    rule: 'CUST-UNBLOCK-ONLY-BLOCKED',
    proves: ['states.customer.unblock#condition'],
    suite: { FLEET_STRICT: 'ASSUME-UNMET-CONDITION' },
    description: 'unblock of an Active (never blocked) customer answers 200 (a no-op: caught under the strict reading)',
  },
  'customer-unblock-open-changes-status': {
    rule: 'CUST-UNBLOCK-ONLY-BLOCKED',
    proves: ['states.customer.unblock#condition'],
    description: 'unblock of a never-blocked customer answers 200 and leaves it Blocked',
  },
  'customer-unblock-not-applied': {
    rule: 'CUST-UNBLOCK-REACTIVATES',
    proves: [
      'states.customer.unblock#reactivated',
      'customer-status.meaning#unblock',
      'scope.customer-operations#unblocked',
    ],
    description: 'unblock answers 200 {} but the customer stays Blocked',
  },
  'customer-block-after-close-accepted': {
    rule: 'CUST-CLOSE-PERMANENT',
    proves: ['states.customer.close', 'customer-status.meaning#close', 'scope.customer-operations#closed'],
    description: 'a closed customer can be blocked (200, status Blocked)',
  },
  'customer-notes-201-accepted': {
    rule: 'CUST-NOTES-MAX-200',
    proves: ['customer-status.body#notes-max-200', 'limits.notes#customer'],
    description: 'notes of 201 characters are accepted on customer block, unblock and close',
  },

  // ---- Customers as people use them: writes in sequence, text as written, optional fields, defaults with filters ----
  'customer-update-stale-copy': {
    rule: 'CUST-UPDATE-APPLIES',
    proves: ['update.main', 'update.body#optional'],
    description:
      'updateDetail starts from the customer as it was created: the fields a second update leaves out go back to their created values (a second update undoes the first)',
  },
  'customer-update-reactivates-blocked': {
    rule: 'CUST-BLOCK',
    proves: ['states.customer.block', 'customer-status.meaning#block'],
    description: 'updateDetail of a blocked customer applies the change and makes it Active again',
  },
  'customer-status-name-stale-after-unblock': {
    rule: 'CUST-UNBLOCK-REACTIVATES',
    proves: ['states.customer.unblock#reactivated', 'customer-status.meaning#unblock'],
    companions: ['CUST-STATUS-ACTIVE-1'],
    description:
      'an unblocked customer shows statusIdentifier 1 with the status text "Blocked" (the text of its block, not refreshed), until its next block or close',
  },
  'customer-name-html-escaped': {
    rule: 'CUST-CREATE-MAIN-ADDRESS-CONTACT',
    proves: ['get-customer.200#customer', 'field:Customer.customerName'],
    companions: ['CUST-UPDATE-APPLIES'],
    description:
      'customerName is escaped for HTML on read (& → &amp;, < → &lt;, > → &gt;, quotes), in GET and the list',
  },
  'customer-name-accents-stripped': {
    rule: 'CUST-CREATE-MAIN-ADDRESS-CONTACT',
    proves: ['field:Customer.customerName'],
    companions: ['CUST-UPDATE-APPLIES'],
    description: 'customerName is stored without the marks of its letters (Zoë → Zoe, Ærø stays), on create and update',
  },
  'customer-name-limit-in-bytes': {
    rule: 'CUST-NAME-MAX-310',
    proves: ['create.body#name-max-310', 'update.body#name-max-310', 'limits.customername'],
    description:
      'customerName is limited to 310 bytes of UTF-8, not 310 characters: 310 characters with letters beyond ASCII are refused, on create and update',
  },
  'customer-update-contact-required': {
    rule: 'CUST-UPDATE-APPLIES',
    proves: ['update.body#optional'],
    description: 'updateDetail refuses a body without customerContact (400 ER-001)',
  },
  'customer-close-notes-required': {
    rule: 'CUST-CLOSE-PERMANENT',
    proves: ['customer-status.body#optional'],
    description: 'customer close refuses a request without notes (400 ER-001): its body is not optional',
  },
  'customer-list-default-limit-with-filter-20': {
    rule: 'CUST-LIST-LIMIT-DEFAULT-50',
    proves: ['list.limit#default', 'limits.customer-list-limit'],
    description:
      'with customerAccountNumber or searchText given and no limit, a page holds 20 customers (50 without a filter)',
  },
  'customer-list-default-limit-searched-all': {
    rule: 'CUST-LIST-LIMIT-DEFAULT-50',
    proves: ['list.limit#default'],
    description: 'with searchText given and no limit, a page holds every match, however many',
  },

  // ---- Cards ----
  'card-identifier-string': {
    rule: 'CARD-SHAPE',
    proves: ['resources.json-types', 'field:Card.cardIdentifier'],
    description: 'cardIdentifier is sent as a string in GET /cards/{id} and search results',
  },
  'card-status-id-string': {
    rule: 'CARD-SHAPE',
    proves: ['states.card.status#exposed'],
    description: 'status.id of a card is sent as a string',
  },
  'card-status-plain-string': {
    rule: 'CARD-SHAPE',
    proves: ['states.card.status#exposed'],
    companions: ['CARD-STATUS-ACTIVE-1'],
    description: 'status of a card is its name as a plain string ("Active") instead of {id, name}',
  },
  'card-order-date-format': {
    rule: 'CARD-SHAPE',
    proves: ['field:Card.orderDate'],
    description: 'orderDate is sent as DD.MM.YYYY',
  },
  'card-status-active-name-wrong': {
    rule: 'CARD-STATUS-ACTIVE-1',
    proves: ['states.card.status#active'],
    description: 'an Active card shows status {id: 1, name: "ACTIVE"} instead of "Active"',
  },
  'card-get-wrapped': {
    rule: 'CARD-GET',
    proves: ['get-card.200', 'scope.card-operations#read'],
    description: 'GET /cards/{id} answers {card: Card} instead of the Card',
  },
  'card-pin-echoed': {
    rule: 'CARD-PIN-NEVER-ECHOED',
    proves: ['field:Card order item.cardPIN'],
    description: 'cards ordered with a cardPIN show it (cardPIN) in GET and search results',
  },
  'card-reprint-pin-404': {
    rule: 'CARD-REPRINT-PIN',
    proves: ['reprint.200#answered', 'scope.card-operations#reprint'],
    description: 'reprintPIN answers 404 for an existing card',
  },
  'card-reprint-address-incomplete-accepted': {
    rule: 'ADDR-COMPLETE-REPRINT',
    proves: ['reprint.body#address-complete', 'address.complete#reprint'],
    description: 'reprintPIN accepts a cardAddress with fields missing',
  },

  // ---- Card search ----
  'card-list-has-next-page-string': {
    rule: 'CARD-LIST-SHAPE',
    proves: ['search.200#list', 'scope.card-operations#search'],
    description: 'hasNextPage and lastPage are sent as strings ("true"/"false")',
  },
  'card-search-limit-0-accepted': {
    rule: 'CARD-SEARCH-LIMIT-MIN-1',
    proves: ['search.limit#minimum-1', 'limits.card-search-limit'],
    description: 'limit 0 is accepted (an empty page) instead of 400',
  },
  'card-search-limit-ignored': {
    rule: 'CARD-SEARCH-LIMIT-HONOURED',
    proves: ['search.limit#maximum'],
    description: 'limit is ignored: a page holds up to the maximum page size (200)',
  },
  'card-search-unknown-property-accepted': {
    rule: 'CARD-SEARCH-UNKNOWN-PROPERTY',
    proves: ['search.unknown-properties'],
    description: 'properties the document does not list are accepted and ignored',
  },
  'card-search-filter-unknown-property-accepted': {
    rule: 'CARD-SEARCH-UNKNOWN-PROPERTY',
    proves: ['search.unknown-properties'],
    description:
      'a property the document does not list inside `filter` is accepted and ignored (one at the top level is still refused)',
  },
  'card-search-active-not-first': {
    rule: 'CARD-SEARCH-ACTIVE-FIRST',
    proves: ['search.sort', 'states.card.status#active-first'],
    description: 'the default order is by cardIdentifier only, not Active first',
  },
  'card-search-page-gap': {
    rule: 'CARD-SEARCH-CURSOR',
    proves: ['search.cursor#every-card-once'],
    description: 'each next page skips the first card that should be on it',
  },
  'card-search-has-next-page-wrong': {
    rule: 'CARD-SEARCH-PAGE-FLAGS',
    proves: ['search.200#continue'],
    description: 'the last page says hasNextPage true (with lastPage true and a nextCursor)',
  },
  'card-search-total-count-wrong': {
    rule: 'CARD-SEARCH-TOTALCOUNT',
    proves: ['field:Card list response.totalCount'],
    description: 'totalCount is the number of cards on the page, not of all matching cards',
  },
  'card-search-customer-ignored': {
    rule: 'CARD-SEARCH-CUSTOMER',
    proves: ['search.customer#restricts'],
    description: "customerAccountNumber is ignored: the search returns every card of the caller's hierarchy",
  },
  'card-search-order-reference-ignored': {
    rule: 'CARD-SEARCH-ORDER-REFERENCE',
    proves: ['search.order-reference'],
    description: 'orderReference is ignored',
  },
  'card-search-card-type-filter-ignored': {
    rule: 'CARD-SEARCH-CARDTYPE',
    proves: ['search.card-types#restricts', 'master.search-ids#card-types'],
    description: 'cardTypeIdentifiers is ignored',
  },
  'card-search-status-filter-ignored': {
    rule: 'CARD-SEARCH-STATUS',
    proves: ['search.statuses#restricts', 'master.search-ids#statuses'],
    description: 'statusIdentifiers is ignored',
  },
  'card-search-first-card-type-only': {
    rule: 'CARD-SEARCH-CARDTYPE',
    proves: ['search.card-types#restricts'],
    description:
      'cardTypeIdentifiers applies its first id only: the cards of the other card types it names are not found',
  },
  'card-search-first-status-only': {
    rule: 'CARD-SEARCH-STATUS',
    proves: ['search.statuses#restricts'],
    description: 'statusIdentifiers applies its first id only: the cards of the other statuses it names are not found',
  },
  'card-search-pvcn-filter-ignored': {
    rule: 'CARD-SEARCH-FILTER-PVCN',
    proves: ['search.filter#pvcn'],
    description: 'filter.primaryVisualCardNumber is ignored',
  },
  'card-search-driver-filter-ignored': {
    rule: 'CARD-SEARCH-FILTER-DRIVER',
    proves: ['search.filter#driver'],
    description: 'filter.driverName is ignored',
  },
  'card-search-vrn-filter-ignored': {
    rule: 'CARD-SEARCH-FILTER-VRN',
    proves: ['search.filter#vrn'],
    description: 'filter.vehicleRegNumber is ignored',
  },
  'card-search-partial-match-ignored': {
    rule: 'CARD-SEARCH-PARTIAL-TRUE',
    proves: ['search.filter#partial-true'],
    description: 'partialMatch true still requires the whole value',
  },
  'card-search-whole-match-partial': {
    rule: 'CARD-SEARCH-PARTIAL-FALSE',
    proves: ['search.filter#partial-false'],
    description: 'partialMatch false (or omitted) matches part of the value',
  },

  // ---- Card lifecycle ----
  'card-block-not-applied': {
    rule: 'CARD-BLOCK',
    proves: ['states.card.block#blocked', 'scope.card-operations#block'],
    description: 'card block answers 200 {} but the card stays Active',
  },
  'card-block-reason-optional': {
    rule: 'CARD-BLOCK-REASON-REQUIRED',
    proves: ['card-status.body#reason-required', 'states.card.block#reason'],
    description: 'card block and unblock accept a body without statusReasonId',
  },
  'card-reason-unchecked': {
    rule: 'CARD-REASON-FROM-MASTER',
    proves: ['card-status.body#reason-from-master', 'master.reason-ids#block', 'scope.master-data#needed-by-cards'],
    description: 'a statusReasonId that is no reason id of the master data is accepted',
  },
  'card-unblock-active-accepted': {
    rule: 'CARD-UNBLOCK-ONLY-BLOCKED',
    proves: ['states.card.unblock#previously-blocked'],
    suite: { FLEET_STRICT: 'ASSUME-UNMET-CONDITION' },
    description: 'unblock of an Active (never blocked) card answers 200 (a no-op: caught under the strict reading)',
  },
  'card-unblock-active-changes-status': {
    rule: 'CARD-UNBLOCK-ONLY-BLOCKED',
    proves: ['states.card.unblock#previously-blocked'],
    description: 'unblock of an Active (never blocked) card answers 200 and leaves it Blocked',
  },
  'card-unblock-stays-blocked': {
    rule: 'CARD-UNBLOCK-REACTIVATES',
    proves: ['states.card.unblock#unblocked', 'scope.card-operations#unblock'],
    description: 'unblock answers 200 {} but the card stays Blocked',
  },
  'card-notes-201-accepted': {
    rule: 'CARD-NOTES-MAX-200',
    proves: ['card-status.body#notes-max-200', 'limits.notes#card'],
    description: 'notes of 201 characters are accepted on card block and unblock',
  },
  'card-cancel-not-permanent': {
    rule: 'CARD-CANCEL-PERMANENT',
    proves: ['cancel.200#permanent', 'states.card.cancel', 'scope.card-operations#cancel'],
    description:
      'block, unblock, cancel, replace and reprintPIN are accepted on a cancelled card (block makes it Blocked)',
  },
  'card-replace-original-not-blocked': {
    rule: 'CARD-REPLACE-BLOCKS-ORIGINAL',
    proves: ['states.card.replace#original-blocked', 'scope.card-operations#replace'],
    description: 'replace leaves the original card Active',
  },
  'card-replace-loses-property': {
    rule: 'CARD-REPLACE-COPIES',
    proves: ['replace.omitted', 'states.card.replace#copies'],
    description: "the replacement loses the original's driverName when the request omits it",
  },
  'card-replace-ignores-change': {
    rule: 'CARD-REPLACE-APPLIES-CHANGES',
    proves: ['replace.body#applies', 'states.card.replace#except-supplied'],
    description: "the replacement keeps the original's vehicleRegNumber even when the request supplies one",
  },

  // ---- Card order ----
  'order-status-200': {
    rule: 'CARD-ORDER-202',
    proves: ['order.202#202', 'states.card.order#accepted', 'scope.card-operations#order'],
    description: 'an accepted card order answers 200 instead of 202',
  },
  'order-reference-missing': {
    rule: 'CARD-ORDER-REFERENCE',
    proves: ['order.202#reference', 'states.card.order#reference', 'opstatus.added-fields#ordering'],
    description: 'the 202 body is {} without orderReference',
  },
  'order-customer-optional': {
    rule: 'CARD-ORDER-REQUIRED-FIELDS',
    proves: ['order.body#customer'],
    description: 'an order without customerAccountNumber is accepted (for the top-level customer)',
  },
  'order-errors-single-object': {
    rule: 'CARD-ORDER-ERRORS-ARRAY',
    proves: ['order.400#array', 'errors.400#array'],
    description: 'a refused order answers 400 with a single error object instead of an array',
  },
  'order-errors-first-only': {
    rule: 'CARD-ORDER-ERRORS-ARRAY',
    proves: ['order.400#one-per-problem'],
    description: 'a refused order answers an array holding only its first problem, however many it has',
  },
  'order-missing-field-er001': {
    rule: 'CARD-ORDER-ER002',
    proves: ['errors.er-002'],
    description: 'a missing required field of an order is reported as ER-001 instead of ER-002',
  },

  // ---- Master data ----
  'master-data-nine-arrays': {
    rule: 'MASTER-TEN-ARRAYS',
    proves: ['master.ten-arrays', 'master.no-parameters', 'scope.master-data#read'],
    description: 'GET /master/all leaves out the region array',
  },
  'master-data-isev-string': {
    rule: 'MASTER-SHAPE',
    proves: ['field:Master data / cardType.isEV'],
    description: 'isEV of the master data card types is sent as a string ("true"/"false")',
  },
  'master-data-region-renamed': {
    rule: 'MASTER-SHAPE',
    proves: ['field:Master data.region'],
    description:
      'the region elements of the master data answer other field names ({regionId, regionName} instead of {id, name})',
  },
  'master-data-reason-dangling': {
    rule: 'MASTER-LINK-REASON-CARDTYPE',
    proves: ['field:Master data / reason.cardTypeId'],
    description: 'one reason points at cardTypeId 99, which no cardType has',
  },
  'master-data-group-dangling': {
    rule: 'MASTER-LINK-GROUP-CARDTYPE',
    proves: ['field:Master data / cardGroup.cardTypeId'],
    description: 'one cardGroup points at cardTypeId 99, which no cardType has',
  },
  'master-data-card-type-dangling': {
    rule: 'MASTER-LINK-CARDTYPE-PURCHASECATEGORY',
    proves: ['field:Master data / cardType.defaultPurchaseCategoryId'],
    description: 'one cardType has defaultPurchaseCategoryId 99, which no purchaseCategory has',
  },
  'master-data-purchase-category-dangling': {
    rule: 'MASTER-LINK-PURCHASECATEGORY-RESTRICTION',
    proves: ['field:Master data / purchaseCategory.productRestrictionId'],
    description: 'one purchaseCategory has productRestrictionId 99, which no fuelProductRestriction has',
  },
  'master-data-status-missing': {
    rule: 'MASTER-IDS-ON-CARDS',
    proves: ['master.search-ids#statuses'],
    description: 'the status array leaves out Blocked (id 2), which cards carry',
  },

  // ---- Locations (sandbox/routes/locations.ts) ----
  'geo-location-outside-rectangle': {
    rule: 'GEO-INSIDE-RECTANGLE',
    proves: ['geo.rectangle#inside', 'scope.locations'],
    description:
      'geosearch answers, in place of its last location, the nearest matching location outside the rectangle',
  },
  'geo-count-exceeded': {
    rule: 'GEO-COUNT-HONOURED',
    proves: ['geo.count#count'],
    description: 'geosearch returns count + 1 locations when more match (count below 300)',
  },
  'geo-max-300-exceeded': {
    rule: 'GEO-MAX-300',
    proves: ['geo.max-300', 'limits.geosearch-result-count'],
    description: 'geosearch without count returns 301 locations when more match',
  },
  'geo-count-301-accepted': {
    rule: 'GEO-COUNT-MAX-300',
    proves: ['geo.count#maximum', 'limits.geosearch-result-count'],
    suite: { FLEET_STRICT: 'ASSUME-OVER-MAXIMUM' },
    description:
      'geosearch accepts a count above 300, still returning at most 300 (the capped reading: caught under the strict reading of ASSUME-OVER-MAXIMUM)',
  },
  'geo-count-over-300-honoured': {
    rule: 'GEO-COUNT-MAX-300',
    companions: ['GEO-MAX-300'],
    proves: ['geo.count#maximum', 'limits.geosearch-result-count'],
    description: 'geosearch honours a count above 300: count 301 answers 301 locations where more match',
  },
  'geo-aggregate-count-mismatch': {
    rule: 'GEO-AGGREGATE-COUNTS',
    proves: ['geo.aggregation#counts'],
    suite: { FLEET_STRICT: 'ASSUME-GEO-AGGREGATION' },
    description:
      'the first aggregate counts one location more than it stands for (as a whole grid cell may count locations outside the rectangle: caught under the strict reading of ASSUME-GEO-AGGREGATION)',
  },
  'geo-aggregate-count-short': {
    rule: 'GEO-AGGREGATE-COUNTS',
    proves: ['geo.aggregation#counts'],
    description:
      'the first aggregate counts one location fewer than it stands for: the counts add up to less than the locations found',
  },
  'geo-aggregate-with-locations': {
    rule: 'GEO-AGGREGATE-ON',
    proves: ['geo.aggregation#aggregated', 'location.aggregate#instead'],
    description: 'with aggregation on, geosearch also returns individual locations',
  },
  'geo-connector-filter-ignored': {
    rule: 'GEO-FILTER-CONNECTOR',
    proves: ['geo.body#connector'],
    description: 'geosearch ignores filters.connectorStandards',
  },
  'geo-capabilities-filter-ignored': {
    rule: 'GEO-FILTER-CAPABILITY',
    proves: ['geo.body#capabilities', 'location.capabilities'],
    description: 'geosearch ignores filters.capabilities',
  },
  'geo-available-filter-ignored': {
    rule: 'GEO-AVAILABLE-ONLY',
    proves: ['geo.body#available'],
    description: 'geosearch ignores options.includeAvailableOnly',
  },
  'geo-top-not-above-bottom-accepted': {
    rule: 'GEO-TOP-GT-BOTTOM',
    proves: ['geo.top#above'],
    description: 'geosearch accepts topLatitude <= bottomLatitude (searching the swapped rectangle)',
  },
  'geo-left-not-below-right-accepted': {
    rule: 'GEO-LEFT-LT-RIGHT',
    proves: ['geo.left#below'],
    description: 'geosearch accepts leftLongitude >= rightLongitude (searching the swapped rectangle)',
  },
  'geo-latitude-91-accepted': {
    rule: 'GEO-LAT-BOUNDS',
    proves: ['limits.geosearch-latitude-longitude#latitude'],
    description: 'geosearch accepts latitudes down to -91 and up to 91',
  },
  'geo-longitude-181-accepted': {
    rule: 'GEO-LON-BOUNDS',
    proves: ['limits.geosearch-latitude-longitude#longitude'],
    description: 'geosearch accepts longitudes down to -181 and up to 181',
  },
  'geo-precision-10-accepted': {
    rule: 'GEO-PRECISION-2-9',
    proves: ['geo.precision#range', 'limits.geosearch-aggregation-precision'],
    suite: { FLEET_STRICT: 'ASSUME-OVER-MAXIMUM' },
    description:
      'geosearch accepts precision up to 12, geohash cells of that many characters (as a server that caps it at 9 would answer wherever no two locations share a cell of 9: caught under the strict reading of ASSUME-OVER-MAXIMUM)',
  },
  'geo-precision-2-refused': {
    rule: 'GEO-PRECISION-2-9',
    proves: ['geo.precision#range', 'limits.geosearch-aggregation-precision'],
    description: 'geosearch refuses precision 2 (400: its grid starts at 3), one of 2 to 9',
  },
  'geo-precision-inverted': {
    rule: 'GEO-PRECISION-FINER',
    proves: ['geo.precision#finer'],
    description:
      'a larger grid precision gives larger cells: precision p aggregates into geohash cells of 11 - p characters',
  },
  'geo-language-cy-refused': {
    rule: 'GEO-LANGUAGE-SUPPORTED',
    proves: ['geo.language'],
    description: 'geosearch refuses language cy (400), one of the 17 supported codes',
  },
  'geo-count-limits-aggregates': {
    rule: 'GEO-COUNT-IGNORED-AGGREGATED',
    proves: ['geo.count#ignored'],
    description: 'with aggregation on, only the count nearest matching locations are aggregated',
  },
  'geo-aggregate-count-string': {
    rule: 'GEO-AGGREGATE-SHAPE',
    proves: ['geo.200#aggregates', 'location.aggregate#fields'],
    description: 'Aggregate count is text instead of an integer',
  },
  'loc-evse-capabilities-string': {
    rule: 'GEO-EVSE-SHAPE',
    proves: ['location.evse'],
    description: 'Evse capabilities is one comma-separated string instead of an array of strings',
  },
  'loc-regular-hours-no-colon': {
    rule: 'GEO-OPENING-TIMES-SHAPE',
    proves: ['location.opening-times'],
    description: 'regular_hours period_begin and period_end are HHMM instead of HH:MM',
  },
  // Every sign of every coordinate: west of Greenwich, south of the equator, edges near whole degrees, across 0.
  'geo-negative-longitude-truncated': {
    rule: 'GEO-INSIDE-RECTANGLE',
    proves: ['geo.left#edge', 'geo.right', 'geo.rectangle#complete'],
    description:
      'geosearch cuts the negative longitudes of the rectangle to whole degrees toward zero (-6.27 is read as -6): a rectangle west of Greenwich searches another one',
  },
  'geo-southern-latitude-abs': {
    rule: 'GEO-INSIDE-RECTANGLE',
    proves: ['geo.top#edge', 'geo.bottom'],
    description:
      'geosearch drops the sign of southern latitudes: a rectangle south of the equator searches its mirror image north of it',
  },
  'geo-south-latitude-rounded': {
    rule: 'GEO-INSIDE-RECTANGLE',
    proves: ['geo.top#edge', 'geo.bottom', 'geo.rectangle#complete'],
    description:
      'geosearch rounds the southern latitudes of the rectangle to whole degrees (-23.57 is read as -24): a small rectangle south of the equator searches a line',
  },
  'geo-bounds-int-truncated': {
    rule: 'GEO-INSIDE-RECTANGLE',
    proves: ['geo.top#edge', 'geo.left#edge', 'geo.rectangle#inside'],
    description:
      'geosearch cuts every edge of the rectangle to a whole degree toward zero: 52.9999 to 53.0001 searches 52 to 53',
  },
  'geo-box-across-zero-empty': {
    rule: 'GEO-INSIDE-RECTANGLE',
    proves: ['geo.rectangle#complete', 'scope.locations'],
    description: 'a rectangle that spans longitude 0 or latitude 0 (an edge on either side) finds no location',
  },
  'geo-400-standard-body': {
    rule: 'GEO-ERROR-400-BODY',
    proves: ['geo.400', 'errors.message-body#geosearch'],
    description: 'geosearch 400 answers the standard body {errorCode, errorDescription} instead of {message, details}',
  },
  'loc-postal-code-string': {
    rule: 'GEO-LOCATION-SHAPE',
    proves: ['geo.200#locations', 'resources.json-types'],
    description: 'Location postal_code is text instead of an integer',
  },
  'loc-last-updated-not-utc': {
    rule: 'GEO-LOCATION-SHAPE',
    proves: ['field:Location.last_updated'],
    description: 'Location last_updated carries a +02:00 offset instead of UTC',
  },

  // ---- Server errors (sandbox/server-errors.ts): the server's own 5xx, performed writes included ----
  'customer-create-performed-500': {
    rule: 'CUST-CREATE-RETURNS-NUMBER',
    proves: ['create.200'],
    companions: ['HTTP-STATUS-DOCUMENTED'],
    description: 'POST /customers/subcustomer creates the sub-customer, then answers 500 ER-012',
  },
  'customer-update-performed-500': {
    rule: 'CUST-UPDATE-APPLIES',
    proves: ['update.200'],
    companions: ['HTTP-STATUS-DOCUMENTED'],
    description: 'updateDetail applies the change, then answers 500 ER-012',
  },
  'customer-block-performed-500': {
    rule: 'CUST-BLOCK',
    proves: ['customer-status.200'],
    companions: ['HTTP-STATUS-DOCUMENTED'],
    description: 'customer block blocks the customer, then answers 500 ER-012',
  },
  'customer-unblock-performed-500': {
    rule: 'CUST-UNBLOCK-REACTIVATES',
    proves: ['customer-status.200'],
    companions: ['HTTP-STATUS-DOCUMENTED'],
    description: 'customer unblock reactivates the customer, then answers 500 ER-012',
  },
  'customer-close-performed-500': {
    rule: 'CUST-CLOSE-PERMANENT',
    proves: ['customer-status.200'],
    companions: ['HTTP-STATUS-DOCUMENTED'],
    description: 'customer close closes the customer, then answers 500 ER-012',
  },
  'order-performed-500': {
    rule: 'CARD-ORDER-202',
    proves: ['order.202#202'],
    companions: ['HTTP-STATUS-DOCUMENTED'],
    description: 'POST /cards/order accepts the order, then answers 500 ER-012',
  },
  'card-block-performed-500': {
    rule: 'CARD-BLOCK',
    proves: ['card-status.200'],
    companions: ['HTTP-STATUS-DOCUMENTED'],
    description: 'card block blocks the card, then answers 500 ER-012',
  },
  'card-unblock-performed-500': {
    rule: 'CARD-UNBLOCK-REACTIVATES',
    proves: ['card-status.200'],
    companions: ['HTTP-STATUS-DOCUMENTED'],
    description: 'card unblock unblocks the card, then answers 500 ER-012',
  },
  'card-gone-revived-by-block': {
    rule: 'CARD-CANCEL-PERMANENT',
    proves: ['cancel.200#permanent', 'states.card.cancel'],
    description:
      'a cancelled card answers 404 to GET (as a server that deletes it), but a block of it is accepted and brings it back, Blocked and readable',
  },
  'card-cancel-performed-500': {
    rule: 'CARD-CANCEL-PERMANENT',
    proves: ['cancel.200#status'],
    companions: ['HTTP-STATUS-DOCUMENTED'],
    description: 'card cancel cancels the card, then answers 500 ER-012',
  },
  'card-replace-performed-500': {
    rule: 'CARD-REPLACE-BLOCKS-ORIGINAL',
    proves: ['replace.200'],
    companions: ['HTTP-STATUS-DOCUMENTED'],
    description: 'card replace blocks the original and makes the replacement, then answers 500 ER-012',
  },
  'card-reprint-pin-performed-500': {
    rule: 'CARD-REPRINT-PIN',
    proves: ['reprint.200#answered'],
    companions: ['HTTP-STATUS-DOCUMENTED'],
    description: 'reprintPIN orders the PIN letter, then answers 500 ER-012',
  },
  'card-types-503-unavailable': {
    rule: 'CUST-CARDTYPES-SHAPE',
    proves: ['card-types.200'],
    unavailable: 'getCustomerCardTypes',
    description:
      'GET /customers/{customerAccountNumber}/cardTypes answers 503 with Retry-After: 1 and the standard error body to every request (every other operation works)',
  },

  // ---- Sessions (sandbox/routes/sessions.ts) ----
  'session-key-type-before-start': {
    rule: 'SESSION-STARTED-ONLY-FIELDS',
    proves: ['field:Charging session.chargingKeyType'],
    description: 'CREATED and WAITING_TO_START sessions carry chargingKeyType',
  },
  'session-balance-positive': {
    rule: 'SESSION-BALANCE-AMOUNT',
    proves: ['field:Charging session.balanceAmountMinor'],
    description: 'DEBT sessions give balanceAmountMinor as a positive number',
  },
  'session-payment-method-not-earliest': {
    rule: 'SESSION-PAYMENT-METHOD-EARLIEST',
    proves: ['versioning.deprecation'],
    description: 'paymentMethod holds the method of the latest transaction instead of the earliest',
  },
  'session-status-outside-enum': {
    rule: 'SESSION-STATUS-ENUM',
    proves: ['states.session.status'],
    description: 'STARTED sessions answer sessionStatus CHARGING',
  },
  'session-404-standard-body': {
    rule: 'SESSION-UNKNOWN-404',
    proves: ['session.404', 'session.path#unknown', 'errors.message-body#sessions'],
    description:
      'an unknown session answers 404 with the standard body {errorCode, errorDescription} instead of {message}',
  },
  'session-404-details-string': {
    rule: 'ERR-MESSAGE-BODY',
    proves: ['errors.message-body#sessions'],
    description:
      'an unknown session answers 404 {message, details} with details one string instead of an array of strings',
  },
  'session-balance-status-outside-enum': {
    rule: 'SESSION-BALANCE-STATUS-ENUM',
    proves: ['states.session.balance'],
    description: 'DEBT sessions answer balanceStatus UNPAID',
  },
  'session-key-type-uppercase': {
    rule: 'SESSION-KEY-TYPE-VALUES',
    proves: ['field:Charging session.chargingKeyType'],
    description: 'chargingKeyType is in capitals (CARD, TAG, ...)',
  },
  'session-payment-method-none': {
    rule: 'SESSION-PAYMENT-METHOD-ENUM',
    proves: ['versioning.deprecation'],
    description: 'the deprecated paymentMethod says NONE where it should say WRITE_OFF',
  },
  'session-payment-method-first-listed': {
    rule: 'SESSION-PAYMENT-METHOD-EARLIEST',
    proves: ['field:Charging session.paymentMethod'],
    description:
      'paymentMethod holds the method of the transaction listed first, not of the one with the earliest time',
  },
  'session-replacement-write-off-not-none': {
    rule: 'SESSION-PAYMENT-METHOD-EARLIEST',
    proves: ['field:Transaction.paymentMethod', 'versioning.deprecation'],
    description:
      'transactions[].paymentMethod keeps the deprecated name: WRITE_OFF where the replacement names it NONE',
  },
  'session-write-off-outcome-missing': {
    rule: 'SESSION-PAYMENT-METHOD-EARLIEST',
    proves: ['field:Transaction.paymentOutcome'],
    description:
      'a write-off transaction shows paymentMethod NONE without its paymentOutcome WRITE_OFF (the field left out)',
  },
  'session-vat-percent-sign': {
    rule: 'SESSION-PRICE-SHAPE',
    proves: ['session.price'],
    description: 'price vat carries a percent sign ("19%") instead of a decimal',
  },
  'session-start-time-offset': {
    rule: 'SESSION-SHAPE',
    proves: ['session.200'],
    description: 'startTime carries a +01:00 offset instead of UTC',
  },
  'session-get-other-session': {
    rule: 'SESSION-GET',
    proves: ['session.path#session', 'scope.sessions'],
    description: 'GET /sessions/{sessionId} of a known session answers the session seeded after it',
  },

  // ---- Identifiers from master data, in every request that carries one ----
  // An accepted id that master data does not hold shows on the card it made (MASTER-IDS-ON-CARDS, by the document's own logic).
  'order-unknown-card-type-accepted': {
    rule: 'CARD-ORDER-IDS-FROM-MASTER',
    companions: ['MASTER-IDS-ON-CARDS'],
    proves: ['order.master-ids#cardTypeId', 'scope.master-data#needed-by-cards'],
    description:
      'a card order item with a cardTypeId that master data does not hold is accepted (its cards carry that id)',
  },
  'order-unknown-card-category-accepted': {
    rule: 'CARD-ORDER-IDS-FROM-MASTER',
    proves: ['order.master-ids#cardCategoryId', 'field:Card order item.cardCategoryId'],
    description: 'a card order item with a cardCategoryId that master data does not hold is accepted',
  },
  'order-unknown-card-group-accepted': {
    rule: 'CARD-ORDER-IDS-FROM-MASTER',
    proves: ['order.master-ids#cardGroupId', 'field:Card order item.cardGroupId'],
    description: 'a card order item with a cardGroupId that master data does not hold is accepted',
  },
  'order-unknown-purchase-category-accepted': {
    rule: 'CARD-ORDER-IDS-FROM-MASTER',
    companions: ['MASTER-IDS-ON-CARDS'],
    proves: ['order.master-ids#purchaseCategoryId', 'field:Card order item.purchaseCategoryId'],
    description: 'a card order item with a purchaseCategoryId that master data does not hold is accepted',
  },
  'order-unknown-fuel-restriction-accepted': {
    rule: 'CARD-ORDER-IDS-FROM-MASTER',
    companions: ['MASTER-IDS-ON-CARDS'],
    proves: ['order.master-ids#fuelProductRestrictionId', 'field:Card order item.fuelProductRestrictionId'],
    description: 'a card order item with a fuelProductRestrictionId that master data does not hold is accepted',
  },
  'order-unknown-product-accepted': {
    rule: 'CARD-ORDER-IDS-FROM-MASTER',
    companions: ['MASTER-IDS-ON-CARDS'],
    proves: ['order.master-ids#productId', 'field:Card order item.products'],
    description:
      'a card order item whose products name a productId that master data does not hold is accepted (the nested level)',
  },
  'card-replace-unknown-card-type-accepted': {
    rule: 'CARD-REPLACE-IDS-FROM-MASTER',
    companions: ['MASTER-IDS-ON-CARDS'],
    proves: ['replace.body#card-type-from-master'],
    description: 'replace with a cardTypeId that master data does not hold is accepted: the replacement carries it',
  },
  'card-replace-unknown-purchase-category-accepted': {
    rule: 'CARD-REPLACE-IDS-FROM-MASTER',
    companions: ['MASTER-IDS-ON-CARDS'],
    proves: ['replace.body#purchase-category-from-master'],
    description: 'replace with a purchaseCategoryId that master data does not hold is accepted',
  },
  'card-replace-unknown-card-group-accepted': {
    rule: 'CARD-REPLACE-IDS-FROM-MASTER',
    proves: ['replace.body#card-group-from-master'],
    description: 'replace with a cardGroupId that master data does not hold is accepted',
  },
  'card-unblock-reason-unchecked': {
    rule: 'CARD-REASON-FROM-MASTER',
    proves: ['master.reason-ids#unblock', 'card-status.unblock-body#reason-from-master'],
    description:
      'card unblock accepts a statusReasonId that is no reason id of the master data (block and cancel still refuse it)',
  },
  'card-cancel-reason-unchecked': {
    rule: 'CARD-REASON-FROM-MASTER',
    proves: ['master.reason-ids#cancel', 'cancel.body'],
    description:
      'card cancel accepts a statusReasonId that is no reason id of the master data, and cancels the card (block and unblock still refuse it)',
  },
  'card-search-unknown-card-type-ignored': {
    rule: 'CARD-SEARCH-CARDTYPE',
    proves: ['search.card-types#from-master'],
    description:
      'a cardTypeIdentifiers id that master data does not hold is dropped from the filter: naming only such ids searches every card type',
  },
  'card-search-unknown-status-ignored': {
    rule: 'CARD-SEARCH-STATUS',
    proves: ['search.statuses#from-master'],
    description:
      'a statusIdentifiers id that master data does not hold is dropped from the filter: naming only such ids searches every status',
  },

  // ---- Several problems at once: the card order's error array ----
  'order-errors-first-item-only': {
    rule: 'CARD-ORDER-ERRORS-ARRAY',
    proves: ['order.400#one-per-problem'],
    description:
      'a refused order answers the problems of the order itself and of its first faulty card item only: bad ids in two items give one error',
  },

  // ---- Cursors: the caller's own, keeping the limit and filters on every page ----
  'card-search-cursor-foreign': {
    rule: 'AUTH-FOREIGN-NOT-LISTED',
    proves: ['search.cursor#own'],
    description:
      'a card search cursor sent by a client of another hierarchy answers the next page of the client it was issued to: its cards',
  },
  'card-search-cursor-drops-filters': {
    rule: 'CARD-SEARCH-CURSOR-SCOPE',
    proves: ['search.cursor#filters-kept'],
    description:
      "the pages a card search cursor leads to ignore the filters (and the sort) the search was asked with: every card of the hierarchy after the cursor's position",
  },
  'card-search-cursor-drops-limit': {
    rule: 'CARD-SEARCH-LIMIT-HONOURED',
    proves: ['search.cursor#limit-kept', 'search.limit#maximum'],
    description:
      'the pages a card search cursor leads to hold the default page size (50) whatever limit they are asked with; the first page keeps its limit',
  },
  'customer-list-cursor-foreign': {
    rule: 'AUTH-FOREIGN-NOT-LISTED',
    proves: ['list.cursor#own'],
    description:
      'a customer list cursor sent by a client of another hierarchy answers the next page of the client it was issued to: its customers',
  },
  'customer-list-cursor-drops-filters': {
    rule: 'CUST-LIST-CURSOR-SCOPE',
    proves: ['list.cursor#filters-kept'],
    description:
      "the pages a customer list cursor leads to ignore customerAccountNumber and searchText: every customer of the hierarchy after the cursor's position",
  },
  'customer-list-cursor-drops-limit': {
    rule: 'CUST-LIST-LIMIT-HONOURED',
    proves: ['list.cursor#limit-kept', 'list.limit#limit'],
    description:
      'the pages a customer list cursor leads to hold the default page size (50) whatever limit they are asked with; the first page keeps its limit',
  },
  'card-search-foreign-customer-listed': {
    rule: 'AUTH-FOREIGN-NOT-LISTED',
    proves: ['search.customer#foreign'],
    description:
      "a card search filtered by a customer of another hierarchy answers that customer's cards (GET of the customer still answers 403)",
  },
  'customer-list-foreign-customer-listed': {
    rule: 'AUTH-FOREIGN-NOT-LISTED',
    proves: ['list.customer#foreign'],
    description:
      'a customer list filtered by a customer of another hierarchy answers its direct sub-accounts (GET of the customer still answers 403)',
  },

  // ---- Every statement proven: what the sweep of the document found no fault for ----
  'card-types-versioned-path': {
    rule: 'HTTP-NO-VERSION-SEGMENT',
    companions: ['CUST-CARDTYPES-SHAPE'],
    proves: ['intro.paths-relative', 'versioning.no-segment'],
    description:
      'the card types of a customer are served at /v1/customers/{customerAccountNumber}/cardTypes; the documented path answers 404 (with it, "200: array of card type objects" cannot hold either)',
  },
  'customer-card-types-pascal-case': {
    rule: 'CUST-CARDTYPES-SHAPE',
    proves: ['resources.case-sensitive'],
    description:
      "a customer's card types answer the documented field names in another case (CardTypeId, CardTypeName, ...)",
  },
  'session-transaction-time-epoch': {
    rule: 'SESSION-SHAPE',
    proves: ['session.transaction', 'field:Transaction.time'],
    description:
      'the time of each transaction of a session is its epoch milliseconds (a number) instead of a timestamp',
  },
  'customer-contact-optional': {
    rule: 'CUST-CREATE-REQUIRED-FIELDS',
    proves: ['create.body#contact-required'],
    description: "create accepts a body without customerContact (the contact defaults to the parent's)",
  },
  'customer-address-optional': {
    rule: 'CUST-CREATE-REQUIRED-FIELDS',
    proves: ['create.body#address-required'],
    description: "create accepts a body without customerAddress (the address defaults to the parent's)",
  },
  'customer-update-name-required': {
    rule: 'CUST-UPDATE-APPLIES',
    proves: ['update.body#optional'],
    description: 'updateDetail refuses a body without customerName (400 ER-001): its fields are not all optional',
  },
  'opstatus-update-empty-body': {
    rule: 'OPSTATUS-OBJECT',
    proves: ['update.200'],
    description: 'updateDetail answers 200 with an empty body instead of the empty object {}',
  },
  'customer-block-notes-required': {
    rule: 'CUST-BLOCK',
    proves: ['customer-status.body#optional'],
    description: 'customer block refuses a request without notes (400 ER-001): its body is not optional',
  },
  'order-cards-optional': {
    rule: 'CARD-ORDER-REQUIRED-FIELDS',
    proves: ['order.body#cards'],
    description: 'an order without cards is accepted (202, an order of no card)',
  },
  'card-block-notes-required': {
    rule: 'CARD-BLOCK',
    proves: ['card-status.body#notes-optional'],
    description: 'card block refuses a body without notes (400 ER-001)',
  },
  'card-unblock-reason-optional': {
    rule: 'CARD-BLOCK-REASON-REQUIRED',
    proves: ['card-status.unblock-body#reason-required', 'states.card.unblock#reason'],
    description: 'card unblock accepts a body without statusReasonId (block still requires it)',
  },
  'card-unblock-notes-201-accepted': {
    rule: 'CARD-NOTES-MAX-200',
    proves: ['card-status.unblock-body#notes-max-200'],
    description: 'notes of 201 characters are accepted on card unblock (block still refuses them)',
  },
  'opstatus-card-block-empty-body': {
    rule: 'OPSTATUS-OBJECT',
    proves: ['card-status.200'],
    description: 'card block answers 200 with an empty body instead of the empty object {}',
  },
  'opstatus-cancel-empty-body': {
    rule: 'OPSTATUS-OBJECT',
    proves: ['cancel.200#status'],
    description: 'card cancel answers 200 with an empty body instead of the empty object {}',
  },
  'card-replace-body-required': {
    rule: 'CARD-REPLACE-COPIES',
    proves: ['replace.body#optional'],
    description: 'replace refuses a body with none of its properties (400 ER-001): not every field is optional',
  },
  'opstatus-replace-empty-body': {
    rule: 'OPSTATUS-OBJECT',
    proves: ['replace.200'],
    description: 'card replace answers 200 with an empty body instead of the empty object {}',
  },
  'opstatus-reprint-empty-body': {
    rule: 'OPSTATUS-OBJECT',
    proves: ['reprint.200#status'],
    description: 'PIN reprint answers 200 with an empty body instead of the empty object {}',
  },
  'geo-top-latitude-91-accepted': {
    rule: 'GEO-LAT-BOUNDS',
    proves: ['geo.top#bounds'],
    description: 'geosearch accepts a topLatitude up to 91 and down to -91 (bottomLatitude keeps its bounds)',
  },
  'geo-bottom-latitude-91-accepted': {
    rule: 'GEO-LAT-BOUNDS',
    proves: ['geo.bottom'],
    description: 'geosearch accepts a bottomLatitude down to -91 and up to 91 (topLatitude keeps its bounds)',
  },
  'geo-left-longitude-181-accepted': {
    rule: 'GEO-LON-BOUNDS',
    proves: ['geo.left#bounds'],
    description: 'geosearch accepts a leftLongitude down to -181 and up to 181 (rightLongitude keeps its bounds)',
  },
  'geo-right-longitude-181-accepted': {
    rule: 'GEO-LON-BOUNDS',
    proves: ['geo.right'],
    description: 'geosearch accepts a rightLongitude up to 181 and down to -181 (leftLongitude keeps its bounds)',
  },
  'geo-empty-404-standard-body': {
    rule: 'ERR-MESSAGE-BODY',
    proves: ['geo.404'],
    description:
      'a geosearch that finds nothing answers 404 with the standard body {errorCode, errorDescription} instead of {message}',
  },
  'session-malformed-id-standard-body': {
    rule: 'ERR-MESSAGE-BODY',
    proves: ['session.second-error'],
    description:
      'a sessionId that is not a UUID answers 400 with the standard body {errorCode, errorDescription} instead of {message}',
  },
  'master-data-parameter-message-body': {
    rule: 'ERR-STANDARD-BODY',
    proves: ['master.errors'],
    description: 'GET /master/all with a query parameter answers 400 {message} instead of the standard error body',
  },
  'auth-token-path-moved': {
    rule: 'AUTH-TOKEN-CLIENT-CREDENTIALS',
    proves: ['auth.token-url'],
    description:
      'tokens are issued at POST /oauth/token; POST /identity/realms/fleet/protocol/openid-connect/token answers 404',
  },
  'card-foreign-404': {
    rule: 'CARD-FOREIGN-403',
    companions: ['AUTH-FORBIDDEN-403'],
    proves: ['errors.403'],
    description: 'a card of another hierarchy answers 404 NOT_FOUND instead of 403',
  },
  'error-code-er012-on-400': {
    rule: 'ERR-CODE-STATUS',
    proves: ['errors.er-012'],
    description:
      'a refused card search answers 400 with errorCode ER-012, the code of an unexpected server condition (500)',
  },

  // ---- Near misses: a secret or an identifier compared carelessly ----
  'auth-secret-case-insensitive': {
    rule: 'AUTH-TOKEN-WRONG-SECRET',
    proves: ['auth.client-credentials#client-credentials'],
    description:
      "the token endpoint compares the client_secret in lower case: the client's secret in another case obtains a token",
  },
  'auth-secret-prefix': {
    rule: 'AUTH-TOKEN-WRONG-SECRET',
    proves: ['auth.client-credentials#client-credentials'],
    description:
      "the token endpoint compares the client_secret only as far as the one sent: a prefix of the client's secret of at least 8 characters obtains a token",
  },
  'auth-secret-any-client': {
    rule: 'AUTH-TOKEN-WRONG-SECRET',
    proves: ['auth.client-credentials#client-credentials'],
    description:
      "the token endpoint checks the client_secret against every client's: a client_id with another client's secret obtains a token for that client_id",
  },
  'customer-number-trimmed': {
    rule: 'ERR-NOT-FOUND-404',
    proves: ['get-customer.path#near-miss'],
    description:
      'an account number is trimmed before it is looked up: with blanks around it, in the path or a body or filter, it names the customer',
  },
  'card-id-parse-int': {
    rule: 'ERR-NOT-FOUND-404',
    proves: ['get-card.path#near-miss'],
    description: 'a cardIdentifier in the path is read with parseInt: "4000003abc" is card 4000003',
  },
  'session-id-case-insensitive': {
    rule: 'SESSION-UNKNOWN-404',
    proves: ['session.path#near-miss'],
    suite: { FLEET_STRICT: 'ASSUME-FORMATS' },
    description:
      'a sessionId is looked up in lower case: a session id in another case answers that session (a UUID is case-insensitive by RFC 9562: caught under the strict reading of ASSUME-FORMATS)',
  },
  'session-id-prefix': {
    rule: 'SESSION-UNKNOWN-404',
    proves: ['session.path#near-miss'],
    description:
      "a sessionId is looked up as LIKE 'x%': a prefix of a session id, of at least 8 characters, answers that session",
  },

  // ---- Each client's own data: master data per top-level customer, and ids of the caller's own ----
  'master-data-cached-first-caller': {
    rule: 'MASTER-IDS-ON-CARDS',
    proves: ['master.per-top-level', 'master.search-ids#card-types'],
    description:
      'GET /master/all answers every client the master data of the hierarchy of the first client that asked (cached once, not per top-level customer)',
  },
  'order-ids-any-hierarchy': {
    rule: 'CARD-ORDER-IDS-FROM-MASTER',
    proves: ['master.per-top-level', 'order.master-ids#cardTypeId', 'order.master-ids#productId'],
    companions: ['MASTER-IDS-ON-CARDS'],
    description:
      "the ids of a card order item are checked against the master data of every hierarchy: an id only another hierarchy's holds is accepted, and its card carries it",
  },
  'card-reason-any-hierarchy': {
    rule: 'CARD-REASON-FROM-MASTER',
    proves: ['master.per-top-level', 'card-status.body#reason-from-master'],
    description:
      "a statusReasonId of card block, unblock and cancel is checked against the reasons of every hierarchy: one only another hierarchy's master data holds is accepted",
  },

  // ---- Every item on its own: the items of a card order, and the products of each ----
  'order-second-item-copies-first': {
    rule: 'CARD-ORDER-EACH-ITEM',
    proves: ['field:Card order item.cardAddress', 'field:Card order item.cardContact'],
    description:
      "every card of an order but the first gets the first item's cardAddress and cardContact (the order's address block is read once)",
  },
  'order-products-of-first-item': {
    rule: 'CARD-ORDER-EACH-ITEM',
    proves: ['field:Card order item.products'],
    description: "every card of an order gets the products of the order's first item",
  },
  'card-driver-accents-stripped': {
    rule: 'CARD-ORDER-EACH-ITEM',
    proves: ['field:Card order item.driverName'],
    description: 'the driverName of a card order item is stored without its accents and combining marks (Zoë → Zoe)',
  },

  // ---- Writes in sequence, every field after every transition ----
  'card-status-name-wrong-after-unblock': {
    rule: 'CARD-UNBLOCK-REACTIVATES',
    companions: ['CARD-STATUS-ACTIVE-1'],
    proves: ['states.card.unblock#unblocked'],
    description: 'an unblocked card shows status {id: 1, name: "Unblocked"}: the id of Active under another name',
  },
  'card-block-changes-driver': {
    rule: 'CARD-BLOCK',
    proves: ['states.card.block#blocked'],
    description: "card block saves the card's driverName in capitals (the block form's embossing field)",
  },
  'card-second-block-ignored': {
    rule: 'CARD-BLOCK',
    proves: ['states.card.block#blocked', 'scope.card-operations#block'],
    description:
      'a card blocked once before (and unblocked since) answers 200 {} to block but stays Active: its block record exists',
  },
  'card-replace-changes-original': {
    rule: 'CARD-REPLACE-BLOCKS-ORIGINAL',
    proves: ['states.card.replace#original-blocked'],
    description:
      'replace applies the supplied driverName, vehicleRegNumber and additionalEmbossing to the original too (it is updated before it is copied)',
  },

  // ---- Text as people write it ----
  'card-driver-name-html-escaped': {
    rule: 'CARD-REPLACE-APPLIES-CHANGES',
    proves: ['replace.body#applies'],
    description: 'the driverName supplied to replace is stored HTML-escaped (&amp; &lt; &gt; &quot; &#39;)',
  },
  'card-notes-bytes-counted': {
    rule: 'CARD-NOTES-MAX-200',
    proves: ['card-status.body#notes-max-200', 'limits.notes#card'],
    description:
      'the notes limit of card block and unblock counts UTF-8 bytes: 200 characters with letters beyond ASCII are refused',
  },

  // ---- Optional means it may be left out; defaults with every filter ----
  'reprint-address-required': {
    rule: 'CARD-REPRINT-PIN',
    proves: ['reprint.body#address-optional'],
    description: 'reprintPIN refuses a body without cardAddress (400 ER-001)',
  },
  'card-unblock-notes-required': {
    rule: 'CARD-UNBLOCK-REACTIVATES',
    proves: ['card-status.unblock-body#notes-optional'],
    description: 'card unblock refuses a body without notes (400 ER-001)',
  },
  'card-replace-vrn-needs-driver': {
    rule: 'CARD-REPLACE-COPIES',
    companions: ['CARD-REPLACE-BLOCKS-ORIGINAL'],
    proves: ['replace.body#optional'],
    description: 'replace refuses a body that supplies vehicleRegNumber without driverName (400 ER-001)',
  },
  'card-search-active-first-only-without-filter': {
    rule: 'CARD-SEARCH-ACTIVE-FIRST',
    proves: ['search.sort', 'states.card.status#active-first'],
    description:
      'the default order lists Active cards first only without cardTypeIdentifiers, statusIdentifiers, orderReference and filter; with one, by cardIdentifier',
  },

  // ---- Latency targets: caught by the perf gate (npm run perf), not by a conformance test ----
  'latency-list-customers-slow': {
    rule: 'LAT-LIST-CUSTOMERS',
    proves: ['latency.list-customers', 'limits.latency'],
    description: 'GET /customers answers every 2xx 1.5 times its p50 target late: the p50 target is missed',
  },
  'latency-get-customer-slow': {
    rule: 'LAT-GET-CUSTOMER',
    proves: ['latency.get-customer'],
    description:
      'GET /customers/{customerAccountNumber} answers every 2xx 1.5 times its p50 target late: the p50 target is missed',
  },
  'latency-create-subcustomer-slow': {
    rule: 'LAT-CREATE-SUBCUSTOMER',
    proves: ['latency.create-sub-customer'],
    description:
      'POST /customers/subcustomer answers every 2xx 1.5 times its p50 target late: the p50 target is missed',
  },
  'latency-update-customer-slow': {
    rule: 'LAT-UPDATE-CUSTOMER',
    proves: ['latency.update-customer-details'],
    description:
      'POST /customers/{customerAccountNumber}/updateDetail answers every 2xx 1.5 times its p50 target late: the p50 target is missed',
  },
  'latency-customer-card-types-slow': {
    rule: 'LAT-CUSTOMER-CARD-TYPES',
    proves: ['latency.customer-card-types'],
    description:
      'GET /customers/{customerAccountNumber}/cardTypes answers every 2xx 1.5 times its p50 target late: the p50 target is missed',
  },
  'latency-block-customer-slow': {
    rule: 'LAT-BLOCK-CUSTOMER',
    proves: ['latency.customer-block'],
    description: 'customer block answers every 2xx 1.5 times its p50 target late: the p50 target is missed',
  },
  'latency-unblock-customer-slow': {
    rule: 'LAT-UNBLOCK-CUSTOMER',
    proves: ['latency.customer-unblock'],
    description: 'customer unblock answers every 2xx 1.5 times its p50 target late: the p50 target is missed',
  },
  'latency-close-customer-slow': {
    rule: 'LAT-CLOSE-CUSTOMER',
    proves: ['latency.customer-close'],
    description: 'customer close answers every 2xx 1.5 times its p50 target late: the p50 target is missed',
  },
  'latency-order-cards-slow': {
    rule: 'LAT-ORDER-CARDS',
    proves: ['latency.order-cards'],
    description: 'POST /cards/order answers every 2xx 1.5 times its p50 target late: the p50 target is missed',
  },
  'latency-get-card-slow': {
    rule: 'LAT-GET-CARD',
    proves: ['latency.get-card'],
    description:
      'GET /cards/{cardIdentifier} answers every 2xx 1.5 times its p50 target late: the p50 target is missed',
  },
  'latency-search-cards-slow': {
    rule: 'LAT-SEARCH-CARDS',
    proves: ['latency.search-cards'],
    description: 'POST /cards/search answers every 2xx 1.5 times its p50 target late: the p50 target is missed',
  },
  'latency-block-card-slow': {
    rule: 'LAT-BLOCK-CARD',
    proves: ['latency.card-block'],
    description: 'card block answers every 2xx 1.5 times its p50 target late: the p50 target is missed',
  },
  'latency-unblock-card-slow': {
    rule: 'LAT-UNBLOCK-CARD',
    proves: ['latency.card-unblock'],
    description: 'card unblock answers every 2xx 1.5 times its p50 target late: the p50 target is missed',
  },
  'latency-cancel-card-slow': {
    rule: 'LAT-CANCEL-CARD',
    proves: ['latency.card-cancel'],
    description: 'card cancel answers every 2xx 1.5 times its p50 target late: the p50 target is missed',
  },
  'latency-replace-card-slow': {
    rule: 'LAT-REPLACE-CARD',
    proves: ['latency.card-replace'],
    description: 'card replace answers every 2xx 1.5 times its p50 target late: the p50 target is missed',
  },
  'latency-reprint-pin-slow': {
    rule: 'LAT-REPRINT-PIN',
    proves: ['latency.pin-reprint'],
    description: 'PIN reprint answers every 2xx 1.5 times its p50 target late: the p50 target is missed',
  },
  'latency-master-data-slow': {
    rule: 'LAT-MASTER-DATA',
    proves: ['latency.master-data'],
    description: 'GET /master/all answers every 2xx 1.5 times its p50 target late: the p50 target is missed',
  },
} as const satisfies Record<string, FaultDefinition>;

export type FaultId = keyof typeof faultCatalogue;

/** What one fault proves the suite detects (reports show it beside each statement of the document). */
export interface FaultProof {
  fault: string;
  rule: string;
  proves: readonly string[];
  description: string;
}

export const faultProofs: readonly FaultProof[] = Object.entries(faultCatalogue as Record<string, FaultDefinition>).map(
  ([fault, { rule, proves, description }]) => ({ fault, rule, proves, description })
);

export class FaultConfigError extends Error {}

export class Faults extends Switches<FaultId> {
  constructor(ids: readonly string[] = []) {
    super(ids, faultCatalogue, (id) => {
      const prefix = id.split('-')[0]!;
      const near = Object.keys(faultCatalogue)
        .filter((k) => k.startsWith(`${prefix}-`))
        .slice(0, 8);
      const hint = near.length
        ? `similar: ${near.join(', ')}${near.length === 8 ? ', ...' : ''}`
        : 'the list is in sandbox/faults.ts and sandbox/README.md';
      return new FaultConfigError(`SANDBOX_FAULTS: unknown fault "${id}" (${hint})`);
    });
  }

  static parse(value: string | undefined): Faults {
    return new Faults(Switches.split(value));
  }
}
