/**
 * The faults that change only what is sent (a field renamed, retyped or left out, a status code, an
 * empty body): one table, applied by one onSend hook that app.ts installs once. A route handler holds
 * the document's behaviour and the faults that must act inside it (a state change not made, the wrong
 * items selected, a filter ignored).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type OperationId, operations } from '../lib/operations.js';
import { ApiError, errorBody } from './errors.js';
import type { FaultId, Faults } from './faults.js';
import { UUID } from './routes/sessions.js';
import { cardStatus, customerStatus } from './store.js';

/** An answer as it goes out: its status and its JSON body (undefined: an empty body). Its content type stays the route's. */
interface Sent {
  status: number;
  body: unknown;
}

interface SendFault {
  /** The operations whose answers it changes. */
  operations: readonly OperationId[];
  /** The status of the answers it changes: the operation's success status when not given. */
  status?: number;
  change(sent: Sent, operationId: OperationId, request: FastifyRequest): Sent;
}

type Fields = Record<string, unknown>;
type Items = Fields[];

/** A fault of the body alone. */
const body = (on: readonly OperationId[], change: (body: Fields) => unknown, status?: number): SendFault => ({
  operations: on,
  ...(status === undefined ? {} : { status }),
  change: (sent) => ({ ...sent, body: change(sent.body as Fields) }),
});

/** A fault of each card shown: the card GET answers, and each item of a search. */
const eachCard = (change: (card: Fields) => Fields): SendFault => ({
  operations: ['getCard', 'cardSearch'],
  change: (sent, operationId) => {
    const page = sent.body as Fields;
    return {
      ...sent,
      body: operationId === 'getCard' ? change(page) : { ...page, cards: (page.cards as Items).map(change) },
    };
  },
});

/** A fault of each customer shown: the customer GET answers, and each item of the list. */
const eachCustomer = (change: (customer: Fields) => Fields): SendFault => ({
  operations: ['getCustomer', 'listCustomers'],
  change: (sent, operationId) => {
    const page = sent.body as Fields;
    return {
      ...sent,
      body:
        operationId === 'getCustomer' ? change(page) : { ...page, customers: (page.customers as Items).map(change) },
    };
  },
});

/** A fault of each location of a geosearch's answer. */
const eachLocation = (change: (location: Fields) => Fields) =>
  body(['geosearchRectangle'], (page) => ({ ...page, locations: (page.locations as Items).map(change) }));

/** The operation status answered with an empty body instead of {}. */
const emptyOpStatus = (operationId: OperationId): SendFault => ({
  operations: [operationId],
  change: (sent) => ({ ...sent, body: undefined }),
});

/** A body of its own, with another status. */
const answered = (status: number, sentBody: unknown): Sent => ({ status, body: sentBody });

/** The same instant written with a +0h:00 offset instead of Z. */
function withOffset(utc: string, hours: number): string {
  return `${new Date(Date.parse(utc) + hours * 3_600_000).toISOString().replace(/(\.000)?Z$/, '')}+0${hours}:00`;
}

function dottedDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}.${m}.${y}`;
}

/** The deprecated name of a transaction's method (NONE is the former WRITE_OFF). */
const deprecatedName = (t: Fields | undefined) => t && (t.paymentMethod === 'NONE' ? 'WRITE_OFF' : t.paymentMethod);

/** The method of the latest transaction, for the fault that breaks the "earliest time" rule. */
function latestMethod(transactions: Items): unknown {
  return deprecatedName(
    [...transactions].sort((a, b) => Date.parse(b.time as string) - Date.parse(a.time as string))[0]
  );
}

const session = (change: (s: Fields) => Fields) => body(['getSession'], change);
const masterData = (change: (view: Fields) => void) =>
  body(['getMasterData'], (view) => {
    change(view);
    return view;
  });
const dangling = 99;
const first = (view: Fields, array: string) => (view[array] as Items)[0]!;

const sendFaults: Partial<Record<FaultId, SendFault>> = {
  // ---- Cards ----
  'card-identifier-string': eachCard((c) => ({ ...c, cardIdentifier: String(c.cardIdentifier) })),
  'card-status-plain-string': eachCard((c) => ({ ...c, status: (c.status as Fields).name })),
  'card-status-id-string': eachCard((c) => ({
    ...c,
    status: { ...(c.status as Fields), id: String((c.status as Fields).id) },
  })),
  'card-status-active-name-wrong': eachCard((c) => {
    const status = c.status as Fields;
    return status.id === cardStatus.active
      ? { ...c, status: { ...status, name: (status.name as string).toUpperCase() } }
      : c;
  }),
  'card-order-date-format': eachCard((c) => ({ ...c, orderDate: dottedDate(c.orderDate as string) })),
  'card-get-wrapped': body(['getCard'], (card) => ({ card })),
  'card-list-has-next-page-string': body(['cardSearch'], (page) => ({
    ...page,
    hasNextPage: String(page.hasNextPage),
    lastPage: String(page.lastPage),
  })),
  'card-search-total-count-wrong': body(['cardSearch'], (page) =>
    page.totalCount === undefined ? page : { ...page, totalCount: (page.cards as Items).length }
  ),
  'order-status-200': {
    operations: ['orderCards'],
    change: (sent) => ({ ...sent, status: 200 }),
  },
  'order-reference-missing': body(['orderCards'], () => ({})),
  'opstatus-card-block-empty-body': emptyOpStatus('blockCard'),
  'opstatus-cancel-empty-body': emptyOpStatus('cancelCard'),
  'opstatus-replace-empty-body': emptyOpStatus('replaceCard'),
  'opstatus-reprint-empty-body': emptyOpStatus('reprintPIN'),

  // ---- Customers ----
  'customer-zip-code-number': eachCustomer((c) => {
    const address = c.customerAddress as Fields;
    return /^\d+$/.test(address.zipCode as string)
      ? { ...c, customerAddress: { ...address, zipCode: Number(address.zipCode) } }
      : c;
  }),
  'customer-address-company-name': eachCustomer((c) => ({
    ...c,
    customerAddress: { ...(c.customerAddress as Fields), companyName: c.customerName },
  })),
  'customer-contact-mobile-phone-number': eachCustomer((c) => {
    const contact = c.customerContact as Fields;
    return contact.mobilePhone
      ? {
          ...c,
          customerContact: { ...contact, mobilePhone: Number((contact.mobilePhone as string).replace(/\D/g, '')) },
        }
      : c;
  }),
  'customer-status-text-uppercase': eachCustomer((c) =>
    c.statusIdentifier === customerStatus.active ? { ...c, status: (c.status as string).toUpperCase() } : c
  ),
  // Escaped for HTML on read.
  'customer-name-html-escaped': eachCustomer((c) => ({
    ...c,
    customerName: (c.customerName as string)
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&#39;'),
  })),
  'customer-status-identifier-string': eachCustomer((c) => ({ ...c, statusIdentifier: String(c.statusIdentifier) })),
  'customer-create-number-missing': body(['createSubCustomer'], () => ({})),
  'opstatus-empty-body': emptyOpStatus('blockCustomer'),
  'opstatus-update-empty-body': emptyOpStatus('updateCustomerDetail'),
  // The answer of an unexpected exception.
  'card-types-500': {
    operations: ['getCustomerCardTypes'],
    change: () => ({ status: 500, body: errorBody('getCustomerCardTypes', ApiError.internal()) }),
  },
  'customer-card-types-renamed': body(['getCustomerCardTypes'], (types) =>
    (types as unknown as Items).map((t) => ({
      id: t.cardTypeId,
      name: t.cardTypeName,
      description: t.cardTypeDescription,
    }))
  ),
  'customer-card-types-pascal-case': body(['getCustomerCardTypes'], (types) =>
    (types as unknown as Items).map((t) => ({
      CardTypeId: t.cardTypeId,
      CardTypeName: t.cardTypeName,
      CardTypeDescription: t.cardTypeDescription,
      DefaultPurchaseCategoryId: t.defaultPurchaseCategoryId,
      IsEV: t.isEV,
    }))
  ),
  'customer-card-types-description-absent': body(['getCustomerCardTypes'], (types) =>
    (types as unknown as Items).map(({ cardTypeDescription: _, ...t }) => t)
  ),
  'customer-card-types-isev-string': body(['getCustomerCardTypes'], (types) =>
    (types as unknown as Items).map((t) => ({ ...t, isEV: String(t.isEV) }))
  ),

  // ---- Master data ----
  'master-data-reason-dangling': masterData((view) => {
    first(view, 'reason').cardTypeId = dangling;
  }),
  'master-data-group-dangling': masterData((view) => {
    first(view, 'cardGroup').cardTypeId = dangling;
  }),
  'master-data-card-type-dangling': masterData((view) => {
    first(view, 'cardType').defaultPurchaseCategoryId = dangling;
  }),
  'master-data-purchase-category-dangling': masterData((view) => {
    first(view, 'purchaseCategory').productRestrictionId = dangling;
  }),
  'master-data-status-missing': masterData((view) => {
    view.status = (view.status as Items).filter((s) => s.id !== cardStatus.blocked);
  }),
  'master-data-nine-arrays': masterData((view) => {
    delete view.region;
  }),
  'master-data-region-renamed': masterData((view) => {
    view.region = (view.region as Items).map(({ id, name }) => ({ regionId: id, regionName: name }));
  }),
  'master-data-isev-string': masterData((view) => {
    for (const type of view.cardType as Items) type.isEV = String(type.isEV);
  }),
  'master-data-parameter-message-body': {
    operations: ['getMasterData'],
    // "No parameters": the sandbox ignores any; under the fault one is refused, in another body than the standard one.
    change: (sent, _operationId, request) =>
      Object.keys(request.query as object).length
        ? answered(400, { message: 'GET /master/all takes no parameters' })
        : sent,
  },

  // ---- Charging locations ----
  'geo-400-standard-body': body(
    ['geosearchRectangle'],
    (error) => ({ errorCode: 'ER-001', errorDescription: error.message ?? 'invalid request parameters' }),
    400
  ),
  'geo-empty-404-standard-body': {
    operations: ['geosearchRectangle'],
    change: (sent) => {
      const page = sent.body as Fields;
      return (page.locations as Items).length || (page.aggregates as Items).length
        ? sent
        : answered(404, { errorCode: 'NOT_FOUND', errorDescription: 'no charging location in the rectangle' });
    },
  },
  'geo-aggregate-count-mismatch': body(['geosearchRectangle'], (page) => {
    const aggregate = (page.aggregates as Items)[0];
    if (aggregate) aggregate.count = (aggregate.count as number) + 1;
    return page;
  }),
  'geo-aggregate-count-short': body(['geosearchRectangle'], (page) => {
    const aggregate = (page.aggregates as Items)[0];
    if (aggregate) aggregate.count = (aggregate.count as number) - 1;
    return page;
  }),
  'geo-aggregate-count-string': body(['geosearchRectangle'], (page) => ({
    ...page,
    aggregates: (page.aggregates as Items).map((a) => ({ ...a, count: String(a.count) })),
  })),
  'loc-postal-code-string': eachLocation((loc) => ({ ...loc, postal_code: String(loc.postal_code) })),
  'loc-last-updated-not-utc': eachLocation((loc) => ({
    ...loc,
    last_updated: withOffset(loc.last_updated as string, 2),
  })),
  'loc-evse-capabilities-string': eachLocation((loc) => ({
    ...loc,
    evses: (loc.evses as Items).map((e) => ({ ...e, capabilities: (e.capabilities as string[]).join(',') })),
  })),
  'loc-regular-hours-no-colon': eachLocation((loc) => {
    const openingTimes = loc.opening_times as Fields;
    const regular_hours = (openingTimes.regular_hours as Items).map((h) => ({
      ...h,
      period_begin: (h.period_begin as string).replace(':', ''),
      period_end: (h.period_end as string).replace(':', ''),
    }));
    return { ...loc, opening_times: { ...openingTimes, regular_hours } };
  }),

  // ---- Charging sessions ----
  'session-404-standard-body': body(
    ['getSession'],
    (error) => ({ errorCode: 'NOT_FOUND', errorDescription: error.message ?? 'not found' }),
    404
  ),
  'session-404-details-string': body(
    ['getSession'],
    (error) => ({ ...error, details: ((error.details as string[] | undefined) ?? []).join('; ') }),
    404
  ),
  'session-malformed-id-standard-body': {
    operations: ['getSession'],
    status: 404,
    change: (sent, _operationId, request) => {
      const { sessionId } = request.params as { sessionId: string };
      return UUID.test(sessionId)
        ? sent
        : answered(400, {
            errorCode: 'ER-001',
            errorDescription: `sessionId ${sessionId} is not a session id (a UUID)`,
          });
    },
  },
  'session-key-type-before-start': session((s) =>
    s.sessionStatus === 'CREATED' || s.sessionStatus === 'WAITING_TO_START' ? { ...s, chargingKeyType: 'card' } : s
  ),
  'session-balance-positive': session((s) =>
    s.balanceStatus === 'DEBT' ? { ...s, balanceAmountMinor: (s.balanceAmountMinor as string).replace(/^-/, '') } : s
  ),
  'session-payment-method-not-earliest': session((s) => {
    const latest = latestMethod(s.transactions as Items);
    return latest ? { ...s, paymentMethod: latest } : s;
  }),
  'session-payment-method-first-listed': session((s) =>
    (s.transactions as Items).length ? { ...s, paymentMethod: deprecatedName((s.transactions as Items)[0]) } : s
  ),
  'session-replacement-write-off-not-none': session((s) => ({
    ...s,
    transactions: (s.transactions as Items).map((t) =>
      t.paymentMethod === 'NONE' ? { ...t, paymentMethod: 'WRITE_OFF' } : t
    ),
  })),
  'session-write-off-outcome-missing': session((s) => ({
    ...s,
    transactions: (s.transactions as Items).map(({ paymentOutcome, ...t }) =>
      t.paymentMethod === 'NONE' ? t : { ...t, paymentOutcome }
    ),
  })),
  'session-status-outside-enum': session((s) =>
    s.sessionStatus === 'STARTED' ? { ...s, sessionStatus: 'CHARGING' } : s
  ),
  'session-balance-status-outside-enum': session((s) =>
    s.balanceStatus === 'DEBT' ? { ...s, balanceStatus: 'UNPAID' } : s
  ),
  'session-key-type-uppercase': session((s) =>
    s.chargingKeyType ? { ...s, chargingKeyType: (s.chargingKeyType as string).toUpperCase() } : s
  ),
  'session-payment-method-none': session((s) =>
    s.paymentMethod === 'WRITE_OFF' ? { ...s, paymentMethod: 'NONE' } : s
  ),
  'session-vat-percent-sign': session((s) => ({
    ...s,
    price: { ...(s.price as Fields), vat: `${(s.price as Fields).vat}%` },
  })),
  'session-start-time-offset': session((s) => ({ ...s, startTime: withOffset(s.startTime as string, 1) })),
  'session-transaction-time-epoch': session((s) =>
    (s.transactions as Items | undefined)?.length
      ? { ...s, transactions: (s.transactions as Items).map((t) => ({ ...t, time: Date.parse(t.time as string) })) }
      : s
  ),
};

/** The send faults that are on, applied to each answer of their operations with their status, before any other onSend hook. */
export function installSendFaults(app: FastifyInstance, faults: Faults): void {
  const on = (Object.entries(sendFaults) as [FaultId, SendFault][]).filter(([id]) => faults.has(id));
  if (!on.length) return;
  app.addHook('onSend', async (request, reply, payload) => {
    const operationId = request.routeOptions.config.operationId;
    if (!operationId || typeof payload !== 'string') return payload;
    const applying = on.filter(
      ([, f]) =>
        f.operations.includes(operationId) && reply.statusCode === (f.status ?? operations[operationId].success)
    );
    if (!applying.length) return payload;
    let sent: Sent = { status: reply.statusCode, body: payload.trim() === '' ? undefined : JSON.parse(payload) };
    for (const [, fault] of applying) sent = fault.change(sent, operationId, request);
    reply.code(sent.status);
    return sent.body === undefined ? '' : JSON.stringify(sent.body);
  });
}
