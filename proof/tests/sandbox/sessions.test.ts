/**
 * The sandbox's GET /sessions/{sessionId}: the seeded sessions, every documented field and rule,
 * the 404, who may read, and the effect of each of its faults.
 */
import { expect, test } from '@playwright/test';
import { sandboxDefaults } from '../../../sandbox/defaults.js';
import { balanceStatuses, type Session, sessionStatuses } from '../../../sandbox/seed/sessions.js';
import {
  type Answer,
  type Client,
  expectFaultBreaks,
  expectProbeForEveryFault,
  type FaultProbe,
  faultTitle,
  lazySchemas,
  startApp,
  type TestApp,
} from './geo-session-app.js';

const registry = lazySchemas();
const ids = sandboxDefaults.sessionIds;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const get = (a: TestApp, id: string, auth: Client | 'none' = 'main'): Promise<Answer> =>
  a.call('GET', `/sessions/${encodeURIComponent(id)}`, { auth });

async function allSessions(a: TestApp): Promise<Session[]> {
  const answers = await Promise.all(ids.map((id) => get(a, id)));
  for (const res of answers) expect(res.status).toBe(200);
  return answers.map((res) => res.body as Session);
}

/** Started states (ASSUME-SESSION-STARTED-STATES): chargingKeyType and connectorId present. */
const started = new Set(['STARTED', 'WAITING_TO_STOP', 'STOPPED', 'COMPLETE', 'STOP_FAILED']);
const notYetStarted = new Set(['CREATED', 'WAITING_TO_START']);
const isUtc = (t: string) => registry.validate('timestamp.json', t).length === 0 && t.endsWith('Z');
const isDuration = (d: string) => /^P(?!$)(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/.test(d);
const earliestMethod = (s: Session) => {
  const first = [...s.transactions].sort((x, y) => Date.parse(x.time) - Date.parse(y.time))[0];
  return first && (first.paymentMethod === 'NONE' ? 'WRITE_OFF' : first.paymentMethod);
};
const chronological = (s: Session) =>
  s.transactions.every((t, i) => i === 0 || Date.parse(s.transactions[i - 1]!.time) <= Date.parse(t.time));
const external = (s: Session) =>
  s.paymentMethod === 'EXTERNAL' || s.transactions.some((t) => t.paymentMethod === 'EXTERNAL');

let app: TestApp;
let sessions: Session[];

test.beforeAll(async () => {
  app = await startApp();
  sessions = await allSessions(app);
});
test.afterAll(async () => app.close());

test.describe('seeded sessions', () => {
  test('exactly the ids of sandboxDefaults.sessionIds answer 200 with a Charging session', async () => {
    expect(ids.length).toBe(18);
    expect(sessions.map((s) => s.sessionId)).toEqual([...ids]);
    for (const s of sessions) expect(registry.validate('session.json', s), s.sessionId).toEqual([]);
    const res = await get(app, ids[0]!);
    expect(res.contentType).toContain('application/json');
  });

  test('every sessionStatus and every balanceStatus is covered', () => {
    expect(new Set(sessions.map((s) => s.sessionStatus))).toEqual(new Set(sessionStatuses));
    expect(new Set(sessions.map((s) => s.balanceStatus))).toEqual(new Set(balanceStatuses));
  });

  test('every documented field is populated with its documented type', () => {
    const always = [
      'balanceAmountMinor',
      'balanceStatus',
      'charger',
      'duration',
      'energy',
      'paymentMethod',
      'price',
      'receiptAvailable',
      'sessionId',
      'sessionStatus',
      'site',
      'startTime',
      'transactions',
    ];
    for (const s of sessions) {
      const keys = Object.keys(s)
        .filter((k) => k !== 'chargingKeyType' && k !== 'connectorId')
        .sort();
      expect(keys, s.sessionId).toEqual(always.sort());
      for (const v of Object.values(s.charger)) expect(typeof v === 'string' && v.length > 0).toBe(true);
      expect(Object.keys(s.charger).sort()).toEqual([
        'chargingStationName',
        'city',
        'connectorLabel',
        'evseId',
        'streetName',
      ]);
      expect(s.energy.unit).toBe('WH');
      expect(typeof s.energy.value).toBe('number');
      expect(isDuration(s.duration), s.duration).toBe(true);
      expect(isUtc(s.startTime), s.startTime).toBe(true);
      expect(s.site.length).toBeGreaterThan(0);
      expect(typeof s.receiptAvailable).toBe('boolean');
      for (const p of [s.price, ...s.transactions.map((t) => t.amount)]) {
        expect(Number.isInteger(p.minorExclVat) && Number.isInteger(p.minorInclVat)).toBe(true);
        expect(p.minorExclVat).toBeLessThanOrEqual(p.minorInclVat);
        expect(p.vat).toMatch(/^\d+(\.\d+)?$/);
        expect(p.currencyCode).toMatch(/^[A-Z]{3}$/);
      }
      for (const t of s.transactions) {
        expect(Object.keys(t).sort()).toEqual(['amount', 'paymentMethod', 'paymentOutcome', 'time']);
        expect(['CHARGE', 'WRITE_OFF']).toContain(t.paymentOutcome);
        expect(isUtc(t.time)).toBe(true);
      }
    }
    expect(new Set(sessions.map((s) => s.receiptAvailable))).toEqual(new Set([true, false]));
    expect(sessions.some((s) => s.transactions.length >= 2)).toBe(true);
  });
});

test.describe('rules', () => {
  test('balanceAmountMinor: a long integer as text, never positive; 0 when PAID, negative when DEBT (ASSUME-SESSION-BALANCE)', () => {
    for (const s of sessions) {
      expect(s.balanceAmountMinor, s.sessionId).toMatch(/^(0|-[1-9][0-9]*)$/);
      expect(BigInt(s.balanceAmountMinor) <= 0n).toBe(true);
      if (s.balanceStatus === 'PAID' || s.balanceStatus === 'REFUND' || external(s))
        expect(s.balanceAmountMinor, s.sessionId).toBe('0');
      if (s.balanceStatus === 'DEBT') expect(BigInt(s.balanceAmountMinor) < 0n, s.sessionId).toBe(true);
    }
    // The amount still to pay is what the transactions have not covered.
    for (const s of sessions.filter((x) => x.balanceStatus === 'DEBT')) {
      const covered = s.transactions.reduce((sum, t) => sum + t.amount.minorInclVat, 0);
      expect(Number(s.balanceAmountMinor)).toBe(covered - s.price.minorInclVat);
    }
  });

  test('chargingKeyType and connectorId only after the session has started (ASSUME-SESSION-STARTED-STATES)', () => {
    for (const s of sessions) {
      if (started.has(s.sessionStatus)) {
        expect(['tag', 'card', 'virtual', 'plug_and_charge'], s.sessionId).toContain(s.chargingKeyType);
        expect(typeof s.connectorId).toBe('string');
      } else {
        expect(s.chargingKeyType, `${s.sessionStatus} ${s.sessionId}`).toBeUndefined();
        expect(s.connectorId).toBeUndefined();
      }
    }
    expect(new Set(sessions.map((s) => s.chargingKeyType).filter(Boolean))).toEqual(
      new Set(['tag', 'card', 'virtual', 'plug_and_charge'])
    );
    expect(sessions.some((s) => notYetStarted.has(s.sessionStatus))).toBe(true);
  });

  test('paymentMethod holds the method of the transaction with the earliest time (NONE/WRITE_OFF as WRITE_OFF)', () => {
    const withTransactions = sessions.filter((s) => s.transactions.length > 0);
    expect(withTransactions.length).toBeGreaterThan(10);
    for (const s of withTransactions) expect(s.paymentMethod, s.sessionId).toBe(earliestMethod(s));
    // Some sessions list their transactions out of order, so "first listed" is not "earliest".
    const unordered = sessions.filter((s) => !chronological(s));
    expect(unordered.length).toBeGreaterThanOrEqual(2);
    expect(
      unordered.some((s) => {
        const m = s.transactions[0]!.paymentMethod;
        return (m === 'NONE' ? 'WRITE_OFF' : m) !== s.paymentMethod;
      })
    ).toBe(true);
    // Both sides of the renaming: a write-off that is the earliest transaction (paymentMethod WRITE_OFF), and one after it.
    const writeOff = (t: Session['transactions'][number]) =>
      t.paymentMethod === 'NONE' && t.paymentOutcome === 'WRITE_OFF';
    expect(sessions.find((s) => s.paymentMethod === 'WRITE_OFF')?.transactions.some(writeOff)).toBe(true);
    expect(sessions.some((s) => s.paymentMethod !== 'WRITE_OFF' && s.transactions.some(writeOff))).toBe(true);
    expect(
      sessions
        .flatMap((s) => s.transactions)
        .filter((t) => (t.paymentMethod === 'NONE') !== (t.paymentOutcome === 'WRITE_OFF'))
    ).toEqual([]);
    expect(new Set(sessions.map((s) => s.paymentMethod))).toEqual(
      new Set(['CREDIT_CARD', 'EXTERNAL', 'PREPAID', 'WRITE_OFF'])
    );
  });

  test('sessions with external clearing exist', () => {
    const ext = sessions.filter(external);
    expect(ext.length).toBeGreaterThanOrEqual(2);
    expect(ext.some((s) => s.transactions.some((t) => t.paymentMethod === 'EXTERNAL'))).toBe(true);
  });

  test('an unknown session answers 404 {message}', async () => {
    for (const id of [UNKNOWN_ID, 'not-a-session', ids[0]!.toUpperCase(), `${ids[0]} `]) {
      const res = await get(app, id);
      expect(res.status, id).toBe(404);
      expect(registry.validate('message-error.json', res.body)).toEqual([]);
      expect(res.body.message.length).toBeGreaterThan(0);
      expect(res.body.errorCode).toBeUndefined();
      if (res.body.details !== undefined) for (const d of res.body.details) expect(typeof d).toBe('string');
    }
  });

  test('any authenticated client reads any session (ASSUME-SESSION-ACCESS); without a token 401', async () => {
    for (const id of [ids[0]!, ids[9]!]) {
      const foreign = await get(app, id, 'foreign');
      expect(foreign.status).toBe(200);
      expect(foreign.body).toEqual(sessions.find((s) => s.sessionId === id));
    }
    expect((await get(app, ids[0]!, 'none')).status).toBe(401);
  });
});

/** For each fault of this area: a probe that holds on the clean sandbox and fails with the fault. */
const faultProbes: Record<string, FaultProbe> = {
  'session-key-type-before-start': async (a) =>
    (await allSessions(a)).every((s) => started.has(s.sessionStatus) || s.chargingKeyType === undefined),
  'session-balance-positive': async (a) => (await allSessions(a)).every((s) => BigInt(s.balanceAmountMinor) <= 0n),
  'session-payment-method-not-earliest': async (a) =>
    (await allSessions(a)).every((s) => s.transactions.length === 0 || s.paymentMethod === earliestMethod(s)),
  'session-payment-method-first-listed': async (a) =>
    (await allSessions(a)).every((s) => s.transactions.length === 0 || s.paymentMethod === earliestMethod(s)),
  'session-replacement-write-off-not-none': async (a) =>
    (await allSessions(a)).every((s) => s.transactions.every((t) => (t.paymentMethod as string) !== 'WRITE_OFF')),
  'session-write-off-outcome-missing': async (a) =>
    (await allSessions(a)).every((s) =>
      s.transactions.every((t) => t.paymentMethod !== 'NONE' || t.paymentOutcome === 'WRITE_OFF')
    ),
  'session-status-outside-enum': async (a) =>
    (await allSessions(a)).every((s) => (sessionStatuses as readonly string[]).includes(s.sessionStatus)),
  'session-balance-status-outside-enum': async (a) =>
    (await allSessions(a)).every((s) => (balanceStatuses as readonly string[]).includes(s.balanceStatus)),
  'session-key-type-uppercase': async (a) =>
    (await allSessions(a)).every(
      (s) =>
        s.chargingKeyType === undefined || ['tag', 'card', 'virtual', 'plug_and_charge'].includes(s.chargingKeyType)
    ),
  'session-payment-method-none': async (a) =>
    (await allSessions(a)).every((s) => ['CREDIT_CARD', 'EXTERNAL', 'PREPAID', 'WRITE_OFF'].includes(s.paymentMethod)),
  'session-vat-percent-sign': async (a) =>
    (await allSessions(a)).every((s) => registry.validate('price.json', s.price).length === 0),
  'session-start-time-offset': async (a) => (await allSessions(a)).every((s) => isUtc(s.startTime)),
  'session-get-other-session': async (a) => (await allSessions(a)).every((s, i) => s.sessionId === ids[i]),
  'session-404-standard-body': async (a) => {
    const res = await get(a, UNKNOWN_ID);
    return res.status === 404 && typeof res.body?.message === 'string';
  },
  'session-404-details-string': async (a) =>
    registry.validate('message-error.json', (await get(a, UNKNOWN_ID)).body).length === 0,
  'session-transaction-time-epoch': async (a) =>
    (await allSessions(a)).every((s) =>
      s.transactions.every((t) => registry.validate('timestamp.json', t.time).length === 0)
    ),
  'session-malformed-id-standard-body': async (a) =>
    typeof (await get(a, 'not-a-session-id')).body?.message === 'string',
  'session-id-case-insensitive': async (a) => (await get(a, ids[0]!.toUpperCase())).status === 404,
  'session-id-prefix': async (a) => (await get(a, ids[0]!.slice(0, 18))).status === 404,
};

test.describe('faults', () => {
  test('every sessions fault of sandbox/faults.ts has a probe here', () =>
    expectProbeForEveryFault(['session-'], faultProbes, 5));
  for (const [id, holds] of Object.entries(faultProbes)) test(faultTitle(id), () => expectFaultBreaks(id, holds, app));
});
