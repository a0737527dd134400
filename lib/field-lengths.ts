/**
 * The string fields whose length the document does not state (ASSUME-FIELD-LENGTHS): all but
 * customerName, customerBusinessReference and notes. A real server has column sizes for them all
 * the same, so the suite sends short plain values; and where a server refuses a valid write that
 * carries a longer one, the length may be the cause: the write is sent once more with those values
 * cut to a floor, and what the server chose is recorded, never a rule's failure.
 */
import type { ApiResponse } from './client.js';

/** Where a test records what the target chose (fixtures/test.ts `assumptions`). */
export interface Sightings {
  saw(id: string, what: string): void;
}

/** Per field, the length a refused value is cut to: what a column of that field holds on any server. */
const floors: ReadonlyMap<string, number> = new Map([
  ['vehicleRegNumber', 8],
  ['additionalEmbossing', 8],
  ['driverName', 12],
  ['companyName', 12],
  ['addressLines', 12],
  ['city', 12],
  ['region', 12],
  ['country', 12],
  ['zipCode', 8],
  ['countryCode', 2],
  ['firstName', 12],
  ['middleName', 12],
  ['lastName', 12],
  ['emailAddress', 30],
  ['mobilePhone', 12],
  ['telephone', 12],
]);

/** The statuses a refused value gets (400, 413, 422); who may do what (401, 403) and what exists (404) have nothing to do with a length. */
const REFUSED_VALUE = new Set([400, 413, 422]);

/**
 * The last `floor` characters: they hold the serial and the run's random part, which keep a value
 * unique where a test finds a resource by it. An e-mail address keeps its domain and the end of its local part.
 */
function cut(field: string, value: string, floor: number): string {
  const at = field === 'emailAddress' ? value.lastIndexOf('@') : -1;
  if (at < 1) return value.slice(-floor).trim();
  const domain = value.slice(at);
  const local = value
    .slice(0, at)
    .slice(-Math.max(1, floor - domain.length))
    .replace(/^[.\-_+]+/, '');
  return `${local || 'x'}${domain}`;
}

/** `value` with every field of the floors table longer than its floor cut to it, at any depth; `cutFields` gets each one's name and length. */
function cutToFloors(value: unknown, cutFields: Set<string>, field?: string): unknown {
  if (Array.isArray(value)) return value.map((v) => cutToFloors(v, cutFields));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cutToFloors(v, cutFields, k)]));
  const floor = field === undefined ? undefined : floors.get(field);
  if (typeof value !== 'string' || floor === undefined || value.length <= floor) return value;
  cutFields.add(`${field} of ${value.length} characters`);
  return cut(field!, value, floor);
}

/** The first words of a refusal's body: the standard error body, the card order's array, or {message}. */
function said(body: unknown): string {
  const first: unknown = Array.isArray(body) ? body[0] : body;
  const words =
    first && typeof first === 'object'
      ? ((first as { errorDescription?: unknown }).errorDescription ?? (first as { message?: unknown }).message)
      : undefined;
  return typeof words === 'string' ? ` "${words.slice(0, 120)}"` : '';
}

/**
 * Sends `body`, a write the document calls valid; refused as a value is (400, 413, 422) while it
 * carries a value of unstated length longer than its floor, sends it once more with those values
 * cut, and records the target's choice when that one is accepted. The answer to judge, and the body
 * it answers (what a test then compares with and searches by).
 */
export async function sendShortening<B, R>(
  seen: Sightings,
  body: B,
  send: (body: B) => Promise<ApiResponse<R>>
): Promise<{ response: ApiResponse<R>; sent: B }> {
  const response = await send(body);
  if (!REFUSED_VALUE.has(response.status)) return { response, sent: body };
  const cutFields = new Set<string>();
  const shorter = cutToFloors(body, cutFields) as B;
  if (!cutFields.size) return { response, sent: body };
  const again = await send(shorter);
  if (again.status >= 200 && again.status < 300) {
    seen.saw(
      'ASSUME-FIELD-LENGTHS',
      `${response.exchange.operationId} refused ${[...cutFields].join(', ')} (${response.status}${said(response.body)}) and accepted them cut to their floors`
    );
  }
  return { response: again, sent: shorter };
}
