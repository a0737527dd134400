/**
 * Which catalogue rule a schema error breaks: the schema's own rule, refined by where in the
 * body the error sits (a bad card inside a card list breaks CARD-SHAPE, not CARD-LIST-SHAPE).
 */
type Refinement = [pointer: RegExp, rule: string];

const customerParts: Refinement[] = [
  [/\/customerContact\/emailAddress$/, 'CONTACT-EMAIL-FORMAT'],
  [/\/customerContact(\/|$)/, 'CONTACT-SHAPE'],
  [/\/customerAddress\/companyName$/, 'ADDRESS-COMPANYNAME-CARD-ONLY'],
  [/\/customerAddress(\/|$)/, 'ADDRESS-SHAPE'],
  [/\/(status|statusIdentifier)$/, 'CUST-SHAPE'],
];

/** A card's delivery contact and address are the Contact and Address resources. */
const cardParts = (prefix: string): Refinement[] => [
  [new RegExp(`^${prefix}/cardDeliveryContact/emailAddress$`), 'CONTACT-EMAIL-FORMAT'],
  [new RegExp(`^${prefix}/cardDeliveryContact(/|$)`), 'CONTACT-SHAPE'],
  [new RegExp(`^${prefix}/cardDeliveryAddress(/|$)`), 'ADDRESS-SHAPE'],
];

const sessionParts: Refinement[] = [
  [/^\/sessionStatus$/, 'SESSION-STATUS-ENUM'],
  [/^\/balanceStatus$/, 'SESSION-BALANCE-STATUS-ENUM'],
  [/^\/balanceAmountMinor$/, 'SESSION-BALANCE-AMOUNT'],
  [/^\/chargingKeyType$/, 'SESSION-KEY-TYPE-VALUES'],
  [/^\/paymentMethod$/, 'SESSION-PAYMENT-METHOD-ENUM'],
  [/^\/(price|transactions\/\d+\/amount)(\/|$)/, 'SESSION-PRICE-SHAPE'],
];

const locationParts: Refinement[] = [
  [/^\/locations$/, 'GEO-MAX-300'],
  [/^\/locations\/\d+\/evses(\/|$)/, 'GEO-EVSE-SHAPE'],
  [/^\/locations\/\d+\/opening_times(\/|$)/, 'GEO-OPENING-TIMES-SHAPE'],
  [/^\/locations\//, 'GEO-LOCATION-SHAPE'],
  [/^\/aggregates(\/|$)/, 'GEO-AGGREGATE-SHAPE'],
];

/**
 * Where an operation states its own rule for one of its answers, that rule: "404: {message: string}"
 * of sessions (its optional details are the common message body's: "details?: array of string").
 */
const answerRules: Record<string, { rule: string; parts?: Refinement[] }> = {
  'getSession 404': { rule: 'SESSION-UNKNOWN-404', parts: [[/^\/details(\/|$)/, 'ERR-MESSAGE-BODY']] },
};

const schemaRules: Record<string, { rule: string; parts?: Refinement[] }> = {
  'customer.json': { rule: 'CUST-SHAPE', parts: customerParts },
  'customer-list.json': { rule: 'CUST-SHAPE', parts: customerParts },
  'customer-create-response.json': { rule: 'CUST-CREATE-RETURNS-NUMBER' },
  'operation-status.json': { rule: 'OPSTATUS-OBJECT' },
  'card-types.json': { rule: 'CUST-CARDTYPES-SHAPE' },
  // An answer that is no Card at all (another object, none of the Card's fields) breaks "200: Card".
  'card.json': { rule: 'CARD-SHAPE', parts: [[/^\/$/, 'CARD-GET'], ...cardParts('')] },
  'card-list.json': { rule: 'CARD-LIST-SHAPE', parts: [...cardParts('/cards/\\d+'), [/^\/cards\/\d+/, 'CARD-SHAPE']] },
  'card-order-response.json': { rule: 'CARD-ORDER-REFERENCE' },
  // Inside an element, the standard error body is broken; at the top, the array itself.
  'card-order-errors.json': { rule: 'CARD-ORDER-ERRORS-ARRAY', parts: [[/^\/\d+/, 'ERR-STANDARD-BODY']] },
  'standard-error.json': { rule: 'ERR-STANDARD-BODY' },
  'message-error.json': { rule: 'ERR-MESSAGE-BODY' },
  'geosearch-error.json': { rule: 'GEO-ERROR-400-BODY' },
  'geosearch-response.json': { rule: 'GEO-LOCATION-SHAPE', parts: locationParts },
  // A key missing, or one that holds no array (a null among them), breaks "an object with ten arrays".
  'master-data.json': { rule: 'MASTER-SHAPE', parts: [[/^\/[^/]*$/, 'MASTER-TEN-ARRAYS']] },
  'session.json': { rule: 'SESSION-SHAPE', parts: sessionParts },
  'token-response.json': { rule: 'AUTH-TOKEN-CLIENT-CREDENTIALS' },
};

export function ruleForSchemaError(
  schemaId: string,
  pointer: string,
  answer?: { operationId: string; status: number }
): string {
  const registered = schemaRules[schemaId];
  if (!registered) throw new Error(`no rule registered for schema ${schemaId} (lib/checks/schema-rules.ts)`);
  const entry = (answer && answerRules[`${answer.operationId} ${answer.status}`]) ?? registered;
  return entry.parts?.find(([re]) => re.test(pointer))?.[1] ?? entry.rule;
}

/** Schemas whose errors the table above maps (a unit test keeps it in step with the operations table). */
export const mappedSchemas = Object.keys(schemaRules);
