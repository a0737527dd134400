/**
 * Faults of the charging sessions (sandbox/routes/sessions.ts), and the probes' ways to read them.
 */

import { sandboxDefaults } from '../defaults.js';
import { balanceStatuses, type Session, sessionStatuses } from '../seed/sessions.js';
import type { FaultDefinition } from './definition.js';
import { type Answer, type Client, isUtc, type ProbeTarget, registry } from './probe.js';
import { body, type Fields, type Items, session, withOffset } from './send.js';

/** The deprecated name of a transaction's method (NONE is the former WRITE_OFF). */
const deprecatedName = (t: Fields | undefined) => t && (t.paymentMethod === 'NONE' ? 'WRITE_OFF' : t.paymentMethod);

/** The method of the latest transaction, for the fault that breaks the "earliest time" rule. */
function latestMethod(transactions: Items): unknown {
  return deprecatedName(
    [...transactions].sort((a, b) => Date.parse(b.time as string) - Date.parse(a.time as string))[0]
  );
}
export const ids = sandboxDefaults.sessionIds;
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

export const get = (a: ProbeTarget, id: string, auth: Client | 'none' = 'main'): Promise<Answer> =>
  a.call('GET', `/sessions/${encodeURIComponent(id)}`, { auth });

export async function allSessions(a: ProbeTarget): Promise<Session[]> {
  const answers = await Promise.all(ids.map((id) => get(a, id)));
  for (const res of answers) if (res.status !== 200) throw new Error(`session: ${res.status} ${res.text}`);
  return answers.map((res) => res.body as Session);
}

/** Started states (ASSUME-SESSION-STARTED-STATES): chargingKeyType and connectorId present. */
export const started = new Set(['STARTED', 'WAITING_TO_STOP', 'STOPPED', 'COMPLETE', 'STOP_FAILED']);
export const earliestMethod = (s: Session) => {
  const first = [...s.transactions].sort((x, y) => Date.parse(x.time) - Date.parse(y.time))[0];
  return first && (first.paymentMethod === 'NONE' ? 'WRITE_OFF' : first.paymentMethod);
};

export const sessionsFaults = {
  // ---- Sessions (sandbox/routes/sessions.ts) ----
  'session-key-type-before-start': {
    rule: 'SESSION-STARTED-ONLY-FIELDS',
    proves: ['field:Charging session.chargingKeyType'],
    description: 'CREATED and WAITING_TO_START sessions carry chargingKeyType',
    probe: {
      holds: async (a) =>
        (await allSessions(a)).every((s) => started.has(s.sessionStatus) || s.chargingKeyType === undefined),
    },
    send: session((s) =>
      s.sessionStatus === 'CREATED' || s.sessionStatus === 'WAITING_TO_START' ? { ...s, chargingKeyType: 'card' } : s
    ),
  },
  'session-balance-positive': {
    rule: 'SESSION-BALANCE-AMOUNT',
    proves: ['field:Charging session.balanceAmountMinor'],
    description: 'DEBT sessions give balanceAmountMinor as a positive number',
    probe: { holds: async (a) => (await allSessions(a)).every((s) => BigInt(s.balanceAmountMinor) <= 0n) },
    send: session((s) =>
      s.balanceStatus === 'DEBT' ? { ...s, balanceAmountMinor: (s.balanceAmountMinor as string).replace(/^-/, '') } : s
    ),
  },
  'session-payment-method-not-earliest': {
    rule: 'SESSION-PAYMENT-METHOD-EARLIEST',
    proves: ['versioning.deprecation'],
    description: 'paymentMethod holds the method of the latest transaction instead of the earliest',
    probe: {
      holds: async (a) =>
        (await allSessions(a)).every((s) => s.transactions.length === 0 || s.paymentMethod === earliestMethod(s)),
    },
    send: session((s) => {
      const latest = latestMethod(s.transactions as Items);
      return latest ? { ...s, paymentMethod: latest } : s;
    }),
  },
  'session-status-outside-enum': {
    rule: 'SESSION-STATUS-ENUM',
    proves: ['states.session.status'],
    description: 'STARTED sessions answer sessionStatus CHARGING',
    probe: {
      holds: async (a) =>
        (await allSessions(a)).every((s) => (sessionStatuses as readonly string[]).includes(s.sessionStatus)),
    },
    send: session((s) => (s.sessionStatus === 'STARTED' ? { ...s, sessionStatus: 'CHARGING' } : s)),
  },
  'session-404-standard-body': {
    rule: 'SESSION-UNKNOWN-404',
    proves: ['session.404', 'session.path#unknown', 'errors.message-body#sessions'],
    description:
      'an unknown session answers 404 with the standard body {errorCode, errorDescription} instead of {message}',
    probe: {
      holds: async (a) => {
        const res = await get(a, UNKNOWN_ID);
        return res.status === 404 && typeof res.body?.message === 'string';
      },
    },
    send: body(
      ['getSession'],
      (error) => ({ errorCode: 'NOT_FOUND', errorDescription: error.message ?? 'not found' }),
      404
    ),
  },
  'session-404-details-string': {
    rule: 'ERR-MESSAGE-BODY',
    proves: ['errors.message-body#sessions'],
    description:
      'an unknown session answers 404 {message, details} with details one string instead of an array of strings',
    probe: {
      holds: async (a) => registry.validate('message-error.json', (await get(a, UNKNOWN_ID)).body).length === 0,
    },
    send: body(
      ['getSession'],
      (error) => ({ ...error, details: ((error.details as string[] | undefined) ?? []).join('; ') }),
      404
    ),
  },
  'session-balance-status-outside-enum': {
    rule: 'SESSION-BALANCE-STATUS-ENUM',
    proves: ['states.session.balance'],
    description: 'DEBT sessions answer balanceStatus UNPAID',
    probe: {
      holds: async (a) =>
        (await allSessions(a)).every((s) => (balanceStatuses as readonly string[]).includes(s.balanceStatus)),
    },
    send: session((s) => (s.balanceStatus === 'DEBT' ? { ...s, balanceStatus: 'UNPAID' } : s)),
  },
  'session-key-type-uppercase': {
    rule: 'SESSION-KEY-TYPE-VALUES',
    proves: ['field:Charging session.chargingKeyType'],
    description: 'chargingKeyType is in capitals (CARD, TAG, ...)',
    probe: {
      holds: async (a) =>
        (await allSessions(a)).every(
          (s) =>
            s.chargingKeyType === undefined || ['tag', 'card', 'virtual', 'plug_and_charge'].includes(s.chargingKeyType)
        ),
    },
    send: session((s) =>
      s.chargingKeyType ? { ...s, chargingKeyType: (s.chargingKeyType as string).toUpperCase() } : s
    ),
  },
  'session-payment-method-none': {
    rule: 'SESSION-PAYMENT-METHOD-ENUM',
    proves: ['versioning.deprecation'],
    description: 'the deprecated paymentMethod says NONE where it should say WRITE_OFF',
    probe: {
      holds: async (a) =>
        (await allSessions(a)).every((s) =>
          ['CREDIT_CARD', 'EXTERNAL', 'PREPAID', 'WRITE_OFF'].includes(s.paymentMethod)
        ),
    },
    send: session((s) => (s.paymentMethod === 'WRITE_OFF' ? { ...s, paymentMethod: 'NONE' } : s)),
  },
  'session-payment-method-first-listed': {
    rule: 'SESSION-PAYMENT-METHOD-EARLIEST',
    proves: ['field:Charging session.paymentMethod'],
    description:
      'paymentMethod holds the method of the transaction listed first, not of the one with the earliest time',
    probe: {
      holds: async (a) =>
        (await allSessions(a)).every((s) => s.transactions.length === 0 || s.paymentMethod === earliestMethod(s)),
    },
    send: session((s) =>
      (s.transactions as Items).length ? { ...s, paymentMethod: deprecatedName((s.transactions as Items)[0]) } : s
    ),
  },
  'session-replacement-write-off-not-none': {
    rule: 'SESSION-PAYMENT-METHOD-EARLIEST',
    proves: ['field:Transaction.paymentMethod', 'versioning.deprecation'],
    description:
      'transactions[].paymentMethod keeps the deprecated name: WRITE_OFF where the replacement names it NONE',
    probe: {
      holds: async (a) =>
        (await allSessions(a)).every((s) => s.transactions.every((t) => (t.paymentMethod as string) !== 'WRITE_OFF')),
    },
    send: session((s) => ({
      ...s,
      transactions: (s.transactions as Items).map((t) =>
        t.paymentMethod === 'NONE' ? { ...t, paymentMethod: 'WRITE_OFF' } : t
      ),
    })),
  },
  'session-write-off-outcome-missing': {
    rule: 'SESSION-PAYMENT-METHOD-EARLIEST',
    proves: ['field:Transaction.paymentOutcome'],
    description:
      'a write-off transaction shows paymentMethod NONE without its paymentOutcome WRITE_OFF (the field left out)',
    probe: {
      holds: async (a) =>
        (await allSessions(a)).every((s) =>
          s.transactions.every((t) => t.paymentMethod !== 'NONE' || t.paymentOutcome === 'WRITE_OFF')
        ),
    },
    send: session((s) => ({
      ...s,
      transactions: (s.transactions as Items).map(({ paymentOutcome, ...t }) =>
        t.paymentMethod === 'NONE' ? t : { ...t, paymentOutcome }
      ),
    })),
  },
  'session-vat-percent-sign': {
    rule: 'SESSION-PRICE-SHAPE',
    proves: ['session.price'],
    description: 'price vat carries a percent sign ("19%") instead of a decimal',
    probe: {
      holds: async (a) => (await allSessions(a)).every((s) => registry.validate('price.json', s.price).length === 0),
    },
    send: session((s) => ({
      ...s,
      price: { ...(s.price as Fields), vat: `${(s.price as Fields).vat}%` },
    })),
  },
  'session-start-time-offset': {
    rule: 'SESSION-SHAPE',
    proves: ['session.200'],
    description: 'startTime carries a +01:00 offset instead of UTC',
    probe: { holds: async (a) => (await allSessions(a)).every((s) => isUtc(s.startTime)) },
    send: session((s) => ({ ...s, startTime: withOffset(s.startTime as string, 1) })),
  },
  'session-get-other-session': {
    rule: 'SESSION-GET',
    proves: ['session.path#session', 'scope.sessions'],
    description: 'GET /sessions/{sessionId} of a known session answers the session seeded after it',
    probe: { holds: async (a) => (await allSessions(a)).every((s, i) => s.sessionId === ids[i]) },
  },
} as const satisfies Record<string, FaultDefinition>;
