/**
 * What the customer routes do beyond the document's rules: the other choices a server may make
 * where it is silent (variants: a reference unique in its hierarchy, e-mail domains checked, the
 * top-level account refused as a parent, a new customer pending, a block reaching sub-accounts,
 * close refused while cards remain, a blocked customer frozen) and the faults of text, statuses
 * and updates in sequence. routes/customers.ts calls these at each write and each view.
 */
import type { CustomerCreateRequest, CustomerUpdateRequest } from '../lib/types.generated.js';
import { ApiError } from './errors.js';
import type { Faults } from './faults.js';
import { type CustomerRecord, cardStatus, customerStatus, customerStatusNames, type Store } from './store.js';
import type { Variants } from './variants.js';

/** Status id and name of a new sub-customer under new-customer-pending, until its first block. */
const PENDING: [number, string] = [6, 'Pending'];
/** Status ids and names of a blocked and a closed customer under the customer-statuses-other variant. */
const otherStatuses: Record<number, [number, string]> = {
  [customerStatus.blocked]: [4, 'Suspended'],
  [customerStatus.closed]: [9, 'Terminated'],
};

/** Top-level domains email-tld-checked knows (a validator's built-in list, short): others are refused. */
const TOP_LEVEL_DOMAINS = new Set([
  'com',
  'org',
  'net',
  'edu',
  'gov',
  'int',
  'info',
  'biz',
  'io',
  'eu',
  'at',
  'be',
  'ch',
  'cz',
  'de',
  'dk',
  'es',
  'fi',
  'fr',
  'ie',
  'it',
  'lu',
  'nl',
  'no',
  'pl',
  'pt',
  'se',
  'uk',
]);

const STATUS_CHANGES = new Set(['block', 'unblock', 'close']);

/** The status a customer shows: its own, pending until its first block, a stale text after an unblock, or the other ids and names. */
export function shownStatus(c: CustomerRecord, faults: Faults, variants: Variants): [number, string] {
  const created = c.history.some((h) => h.action === 'create');
  const blockedOnce = c.history.some((h) => h.action === 'block');
  if (variants.has('new-customer-pending') && created && !blockedOnce && c.statusId === customerStatus.active)
    return PENDING;
  const [id, name] =
    variants.has('customer-statuses-other') && otherStatuses[c.statusId]
      ? otherStatuses[c.statusId]!
      : [c.statusId, customerStatusNames[c.statusId]!];
  // The text cached at the block, never refreshed by the unblock: the right id, the blocked name.
  const lastChange = c.history.filter((h) => STATUS_CHANGES.has(h.action)).at(-1);
  if (faults.has('customer-status-name-stale-after-unblock') && lastChange?.action === 'unblock')
    return [id, customerStatusNames[customerStatus.blocked]!];
  return [id, name];
}

/** The name as stored (customer-name-accents-stripped keeps the letters without their marks: Zoë → Zoe). */
export function storedName(name: string, faults: Faults): string {
  return faults.has('customer-name-accents-stripped') ? name.normalize('NFD').replace(/\p{M}/gu, '') : name;
}

/** Free text as stored: as sent, or in Unicode normalization form C under text-stored-nfc (e + U+0308 becomes ë). */
export function storedText<T>(value: T, variants: Variants): T {
  if (!variants.has('text-stored-nfc')) return value;
  if (typeof value === 'string') return value.normalize('NFC') as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, storedText(v, variants)])) as T;
  return value;
}

/**
 * Refuses a create or update body a variant or fault refuses: a name over 310 UTF-8 bytes
 * (customer-name-limit-in-bytes), a reference another customer of the hierarchy holds
 * (busref-unique), an e-mail address under a top-level domain the server does not know
 * (email-tld-checked), an address whose countryCode or region its master data does not hold
 * (address-from-master). `self`: the customer an update changes.
 */
export function refuseWrite(
  store: Store,
  topLevel: string,
  body: CustomerCreateRequest | CustomerUpdateRequest,
  faults: Faults,
  variants: Variants,
  self?: CustomerRecord
): void {
  if (
    faults.has('customer-name-limit-in-bytes') &&
    body.customerName !== undefined &&
    Buffer.byteLength(body.customerName, 'utf8') > 310
  ) {
    throw ApiError.badRequest('invalid value at body/customerName: must be at most 310 characters');
  }
  const reference = body.customerBusinessReference;
  if (variants.has('busref-unique') && reference !== undefined) {
    const holder = store.descendants(topLevel).find((c) => c !== self && c.businessReference === reference);
    if (holder)
      throw ApiError.badRequest(
        `customerBusinessReference ${JSON.stringify(reference)} is in use by customer ${holder.accountNumber}`
      );
  }
  const email = body.customerContact?.emailAddress;
  const tld = email?.split('.').at(-1)?.toLowerCase();
  if (variants.has('email-tld-checked') && tld !== undefined && !TOP_LEVEL_DOMAINS.has(tld)) {
    throw ApiError.badRequest(`invalid value at body/customerContact/emailAddress: unknown top-level domain "${tld}"`);
  }
  const address = body.customerAddress;
  if (variants.has('address-from-master') && address) {
    const master = store.masterFor(topLevel).data;
    if (!master.country.some((c) => c.countryCode === address.countryCode))
      throw ApiError.badRequest(`invalid value at body/customerAddress/countryCode: not a country of the master data`);
    if (!master.region.some((r) => r.name === address.region))
      throw ApiError.badRequest(`invalid value at body/customerAddress/region: not a region of the master data`);
  }
}

/** Refuses the top-level account named as the parent under top-level-not-a-parent (it is the parent only when the field is left out). */
export function refuseTopLevelParent(parent: CustomerRecord, variants: Variants): void {
  if (variants.has('top-level-not-a-parent') && parent.depth === 0) {
    throw ApiError.badRequest(
      'customerAccountNumber must name a sub-customer; leave it out to create under the top-level customer'
    );
  }
}

/** Refuses an update of a blocked customer under blocked-customer-frozen. */
export function refuseFrozen(c: CustomerRecord, variants: Variants): void {
  if (variants.has('blocked-customer-frozen') && c.statusId === customerStatus.blocked)
    throw ApiError.refused(`customer ${c.accountNumber} is blocked; its details cannot change until it is unblocked`);
}

/** Refuses a close under close-refused-with-cards while the customer holds a card that is not cancelled. */
export function refuseCloseWithCards(store: Store, c: CustomerRecord, variants: Variants): void {
  if (!variants.has('close-refused-with-cards')) return;
  const held = (store.cardsByTopLevel.get(c.topLevel) ?? []).filter(
    (card) => card.customerAccountNumber === c.accountNumber && card.statusId !== cardStatus.cancelled
  );
  if (held.length)
    throw ApiError.refused(
      `customer ${c.accountNumber} holds ${held.length} card(s) that are not cancelled; cancel them before closing it`
    );
}

/** Under customer-block-cascades, the open (blocking) or blocked (unblocking) descendants of `c` take its new status too. */
export function cascade(
  store: Store,
  c: CustomerRecord,
  action: 'block' | 'unblock',
  variants: Variants,
  at: string
): void {
  if (!variants.has('customer-block-cascades')) return;
  const [from, to] =
    action === 'block'
      ? [customerStatus.active, customerStatus.blocked]
      : [customerStatus.blocked, customerStatus.active];
  for (const d of store.descendants(c.accountNumber).filter((x) => x.statusId === from)) {
    d.statusId = to;
    d.history.push({ action, statusId: to, notes: `with its parent ${c.accountNumber}`, at });
  }
}

/** The details an update starts from: the record as it is, or as it was created (customer-update-stale-copy). */
export function updateBase(
  c: CustomerRecord,
  faults: Faults
): Pick<CustomerRecord, 'name' | 'businessReference' | 'contact' | 'address'> {
  const current = {
    name: c.name,
    ...(c.businessReference !== undefined ? { businessReference: c.businessReference } : {}),
    contact: c.contact,
    address: c.address,
  };
  return faults.has('customer-update-stale-copy') && c.created ? { ...c.created } : current;
}

/** Whether `value` matches the search text `needle` (both in the case compared): anywhere, or under search-prefix-match from its start (a name also from the start of any of its words). */
export function searchMatches(value: string, needle: string, isName: boolean, variants: Variants): boolean {
  if (!variants.has('search-prefix-match')) return value.includes(needle);
  return value.startsWith(needle) || (isName && value.split(/\s+/).some((word) => word.startsWith(needle)));
}
