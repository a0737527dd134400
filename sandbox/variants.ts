/**
 * SANDBOX_VARIANTS=id,id: other legitimate choices where the document is silent, so that the suite
 * can be shown to pass every server that conforms but chose differently (npm run selftest:variants):
 * the negative controls, as faults (sandbox/faults.ts) are the positive ones. The table is the single
 * registry: id → the document's words that make the choice legitimate (quoted exactly), the register
 * entry it varies, what it does, and the settings a user sets for a server that chose it.
 */
import { Switches } from './switches.js';

export interface VariantDefinition {
  /** The document's words that leave the choice open, quoted exactly. */
  words: string;
  /** The entry of lib/rules/assumptions.ts it varies (ASSUME-*), or the document's "not shown" sentence the register leaves to another entry. */
  varies: string;
  description: string;
  /** FLEET_* settings a user sets for a server that made this choice. */
  suite?: Record<string, string>;
  /** SANDBOX_* settings the variant needs (a latency profile, a token lifetime). */
  env?: Record<string, string>;
  /** Too slow for the subset npm test runs. */
  slow?: true;
}

export const variantCatalogue = {
  // ---- Every answer ----
  'extra-fields': {
    words: 'Successful operations answer with an operation status object. Its fields: not shown.',
    varies: 'ASSUME-EXTRA-FIELDS',
    description:
      'every JSON object of every answer (resources and their nested objects, pages, operation status, errors, the token) carries an undocumented field `vendorExtension`',
  },
  'optional-fields-omitted': {
    words: 'Which Customer and Card fields are always present: not shown.',
    varies: 'ASSUME-FIELD-PRESENCE',
    description:
      'customers and cards leave out empty values ("", [], nested ones too) and what the server generates but does not expose: a customer\'s parentCustomerIdentifier, a card\'s keyIdentifier and secondaryCardNumber',
  },
  'null-for-absent': {
    words: 'Types are JSON types unless stated.',
    varies: 'ASSUME-NULL-VALUES',
    description:
      "every answer writes null for a documented member it has no value for (a customer's business reference never given, the parent fields of the top-level customer, nextCursor on a last page, chargingKeyType and connectorId before a start) and for an empty text, as a server that serialises every declared field does (Jackson, .NET); the members the document says are present keep their values",
  },
  'defaults-omitted': {
    words: 'Which Customer and Card fields are always present: not shown.',
    varies: 'ASSUME-FIELD-PRESENCE',
    description:
      'every answer leaves out a member holding false, 0, "" or [] (proto3\'s JSON mapping: hasNextPage and lastPage when false, countOfSubAccounts 0, isEV false, empty arrays, ...), but those the document says are present; a card search shows totalCount on its first page only',
  },
  'values-other-appear': {
    words: 'The complete list of codes and which condition raises which: not shown.',
    varies: 'ASSUME-VALUES-THAT-APPEAR',
    description:
      'values beyond those the document says appear: 400s of the standard operations carry ER-005 where the sandbox says ER-001, EVSEs with capabilities also show REMOTE_START_STOP_CAPABLE, session energy is in KWH, transactions after the earliest have the outcome CAPTURE instead of CHARGE',
  },
  'formats-other': {
    words: 'All field names are case-sensitive. Types are JSON types unless stated.',
    varies: 'ASSUME-FORMATS',
    description:
      "new account numbers are letters and digits (`SC-1001`), order references are UUIDs, a location's country is its two-letter code, timestamps of locations and sessions carry milliseconds",
  },
  'timestamps-other': {
    words:
      'Evse: uid string; evse_id string; physical_reference string; status string; connectors array of objects; capabilities array of strings; last_updated timestamp.',
    varies: 'ASSUME-FORMATS',
    description:
      "timestamps as far as the document states them: an EVSE's last_updated, the exceptional periods and transaction times in local time at +01:00, a location's last_updated and a session's startTime in UTC to the minute (no seconds), durations with a fraction of a second (PT1H23M0.5S)",
  },
  'rate-limit-429': {
    words: 'Rate limits: not shown.',
    varies: 'ASSUME-RATE-LIMITS',
    description:
      'every 50th request of each client (the token request aside) answers 429 `{message}` with `Retry-After: 1` instead of being served',
  },
  'latency-doc': {
    words: 'Server-side latency targets for successful (2xx) requests, in milliseconds:',
    varies: 'Server-side latency targets for successful (2xx) requests, in milliseconds:',
    description:
      "every operation answers at the document's own p50/p99 (SANDBOX_LATENCY=doc); the suite runs as against a remote target",
    env: { SANDBOX_LATENCY: 'doc' },
    suite: { FLEET_WORKERS: '8', FLEET_FC_RUNS: '15' },
    slow: true,
  },
  'latency-network': {
    words: 'Server-side latency targets for successful (2xx) requests, in milliseconds:',
    varies: 'ASSUME-LATENCY-MEASURE',
    description:
      "every operation answers at the document's own p50/p99 (SANDBOX_LATENCY=doc) behind a network of 40 to 80 ms each way (SANDBOX_NETWORK=40-80): a client sees each answer, a 401 too, 80 to 160 ms later than the server sent it",
    env: { SANDBOX_LATENCY: 'doc', SANDBOX_NETWORK: '40-80' },
    suite: { FLEET_WORKERS: '8', FLEET_FC_RUNS: '15' },
    slow: true,
  },

  // ---- Authentication and errors ----
  'token-short-lived': {
    words: 'Token response fields, token lifetime and scopes: not shown.',
    varies: 'ASSUME-TOKEN-RESPONSE',
    description: 'tokens live 4 seconds (expires_in 4)',
    env: { SANDBOX_TOKEN_TTL: '4' },
  },
  'token-keycloak-shape': {
    words: 'Token response fields, token lifetime and scopes: not shown.',
    varies: 'ASSUME-TOKEN-RESPONSE',
    description:
      'the token answer has Keycloak\'s shape without a lifetime ({access_token, token_type: "bearer", refresh_expires_in: 0, "not-before-policy": 0, scope}); tokens die unannounced after 15 seconds',
    env: { SANDBOX_TOKEN_TTL: '15' },
  },
  'error-bodies-other': {
    words: 'Bodies of 401, 403 and 404 for the standard operations: not shown.',
    varies: 'ASSUME-ERROR-BODIES-401-403-404',
    description:
      'a 401 of the standard operations has no body (only `WWW-Authenticate: Bearer error="invalid_token"`), their 403 and 404 answer `{message}` (geosearch and sessions keep their `{message}` bodies)',
  },
  'unknown-nested-properties-ignored': {
    words: 'The body schema rejects properties other than those listed.',
    varies: 'ASSUME-UNKNOWN-PROPERTIES',
    description:
      "outside the card search, a property the document does not list inside a body's nested objects (contacts, addresses, card order items and their products, the geosearch filters and options) is accepted and ignored; one at the top level of a body is still refused",
  },
  'rejections-other-statuses': {
    words: 'The complete list of codes and which condition raises which: not shown.',
    varies: 'ASSUME-REJECTION-STATUS',
    description:
      'a refused state change answers 409 `ER-409`, another invalid request of the customer and card operations 422 `ER-422` (card order and geosearch keep their documented 400), a body that is not JSON 415 `ER-415`',
  },
  'character-count-utf16': {
    words: 'at most 310 characters on write',
    varies: 'ASSUME-CHARACTER-COUNT',
    description:
      'the limits of customerName, customerBusinessReference and notes count UTF-16 code units: an astral character counts twice',
  },
  'text-stored-nfc': {
    words: 'at most 310 characters on write',
    varies: 'ASSUME-CHARACTER-COUNT',
    description:
      "a customer's free text (name, reference, contact and address fields) is stored in Unicode normalization form C: a letter sent with a combining mark (e + U+0308) reads back precomposed (ë)",
  },
  'column-sizes-short': {
    words: 'additionalEmbossing (string); driverName (string); vehicleRegNumber (string)',
    varies: 'ASSUME-FIELD-LENGTHS',
    description:
      'the string fields whose length is not stated have short columns (vehicleRegNumber 10, zipCode 10, countryCode 3, phones 20, additionalEmbossing 20, driverName 24, names, companyName and address fields 35, emailAddress 80): a longer value of a customer create or update, card order, replace or PIN reprint is refused with 400 ER-001 "<field> must be at most N characters"',
  },
  'top-level-unreadable': {
    words:
      'Which client may do what beyond the account hierarchy (master data depends on the top-level customer; list excludes the top-level account): not shown.',
    varies: 'ASSUME-UNKNOWN-RESOURCE-404',
    description:
      "the caller's own top-level customer answers 403 to GET (and to its card types); it is still a parent and a list filter",
  },
  'foreign-filter-empty': {
    words:
      'Which client may do what beyond the account hierarchy (master data depends on the top-level customer; list excludes the top-level account): not shown.',
    varies: 'ASSUME-UNKNOWN-RESOURCE-404',
    description:
      'a customer list or card search filtered by a customer of another hierarchy answers 200 with an empty page instead of 403 (a filter that matches nothing the caller may see)',
  },
  'foreign-filter-404': {
    words:
      'Which client may do what beyond the account hierarchy (master data depends on the top-level customer; list excludes the top-level account): not shown.',
    varies: 'ASSUME-UNKNOWN-RESOURCE-404',
    description:
      'a customer list or card search filtered by a customer of another hierarchy answers 404 "customer … not found" instead of 403 (the caller may not know it exists)',
  },
  'foreign-body-400': {
    words:
      'Which client may do what beyond the account hierarchy (master data depends on the top-level customer; list excludes the top-level account): not shown.',
    varies: 'ASSUME-UNKNOWN-RESOURCE-404',
    description:
      'a customer of another hierarchy named in a body (the parent of createSubCustomer, the customer of a card order) is an invalid parameter: 400 ER-001 instead of 403',
  },
  'foreign-cursor-refused': {
    words:
      'Which client may do what beyond the account hierarchy (master data depends on the top-level customer; list excludes the top-level account): not shown.',
    varies: 'ASSUME-UNKNOWN-RESOURCE-404',
    description:
      "a cursor sent by another client than the one it was issued to is refused: 403 from card search, 404 from the customer list (the sandbox otherwise answers the caller's own page from the cursor's position)",
  },
  'foreign-cursor-empty-page': {
    words:
      'Which client may do what beyond the account hierarchy (master data depends on the top-level customer; list excludes the top-level account): not shown.',
    varies: 'ASSUME-UNKNOWN-RESOURCE-404',
    description:
      'a cursor sent by another client than the one it was issued to leads to an empty last page (200), of card search and of the customer list',
  },

  // ---- Customers ----
  'customer-list-envelope': {
    words:
      'Customer list response (a page of customers for the list operation): its shape is not shown; the list takes limit and cursor parameters.',
    varies: 'ASSUME-CUSTOMER-LIST-PAGE',
    description: 'a page is `{data: [...], paging: {next, more, total}}`',
    suite: { FLEET_CUSTOMER_LIST_FIELDS: 'customers=data,nextCursor=paging.next,hasNextPage=paging.more' },
  },
  'customer-list-bare-array': {
    words:
      'Customer list response (a page of customers for the list operation): its shape is not shown; the list takes limit and cursor parameters.',
    varies: 'ASSUME-CUSTOMER-LIST-PAGE',
    description:
      "a page is a bare JSON array; the next page's cursor is in the response header `X-Next-Cursor`, absent on the last page",
    suite: { FLEET_CUSTOMER_LIST_FIELDS: 'customers=.,nextCursor=header:X-Next-Cursor,hasNextPage=none' },
  },
  'customer-list-link-header': {
    words:
      'Customer list response (a page of customers for the list operation): its shape is not shown; the list takes limit and cursor parameters.',
    varies: 'ASSUME-CUSTOMER-LIST-PAGE',
    description:
      'a page is `{items: [...], lastPage}`; the next page is named by the `Link` header (`rel="next"`, its URL carrying the cursor)',
    suite: { FLEET_CUSTOMER_LIST_FIELDS: 'customers=items,nextCursor=link:next,hasNextPage=!lastPage' },
  },
  'customer-list-nested-paging': {
    words:
      'Customer list response (a page of customers for the list operation): its shape is not shown; the list takes limit and cursor parameters.',
    varies: 'ASSUME-CUSTOMER-LIST-PAGE',
    description:
      'a page is `{customers, paging: {limit, offset, totalCount, hasNextPage, nextCursor}}`, nextCursor null on the last page; the suite finds the paging fields without a setting',
  },
  'list-items-summary': {
    words: 'Which Customer and Card fields are always present: not shown.',
    varies: 'ASSUME-FIELD-PRESENCE',
    description:
      'customer list items carry only customerAccountNumber, customerName, customerBusinessReference and parentCustomerAccountNumber: the status, count, contact and address of a customer only GET shows',
  },
  'search-items-summary': {
    words:
      'Card (search result item and single-card response). Which Customer and Card fields are always present: not shown.',
    varies: 'ASSUME-FIELD-PRESENCE',
    description:
      'card search items show only cardIdentifier, cardType, status, primaryVisualCardNumber, driverName and vehicleRegNumber: the purchase category, restriction, products, delivery address and contact, embossing, other numbers and dates of a card only GET shows',
  },
  'page-sizes-other': {
    words: 'Maximum page size of list and search: not shown.',
    varies: 'ASSUME-CARD-SEARCH-DEFAULTS',
    description:
      'the customer list caps a page at 100; card search answers 20 cards without limit and caps a page at 100',
  },
  'page-size-over-max-refused': {
    words: 'Maximum page size of list and search: not shown.',
    varies: 'ASSUME-CARD-SEARCH-DEFAULTS',
    description:
      'the customer list and card search refuse a limit above 100 with 400 ER-001 "limit must be at most 100" instead of capping it',
  },
  'customer-statuses-other': {
    words: 'The full set of customer statuses: not shown.',
    varies: 'ASSUME-CUSTOMER-STATES',
    description: 'a blocked customer shows statusIdentifier 4 "Suspended", a closed one 9 "Terminated"',
  },
  'count-open-sub-accounts': {
    words: 'The full set of customer statuses: not shown.',
    varies: 'ASSUME-CUSTOMER-STATES',
    description: 'countOfSubAccounts counts the direct sub-accounts that are not closed',
  },
  'unmet-condition-no-op': {
    words: 'customer was previously blocked',
    varies: 'ASSUME-UNMET-CONDITION',
    description:
      'unblock of a customer or card that is not blocked, and block of one that is, answer 200 {} and change nothing',
  },
  'new-customer-pending': {
    words: 'The full set of customer statuses: not shown.',
    varies: 'ASSUME-CUSTOMER-STATES',
    description:
      'a sub-customer created through the interface shows statusIdentifier 6 "Pending" until its first block; unblocked, it shows Active (1); in every other way a pending customer is an Active one',
  },
  'blocked-customer-frozen': {
    words: 'The full set of customer statuses: not shown.',
    varies: 'ASSUME-CUSTOMER-STATES',
    description: 'updateDetail of a blocked customer is refused (400 ER-001) until it is unblocked',
  },
  'customer-block-cascades': {
    words:
      'Block is temporary (for example for non-payment); unblock reactivates a blocked customer; close is permanent.',
    varies: 'ASSUME-BLOCK-CASCADE',
    description: 'block of a customer blocks its Active descendants too, unblock unblocks its Blocked descendants',
  },
  'close-refused-with-cards': {
    words: 'none stated',
    varies: 'ASSUME-CLOSE-CONDITIONS',
    description: 'close of a customer that holds a card not cancelled (an ordered one too) is refused (400 ER-001)',
  },
  'search-prefix-match': {
    words:
      'searchText (string, case-insensitive partial match on customerAccountNumber, customerName or customerBusinessReference; when combined with customerAccountNumber both filters apply)',
    varies: 'ASSUME-PARTIAL-MATCH',
    description:
      "searchText matches a field from its start only (customerName also from the start of any of its words), as an index-backed LIKE 'text%' or a word-prefix full-text search does; so do the card search filters with partialMatch true",
  },
  'top-level-not-a-parent': {
    words:
      'customerAccountNumber (string, optional: the parent under which to create; when omitted the sub-customer is created under the top-level customer)',
    varies: 'ASSUME-TOP-LEVEL-PARENT',
    description:
      'a creation that names the top-level account as customerAccountNumber is refused (400 ER-001); left out, it creates under the top-level customer',
  },
  'busref-unique': {
    words: "client's own internal identifier; at most 20 characters on write",
    varies: 'ASSUME-BUSREF-UNIQUE',
    description:
      'a customerBusinessReference another customer of the hierarchy holds (closed ones too) is refused on create and updateDetail (400 ER-001)',
  },
  'email-tld-checked': {
    words: 'string (e-mail address format)',
    varies: 'ASSUME-EMAIL-DOMAINS',
    description:
      "a customer contact's emailAddress under a top-level domain outside a built-in list (com, org, net, de, nl, ... 28 in all; not .test, .example, made-up ones) is refused on create and updateDetail (400 ER-001)",
  },

  'address-from-master': {
    words: 'country code',
    varies: 'ASSUME-ADDRESS-VALUES',
    description:
      "a customer address (create, updateDetail) whose countryCode is not a country's or whose region is not a region's of the caller's master data is refused with 400 ER-001",
  },

  // ---- Master data ----
  'master-links-optional': {
    words: 'id integer, description string, cardTypeId integer',
    varies: 'ASSUME-MASTER-LINKS',
    description:
      'each hierarchy\'s master data holds two generic reasons without cardTypeId (101 "Contract ended", 102 "Replaced by another card": valid for every card type) and a purchase category without productRestrictionId (7 "Open purchase")',
  },
  'master-retired-values': {
    words: 'array of {productId: integer, productName: string}',
    varies: 'ASSUME-MASTER-LINKS',
    description:
      'three Active cards of the main hierarchy outside the card pool also carry product 20 "Ethanol E85", withdrawn from master data since they were ordered',
  },

  // ---- Cards ----
  'card-statuses-other': {
    words: 'Other card status names: not shown.',
    varies: 'ASSUME-CARD-STATES',
    description:
      'card statuses other than Active have other ids and names (6 Temporarily blocked, 7 Cancelled, 8 Expired, 9 In production), in the master data too',
  },
  'order-cards-later': {
    words: 'States of a card order after acceptance: not shown.',
    varies: 'ASSUME-CARD-STATES',
    description:
      'the cards of an accepted order exist only 3 seconds after the 202 (until then neither search nor GET shows them)',
  },
  'order-validated-later': {
    words: '202: operation status plus orderReference (string, always present). The process is asynchronous.',
    varies: 'ASSUME-ORDER-VALIDATION',
    description:
      'a card order naming an identifier the master data does not hold is accepted (202, an orderReference) and fails later: no card of it is ever made; other problems are refused at once',
  },
  'order-validation-phased': {
    words: '400: an array of error objects (one per problem), not a single object.',
    varies: 'ASSUME-ORDER-VALIDATION',
    description:
      'a card order missing a required field is answered with its ER-002 errors only; the identifiers and other values are checked once the body is complete',
  },
  'card-cancel-strict': {
    words: 'Whether they are required and the notes length limit: not shown.',
    varies: 'ASSUME-CARD-STATES',
    description: 'cancel requires statusReasonId and refuses notes over 200 characters',
  },
  'unknown-filter-ids-match-nothing': {
    words: 'cardTypeIdentifiers (array of integer, ids from master data cardType)',
    varies: 'ASSUME-UNKNOWN-FILTER-IDS',
    description:
      'a card search whose cardTypeIdentifiers or statusIdentifiers name an id master data does not hold answers 200 with the cards of the other ids it names (none when it names only such ids) instead of 400',
  },
  'card-sort-grammar-other': {
    words: 'grammar and sortable fields beyond that: not shown',
    varies: 'ASSUME-CARD-SEARCH-DEFAULTS',
    description: 'sortExpression takes `+status` / `-status` only; any other expression is refused (400)',
  },
  'card-filter-case-sensitive': {
    words:
      'filter (object: partialMatch boolean, primaryVisualCardNumber string, driverName string, vehicleRegNumber string)',
    varies: 'ASSUME-CARD-FILTER-WHOLE-VALUE',
    description: 'the card search filters match case-sensitively',
  },
  'search-values-validated': {
    words:
      'orderReference (string); cardTypeIdentifiers (array of integer, ids from master data cardType); statusIdentifiers (array of integer, ids from master data status); filter (object: partialMatch boolean, primaryVisualCardNumber string, driverName string, vehicleRegNumber string)',
    varies: 'ASSUME-SEARCH-VALUES',
    description:
      'card search refuses (400 ER-001) an empty filter text, an empty cardTypeIdentifiers or statusIdentifiers, and an orderReference not shaped as the ones it issues (`ORD-YYYYMMDD-NNNNNN`, seeded `ORD-SEED-NNNN-NNN`, a UUID under formats-other)',
  },
  'replacement-delayed': {
    words: "Whether the new card's identifier is returned: not shown.",
    varies: 'ASSUME-REPLACEMENT-VISIBLE',
    description:
      'a replacement card exists only 3 seconds after the replace answered (FLEET_REPLACEMENT_TIMEOUT, 10 s by default, covers it)',
  },
  'replace-combinations-checked': {
    words:
      'Body, every field optional: cardTypeId (integer); purchaseCategoryId (integer); [...] cardGroupId (integer)',
    varies: 'ASSUME-REPLACE-COMBINATIONS',
    description:
      "a customer is offered every card type but the master data's first (GET /customers/{customerAccountNumber}/cardTypes); replace refuses (400 ER-001) a cardTypeId the card's customer is not offered, a purchaseCategoryId other than the new type's default, and a cardGroupId of another card type",
  },
  'ended-unreadable': {
    words: 'customer | POST customer close | none stated | closed permanently',
    varies: 'ASSUME-ENDED-READABLE',
    description:
      'a closed customer answers 404 to GET and to its card types (it stays listed), a cancelled card answers 404 to GET (it stays in searches)',
  },
  'replacement-next-day': {
    words: "Whether the new card's identifier is returned: not shown.",
    varies: 'ASSUME-REPLACEMENT-VISIBLE',
    description:
      'a replacement card exists only a day after the replace answered, made by the same production as an order: no run sees it (by default what it copies is not judged, with a notice naming FLEET_REPLACEMENT_TIMEOUT; a user sets it to 0)',
    suite: { FLEET_REPLACEMENT_TIMEOUT: '0' },
  },
  'card-order-all-required': {
    words: 'Which of these fields are required: not shown.',
    varies: 'ASSUME-CARD-ORDER-REQUIRED',
    description:
      'every field of a card order item but cardPIN, isDriverEmbossed and isVRNEmbossed is required (ER-002 for each missing one)',
  },

  // ---- What the run made, and what changes while it reads ----
  'card-search-cursor-position': {
    words: 'cursor (string, from a previous response)',
    varies: 'ASSUME-CARD-SEARCH-DEFAULTS',
    description:
      'a card search cursor is a position (how many cards the pages before showed), counted in the search as it is when the next page is asked for: a card whose status changes the default order between two pages shifts the rest, one skipped or shown twice',
  },
  'snapshot-cursor': {
    words: 'cursor (string, from a previous page)',
    varies: 'ASSUME-CURSOR-OTHER-FILTERS',
    description:
      "the customer list and card search page over a snapshot: the first page freezes the ordered result (and its totalCount), a cursor points into it, filters sent together with a cursor are ignored (a limit sent with it is kept); the records are read as they are when a page is asked for; another client's cursor is refused",
  },
  'replaced-original-stays-blocked': {
    words: 'card was previously blocked; statusReasonId supplied',
    varies: 'ASSUME-CARD-STATES',
    description:
      'a replaced original cannot be unblocked (400 ER-001 "card … was blocked because it has been replaced"), and two cards of each pool customer are replaced at seed time: the pool holds replaced originals, Blocked, from the start',
  },

  // ---- Locations ----
  'geo-param-names-other': {
    words: 'Their parameter names are not shown.',
    varies: 'ASSUME-GEO-PARAM-NAMES',
    description: 'the four unnamed geosearch parameters are `limit`, `cluster`, `zoom` and `lang`',
    suite: { FLEET_GEO_PARAM_NAMES: 'count=limit,aggregate=cluster,precision=zoom,language=lang' },
  },
  'geo-param-names-found': {
    words: 'Their parameter names are not shown.',
    varies: 'ASSUME-GEO-PARAM-NAMES',
    description:
      'the four unnamed geosearch parameters are `maxResults`, `isAggregated`, `gridPrecision` and `lang` (unknown query parameters ignored), and no setting names them: the suite finds them',
  },
  'geo-evse-status-other': {
    words: 'Allowed Evse status values: not shown.',
    varies: 'ASSUME-GEO-EVSE-STATUS',
    description: 'EVSE statuses are `Available`, `Occupied`, `Reserved`, `OutOfService`, `Unknown`',
    suite: { FLEET_GEO_AVAILABLE_STATUS: 'Available' },
  },
  'geo-connector-fields-other': {
    words: 'Fields of a connector object: not shown.',
    varies: 'ASSUME-GEO-CONNECTOR-FIELDS',
    description: 'a connector is `{connectorId, type, maxPowerKw}`, `type` holding the standard',
  },
  'geo-count-default-other': {
    words: 'a result count (maximum 300, ignored when aggregation is on)',
    varies: 'ASSUME-GEO-COUNT',
    description: 'without a count a search answers at most 100 locations; when more match, those with the lowest ids',
  },
  'geo-filters-per-location': {
    words: 'Other filter fields: not shown.',
    varies: 'ASSUME-GEO-FILTERS',
    description:
      'the filters combine per location, not per EVSE: a connector of one of the standards somewhere, every capability somewhere, an available EVSE somewhere',
  },
  'geo-language-lenient': {
    words:
      'a language (two-letter code; supported: en, bg, cy, de, es, fi, fr, hu, is, it, lt, nb, nl, pl, pt, ro, sv)',
    varies: 'ASSUME-GEO-LANGUAGE',
    description: 'any language code is accepted (an unsupported one answers in English), in any case',
  },
  'geo-aggregation-grid': {
    words:
      'a grid precision (integer 2 to 9; larger value gives smaller grid cells; default derived from the radius when omitted)',
    varies: 'ASSUME-GEO-AGGREGATION',
    description:
      'aggregates are cells of a square grid of 45/2^precision degrees (precision 4 when omitted), at the centroid of their locations',
  },
  'geo-aggregates-whole-cells': {
    words: 'when true, results are aggregated, which is faster for large areas',
    varies: 'ASSUME-GEO-AGGREGATION',
    description:
      'aggregates are whole grid cells, as a precomputed grid has them: each cell holding a location of the rectangle counts every location of the cell, inside the rectangle or not, at their centroid',
  },
  'geo-over-maximum-capped': {
    words: 'a result count (maximum 300, ignored when aggregation is on)',
    varies: 'ASSUME-OVER-MAXIMUM',
    description: 'a count above 300 is used as 300, a precision below 2 or above 9 as 2 or 9, instead of being refused',
  },
  'geo-empty-404': {
    words: '404: {message: string}.',
    varies: 'ASSUME-GEO-404',
    description: 'a geosearch that finds no location answers 404 `{message}`',
  },
  'geo-map-elsewhere': {
    words: '404: {message: string}.',
    varies: 'ASSUME-GEO-404',
    description:
      'the map holds no location in Europe (its European locations lie 60 degrees further south, in Africa and across the equator; the few in Brazil and Australia stay), and, as geo-empty-404, a geosearch that finds no location answers 404 `{message}`: every fixed European rectangle answers 404',
  },

  // ---- Sessions ----
  'session-failed-started': {
    words: 'present only after the session has started',
    varies: 'ASSUME-SESSION-STARTED-STATES',
    description:
      'FAILED and UNKNOWN sessions carry chargingKeyType and connectorId (they failed or were lost after their start)',
  },
  'session-refund-positive': {
    words: 'PROCESSING, PAID, DEBT, REFUND (state after session costs are applied)',
    varies: 'ASSUME-SESSION-BALANCE',
    description: 'a REFUND session shows the amount owed back to the driver as a positive balanceAmountMinor',
  },
  'session-payment-values-other': {
    words: 'Allowed sets of transaction paymentMethod and paymentOutcome: not shown.',
    varies: 'ASSUME-SESSION-PAYMENT-METHOD',
    description:
      'sessions without transactions leave paymentMethod out; transactions after the earliest show another method (VOUCHER)',
  },
  'session-access-own-only': {
    words:
      'Which client may do what beyond the account hierarchy (master data depends on the top-level customer; list excludes the top-level account): not shown.',
    varies: 'ASSUME-SESSION-ACCESS',
    description: 'the sessions belong to the main client: the foreign client gets 404 for them',
  },
  'session-malformed-id-400': {
    words: 'A second error answer with the same body shape exists; its status code is not shown.',
    varies: 'ASSUME-SESSION-SECOND-ERROR',
    description: 'a sessionId that is not a UUID answers 400 `{message, details}` (an unknown UUID keeps its 404)',
  },
  'session-ids-other-shape': {
    words: 'A second error answer with the same body shape exists; its status code is not shown.',
    varies: 'ASSUME-SESSION-SECOND-ERROR',
    description:
      'session ids are `CS-` and six digits (`CS-000001` …), not UUIDs; any other shape, a UUID too, answers 400 `{message, details}`',
    suite: { FLEET_SESSION_IDS: 'CS-000001,CS-000010,CS-000017' },
  },
} as const satisfies Record<string, VariantDefinition>;

export type VariantId = keyof typeof variantCatalogue;

/**
 * Variants that make one choice in different ways: a server makes one of them. The composite
 * (SANDBOX_VARIANTS=all-compatible: a server that made other choices everywhere at once, as a second
 * implementation does) takes the first of each group, and no slow variant.
 */
export const alternatives: readonly (readonly VariantId[])[] = [
  ['customer-list-nested-paging', 'customer-list-envelope', 'customer-list-bare-array', 'customer-list-link-header'],
  ['foreign-cursor-empty-page', 'foreign-cursor-refused'],
  ['snapshot-cursor', 'card-search-cursor-position'],
  ['foreign-filter-empty', 'foreign-filter-404'],
  ['page-sizes-other', 'page-size-over-max-refused'],
  ['replacement-delayed', 'replacement-next-day'],
  ['token-keycloak-shape', 'token-short-lived'],
  ['geo-param-names-found', 'geo-param-names-other'],
  // How a value the server does not have is written: null, or left out as proto3 leaves out its defaults.
  ['null-for-absent', 'defaults-omitted'],
  // Together they leave a run's customer that ordered cards open until its order completes (its
  // cards cannot be cancelled before they show, its close is refused while it holds them): SUITE-CLEANUP
  // would be red until then, a limit of the run on such a server (npm run cleanup closes them later).
  ['order-cards-later', 'close-refused-with-cards'],
];

export const ALL_COMPATIBLE = 'all-compatible';

/** The variants of the composite, in the catalogue's order. */
export function compatibleVariants(): VariantId[] {
  const left = new Set(alternatives.flatMap((group) => group.slice(1)));
  return (Object.keys(variantCatalogue) as VariantId[]).filter(
    (id) => !left.has(id) && !(variantCatalogue[id] as VariantDefinition).slow
  );
}

/** The settings of several variants together (suite and sandbox); two that set one variable differently are alternatives. */
export function settingsOf(ids: readonly VariantId[]): Required<Pick<VariantDefinition, 'suite' | 'env'>> {
  const merged = { suite: {} as Record<string, string>, env: {} as Record<string, string> };
  for (const id of ids) {
    const v = variantCatalogue[id] as VariantDefinition;
    for (const part of ['suite', 'env'] as const) {
      for (const [k, x] of Object.entries(v[part] ?? {})) {
        if (merged[part][k] !== undefined && merged[part][k] !== x)
          throw new VariantConfigError(
            `SANDBOX_VARIANTS: ${id} sets ${k}=${x} where another variant set ${merged[part][k]}: they are alternatives (sandbox/variants.ts)`
          );
        merged[part][k] = x;
      }
    }
  }
  return merged;
}

export class VariantConfigError extends Error {}

export class Variants extends Switches<VariantId> {
  constructor(ids: readonly string[] = []) {
    super(
      ids,
      variantCatalogue,
      (id) =>
        new VariantConfigError(
          `SANDBOX_VARIANTS: unknown variant "${id}" (the list is in sandbox/variants.ts and sandbox/README.md)`
        )
    );
  }

  /** A list of ids; `all-compatible` stands for the composite's. */
  static parse(value: string | undefined): Variants {
    return new Variants(Switches.split(value).flatMap((id) => (id === ALL_COMPATIBLE ? compatibleVariants() : [id])));
  }
}
