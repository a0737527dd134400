/**
 * Sessions: GET /sessions/{sessionId} over the seeded sessions (sandbox/seed/sessions.ts).
 * Any authenticated client may read any session (ASSUME-SESSION-ACCESS): the document ties
 * sessions to no customer. An unknown id answers 404 {message, details}.
 */
import type { FastifyInstance } from 'fastify';
import { operations } from '../../lib/operations.js';
import type { SandboxPluginOptions } from '../context.js';
import { sandboxDefaults } from '../defaults.js';
import { ApiError } from '../errors.js';
import { buildSessionSeed, type Session, type Transaction, UUID } from '../seed/sessions.js';
import { atOffset, withFractionalSeconds, withoutSeconds } from '../timestamps.js';
import type { Variants } from '../variants.js';
import { withMilliseconds } from './locations.js';

/** Session ids of another shape (variant session-ids-other-shape): CS- and the session's place in the seed. */
const OTHER_SHAPE = /^CS-\d{6}$/;

/** A session as a server that chose otherwise where the document is silent shows it. */
function asVariant(session: Session, variants: Variants): Session {
  let s = session;
  if (variants.has('session-failed-started') && (s.sessionStatus === 'FAILED' || s.sessionStatus === 'UNKNOWN')) {
    s = { ...s, chargingKeyType: 'card', connectorId: '1' };
  }
  if (variants.has('session-refund-positive') && s.balanceStatus === 'REFUND')
    s = { ...s, balanceAmountMinor: String(Math.max(1, s.price.minorInclVat >> 2)) };
  if (variants.has('session-payment-values-other')) {
    const earliest = Math.min(...s.transactions.map((t) => Date.parse(t.time)));
    const { paymentMethod, ...rest } = s;
    const transactions = s.transactions.map((t) =>
      Date.parse(t.time) > earliest && t.paymentMethod !== 'EXTERNAL' ? { ...t, paymentMethod: 'VOUCHER' } : t
    ) as Transaction[];
    s = (s.transactions.length ? { ...rest, paymentMethod, transactions } : rest) as Session;
  }
  if (variants.has('formats-other')) {
    s = {
      ...s,
      startTime: withMilliseconds(s.startTime),
      transactions: s.transactions.map((t) => ({ ...t, time: withMilliseconds(t.time) })),
    };
  }
  if (variants.has('timestamps-other')) {
    s = {
      ...s,
      startTime: withoutSeconds(s.startTime),
      duration: withFractionalSeconds(s.duration),
      transactions: s.transactions.map((t) => ({ ...t, time: atOffset(t.time) })),
    };
  }
  if (variants.has('values-other-appear')) {
    // Energy in kWh; an outcome other than the two that appear, on transactions after the earliest (the deprecated paymentMethod reads the earliest).
    const earliest = Math.min(...s.transactions.map((t) => Date.parse(t.time)));
    const transactions = s.transactions.map((t) =>
      Date.parse(t.time) > earliest && t.paymentOutcome === 'CHARGE' ? { ...t, paymentOutcome: 'CAPTURE' } : t
    ) as unknown as Transaction[];
    s = { ...s, energy: { unit: 'KWH', value: s.energy.value / 1000 }, transactions };
  }
  return s;
}

export default async function sessionsRoutes(app: FastifyInstance, opts: SandboxPluginOptions): Promise<void> {
  const { faults, variants } = opts;
  const sessions = buildSessionSeed();
  const order = [...sessions.keys()];
  const otherShape = variants.has('session-ids-other-shape');
  /** The id a seeded session goes under, and the seeded id an id of the server's shape names. */
  const shownId = (seeded: string) =>
    otherShape ? `CS-${String(order.indexOf(seeded) + 1).padStart(6, '0')}` : seeded;
  const seededId = (id: string) => (otherShape ? (order[Number(id.slice(3)) - 1] ?? '') : id);
  /** The seeded id a sessionId is looked up as: itself, or as the near-miss faults read it (seeded ids are in lower case). */
  const keyOf = (id: string) => {
    const key = faults.has('session-id-case-insensitive') ? id.toLowerCase() : id;
    return faults.has('session-id-prefix') && key.length >= 8
      ? (order.find((seeded) => seeded.startsWith(key)) ?? key)
      : key;
  };
  /** The session asked for, or with session-get-other-session the one seeded after it. */
  const answered = (id: string) =>
    faults.has('session-get-other-session') && sessions.has(id)
      ? sessions.get(order[(order.indexOf(id) + 1) % order.length]!)
      : sessions.get(keyOf(id));

  app.get<{ Params: { sessionId: string } }>(
    operations.getSession.path.replace(/\{(\w+)\}/g, ':$1'),
    {
      config: { operationId: 'getSession' },
      schema: {
        params: { type: 'object', required: ['sessionId'], properties: { sessionId: { type: 'string' } } },
        response: {
          200: { $ref: 'session.json' },
          404: { $ref: 'message-error.json' },
        },
      },
    },
    async (request) => {
      const { sessionId } = request.params;
      if (
        (variants.has('session-malformed-id-400') || otherShape) &&
        !(otherShape ? OTHER_SHAPE : UUID).test(sessionId)
      ) {
        throw ApiError.badRequest(
          `sessionId ${sessionId} is not a session id (${otherShape ? 'CS- and six digits' : 'a UUID'})`
        );
      }
      const session = answered(seededId(sessionId));
      const foreign = variants.has('session-access-own-only') && request.caller?.clientId !== sandboxDefaults.clientId;
      if (!session || foreign) throw ApiError.notFound(`session ${sessionId} not found`);
      return asVariant({ ...session, sessionId: shownId(session.sessionId) }, variants);
    }
  );
}
