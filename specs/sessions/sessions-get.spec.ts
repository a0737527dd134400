/**
 * GET /sessions/{sessionId} over every configured session (FLEET_SESSION_IDS): sessions cannot
 * be created through the interface, so the rules apply to whatever sessions the target holds. A
 * rule that no configured session can show is skipped with a reason naming what is missing.
 */
import { randomUUID } from 'node:crypto';
import { expect, forReading, forRule, judgingPlace, test } from '../../fixtures/test.js';
import type { FleetApi } from '../../lib/api.js';
import type { ApiResponse } from '../../lib/client.js';
import type { Config } from '../../lib/config.js';
import { rules } from '../../lib/rules/declared.js';
import { judgeTimestampStyle } from '../../lib/steps/timestamp-steps.js';
import { instantOf } from '../../lib/timestamps.js';
import type { Session, Transaction } from '../../lib/types.generated.js';
import { isUuid, unknownSessionIdLike } from '../../lib/unknown-session-id.js';

const SESSION_STATUSES = [
  'CREATED',
  'WAITING_TO_START',
  'STARTED',
  'WAITING_TO_STOP',
  'STOPPED',
  'COMPLETE',
  'FAILED',
  'UNKNOWN',
  'STOP_FAILED',
];
const BALANCE_STATUSES = ['PROCESSING', 'PAID', 'DEBT', 'REFUND'];
const PAYMENT_METHODS = ['CREDIT_CARD', 'EXTERNAL', 'PREPAID', 'WRITE_OFF'];
const KEY_TYPES = ['tag', 'card', 'virtual', 'plug_and_charge'];
const NOT_STARTED = ['CREATED', 'WAITING_TO_START'];
/** Balance states whose amount the document leaves open (ASSUME-SESSION-BALANCE). */
const OPEN_BALANCES = ['PROCESSING', 'REFUND'];

const LONG_MIN = -(2n ** 63n),
  LONG_MAX = 2n ** 63n - 1n;
const DECIMAL = /^\d+(\.\d+)?$/;

/** "not relevant for external clearing": the balance amount says nothing for these sessions. */
const externalClearing = (s: Session) =>
  s.paymentMethod === 'EXTERNAL' || (s.transactions ?? []).some((t) => t.paymentMethod === 'EXTERNAL');

const balance = (s: Session) => BigInt(s.balanceAmountMinor!);

/**
 * The deprecated paymentMethod a transaction stands for: its own, but the replacement names the
 * former WRITE_OFF NONE, with the outcome WRITE_OFF. Undefined when the document gives no
 * equivalent: NONE with another outcome, or the deprecated name WRITE_OFF itself, which the
 * replacement does not use.
 */
function deprecatedMethodOf(t: Transaction): string | undefined {
  if (t.paymentMethod === 'NONE') return t.paymentOutcome === 'WRITE_OFF' ? 'WRITE_OFF' : undefined;
  return t.paymentMethod === 'WRITE_OFF' ? undefined : t.paymentMethod;
}

/** The transactions with the earliest time (several on a tie); none when a time cannot be read. */
function earliestOf(transactions: readonly Transaction[]): Transaction[] {
  const timed = transactions.map((t) => ({ t, at: instantOf(t.time ?? '') }));
  if (!timed.length || timed.some((x) => x.at === undefined)) return [];
  const first = Math.min(...timed.map((x) => x.at!));
  return timed.filter((x) => x.at === first).map((x) => x.t);
}

/** The deprecated methods the transactions with the earliest time stand for (several on a tie); undefined when a time cannot be read. */
function earliestMethods(transactions: readonly Transaction[]): string[] | undefined {
  const methods = earliestOf(transactions).map(deprecatedMethodOf);
  return methods.length && methods.every((m) => m !== undefined) ? (methods as string[]) : undefined;
}

const writeOff = (t: Transaction) => t.paymentMethod === 'NONE' && t.paymentOutcome === 'WRITE_OFF';

/** Every configured session, each answering 200; the test is skipped when none is configured. */
async function configuredSessions(api: FleetApi, config: Config): Promise<Session[]> {
  test.skip(!config.sessionIds.length, 'no session ids configured (FLEET_SESSION_IDS)');
  const sessions: Session[] = [];
  for (const id of config.sessionIds) {
    const response = await api.getSession(id);
    expect(response, `configured session ${id}`).toHaveStatus(200);
    sessions.push(response.body);
  }
  return sessions;
}

function describeSession(s: Session): string {
  return `session ${s.sessionId} (${s.sessionStatus}, ${s.balanceStatus})`;
}

test.describe('charging session', () => {
  test(
    'GET /sessions/{sessionId} answers the Charging session of that sessionId, the unique id of the session [SESSION-GET]',
    rules('SESSION-GET'),
    async ({ api, config }) => {
      const sessions = await configuredSessions(api, config);
      const shown = sessions
        .map((s, i) => ({ asked: config.sessionIds[i]!, answered: s.sessionId }))
        .filter((s) => s.answered !== undefined);
      test.skip(!shown.length, 'no configured session shows its sessionId');
      expect(
        shown.filter((s) => s.answered !== s.asked).map((s) => `asked ${s.asked}, answered ${s.answered}`),
        'sessions answered for another sessionId'
      ).toEqual([]);
    }
  );

  test(
    'sessionStatus is one of CREATED, WAITING_TO_START, STARTED, WAITING_TO_STOP, STOPPED, COMPLETE, FAILED, UNKNOWN, STOP_FAILED [SESSION-STATUS-ENUM]',
    rules('SESSION-STATUS-ENUM'),
    async ({ api, config }) => {
      const sessions = await configuredSessions(api, config);
      for (const s of sessions)
        if (s.sessionStatus !== undefined) expect(SESSION_STATUSES, describeSession(s)).toContain(s.sessionStatus);
    }
  );

  test(
    'balanceStatus is one of PROCESSING, PAID, DEBT, REFUND [SESSION-BALANCE-STATUS-ENUM]',
    rules('SESSION-BALANCE-STATUS-ENUM'),
    async ({ api, config }) => {
      const sessions = await configuredSessions(api, config);
      for (const s of sessions)
        if (s.balanceStatus !== undefined) expect(BALANCE_STATUSES, describeSession(s)).toContain(s.balanceStatus);
    }
  );

  test(
    'the deprecated paymentMethod is one of CREDIT_CARD, EXTERNAL, PREPAID, WRITE_OFF [SESSION-PAYMENT-METHOD-ENUM]',
    rules('SESSION-PAYMENT-METHOD-ENUM'),
    async ({ api, config }) => {
      const sessions = await configuredSessions(api, config);
      for (const s of sessions)
        if (s.paymentMethod !== undefined) expect(PAYMENT_METHODS, describeSession(s)).toContain(s.paymentMethod);
    }
  );

  test(
    'chargingKeyType is tag, card, virtual or plug_and_charge [SESSION-KEY-TYPE-VALUES]',
    rules('SESSION-KEY-TYPE-VALUES'),
    async ({ api, config }) => {
      const sessions = await configuredSessions(api, config);
      const keyed = sessions.filter((s) => s.chargingKeyType !== undefined);
      test.skip(!keyed.length, 'no configured session shows chargingKeyType');
      for (const s of keyed) expect(KEY_TYPES, describeSession(s)).toContain(s.chargingKeyType);
    }
  );

  test(
    'chargingKeyType and connectorId are absent while the session has not started (CREATED, WAITING_TO_START) [SESSION-STARTED-ONLY-FIELDS]',
    rules('SESSION-STARTED-ONLY-FIELDS'),
    async ({ api, config }) => {
      const sessions = await configuredSessions(api, config);
      const notStarted = sessions.filter((s) => NOT_STARTED.includes(s.sessionStatus ?? ''));
      test.skip(!notStarted.length, 'no configured session is CREATED or WAITING_TO_START');
      for (const s of notStarted) {
        expect({ chargingKeyType: s.chargingKeyType, connectorId: s.connectorId }, describeSession(s)).toEqual({
          chargingKeyType: undefined,
          connectorId: undefined,
        });
      }
    }
  );

  test(
    'balanceAmountMinor is a long integer as text, never positive outside external clearing [SESSION-BALANCE-AMOUNT]',
    rules('SESSION-BALANCE-AMOUNT'),
    async ({ api, config }) => {
      const sessions = await configuredSessions(api, config);
      const withAmount = sessions.filter((s) => s.balanceAmountMinor !== undefined);
      test.skip(!withAmount.length, 'no configured session shows balanceAmountMinor');
      for (const s of withAmount) {
        expect(s.balanceAmountMinor, describeSession(s)).toMatch(/^-?\d+$/);
        const amount = balance(s);
        expect(
          amount >= LONG_MIN && amount <= LONG_MAX,
          `${describeSession(s)}: ${s.balanceAmountMinor} is not a long`
        ).toBe(true);
        if (externalClearing(s) || amount <= 0n) continue;
        const message = `${describeSession(s)}: remaining amount ${s.balanceAmountMinor} is positive`;
        // What PROCESSING and REFUND show is not shown (ASSUME-SESSION-BALANCE): a positive amount there is an amount owed back.
        if (!OPEN_BALANCES.includes(s.balanceStatus ?? '')) expect(amount <= 0n, message).toBe(true);
        else if (config.strict.has('ASSUME-SESSION-BALANCE'))
          await forReading('ASSUME-SESSION-BALANCE', 'SESSION-BALANCE-AMOUNT', () =>
            expect(amount <= 0n, `${message} (strict reading)`).toBe(true)
          );
      }
    }
  );

  for (const [status, rule, holds] of [
    ['PAID', '0 (fully paid)', (amount: bigint) => amount === 0n],
    ['DEBT', 'negative (an amount remains to pay)', (amount: bigint) => amount < 0n],
  ] as const) {
    test(
      `balanceAmountMinor is ${rule} when balanceStatus is ${status} [SESSION-BALANCE-AMOUNT]`,
      rules('SESSION-BALANCE-AMOUNT'),
      async ({ api, config }) => {
        const sessions = await configuredSessions(api, config);
        const judged = sessions.filter(
          (s) => s.balanceStatus === status && s.balanceAmountMinor !== undefined && !externalClearing(s)
        );
        test.skip(
          !judged.length,
          `no configured session is ${status} with balanceAmountMinor outside external clearing`
        );
        for (const s of judged)
          expect(holds(balance(s)), `${describeSession(s)}: balanceAmountMinor ${s.balanceAmountMinor}`).toBe(true);
      }
    );
  }

  test(
    'the deprecated paymentMethod is the method of the transaction with the earliest time, NONE with WRITE_OFF meaning WRITE_OFF [SESSION-PAYMENT-METHOD-EARLIEST]',
    rules('SESSION-PAYMENT-METHOD-EARLIEST'),
    async ({ api, config }) => {
      const sessions = await configuredSessions(api, config);
      const judged = sessions.flatMap((s) => {
        const expected = s.paymentMethod !== undefined ? earliestMethods(s.transactions ?? []) : undefined;
        return expected ? [{ s, expected }] : [];
      });
      test.skip(!judged.length, 'no configured session shows paymentMethod with timed transactions');
      // Worth knowing: whether a session listed a later transaction first (the earliest is not the first element).
      const outOfOrder = judged.filter(
        ({ s, expected }) => deprecatedMethodOf(s.transactions![0]!) !== expected[0]
      ).length;
      test.info().annotations.push({
        type: 'sessions judged',
        description: `${judged.length}, ${outOfOrder} of them with a first transaction of another method than the earliest`,
      });
      for (const { s, expected } of judged) {
        // A method outside the four is SESSION-PAYMENT-METHOD-ENUM's breach: no earliest transaction can show it.
        await forRule('SESSION-PAYMENT-METHOD-ENUM', () =>
          expect(PAYMENT_METHODS, describeSession(s)).toContain(s.paymentMethod)
        );
        expect(expected, `${describeSession(s)}: transactions ${JSON.stringify(s.transactions)}`).toContain(
          s.paymentMethod
        );
      }
    }
  );

  test(
    'the replacement names the former WRITE_OFF NONE, expressed by paymentOutcome WRITE_OFF: no transaction shows the paymentMethod WRITE_OFF, and where the deprecated paymentMethod is WRITE_OFF the earliest transaction shows NONE with WRITE_OFF [SESSION-PAYMENT-METHOD-EARLIEST]',
    rules('SESSION-PAYMENT-METHOD-EARLIEST'),
    async ({ api, config }) => {
      const sessions = await configuredSessions(api, config);
      const withTransactions = sessions.filter((s) => s.transactions?.length);
      test.skip(!withTransactions.length, 'no configured session shows transactions');
      const deprecatedName = withTransactions.flatMap((s) =>
        (s.transactions ?? [])
          .filter((t) => t.paymentMethod === 'WRITE_OFF')
          .map((t) => `${describeSession(s)}: ${JSON.stringify(t)}`)
      );
      expect(deprecatedName, 'transactions whose paymentMethod keeps the deprecated name WRITE_OFF').toEqual([]);
      const writtenOff = withTransactions.filter(
        (s) => s.paymentMethod === 'WRITE_OFF' && earliestOf(s.transactions!).length
      );
      test.info().annotations.push({
        type: 'sessions judged',
        description: `${withTransactions.length} with transactions, ${withTransactions.filter((s) => s.transactions!.some(writeOff)).length} with a NONE / WRITE_OFF transaction, ${writtenOff.length} with paymentMethod WRITE_OFF`,
      });
      for (const s of writtenOff) {
        expect(
          earliestOf(s.transactions!).some(writeOff),
          `${describeSession(s)}: paymentMethod WRITE_OFF, earliest transaction ${JSON.stringify(earliestOf(s.transactions!))}`
        ).toBe(true);
      }
    }
  );

  test(
    'price and transaction amounts: integer minor amounts, vat a decimal percentage [SESSION-PRICE-SHAPE]',
    rules('SESSION-PRICE-SHAPE'),
    async ({ api, config }) => {
      const sessions = await configuredSessions(api, config);
      const prices = sessions.flatMap((s) =>
        [s.price, ...(s.transactions ?? []).map((t) => t.amount)].filter((p) => p !== undefined).map((p) => ({ s, p }))
      );
      test.skip(!prices.length, 'no configured session shows a price');
      for (const { s, p } of prices) {
        const where = `${describeSession(s)}: ${JSON.stringify(p)}`;
        for (const minor of [p.minorExclVat, p.minorInclVat])
          if (minor !== undefined) expect(Number.isInteger(minor), where).toBe(true);
        if (p.vat !== undefined) expect(p.vat, where).toMatch(DECIMAL);
      }
    }
  );

  // "startTime | string, timestamp (UTC)"; "Transaction: ... time timestamp", its offset not shown; "duration | string | ISO 8601 duration".
  test(
    'startTime is a UTC timestamp, transaction times are timestamps, duration an ISO 8601 duration [SESSION-SHAPE]',
    rules('SESSION-SHAPE'),
    async ({ api, config, schemas, assumptions }) => {
      const sessions = await configuredSessions(api, config);
      const read: [where: string, value: string][] = [];
      for (const s of sessions) {
        if (s.startTime !== undefined)
          expect(
            schemas.validate('timestamp-utc.json', s.startTime),
            `${describeSession(s)}: startTime ${s.startTime}`
          ).toEqual([]);
        for (const t of s.transactions ?? [])
          if (t.time !== undefined)
            expect(
              schemas.validate('timestamp.json', t.time),
              `${describeSession(s)}: transaction time ${t.time}`
            ).toEqual([]);
        if (s.duration !== undefined)
          expect(
            schemas.validate('duration.json', s.duration),
            `${describeSession(s)}: duration ${s.duration}`
          ).toEqual([]);
        read.push(
          ...[s.startTime, ...(s.transactions ?? []).map((t) => t.time)]
            .filter((t) => t !== undefined)
            .map((t): [string, string] => [describeSession(s), t])
        );
      }
      await judgeTimestampStyle(assumptions, 'SESSION-SHAPE', 'session timestamps', read);
    }
  );

  test(
    'an unknown session id answers 404 {message} [SESSION-UNKNOWN-404, ERR-MESSAGE-BODY]',
    rules('SESSION-UNKNOWN-404', 'ERR-MESSAGE-BODY'),
    async ({ api, config, assumptions }) => {
      test.skip(!config.sessionIds.length, 'no session ids configured (FLEET_SESSION_IDS)');
      const ask = (sessionId: string) =>
        api.call<{ message?: unknown; details?: unknown }>('getSession', { params: { sessionId } });
      const expectMessage = (response: ApiResponse<{ message?: unknown; details?: unknown }>) => {
        judgingPlace(response, '/message', () => expect(typeof response.body?.message, 'message').toBe('string'));
        if (response.body.details !== undefined)
          judgingPlace(response, '/details', () =>
            expect(Array.isArray(response.body.details), 'details is an array of strings').toBe(true)
          );
      };
      // An id of the configured ids' shape: another shape may get the second error answer (ASSUME-SESSION-SECOND-ERROR).
      const unknown = unknownSessionIdLike(config.sessionIds);
      const response = await ask(unknown);
      expect(response, `GET /sessions/${unknown}, an id of the configured ids' shape`).toHaveStatus(404);
      expectMessage(response);
      if (isUuid(unknown)) return;
      const uuid = randomUUID();
      const asUuid = await ask(uuid);
      assumptions.saw(
        'ASSUME-SESSION-SECOND-ERROR',
        `a UUID, where the configured ids are none: answered ${asUuid.status}`
      );
      if (assumptions.strict('ASSUME-SESSION-SECOND-ERROR'))
        await forReading('ASSUME-SESSION-SECOND-ERROR', 'SESSION-UNKNOWN-404', () =>
          expect(asUuid, `GET /sessions/${uuid} (strict reading)`).toHaveStatus(404)
        );
      else
        expect(
          asUuid,
          `GET /sessions/${uuid}, a UUID where the configured ids are none: 404 or the second error answer`
        ).toBeRejected();
      expectMessage(asUuid);
    }
  );
});
