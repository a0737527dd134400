/**
 * Every operation of the interface document, in one table: where it lives, what it answers
 * and with which body. The client, the response checks, the sandbox, the OpenAPI test and the
 * latency scenarios all read this table, so a path or a status code is written exactly once.
 */

export type HttpMethod = 'GET' | 'POST';

/** How the document describes a response body: a schema `$id` in schemas/, or "not shown". */
export type BodySpec = { schema: string } | { notShown: string };

export interface Operation {
  id: OperationId;
  method: HttpMethod;
  /** Path template exactly as documented, `{name}` for path parameters. */
  path: string;
  /** The document's section heading for the operation. */
  section: string;
  /** The one documented success status. */
  success: number;
  /** The rule that promises this success to a valid request: what a test that needed it is blocked by when it is refused. */
  successRule: string;
  /** Every status the document gives for the operation, with its body. */
  responses: Record<number, BodySpec>;
  /** Request body schema `$id`, when the operation takes a JSON body. */
  requestSchema?: string;
  /** Read-only operations may run against production; the others are refused there. */
  readOnly: boolean;
  /** Key of the operation's row in the document's latency table (perf scenario name). */
  latencyKey?: LatencyKey;
}

export type LatencyKey =
  | 'list-customers'
  | 'get-customer'
  | 'create-subcustomer'
  | 'update-customer'
  | 'customer-card-types'
  | 'block-customer'
  | 'unblock-customer'
  | 'close-customer'
  | 'order-cards'
  | 'get-card'
  | 'search-cards'
  | 'block-card'
  | 'unblock-card'
  | 'cancel-card'
  | 'replace-card'
  | 'reprint-pin'
  | 'master-data';

const standardErrorBody = { schema: 'standard-error.json' } as const;
const authBodyNotShown = { notShown: 'Bodies of 401, 403 and 404 for the standard operations: not shown.' } as const;

/** The standard error set (Errors section) with the success answer of the operation. */
function standardResponses(success: number, successBody: BodySpec): Record<number, BodySpec> {
  return {
    [success]: successBody,
    400: standardErrorBody,
    401: authBodyNotShown,
    403: authBodyNotShown,
    404: authBodyNotShown,
    500: standardErrorBody,
  };
}

const operationStatus = { schema: 'operation-status.json' } as const;
const notesBody = 'customer-notes-request.json';

export const operations = {
  requestToken: {
    method: 'POST',
    path: '/identity/realms/fleet/protocol/openid-connect/token',
    section: 'Authentication',
    success: 200,
    successRule: 'AUTH-TOKEN-CLIENT-CREDENTIALS',
    readOnly: true,
    requestSchema: 'token-request.json',
    responses: { 200: { schema: 'token-response.json' } },
  },
  listCustomers: {
    method: 'GET',
    path: '/customers',
    section: 'Endpoints / Customers',
    success: 200,
    successRule: 'HTTP-STATUS-DOCUMENTED',
    readOnly: true,
    latencyKey: 'list-customers',
    responses: standardResponses(200, { schema: 'customer-list.json' }),
  },
  getCustomer: {
    method: 'GET',
    path: '/customers/{customerAccountNumber}',
    section: 'Endpoints / Customers',
    success: 200,
    successRule: 'HTTP-STATUS-DOCUMENTED',
    readOnly: true,
    latencyKey: 'get-customer',
    responses: standardResponses(200, { schema: 'customer.json' }),
  },
  createSubCustomer: {
    method: 'POST',
    path: '/customers/subcustomer',
    section: 'Endpoints / Customers',
    success: 200,
    successRule: 'CUST-CREATE-RETURNS-NUMBER',
    readOnly: false,
    latencyKey: 'create-subcustomer',
    requestSchema: 'customer-create-request.json',
    responses: standardResponses(200, { schema: 'customer-create-response.json' }),
  },
  updateCustomerDetail: {
    method: 'POST',
    path: '/customers/{customerAccountNumber}/updateDetail',
    section: 'Endpoints / Customers',
    success: 200,
    successRule: 'CUST-UPDATE-APPLIES',
    readOnly: false,
    latencyKey: 'update-customer',
    requestSchema: 'customer-update-request.json',
    responses: standardResponses(200, operationStatus),
  },
  getCustomerCardTypes: {
    method: 'GET',
    path: '/customers/{customerAccountNumber}/cardTypes',
    section: 'Endpoints / Customers',
    success: 200,
    successRule: 'CUST-CARDTYPES-SHAPE',
    readOnly: true,
    latencyKey: 'customer-card-types',
    responses: standardResponses(200, { schema: 'card-types.json' }),
  },
  blockCustomer: {
    method: 'POST',
    path: '/customers/{customerAccountNumber}/block',
    section: 'Endpoints / Customers',
    success: 200,
    successRule: 'CUST-BLOCK',
    readOnly: false,
    latencyKey: 'block-customer',
    requestSchema: notesBody,
    responses: standardResponses(200, operationStatus),
  },
  unblockCustomer: {
    method: 'POST',
    path: '/customers/{customerAccountNumber}/unblock',
    section: 'Endpoints / Customers',
    success: 200,
    successRule: 'CUST-UNBLOCK-REACTIVATES',
    readOnly: false,
    latencyKey: 'unblock-customer',
    requestSchema: notesBody,
    responses: standardResponses(200, operationStatus),
  },
  closeCustomer: {
    method: 'POST',
    path: '/customers/{customerAccountNumber}/close',
    section: 'Endpoints / Customers',
    success: 200,
    successRule: 'CUST-CLOSE-PERMANENT',
    readOnly: false,
    latencyKey: 'close-customer',
    requestSchema: notesBody,
    responses: standardResponses(200, operationStatus),
  },
  orderCards: {
    method: 'POST',
    path: '/cards/order',
    section: 'Endpoints / Cards',
    success: 202,
    successRule: 'CARD-ORDER-202',
    readOnly: false,
    latencyKey: 'order-cards',
    requestSchema: 'card-order-request.json',
    responses: {
      ...standardResponses(202, { schema: 'card-order-response.json' }),
      400: { schema: 'card-order-errors.json' },
    },
  },
  getCard: {
    method: 'GET',
    path: '/cards/{cardIdentifier}',
    section: 'Endpoints / Cards',
    success: 200,
    successRule: 'CARD-GET',
    readOnly: true,
    latencyKey: 'get-card',
    responses: standardResponses(200, { schema: 'card.json' }),
  },
  cardSearch: {
    method: 'POST',
    path: '/cards/search',
    section: 'Endpoints / Cards',
    success: 200,
    successRule: 'HTTP-STATUS-DOCUMENTED',
    readOnly: true,
    latencyKey: 'search-cards',
    requestSchema: 'card-search-request.json',
    responses: standardResponses(200, { schema: 'card-list.json' }),
  },
  blockCard: {
    method: 'POST',
    path: '/cards/{cardIdentifier}/block',
    section: 'Endpoints / Cards',
    success: 200,
    successRule: 'CARD-BLOCK',
    readOnly: false,
    latencyKey: 'block-card',
    requestSchema: 'card-status-change-request.json',
    responses: standardResponses(200, operationStatus),
  },
  unblockCard: {
    method: 'POST',
    path: '/cards/{cardIdentifier}/unblock',
    section: 'Endpoints / Cards',
    success: 200,
    successRule: 'CARD-UNBLOCK-REACTIVATES',
    readOnly: false,
    latencyKey: 'unblock-card',
    requestSchema: 'card-status-change-request.json',
    responses: standardResponses(200, operationStatus),
  },
  cancelCard: {
    method: 'POST',
    path: '/cards/{cardIdentifier}/cancel',
    section: 'Endpoints / Cards',
    success: 200,
    successRule: 'CARD-CANCEL-PERMANENT',
    readOnly: false,
    latencyKey: 'cancel-card',
    requestSchema: 'card-cancel-request.json',
    responses: standardResponses(200, operationStatus),
  },
  replaceCard: {
    method: 'POST',
    path: '/cards/{cardIdentifier}/replace',
    section: 'Endpoints / Cards',
    success: 200,
    successRule: 'CARD-REPLACE-BLOCKS-ORIGINAL',
    readOnly: false,
    latencyKey: 'replace-card',
    requestSchema: 'card-replace-request.json',
    responses: standardResponses(200, operationStatus),
  },
  reprintPIN: {
    method: 'POST',
    path: '/cards/{cardIdentifier}/reprintPIN',
    section: 'Endpoints / Cards',
    success: 200,
    successRule: 'CARD-REPRINT-PIN',
    readOnly: false,
    latencyKey: 'reprint-pin',
    requestSchema: 'card-reprint-pin-request.json',
    responses: standardResponses(200, operationStatus),
  },
  getMasterData: {
    method: 'GET',
    path: '/master/all',
    section: 'Endpoints / Master data',
    success: 200,
    successRule: 'HTTP-STATUS-DOCUMENTED',
    readOnly: true,
    latencyKey: 'master-data',
    // "Standard errors 400 and 500 apply"; 401 and 403 come from the Authentication section.
    responses: {
      200: { schema: 'master-data.json' },
      400: standardErrorBody,
      401: authBodyNotShown,
      403: authBodyNotShown,
      500: standardErrorBody,
    },
  },
  geosearchRectangle: {
    method: 'POST',
    path: '/locations/geosearch/rectangle',
    section: 'Endpoints / Locations',
    success: 200,
    successRule: 'HTTP-STATUS-DOCUMENTED',
    readOnly: true,
    requestSchema: 'geosearch-request.json',
    responses: {
      200: { schema: 'geosearch-response.json' },
      400: { schema: 'geosearch-error.json' },
      401: authBodyNotShown,
      403: authBodyNotShown,
      404: { schema: 'message-error.json' },
    },
  },
  getSession: {
    method: 'GET',
    path: '/sessions/{sessionId}',
    section: 'Endpoints / Sessions',
    success: 200,
    successRule: 'SESSION-SHAPE',
    readOnly: true,
    responses: {
      200: { schema: 'session.json' },
      401: authBodyNotShown,
      403: authBodyNotShown,
      404: { schema: 'message-error.json' },
    },
  },
} as const satisfies Record<string, Omit<Operation, 'id'>>;

export type OperationId = keyof typeof operations;

export const operationIds = Object.keys(operations) as OperationId[];

export function operation(id: OperationId): Operation {
  return { id, ...(operations[id] as Omit<Operation, 'id'>) };
}

/** Fills a path template: `/cards/{cardIdentifier}` + `{cardIdentifier: 7}` → `/cards/7`. */
export function fillPath(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`path parameter "${name}" missing for ${template}`);
    return encodeURIComponent(String(params[name]));
  });
}
