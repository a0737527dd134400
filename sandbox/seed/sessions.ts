/**
 * Seeded charging sessions: exactly sandboxDefaults.sessionIds, covering every sessionStatus and
 * every balanceStatus, written as a table of plans from which the derived fields follow by rule:
 *  - chargingKeyType and connectorId only once the session has started (ASSUME-SESSION-STARTED-STATES);
 *  - paymentMethod = the method of the transaction with the earliest time (NONE → WRITE_OFF), or the
 *    method chosen at creation while there is no transaction (ASSUME-SESSION-PAYMENT-METHOD);
 *  - balanceAmountMinor = −(price incl. VAT not yet covered by transactions), never positive; "0"
 *    for external clearing (ASSUME-SESSION-BALANCE).
 * Some plans list their transactions out of chronological order on purpose.
 */
import type {
  Price as PriceShape,
  Session as SessionShape,
  Transaction as TransactionShape,
} from '../../lib/types.generated.js';
import { sandboxDefaults } from '../defaults.js';
import type { Complete } from '../store.js';

export const sessionStatuses = [
  'CREATED',
  'WAITING_TO_START',
  'STARTED',
  'WAITING_TO_STOP',
  'STOPPED',
  'COMPLETE',
  'FAILED',
  'UNKNOWN',
  'STOP_FAILED',
] as const;
export type SessionStatus = (typeof sessionStatuses)[number];

export const balanceStatuses = ['PROCESSING', 'PAID', 'DEBT', 'REFUND'] as const;
export type BalanceStatus = (typeof balanceStatuses)[number];

/** The shape of a session id: a UUID. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ChargingKeyType = NonNullable<SessionShape['chargingKeyType']>;
export type SessionPaymentMethod = NonNullable<SessionShape['paymentMethod']>;
/** Transaction payment methods (set not shown): the session's, with NONE in place of WRITE_OFF. */
export type TransactionPaymentMethod = 'CREDIT_CARD' | 'EXTERNAL' | 'PREPAID' | 'NONE';

/**
 * States in which the session has started (ASSUME-SESSION-STARTED-STATES): FAILED means it never
 * started; for UNKNOWN the start is not known, so neither chargingKeyType nor connectorId is given.
 */
export const startedStatuses: ReadonlySet<SessionStatus> = new Set([
  'STARTED',
  'WAITING_TO_STOP',
  'STOPPED',
  'COMPLETE',
  'STOP_FAILED',
]);

export type Price = Complete<PriceShape>;

export type Transaction = Omit<Complete<TransactionShape>, 'paymentMethod' | 'paymentOutcome'> & {
  paymentMethod: TransactionPaymentMethod;
  paymentOutcome: 'CHARGE' | 'WRITE_OFF';
};

/** The document's Session, every field present but chargingKeyType and connectorId (only once started). */
export type Session = Omit<Complete<SessionShape>, 'chargingKeyType' | 'connectorId' | 'transactions'> &
  Pick<SessionShape, 'chargingKeyType' | 'connectorId'> & { transactions: Transaction[] };

interface Charger {
  site: string;
  chargingStationName: string;
  city: string;
  streetName: string;
  evseId: string;
  currency: string;
  vat: string;
}

const chargers: Charger[] = [
  {
    site: 'VoltWay Berlin Hauptstraße',
    chargingStationName: 'VWY-BER-014',
    city: 'Berlin',
    streetName: 'Hauptstraße',
    evseId: 'DE*VWY*E000014*2',
    currency: 'EUR',
    vat: '19',
  },
  {
    site: 'EuroPlug Amsterdam Kerkstraat',
    chargingStationName: 'EUP-AMS-203',
    city: 'Amsterdam',
    streetName: 'Kerkstraat',
    evseId: 'NL*EUP*E001203*1',
    currency: 'EUR',
    vat: '21',
  },
  {
    site: 'CityCharge Paris Avenue de la Gare',
    chargingStationName: 'CCH-PAR-077',
    city: 'Paris',
    streetName: 'Avenue de la Gare',
    evseId: 'FR*CCH*E002077*3',
    currency: 'EUR',
    vat: '20',
  },
  {
    site: 'GreenAmp London High Street',
    chargingStationName: 'GAM-LON-310',
    city: 'London',
    streetName: 'High Street',
    evseId: 'GB*GAM*E003310*1',
    currency: 'GBP',
    vat: '20',
  },
  {
    site: 'Fjord Power Stockholm Kungsgatan',
    chargingStationName: 'FJP-STO-021',
    city: 'Stockholm',
    streetName: 'Kungsgatan',
    evseId: 'SE*FJP*E004021*2',
    currency: 'SEK',
    vat: '25',
  },
  {
    site: 'Sud Energia Milano Via Roma',
    chargingStationName: 'SUD-MIL-045',
    city: 'Milano',
    streetName: 'Via Roma',
    evseId: 'IT*SUD*E005045*4',
    currency: 'EUR',
    vat: '22',
  },
];

interface PlannedTransaction {
  method: TransactionPaymentMethod;
  outcome: 'CHARGE' | 'WRITE_OFF';
  /** Amount incl. VAT, minor units. */
  amount: number;
  /** Minutes after the session's start. */
  at: number;
}

interface Plan {
  status: SessionStatus;
  balance: BalanceStatus;
  /** Payment method chosen at creation; used as paymentMethod only while there is no transaction. */
  method: SessionPaymentMethod;
  key: ChargingKeyType;
  charger: number;
  /** Start, as minutes before 2025-10-31T18:00:00Z. */
  startedAgo: number;
  minutes: number;
  wh: number;
  /** Total price incl. VAT, minor units. */
  price: number;
  /** In the order the session lists them (not always chronological). */
  tx: PlannedTransaction[];
  receipt: boolean;
}

const plans: Plan[] = [
  {
    status: 'CREATED',
    balance: 'PROCESSING',
    method: 'CREDIT_CARD',
    key: 'card',
    charger: 0,
    startedAgo: 1,
    minutes: 0,
    wh: 0,
    price: 0,
    tx: [],
    receipt: false,
  },
  {
    status: 'CREATED',
    balance: 'PROCESSING',
    method: 'EXTERNAL',
    key: 'tag',
    charger: 1,
    startedAgo: 2,
    minutes: 0,
    wh: 0,
    price: 0,
    tx: [],
    receipt: false,
  },
  {
    status: 'WAITING_TO_START',
    balance: 'PROCESSING',
    method: 'PREPAID',
    key: 'virtual',
    charger: 2,
    startedAgo: 3,
    minutes: 0,
    wh: 0,
    price: 0,
    tx: [],
    receipt: false,
  },
  {
    status: 'WAITING_TO_START',
    balance: 'PROCESSING',
    method: 'CREDIT_CARD',
    key: 'plug_and_charge',
    charger: 3,
    startedAgo: 4,
    minutes: 0,
    wh: 0,
    price: 0,
    tx: [],
    receipt: false,
  },
  {
    status: 'STARTED',
    balance: 'PROCESSING',
    method: 'PREPAID',
    key: 'tag',
    charger: 0,
    startedAgo: 42,
    minutes: 42,
    wh: 18_400,
    price: 1_012,
    tx: [{ method: 'PREPAID', outcome: 'CHARGE', amount: 500, at: 1 }],
    receipt: false,
  },
  {
    status: 'STARTED',
    balance: 'PROCESSING',
    method: 'EXTERNAL',
    key: 'card',
    charger: 1,
    startedAgo: 17,
    minutes: 17,
    wh: 6_250,
    price: 431,
    tx: [{ method: 'EXTERNAL', outcome: 'CHARGE', amount: 431, at: 17 }],
    receipt: false,
  },
  {
    status: 'WAITING_TO_STOP',
    balance: 'PROCESSING',
    method: 'CREDIT_CARD',
    key: 'virtual',
    charger: 2,
    startedAgo: 95,
    minutes: 94,
    wh: 41_300,
    price: 2_065,
    tx: [{ method: 'CREDIT_CARD', outcome: 'CHARGE', amount: 1_000, at: 0 }],
    receipt: false,
  },
  {
    status: 'WAITING_TO_STOP',
    balance: 'PROCESSING',
    method: 'PREPAID',
    key: 'plug_and_charge',
    charger: 5,
    startedAgo: 61,
    minutes: 60,
    wh: 22_800,
    price: 1_368,
    tx: [{ method: 'PREPAID', outcome: 'CHARGE', amount: 1_368, at: 60 }],
    receipt: false,
  },
  {
    status: 'STOPPED',
    balance: 'DEBT',
    method: 'CREDIT_CARD',
    key: 'card',
    charger: 3,
    startedAgo: 200,
    minutes: 83,
    wh: 35_900,
    price: 2_154,
    tx: [{ method: 'CREDIT_CARD', outcome: 'CHARGE', amount: 1_500, at: 84 }],
    receipt: true,
  },
  {
    status: 'STOPPED',
    balance: 'PAID',
    method: 'CREDIT_CARD',
    key: 'tag',
    charger: 4,
    startedAgo: 300,
    minutes: 125,
    wh: 52_100,
    price: 31_260,
    // Listed latest first: the write-off (earliest) decides paymentMethod WRITE_OFF.
    tx: [
      { method: 'CREDIT_CARD', outcome: 'CHARGE', amount: 26_260, at: 126 },
      { method: 'NONE', outcome: 'WRITE_OFF', amount: 5_000, at: 10 },
    ],
    receipt: true,
  },
  {
    status: 'COMPLETE',
    balance: 'PAID',
    method: 'PREPAID',
    key: 'virtual',
    charger: 0,
    startedAgo: 1_500,
    minutes: 48,
    wh: 21_700,
    price: 1_194,
    // Listed latest first: CREDIT_CARD is the earliest.
    tx: [
      { method: 'PREPAID', outcome: 'CHARGE', amount: 694, at: 49 },
      { method: 'CREDIT_CARD', outcome: 'CHARGE', amount: 500, at: 0 },
    ],
    receipt: true,
  },
  {
    status: 'COMPLETE',
    balance: 'REFUND',
    method: 'PREPAID',
    key: 'card',
    charger: 5,
    startedAgo: 2_900,
    minutes: 36,
    wh: 14_200,
    price: 852,
    tx: [{ method: 'PREPAID', outcome: 'CHARGE', amount: 1_500, at: 0 }],
    receipt: true,
  },
  {
    status: 'COMPLETE',
    balance: 'PAID',
    method: 'EXTERNAL',
    key: 'plug_and_charge',
    charger: 1,
    startedAgo: 4_400,
    minutes: 71,
    wh: 30_150,
    price: 1_658,
    tx: [{ method: 'EXTERNAL', outcome: 'CHARGE', amount: 1_658, at: 72 }],
    receipt: false,
  },
  {
    status: 'FAILED',
    balance: 'PAID',
    method: 'CREDIT_CARD',
    key: 'card',
    charger: 2,
    startedAgo: 600,
    minutes: 0,
    wh: 0,
    price: 0,
    tx: [],
    receipt: false,
  },
  {
    status: 'FAILED',
    balance: 'REFUND',
    method: 'CREDIT_CARD',
    key: 'virtual',
    charger: 3,
    startedAgo: 700,
    minutes: 0,
    wh: 0,
    price: 0,
    tx: [{ method: 'CREDIT_CARD', outcome: 'CHARGE', amount: 500, at: 0 }],
    receipt: false,
  },
  {
    status: 'UNKNOWN',
    balance: 'PROCESSING',
    method: 'PREPAID',
    key: 'tag',
    charger: 4,
    startedAgo: 900,
    minutes: 12,
    wh: 2_100,
    price: 0,
    tx: [],
    receipt: false,
  },
  {
    status: 'UNKNOWN',
    balance: 'DEBT',
    method: 'CREDIT_CARD',
    key: 'card',
    charger: 5,
    startedAgo: 1_000,
    minutes: 55,
    wh: 24_000,
    price: 1_440,
    tx: [
      { method: 'CREDIT_CARD', outcome: 'CHARGE', amount: 900, at: 56 },
      { method: 'PREPAID', outcome: 'CHARGE', amount: 200, at: 2 },
    ],
    receipt: false,
  },
  {
    status: 'STOP_FAILED',
    balance: 'DEBT',
    method: 'PREPAID',
    key: 'plug_and_charge',
    charger: 0,
    startedAgo: 400,
    minutes: 180,
    wh: 61_000,
    price: 3_355,
    // A write-off after the earliest transaction: NONE in the replacement, while paymentMethod stays PREPAID.
    tx: [
      { method: 'PREPAID', outcome: 'CHARGE', amount: 2_000, at: 0 },
      { method: 'NONE', outcome: 'WRITE_OFF', amount: 355, at: 170 },
    ],
    receipt: false,
  },
];

const END_REFERENCE = Date.parse('2025-10-31T18:00:00Z');

function iso(ms: number): string {
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

function duration(minutes: number): string {
  if (minutes === 0) return 'PT0S';
  const h = Math.floor(minutes / 60),
    m = minutes % 60;
  return `PT${h > 0 ? `${h}H` : ''}${m > 0 ? `${m}M` : ''}`;
}

function price(inclVat: number, currency: string, vat: string): Price {
  return {
    currencyCode: currency,
    minorExclVat: Math.round(inclVat / (1 + Number(vat) / 100)),
    minorInclVat: inclVat,
    vat,
  };
}

/** The session's paymentMethod: the method of its earliest transaction (NONE means WRITE_OFF). */
export function earliestPaymentMethod(transactions: readonly Transaction[]): SessionPaymentMethod | undefined {
  const earliest = [...transactions].sort((a, b) => Date.parse(a.time) - Date.parse(b.time))[0];
  if (!earliest) return undefined;
  return earliest.paymentMethod === 'NONE' ? 'WRITE_OFF' : earliest.paymentMethod;
}

function build(id: string, plan: Plan): Session {
  const charger = chargers[plan.charger]!;
  const start = END_REFERENCE - plan.startedAgo * 60_000;
  const transactions: Transaction[] = plan.tx.map((t) => ({
    paymentMethod: t.method,
    paymentOutcome: t.outcome,
    amount: price(t.amount, charger.currency, charger.vat),
    time: iso(start + t.at * 60_000),
  }));
  const external =
    transactions.some((t) => t.paymentMethod === 'EXTERNAL') ||
    (transactions.length === 0 && plan.method === 'EXTERNAL');
  const covered = transactions.reduce((s, t) => s + t.amount.minorInclVat, 0);
  const outstanding = external ? 0 : Math.max(0, plan.price - covered);
  const started = startedStatuses.has(plan.status);
  const connectorNumber = Number(charger.evseId.split('*').pop());
  return {
    sessionId: id,
    sessionStatus: plan.status,
    balanceStatus: plan.balance,
    balanceAmountMinor: String(-outstanding).replace(/^-0$/, '0'),
    charger: {
      chargingStationName: charger.chargingStationName,
      city: charger.city,
      connectorLabel: `Connector ${connectorNumber}`,
      evseId: charger.evseId,
      streetName: charger.streetName,
    },
    ...(started ? { chargingKeyType: plan.key, connectorId: String(connectorNumber) } : {}),
    duration: duration(plan.minutes),
    energy: { unit: 'WH', value: plan.wh },
    paymentMethod: earliestPaymentMethod(transactions) ?? plan.method,
    price: price(plan.price, charger.currency, charger.vat),
    receiptAvailable: plan.receipt,
    site: charger.site,
    startTime: iso(start),
    transactions,
  };
}

/** The seeded sessions by id, in the order of sandboxDefaults.sessionIds. */
export function buildSessionSeed(): Map<string, Session> {
  const ids = sandboxDefaults.sessionIds;
  if (ids.length !== plans.length) throw new Error(`session seed: ${plans.length} plans for ${ids.length} ids`);
  return new Map(ids.map((id, i) => [id, build(id, plans[i]!)]));
}
