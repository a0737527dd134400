/**
 * The assumptions register: every place where the document is silent ("not shown") and the
 * suite and the sandbox had to choose. The suite never fails a server for one of these choices:
 * it accepts any reasonable answer, records what it saw in the drift report, and lets the user
 * configure what the choice depends on. The statements of lib/rules/document.ts cite each entry from
 * its `rests`, and `npm run sandbox:tables` writes sandbox/README.md's list from the register.
 */

/** The settings the register shows in force (lib/config.ts's Config has them; declared here so that the register imports nothing above it). */
export interface SettingsInForce {
  customerListFields: { text: string };
  geoParamNames: Readonly<Partial<Record<'count' | 'aggregate' | 'precision' | 'language', string>>>;
  geoAvailableStatus: string;
  replacementTimeoutSeconds: number;
  strict: ReadonlySet<string>;
}

export interface Assumption {
  id: string;
  /**
   * The statements of lib/rules/document.ts (their keys) where the document is silent on this: each
   * cites the entry from here. A field of a resource table names the entries it rests on itself.
   */
  rests: readonly string[];
  /** What the document leaves open, in its words. */
  silence: string;
  /** The sandbox's choice (and the suite's default). */
  choice: string;
  /** How the suite treats a server that chose otherwise. */
  suite: string;
  /** The setting that changes the suite's expectation, if any. */
  setting?: string;
  /** The value in force for this run. */
  inForce?: (config: SettingsInForce) => string;
}

export const assumptions: Assumption[] = [
  {
    id: 'ASSUME-CUSTOMER-LIST-PAGE',
    rests: ['customer.list-page', 'list.200', 'limits.page-size'],
    silence: 'Customer list response (a page of customers for the list operation): its shape is not shown.',
    choice:
      'It mirrors the card list: {customers, hasNextPage, lastPage, nextCursor, totalCount}; nextCursor only while hasNextPage.',
    suite:
      'Reads the page where the setting says (property paths, a bare array, a cursor in a header or a Link, a negated or no flag) and finds in each answer what it leaves unset (by default all of it): the card list\'s names at the top level first (customers, nextCursor, hasNextPage, lastPage negated), then names of the same kind one level down (paging.hasNextPage, meta.nextCursor, page.more), then a cursor in a header or a Link rel="next"; the customers may also be the page\'s only array. Where a page held them is recorded. A page that holds as many customers as the limit asked (or as it says it used) and shows neither a next cursor nor a more-pages flag, or that says more follow but shows no cursor, is never taken for the whole list: a configuration notice names the setting, and the tests that need the whole list are not run. A page whose customers cannot be found blocks the tests that read it, naming a setting that would read it; other fields are drift.',
    setting: 'FLEET_CUSTOMER_LIST_FIELDS',
    inForce: (c) => c.customerListFields.text,
  },
  {
    id: 'ASSUME-GEO-PARAM-NAMES',
    rests: ['geo.param-names'],
    silence: 'Four further query parameters exist [...] Their parameter names are not shown.',
    choice: 'count, aggregate, precision, language.',
    suite:
      "Sends a parameter named in the setting under that name, as it is. Finds each other one once per worker by its effect, trying the sandbox's name first, then common ones (lib/geo-params.ts): count 1 shows fewer locations than no count; aggregation on shows aggregates; precision 2 and 9 aggregate differently, or 10 is refused where 9 is not; a language shows more locations with directions in it, or a code outside the 17 is refused where a supported one is not. What it found is recorded; a parameter it did not find is sent under the sandbox's name, said once as a configuration notice naming the setting, and the tests that need it are not run.",
    setting: 'FLEET_GEO_PARAM_NAMES',
    inForce: (c) => {
      const set = Object.entries(c.geoParamNames).map(([k, v]) => `${k}=${v}`);
      return set.length === 4
        ? set.join(',')
        : `${set.length ? `${set.join(',')}; ` : ''}the ${set.length ? 'others' : 'four'} found on the target`;
    },
  },
  {
    id: 'ASSUME-GEO-EVSE-STATUS',
    rests: ['location.evse-status'],
    silence: 'Allowed Evse status values: not shown.',
    choice:
      "OCPI's set (AVAILABLE, CHARGING, BLOCKED, OUT_OF_ORDER, INOPERATIVE, RESERVED, UNKNOWN); options.includeAvailableOnly keeps the locations with an AVAILABLE EVSE.",
    suite:
      'With includeAvailableOnly, every location must have an EVSE in the configured status; the check is skipped when no EVSE of the searched area shows that status.',
    setting: 'FLEET_GEO_AVAILABLE_STATUS',
    inForce: (c) => c.geoAvailableStatus,
  },
  {
    id: 'ASSUME-GEO-CONNECTOR-FIELDS',
    rests: ['location.connector'],
    silence: 'Fields of a connector object: not shown.',
    choice: "OCPI's connector fields; filters.connectorStandards matches the `standard` field.",
    suite:
      'A location meets connectorStandards when one of its EVSEs has a connector with any property equal to a requested standard; the standard requested is one an unfiltered search shows (values of a `standard` property first).',
  },
  {
    id: 'ASSUME-REJECTION-STATUS',
    rests: ['intro.json', 'errors.400', 'errors.codes'],
    silence: 'The complete list of codes and which condition raises which: not shown.',
    choice:
      'A violated validation rule or state condition answers 400 with ER-001 (card order: an array, ER-002 per missing required field).',
    suite:
      'Accepts any 4xx for a rejection the document gives no code for; an undocumented 4xx or error code is drift. The body is checked whenever the status is documented.',
  },
  {
    id: 'ASSUME-UNKNOWN-PROPERTIES',
    rests: [
      'create.body',
      'update.body',
      'customer-status.body',
      'order.body',
      'card-status.body',
      'card-status.unblock-body',
      'cancel.body',
      'replace.body',
      'reprint.body',
      'geo.body',
    ],
    silence:
      '"The body schema rejects properties other than those listed" is stated for the card search body only. Whether the other request bodies (sub-customer create and updateDetail with customerContact and customerAddress; customer block, unblock and close; card order with its items, their cardAddress, cardContact and products; card block, unblock, cancel, replace, and PIN reprint with its cardAddress; the geosearch body with filters and options) refuse properties other than those listed, at their top level or inside their nested objects: not stated.',
    choice:
      "Refused at every level with the operation's documented error: 400 ER-001 in the standard body, the card order's array, geosearch's {message, details}.",
    suite:
      "Sends one unlisted property at each level of each body, one test per level: accepts the refusal (a 4xx; the body checked where the status is documented) or the operation's success with the property ignored, records which, never a 5xx; FLEET_STRICT=ASSUME-UNKNOWN-PROPERTIES requires the refusal at every level (an assumption failure otherwise). The card search is the document's own rule, enforced at every level (CARD-SEARCH-UNKNOWN-PROPERTY).",
    setting: 'FLEET_STRICT',
    inForce: (c) =>
      c.strict.has('ASSUME-UNKNOWN-PROPERTIES') ? 'refused at every level (strict)' : 'refused or ignored',
  },
  {
    id: 'ASSUME-TOKEN-RESPONSE',
    rests: ['auth.token-response'],
    silence: 'Token response fields, token lifetime and scopes: not shown.',
    choice: 'OAuth 2.0: {access_token, token_type: "Bearer", expires_in} (seconds; SANDBOX_TOKEN_TTL, default 3600).',
    suite: 'Needs access_token; refreshes before expires_in runs out when given, and once after a 401 otherwise.',
  },
  {
    id: 'ASSUME-RATE-LIMITS',
    rests: ['limits.rate'],
    silence: 'Rate limits: not shown.',
    choice: 'No rate limit.',
    suite:
      'Waits out 429, and 503 with Retry-After (bounded), sends again and counts it as drift (throttled in the summary); a request still refused after the waits blocks its test, it never fails a rule.',
  },
  {
    id: 'ASSUME-ERROR-BODIES-401-403-404',
    rests: ['endpoints.standard-errors', 'errors.401', 'errors.403', 'errors.404', 'errors.bodies-401-403-404'],
    silence: 'Bodies of 401, 403 and 404 for the standard operations: not shown.',
    choice: 'The standard error body with codes UNAUTHORIZED, FORBIDDEN, NOT_FOUND.',
    suite: 'Does not check these bodies beyond Content-Type; their error codes appear as drift.',
  },
  {
    id: 'ASSUME-EXTRA-FIELDS',
    rests: ['opstatus.fields'],
    silence:
      'The resource tables list the fields of each object; whether an answer may carry others is not stated (the operation status object: "Its fields: not shown.").',
    choice:
      'Only the documented fields; the operation status object of update, block, unblock, close, cancel, replace and reprint is {}.',
    suite:
      'Compares only documented fields; undocumented fields are drift, never a failure. FLEET_STRICT=ASSUME-EXTRA-FIELDS requires the empty object the document shows from update, block, unblock, close and reprint.',
  },
  {
    id: 'ASSUME-CHARACTER-COUNT',
    rests: ['limits.customername', 'limits.customerbusinessreference', 'limits.notes'],
    silence:
      'customerName max 310 characters, customerBusinessReference max 20, notes max 200: the unit of a character is not shown.',
    choice:
      'Unicode code points (an astral character counts once); text is stored as sent, in the normalization form it came in.',
    suite:
      'Requires values within the limit in UTF-16 units too to be accepted and values over it in code points to be refused; a value between the two counts may go either way. Text as people write it in Latin-1 (letters beyond ASCII, quotes, & and <>) must be accepted at the limit and read back unchanged; letters with combining marks, outside Latin-1, may be refused, and accepted they must read back as the same text (canonically equivalent: another normalization form is recorded).',
  },
  {
    id: 'ASSUME-FIELD-LENGTHS',
    rests: ['create.body', 'update.body', 'search.filter', 'replace.body', 'reprint.body'],
    silence:
      'The lengths of string fields other than customerName (310), customerBusinessReference (20) and notes (200, customer block, unblock, close; card block, unblock) are not stated: the Address and Contact fields, companyName, driverName, vehicleRegNumber, additionalEmbossing, the card search filters.',
    choice: 'None: the sandbox refuses no length of these fields.',
    suite:
      "Sends short plain values (a vehicleRegNumber of at most 12 characters, names and address lines of at most about 25, e-mail addresses of at most 40); the stated limits are tested with their own lengths. Where a write the document calls valid is refused (400, 413, 422) while it carries a longer value than the floor of its field (vehicleRegNumber and additionalEmbossing 8, names and address lines 12, e-mail addresses 30), it is sent once more with those values cut to their floors; accepted, the refusal is recorded and the test goes on with the shorter values, never a rule's failure.",
  },
  {
    id: 'ASSUME-FORMATS',
    rests: ['resources.json-types'],
    silence:
      'Types are JSON types unless stated: the formats of account numbers, identifiers, card numbers, order references and country codes are not shown. Of timestamps the document states "ISO 8601, UTC" for a Location\'s last_updated and "UTC" for a session\'s startTime; an Evse\'s last_updated, the exceptional periods of opening_times and a transaction\'s time are a "timestamp" and no more. Whether a timestamp shows seconds is not shown.',
    choice:
      'Ten-digit account numbers, ORD-YYYYMMDD-NNNNNN order references, ISO 3166-1 alpha-3 location countries, every timestamp in UTC to the second (Z), durations in whole minutes. Identifiers and credentials compare whole: a value near one (another case, a prefix, trailing characters, blanks around it, leading zeros) is not found; a cardIdentifier is read as JSON Schema reads an integer (leading zeros, a trailing point or zero fraction, blanks around it: the same card).',
    suite:
      'Treats identifiers, numbers, references and codes as opaque strings of their JSON type; checks only the formats the document states: dates YYYY-MM-DD, e-mail addresses, ISO 8601 durations (a decimal fraction on the last component too), timestamps as ISO 8601 dates and times of day (extended or basic format, seconds optional), in UTC where the document says UTC, with any offset or none elsewhere; records how the target writes its timestamps. A value near an identifier or credential the caller holds is refused (any 4xx) or names something of its own, never what it is near; the same value written otherwise (an integer as a number reads it, a UUID in another case: RFC 9562) may be answered as it (recorded). FLEET_STRICT=ASSUME-FORMATS requires every timestamp to the second, in UTC, and a UUID in another case refused (an assumption failure otherwise).',
    setting: 'FLEET_STRICT',
    inForce: (c) =>
      c.strict.has('ASSUME-FORMATS')
        ? 'timestamps to the second, in UTC; a UUID in another case refused (strict)'
        : 'timestamps as stated per field',
  },
  {
    id: 'ASSUME-UNMET-CONDITION',
    rests: ['states.customer.unblock', 'states.card.unblock'],
    silence:
      'The state tables state when a transition happens ("customer was previously blocked", "card was previously blocked"), not what a request whose condition is unmet answers.',
    choice: 'Refused with 400 ER-001; nothing changes.',
    suite:
      'Accepts a refusal (4xx) or an accepted no-op (2xx), and requires that nothing changes; FLEET_STRICT=ASSUME-UNMET-CONDITION requires the refusal.',
  },
  {
    id: 'ASSUME-UNKNOWN-RESOURCE-404',
    rests: ['scope.hierarchy', 'get-customer.path', 'auth.beyond-hierarchy', 'errors.404'],
    silence: 'Which condition raises which code: not shown; 404 means not found.',
    choice:
      "An unknown customer account number, card identifier or session id answers 404; one outside the caller's hierarchy answers 403.",
    suite:
      "Requires 404 for an unknown resource and 403 for a foreign one named in the path (every operation that names a customer or a card: the authorization matrix). A customer list or card search filtered by a customer outside the caller's hierarchy may answer 403, another 4xx refusal (400, 404, 422), or a page with none of its customers or cards; a customer outside it named in a body (the parent of a new sub-customer, the customer of a card order) may be refused with 403 or another 4xx (400, 404, 422); a status change of a foreign card whose statusReasonId only its owner's master data holds may be refused the same ways; each recorded, nothing shown or changed. FLEET_STRICT=ASSUME-UNKNOWN-RESOURCE-404 requires the 403 in each of these.",
  },
  {
    id: 'ASSUME-CUSTOMER-STATES',
    rests: ['states.customer.other-statuses', 'states.customer.block', 'states.customer.unblock'],
    silence:
      'The full set of customer statuses: not shown. Which status a new sub-customer starts in, which one "reactivated" brings back, and whether a blocked customer\'s details may change: not shown.',
    choice:
      'Active (1), Blocked (2), Closed (3); a new sub-customer is Active, unblock brings Active back; block only from Active; close from Active or Blocked; a blocked customer may be updated; after close every status change and update is refused.',
    suite:
      'Knows only Active (1): after block the customer is no longer in its previous status; after unblock it is open again, in the status it had before its block or Active (1) (a new customer may start in a status of its own, awaiting activation), each status identifier always with the same text; after close it never leaves the closed status. An update of a blocked customer may be refused (nothing changes) or applied; either way it stays blocked, and its unblock keeps the details. Records what the target showed; FLEET_STRICT=ASSUME-CUSTOMER-STATES requires the very status of before the block after an unblock, and the update of a blocked customer applied (an assumption failure otherwise).',
    setting: 'FLEET_STRICT',
    inForce: (c) =>
      c.strict.has('ASSUME-CUSTOMER-STATES')
        ? 'the status of before the block, blocked customers updatable (strict)'
        : 'before the block or Active (1); blocked customers refused or updated',
  },
  {
    id: 'ASSUME-BLOCK-CASCADE',
    rests: ['customer-status.meaning', 'states.customer.block', 'states.customer.unblock'],
    silence:
      "open customer | POST customer block | none stated | temporarily blocked; blocked customer | POST customer unblock | reactivated: what a block or an unblock does to the customer's sub-accounts is not shown.",
    choice: 'Nothing: a block or an unblock changes the customer it names only.',
    suite:
      'Blocks (and so unblocks) only customers whose sub-accounts are all closed, or that have none: a block that reaches the sub-accounts, as one for non-payment may, is never taken for a fault. FLEET_STRICT=ASSUME-BLOCK-CASCADE has the customer lifecycle block customers with open sub-accounts too, and requires each of those as it was after the block and the unblock (an assumption failure otherwise).',
    setting: 'FLEET_STRICT',
    inForce: (c) =>
      c.strict.has('ASSUME-BLOCK-CASCADE')
        ? 'sub-accounts untouched (strict)'
        : 'only customers without open sub-accounts are blocked',
  },
  {
    id: 'ASSUME-CLOSE-CONDITIONS',
    rests: ['states.customer.close'],
    silence:
      'customer | POST customer close | none stated | closed permanently: whether a close is refused while the customer holds cards or orders is not stated.',
    choice: 'Never: a customer is closed whatever it holds.',
    suite:
      "At teardown, a close refused is sent again after the customer's cards are cancelled; a customer of the run left open that holds cards is recorded, not counted against SUITE-CLEANUP. One test orders a card for a fresh sub-customer and closes it: accepted, it is closed permanently; refused, the refusal is recorded and the close sent again after its cards are cancelled. FLEET_STRICT=ASSUME-CLOSE-CONDITIONS requires the first close accepted (an assumption failure otherwise).",
    setting: 'FLEET_STRICT',
    inForce: (c) =>
      c.strict.has('ASSUME-CLOSE-CONDITIONS')
        ? 'closed whatever it holds (strict)'
        : 'closed, or after its cards are cancelled',
  },
  {
    id: 'ASSUME-ENDED-READABLE',
    rests: ['states.customer.close', 'states.card.cancel'],
    silence:
      'customer | POST customer close | closed permanently; card | POST card cancel | cancelled permanently: whether a closed customer or a cancelled card can still be read is not shown.',
    choice: 'Readable: GET shows it with its closed or cancelled status.',
    suite:
      'Needs a 200 only of customers and cards it knows are not ended. A 404 for a customer the run closed or a card it cancelled is recorded and the record taken as gone: every later read must keep answering 404 (a read that shows it again, Active or not, is judged as before). FLEET_STRICT=ASSUME-ENDED-READABLE requires 200 (an assumption failure otherwise).',
    setting: 'FLEET_STRICT',
    inForce: (c) =>
      c.strict.has('ASSUME-ENDED-READABLE')
        ? 'readable with its ended status (strict)'
        : 'readable, or gone for good (404)',
  },
  {
    id: 'ASSUME-PARTIAL-MATCH',
    rests: ['list.search-text', 'search.filter'],
    silence:
      'searchText (string, case-insensitive partial match on customerAccountNumber, customerName or customerBusinessReference); card search filter (object: partialMatch boolean, ...): which part of a field the text or the filter value must match is not shown.',
    choice: 'Any part: a substring anywhere in the field, case-insensitive.',
    suite:
      'Searches with a leading part of a field (the start of an account number, of a name, of a business reference), which every reading finds: a substring anywhere, a prefix of the field, a prefix of a word; requires every result to hold the text. Card search with partialMatch true sends the start and the end of a card number and requires the card found by at least one (a match anywhere, from the start, or from the end, as last digits are searched) and every card found to hold the value. Records whether a part from inside the field finds the customer or the card too; FLEET_STRICT=ASSUME-PARTIAL-MATCH requires it (an assumption failure otherwise).',
    setting: 'FLEET_STRICT',
    inForce: (c) =>
      c.strict.has('ASSUME-PARTIAL-MATCH') ? 'any part of a field (strict)' : 'a leading part of a field',
  },
  {
    id: 'ASSUME-SEARCH-VALUES',
    rests: ['search.order-reference', 'search.filter', 'search.unknown-properties'],
    silence:
      'Card search body: orderReference (string); cardTypeIdentifiers, statusIdentifiers (array of integer); filter (object: partialMatch boolean, primaryVisualCardNumber string, driverName string, vehicleRegNumber string): which values of the listed properties are valid is not shown (formats: ASSUME-FORMATS).',
    choice: 'Any value of the documented JSON type: an empty string, an empty array, free text as orderReference.',
    suite:
      'Requires a search body of listed properties to be accepted when its values are known-good: ids from master data (at least one), filter texts of letters and digits, no orderReference but one the run obtained from an order. Other values of the documented type (an empty string, an empty array, any text as orderReference) may be accepted or refused (4xx), never a 5xx; records which; FLEET_STRICT=ASSUME-SEARCH-VALUES requires them accepted (an assumption failure otherwise).',
    setting: 'FLEET_STRICT',
    inForce: (c) =>
      c.strict.has('ASSUME-SEARCH-VALUES') ? 'any value of the type (strict)' : 'known-good values accepted',
  },
  {
    id: 'ASSUME-TOP-LEVEL-PARENT',
    rests: ['create.parent'],
    silence:
      'customerAccountNumber (string, optional: the parent under which to create; when omitted the sub-customer is created under the top-level customer): whether the top-level account may be named as that parent is not shown.',
    choice: 'Yes: named, it is the parent, as when the field is left out.',
    suite:
      'Creates under the top-level customer by leaving the field out. A creation naming the top-level account may be refused (4xx) or create a customer at level 1, never a 5xx; records which; FLEET_STRICT=ASSUME-TOP-LEVEL-PARENT requires it created (an assumption failure otherwise).',
    setting: 'FLEET_STRICT',
    inForce: (c) => (c.strict.has('ASSUME-TOP-LEVEL-PARENT') ? 'a parent (strict)' : 'a parent, or refused'),
  },
  {
    id: 'ASSUME-BUSREF-UNIQUE',
    rests: ['create.business-reference'],
    silence:
      "customerBusinessReference | client's own internal identifier: whether a reference must be unique among the hierarchy's customers is not shown.",
    choice: 'Not unique: any number of customers may carry one reference.',
    suite:
      'Sends references of its own where it needs a write accepted (unique to the run and the request, its boundary values too); a valid reference refused while another customer holds it is recorded, not failed; FLEET_STRICT=ASSUME-BUSREF-UNIQUE requires it accepted (an assumption failure otherwise).',
    setting: 'FLEET_STRICT',
    inForce: (c) =>
      c.strict.has('ASSUME-BUSREF-UNIQUE') ? 'shared references accepted (strict)' : 'unique references sent',
  },
  {
    id: 'ASSUME-EMAIL-DOMAINS',
    rests: [],
    silence:
      'emailAddress | string (e-mail address format): whether that format takes in the domain (a top-level domain that exists) is not shown.',
    choice:
      'The syntax only: a dot-atom local part, @, and a domain of letter-bounded labels, whatever its top-level domain.',
    suite:
      "Sends valid addresses under top-level domains that exist (example.com for the factories' contacts; com, org, net, nl, de for random ones); invalid ones break the syntax itself. FLEET_STRICT=ASSUME-EMAIL-DOMAINS sends addresses under made-up top-level domains too and requires them accepted (an assumption failure otherwise).",
    setting: 'FLEET_STRICT',
    inForce: (c) =>
      c.strict.has('ASSUME-EMAIL-DOMAINS') ? 'any top-level domain (strict)' : 'existing top-level domains sent',
  },
  {
    id: 'ASSUME-CARD-STATES',
    rests: [
      'states.card.other-statuses',
      'states.card.order-states',
      'order.202',
      'cancel.not-shown',
      'limits.card-order-completion',
      'states.card.cancel',
      'states.card.order',
    ],
    silence: 'Other card status names: not shown. States of a card order after acceptance: not shown.',
    choice:
      "Active (1), Blocked, Cancelled, Expired, and Ordered for cards of an accepted order, which stay Ordered for the sandbox's lifetime.",
    suite:
      'Knows only Active (1): blocked = no longer Active; unblocked = Active again; never assumes an order completes within the run. Unblock is judged only on a card the run blocked itself: whether a replaced original ("original blocked") can be unblocked is not said.',
  },
  {
    id: 'ASSUME-CARD-SEARCH-DEFAULTS',
    rests: ['search.limit', 'search.sort', 'limits.page-size'],
    silence: 'Maximum page size of list and search: not shown. sortExpression grammar and sortable fields: not shown.',
    choice:
      'Card search limit default 50; customer list maximum page size 200 (capped silently); sortExpression accepts "status", "status asc", "status desc".',
    suite:
      'Never relies on a page size it did not ask for nor on a sortExpression grammar. Requires card search limits 1 to 20 to be accepted; a larger limit may be accepted (a page of at most that many cards) or refused (4xx), recorded; FLEET_STRICT=ASSUME-CARD-SEARCH-DEFAULTS requires limits 1 to 120 to be accepted.',
    setting: 'FLEET_STRICT',
    inForce: (c) =>
      c.strict.has('ASSUME-CARD-SEARCH-DEFAULTS') ? 'limits 1 to 120 accepted (strict)' : 'limits 1 to 20 accepted',
  },
  {
    id: 'ASSUME-CURSOR-OTHER-FILTERS',
    rests: ['list.cursor', 'search.cursor'],
    silence:
      'cursor (string, from a previous page); cursor (string, from a previous response); "Continue by sending nextCursor as cursor while hasNextPage is true": a cursor continues the list or search it came from. What a cursor sent with other filters than its own page\'s (another customerAccountNumber) answers is not described.',
    choice:
      'Refused: 400 ER-001 (the cursor carries its filters; a request may repeat them unchanged or leave them out).',
    suite:
      "Accepts a refusal (4xx), the new filters applied, or the cursor's own list continued (a server that pages over a snapshot ignores filters sent with a cursor); never a 5xx; records which. Another client's cursor is no silence: it shows none of that client's customers or cards (AUTH-FOREIGN-NOT-LISTED). FLEET_STRICT=ASSUME-CURSOR-OTHER-FILTERS requires the refusal or the new filters (an assumption failure otherwise).",
    setting: 'FLEET_STRICT',
    inForce: (c) =>
      c.strict.has('ASSUME-CURSOR-OTHER-FILTERS') ? 'refused or the new filters (strict)' : 'any answer but a 5xx',
  },
  {
    id: 'ASSUME-CARD-FILTER-WHOLE-VALUE',
    rests: ['search.filter'],
    silence: 'filter (object: partialMatch boolean, ...): the meaning of partialMatch false is not spelled out.',
    choice: 'partialMatch true: case-insensitive substring; false or omitted: whole value, case-insensitive.',
    suite: 'Checks whole-value and substring matching with values in their stored case only.',
  },
  {
    id: 'ASSUME-REPLACEMENT-VISIBLE',
    rests: ['replace.identifier', 'states.card.replace'],
    silence: "Whether the new card's identifier is returned: not shown.",
    choice: 'The replacement card exists at once, for the same customer, Active.',
    suite:
      'Finds the replacement by card search (a unique value supplied or copied) and waits for it up to FLEET_REPLACEMENT_TIMEOUT seconds. One not seen by then leaves CARD-REPLACE-COPIES and CARD-REPLACE-APPLIES-CHANGES not judged: a configuration notice names the setting (0: replacements show later than any run waits; none is looked for, and no notice). FLEET_STRICT=ASSUME-REPLACEMENT-VISIBLE requires the replacement within the timeout (an assumption failure otherwise).',
    setting: 'FLEET_REPLACEMENT_TIMEOUT',
    inForce: (c) => `${c.replacementTimeoutSeconds} s`,
  },
  {
    id: 'ASSUME-REPLACE-COMBINATIONS',
    rests: ['replace.body'],
    silence:
      'Body, every field optional: cardTypeId (integer); purchaseCategoryId (integer); [...] cardGroupId (integer): which combinations of them a replace accepts is not shown.',
    choice: 'Any ids of the master data, in any combination.',
    suite:
      "Changes a card's type only to one of its customer's card types (GET /customers/{customerAccountNumber}/cardTypes), with that type's default purchase category and a card group of that type; the card model supplies no id at all. What it sent is recorded.",
  },
  {
    id: 'ASSUME-ORDER-VALIDATION',
    rests: ['order.202', 'order.400'],
    silence:
      'POST /cards/order: "202: operation status plus orderReference (string, always present). The process is asynchronous. 400: an array of error objects (one per problem)." When the identifiers of an order are checked against master data, and whether one 400 reports problems of different kinds, is not shown.',
    choice:
      'At once: an order naming an identifier master data does not hold is refused with 400, every problem of the body in one array.',
    suite:
      'Takes a 202 to an order naming an unknown identifier as a check made later, when no card of that order shows when it searches by its orderReference right after (a card of it that shows: the identifier was used, red); a 400 to an order missing a required field may report that field alone (ER-002). Both are recorded. FLEET_STRICT=ASSUME-ORDER-VALIDATION requires the refusal at once, with one error per problem of every kind (an assumption failure otherwise).',
    setting: 'FLEET_STRICT',
    inForce: (c) =>
      c.strict.has('ASSUME-ORDER-VALIDATION') ? 'refused at once, every problem (strict)' : 'at once or after the 202',
  },
  {
    id: 'ASSUME-CARD-ORDER-REQUIRED',
    rests: ['order-item.required', 'order.master-ids'],
    silence: 'Which of these fields [card order item] are required: not shown.',
    choice: 'The sandbox requires cardTypeId in each item.',
    suite: 'Always sends complete items with ids from master data.',
  },
  {
    id: 'ASSUME-UNKNOWN-FILTER-IDS',
    rests: ['search.card-types', 'search.statuses'],
    silence:
      'cardTypeIdentifiers (array of integer, ids from master data cardType); statusIdentifiers (array of integer, ids from master data status): what a search naming an id that master data does not hold answers is not shown.',
    choice: 'Refused: 400 ER-001.',
    suite:
      'Accepts a refusal (any 4xx) or an answer that lists no card of another type or status; never a 5xx. Where a request creates or changes something with an unknown id (a card order item, replace, a status reason), it must be refused.',
  },
  {
    id: 'ASSUME-GEO-COUNT',
    rests: ['geo.count'],
    silence:
      'A result count (maximum 300, ignored when aggregation is on); which locations when more match: not shown.',
    choice: "Omitted: 300; below 1 refused; when more match, the ones nearest the rectangle's centre.",
    suite: 'Sends counts 1 to 300 only where it judges what they answer; never relies on which locations are chosen.',
  },
  {
    id: 'ASSUME-OVER-MAXIMUM',
    rests: ['geo.count', 'geo.precision', 'limits.geosearch-result-count', 'limits.geosearch-aggregation-precision'],
    silence:
      'A result count (maximum 300, ignored when aggregation is on); a grid precision (integer 2 to 9); Limits: geosearch result count max 300, geosearch aggregation precision 2 to 9. What a search with a count above 300, or a precision outside 2 to 9, answers is not shown.',
    choice: 'Refused: 400 {message, details}.',
    suite:
      'Accepts a refusal (4xx) or the value capped: a count above 300 answered with at most 300 locations (more is a breach of the maximum), a precision outside 2 to 9 answered (2xx) as a grid the server has; never a 5xx; records which. FLEET_STRICT=ASSUME-OVER-MAXIMUM requires the refusal (an assumption failure otherwise).',
    setting: 'FLEET_STRICT',
    inForce: (c) => (c.strict.has('ASSUME-OVER-MAXIMUM') ? 'refused (strict)' : 'refused or capped'),
  },
  {
    id: 'ASSUME-GEO-FILTERS',
    rests: ['geo.other-filters'],
    silence: 'Other filter fields: not shown (how the filters combine and match: not shown).',
    choice: 'The filters combine on one EVSE; an empty array filters nothing.',
    suite:
      'Checks each filter on its own with one value: a connector of the standard, an EVSE with the capability, an available EVSE.',
  },
  {
    id: 'ASSUME-GEO-LANGUAGE',
    rests: ['geo.language'],
    silence: 'A language (two-letter code; supported: ...): what it changes is not shown.',
    choice: 'The language of `directions`; codes outside the 17 are refused.',
    suite: 'Requires the 17 codes to be accepted; another code may be refused (4xx) or accepted, never 5xx.',
  },
  {
    id: 'ASSUME-GEO-AGGREGATION',
    rests: ['geo.aggregation', 'geo.precision'],
    silence:
      'Results are aggregated; grid precision default derived from the radius (the grid and the formula: not shown).',
    choice:
      'Geohash cells of `precision` characters, each counting the matching locations of the rectangle that fall in it (cut at its edges), at their centroid; `locations` empty.',
    suite:
      'Checks that locations are not returned and that the aggregate counts add up to at least the locations the same search finds without aggregation (none left out): a server may count whole grid cells, which near the edges hold locations outside the rectangle too; records which. FLEET_STRICT=ASSUME-GEO-AGGREGATION requires the counts to add up to exactly the locations found (an assumption failure otherwise).',
    setting: 'FLEET_STRICT',
    inForce: (c) =>
      c.strict.has('ASSUME-GEO-AGGREGATION') ? 'exactly the locations found (strict)' : 'at least the locations found',
  },
  {
    id: 'ASSUME-GEO-404',
    rests: ['geo.404'],
    silence: 'Geosearch 404: {message: string} (when: not shown).',
    choice: 'A search finding nothing answers 200 with empty arrays; 404 for other paths under /locations/.',
    suite:
      "Accepts 200 with no location or 404 {message} wherever a search may find nothing; a search that must find locations searches an area the target's map showed them in, never a fixed one. FLEET_STRICT=ASSUME-GEO-404 requires the 200.",
  },
  {
    id: 'ASSUME-SESSION-STARTED-STATES',
    rests: [],
    silence:
      'chargingKeyType and connectorId: present only after the session has started (which states follow a start: not shown).',
    choice:
      'STARTED, WAITING_TO_STOP, STOPPED, COMPLETE, STOP_FAILED carry them; CREATED, WAITING_TO_START, FAILED, UNKNOWN do not.',
    suite: 'Requires the two fields to be absent for CREATED and WAITING_TO_START only; never requires them present.',
  },
  {
    id: 'ASSUME-SESSION-BALANCE',
    rests: [],
    silence: 'balanceAmountMinor for PROCESSING and REFUND: not shown.',
    choice: 'Never positive: PAID "0", DEBT negative, REFUND "0", PROCESSING "0" or negative, external clearing "0".',
    suite:
      'Requires a long integer as text, "0" for PAID, negative for DEBT, never positive outside external clearing but for PROCESSING and REFUND (an amount owed back); FLEET_STRICT=ASSUME-SESSION-BALANCE requires those never positive too.',
  },
  {
    id: 'ASSUME-SESSION-PAYMENT-METHOD',
    rests: ['session.payment-sets'],
    silence:
      'paymentMethod without transactions: not shown. Allowed sets of transaction paymentMethod and paymentOutcome: not shown.',
    choice: 'Without transactions, the method chosen when the session was created.',
    suite: 'Checks the earliest-transaction rule only where there are transactions.',
  },
  {
    id: 'ASSUME-SESSION-SECOND-ERROR',
    rests: ['session.second-error'],
    silence: 'A second error answer with the same body shape exists; its status code is not shown.',
    choice: 'None: an unknown session id, well-formed or not, answers 404 {message, details}.',
    suite:
      "Asks for an unknown session with an id of the configured ids' shape (a UUID where they are UUIDs; otherwise their letters and separators kept, each other character drawn anew within its class) and requires 404 {message}. Asks with a UUID too: 404, or another 4xx with {message} where a UUID is not of the server's shape (recorded); any other error answer of the operation is checked for the {message} body only. FLEET_STRICT=ASSUME-SESSION-SECOND-ERROR requires 404 for the UUID too (an assumption failure otherwise).",
    setting: 'FLEET_STRICT',
    inForce: (c) =>
      c.strict.has('ASSUME-SESSION-SECOND-ERROR')
        ? 'a UUID answers 404 too (strict)'
        : 'an id of the configured shape answers 404',
  },
  {
    id: 'ASSUME-SESSION-ACCESS',
    rests: ['auth.beyond-hierarchy'],
    silence: 'Which client may do what beyond the account hierarchy: not shown (sessions name no customer).',
    choice: 'Any authenticated client reads any session.',
    suite: 'Reads the configured FLEET_SESSION_IDS with its one client.',
  },
  {
    id: 'ASSUME-FIELD-PRESENCE',
    rests: ['resources.case-sensitive', 'opstatus.fields', 'customer.fields-present', 'geo.200'],
    silence:
      'Which Customer and Card fields are always present: not shown. The other resources list their fields without saying which are always present; presence is stated only for orderReference ("always present"), the customerAccountNumber a creation answers, the ten master-data arrays and the two error bodies ({errorCode, errorDescription}; {message, details?}), absence for chargingKeyType and connectorId before a session starts and for companyName outside card addresses.',
    choice:
      'Every documented field is shown, but customerBusinessReference when none was given, the parent fields of the top-level customer, nextCursor on a last page, and chargingKeyType and connectorId before a start.',
    suite:
      "Requires the stated presence. A Customer, a Card, a card list response, a charging session and every element of a documented array (card type, master-data element, Location, Evse, Aggregate, Transaction, a card's product, a direction, opening hours) show at least one of their documented fields: one that shows none (a card type answering other field names) is not that element, a failure of the resource's shape rule. Nested objects (Contact, Address, status, price, coordinates, operator, opening_times, charger, energy) may be empty; the geosearch answer may leave out an empty array. A member holding false, 0, \"\" or [] may be left out (as proto3 writes them): a card list page without hasNextPage has no next page, a countOfSubAccounts or a totalCount left out is not judged. What a target leaves out is recorded (specs/resources, and the card search walks and the countOfSubAccounts test); FLEET_STRICT=ASSUME-FIELD-PRESENCE requires every documented field of the card list response (but nextCursor: hasNextPage on every page of a search, and totalCount on every page of a search that shows it on one), card types, master-data elements, the geosearch answer, locations, EVSEs, opening_times, aggregates, charging sessions (but chargingKeyType and connectorId), prices and transactions, and countOfSubAccounts of the Customer whose count is judged; no other field of Customer and Card, nor of their Contact and Address, whose presence the document disclaims, but a card's primaryVisualCardNumber and cardType in both its search item and its GET. A card search item is compared with the card's GET only on the fields both show (a search answering summary items is recorded).",
    setting: 'FLEET_STRICT',
    inForce: (c) =>
      c.strict.has('ASSUME-FIELD-PRESENCE')
        ? 'every documented field (strict)'
        : 'at least one documented field per element',
  },
  {
    id: 'ASSUME-MASTER-LINKS',
    rests: [],
    silence:
      'Master data: "reason | id integer, description string, cardTypeId integer", "cardGroup | ... cardTypeId integer", "cardType | ... defaultPurchaseCategoryId integer", "purchaseCategory | ... productRestrictionId integer" (whether every element carries its link, and whether cards carry only current master-data values: not shown).',
    choice:
      'Always, and only current values: every element names an element of the array it links to; every card shows values of the master data as it is today.',
    suite:
      "Judges a link only where an element carries it (absent or null, it is recorded: a generic reason for every card type, a purchase category without a restriction); the status and card type of every card (what card search takes) must be in the master data, the purchase category, restriction and products of the cards the run made (its driverName carries the run id) too, those of other cards are recorded (a card ordered before a product was withdrawn). FLEET_STRICT=ASSUME-MASTER-LINKS requires every link present and every card's values in the master data (an assumption failure otherwise).",
    setting: 'FLEET_STRICT',
    inForce: (c) =>
      c.strict.has('ASSUME-MASTER-LINKS')
        ? 'every link present, every card in current master data (strict)'
        : 'links judged where present, values of the cards the run made',
  },
  {
    id: 'ASSUME-ADDRESS-VALUES',
    rests: [],
    silence:
      'Address: "country | string | country name", "countryCode | string | country code", "region | string"; master data: "country | id integer, name string, countryCode string", "region | id integer, name string" (whether address country, countryCode and region must be master-data values: not shown).',
    choice: 'Free text: any country name, country code and region.',
    suite:
      "Sends, in the customer addresses it creates and changes, the country name, countryCode and region of the caller's master data (the first country and region; the second for a change), the Netherlands' where it holds none; GET must show what was sent. One test sends a free-text place the master data does not hold and records whether it was taken. FLEET_STRICT=ASSUME-ADDRESS-VALUES requires it accepted (an assumption failure otherwise).",
    setting: 'FLEET_STRICT',
    inForce: (c) => (c.strict.has('ASSUME-ADDRESS-VALUES') ? 'free text accepted (strict)' : 'master-data values sent'),
  },
  {
    id: 'ASSUME-LATENCY-MEASURE',
    rests: [
      'limits.latency',
      'latency.list-customers',
      'latency.get-customer',
      'latency.create-sub-customer',
      'latency.update-customer-details',
      'latency.customer-card-types',
      'latency.customer-block',
      'latency.customer-unblock',
      'latency.customer-close',
      'latency.order-cards',
      'latency.get-card',
      'latency.search-cards',
      'latency.card-block',
      'latency.card-unblock',
      'latency.card-cancel',
      'latency.card-replace',
      'latency.pin-reprint',
      'latency.master-data',
    ],
    silence:
      'Server-side latency targets for successful (2xx) requests, in milliseconds: where and how server-side time is measured is not shown.',
    choice:
      "From the moment the service's edge (what answers a request without a token) has the request until it has sent the answer: the client-observed time less the network's share, which is the round trip of a request the service answers without work (a read of master data without a token, 401), no quicker than the network's part of any answer (the same connections, path and client); the server's time independent of the network's delays.",
    suite:
      "npm run perf sends such a probe after each round of a phase's requests, on the same connections and schedule. A target is missed only when the answers less a network floor (the probes' 95th percentile for a p50, their slowest for a p99; a probe without a 4xx counts as the slowest) show it, at the stated confidence counting the network's chance to exceed the floor (exact: the exceedance law, lib/latency/floor.ts); met only on client-observed times, which no network makes quicker than the server; otherwise not decided, a notice, saying when the network's share is too large to tell. The conformance run's answers have no probe: they show a target met, never missed. FLEET_STRICT=ASSUME-LATENCY-MEASURE judges client-observed times both ways and sends no probe.",
    setting: 'FLEET_STRICT',
    inForce: (c) =>
      c.strict.has('ASSUME-LATENCY-MEASURE') ? 'client-observed times (strict)' : 'client time less the network floor',
  },
  {
    id: 'ASSUME-NULL-VALUES',
    rests: ['resources.json-types', 'customer.fields-present'],
    silence:
      'Types are JSON types unless stated. Which Customer and Card fields are always present: not shown. How an answer writes a value it does not have (leaves the member out, or writes JSON null) is not shown.',
    choice: 'Left out: the sandbox never writes null.',
    suite:
      "Reads a member written null as absent wherever the document does not state the member present, in the checks of every answer and in the specs; where it does (orderReference, the customerAccountNumber a creation answers, the ten master-data arrays, errorCode and errorDescription, message), a null breaks the rule that states it. Each null is recorded as drift; reports show the answer as received. FLEET_STRICT=ASSUME-NULL-VALUES requires absent values to be left out: a null in a customer, a card, a card list response, a customer's card types, the master data, a geosearch answer or a charging session read by specs/resources is an assumption failure.",
    setting: 'FLEET_STRICT',
    inForce: (c) => (c.strict.has('ASSUME-NULL-VALUES') ? 'left out (strict)' : 'null read as absent'),
  },
  {
    id: 'ASSUME-VALUES-THAT-APPEAR',
    rests: ['location.capabilities', 'session.transaction', 'errors.er-001', 'errors.codes'],
    silence:
      'Codes that appear (ER-001, ER-002, ER-012); capability values that appear (RESERVABLE, PLUG_AND_CHARGE_CAPABLE, CHARGING_PROFILE_CAPABLE); paymentOutcome (CHARGE and WRITE_OFF appear); energy unit (seen: WH). None of these lists is said to be complete.',
    choice: 'Only these values (statuses: ASSUME-CUSTOMER-STATES, ASSUME-CARD-STATES).',
    suite:
      'Accepts other values and reports each as drift (undocumented value); a value that appears keeps its stated meaning (ER-001 with 400, ER-002 with 400 in the card order array, ER-012 with 500).',
  },
];

/** Annotations of a test that applied a stricter reading, and of what the target chose. */
export const STRICT_ANNOTATION = 'assumption';
export const SEEN_ANNOTATION = 'assumption-seen';
/**
 * A silence the suite could not settle by itself on this target (a name or a shape it did not find):
 * said once in the run's summary and drift report, with the setting that settles it; the tests that
 * need it are not run, never red.
 */
export const NOTICE_ANNOTATION = 'configuration-notice';

/** Throws on an id the register does not hold, so that a typo cannot switch nothing on. */
export function assumptionById(id: string): Assumption {
  const found = assumptions.find((a) => a.id === id);
  if (!found) throw new Error(`unknown assumption "${id}" (see lib/rules/assumptions.ts)`);
  return found;
}
