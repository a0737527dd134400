/**
 * lib/field-lengths.ts: a valid write refused while it carries a value of unstated length over its
 * floor is sent once more with those values cut, and an acceptance of the shorter one is recorded
 * (ASSUME-FIELD-LENGTHS); anything else is answered as it came, sent once.
 */
import { expect, test } from '@playwright/test';
import type { ApiResponse } from '../../../lib/client.js';
import type { Exchange } from '../../../lib/exchange.js';
import { sendShortening } from '../../../lib/field-lengths.js';
import type { OperationId } from '../../../lib/operations.js';

const answer = (status: number, body: unknown, operationId: OperationId): ApiResponse => ({
  status,
  body,
  headers: {},
  nulls: [],
  breaches: [],
  exchange: { operationId } as Exchange,
});

/** A server answering `statuses` to `operationId` in turn, and what it was sent and what the test recorded. */
function target(operationId: OperationId, ...statuses: [number, unknown?][]) {
  const sent: unknown[] = [];
  const seen: string[] = [];
  return {
    sent,
    seen,
    sightings: { saw: (id: string, what: string) => seen.push(`${id}: ${what}`) },
    send: async (body: unknown) => {
      sent.push(body);
      const [status, reply = {}] = statuses[sent.length - 1]!;
      return answer(status, reply, operationId);
    },
  };
}

test('accepted at once: sent once, nothing recorded', async () => {
  const t = target('replaceCard', [200]);
  const { response, sent } = await sendShortening(t.sightings, { vehicleRegNumber: '50VIAMO46X3M' }, t.send);
  expect([response.status, sent, t.sent.length, t.seen]).toEqual([200, { vehicleRegNumber: '50VIAMO46X3M' }, 1, []]);
});

test("a value over its floor refused: sent again cut to its last characters, the acceptance recorded with the server's words", async () => {
  const t = target(
    'replaceCard',
    [400, { errorCode: 'ER-001', errorDescription: 'vehicleRegNumber must be at most 10 characters' }],
    [200]
  );
  const { response, sent } = await sendShortening(
    t.sightings,
    { driverName: 'fcr50viamo4 d6x3m', vehicleRegNumber: '50VIAMO46X3M', cardTypeId: 2 },
    t.send
  );
  expect(response.status).toBe(200);
  expect(sent).toEqual({ driverName: 'viamo4 d6x3m', vehicleRegNumber: 'AMO46X3M', cardTypeId: 2 });
  expect(t.sent).toEqual([{ driverName: 'fcr50viamo4 d6x3m', vehicleRegNumber: '50VIAMO46X3M', cardTypeId: 2 }, sent]);
  expect(t.seen).toEqual([
    'ASSUME-FIELD-LENGTHS: replaceCard refused driverName of 17 characters, vehicleRegNumber of 12 characters (400 "vehicleRegNumber must be at most 10 characters") and accepted them cut to their floors',
  ]);
});

test('nested values are cut at any depth; an e-mail address keeps its domain; stated limits and other fields are never touched', async () => {
  const t = target(
    'orderCards',
    [400, [{ errorCode: 'ER-001', errorDescription: 'addressLines must be at most 10 characters' }]],
    [202]
  );
  const long = 'x'.repeat(300);
  const item = {
    driverName: 'fcr1 d1',
    cardPIN: '12345678901',
    cardAddress: { addressLines: 'Card delivery Street 1', city: 'Utrecht' },
    cardContact: { emailAddress: 'updated.6x3m@fleet-conformance.test' },
  };
  const { sent } = await sendShortening(
    t.sightings,
    { customerAccountNumber: '7000000002', customerName: long, notes: long, cards: [item, item] },
    t.send
  );
  const cutItem = {
    ...item,
    cardAddress: { addressLines: 'ery Street 1', city: 'Utrecht' },
    cardContact: { emailAddress: 'ed.6x3m@fleet-conformance.test' },
  };
  expect(sent).toEqual({
    customerAccountNumber: '7000000002',
    customerName: long,
    notes: long,
    cards: [cutItem, cutItem],
  });
  expect(t.seen).toEqual([
    'ASSUME-FIELD-LENGTHS: orderCards refused addressLines of 22 characters, emailAddress of 35 characters (400 "addressLines must be at most 10 characters") and accepted them cut to their floors',
  ]);
});

test('refused again at the floors: that answer stands, nothing recorded', async () => {
  const t = target('replaceCard', [400], [400]);
  const { response, sent } = await sendShortening(t.sightings, { vehicleRegNumber: '50VIAMO46X3M' }, t.send);
  expect([response.status, sent, t.sent.length, t.seen]).toEqual([400, { vehicleRegNumber: 'AMO46X3M' }, 2, []]);
});

test('sent once when nothing is over its floor, and for an answer no length explains', async () => {
  for (const [status, body] of [
    [400, { vehicleRegNumber: 'FC-0001' }],
    [404, { vehicleRegNumber: '50VIAMO46X3M' }],
    [403, { vehicleRegNumber: '50VIAMO46X3M' }],
    [500, { vehicleRegNumber: '50VIAMO46X3M' }],
  ] as const) {
    const t = target('replaceCard', [status]);
    const { response, sent } = await sendShortening(t.sightings, body, t.send);
    expect([response.status, sent, t.sent.length, t.seen], `${status} to ${JSON.stringify(body)}`).toEqual([
      status,
      body,
      1,
      [],
    ]);
  }
});
