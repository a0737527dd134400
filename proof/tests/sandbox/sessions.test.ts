/**
 * The sandbox's GET /sessions/{sessionId}: the seeded sessions, every documented field and rule,
 * the 404, who may read, and the effect of each of its faults.
 */
import { expect, test } from '@playwright/test';
import { isUtc, registry } from '../../../sandbox/faults/probe.js';
import { allSessions, earliestMethod, get, ids, started, UNKNOWN_ID } from '../../../sandbox/faults/sessions.js';
import { balanceStatuses, type Session, sessionStatuses } from '../../../sandbox/seed/sessions.js';
import { type Harness, startSandbox, testFaultProbes } from './core-harness.js';

const notYetStarted = new Set(['CREATED', 'WAITING_TO_START']);
const isDuration = (d: string) => /^P(?!$)(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/.test(d);
const chronological = (s: Session) =>
  s.transactions.every((t, i) => i === 0 || Date.parse(s.transactions[i - 1]!.time) <= Date.parse(t.time));
const external = (s: Session) =>
  s.paymentMethod === 'EXTERNAL' || s.transactions.some((t) => t.paymentMethod === 'EXTERNAL');

let app: Harness;
let sessions: Session[];

test.beforeAll(async () => {
  app = await startSandbox();
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

test.describe('faults', () => testFaultProbes((id) => id.startsWith('session-')));
