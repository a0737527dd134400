/**
 * Seeded cards. The pool customer holds 90 Active cards by default (SANDBOX_POOL_CARDS; with the
 * two other pool customers' below, the only ones the suite blocks, cancels or replaces) plus a few
 * in every other status; the other customers of both hierarchies hold cards in every status. Every
 * owner the authorization matrix names holds an Active card: the pool customers at each depth (the
 * top-level account and a sub-customer of the pool customer hold 24 each), and every customer of
 * the foreign hierarchy, its top-level account included. Dates are fixed (no clock): Active cards were ordered in 2024-2026 and
 * expire four years later, Expired cards were ordered in 2021 and expired in 2025.
 */
import { sandboxDefaults } from '../defaults.js';
import {
  type CardRecord,
  type CustomerRecord,
  cardStatus,
  expiryFrom,
  type MasterIndex,
  type Store,
} from '../store.js';
import { firstNames, lastNames } from './customers.js';
import { productsByRestriction, retiredProduct } from './master-data.js';
import type { Prng } from './prng.js';

const plateFormats: Record<string, (rng: Prng) => string> = {
  DE: (r) => `${r.pick(['M', 'A', 'N', 'FÜ'])}-${r.pick(['AB', 'XY', 'KL', 'FP'])} ${r.int(100, 9999)}`,
  NL: (r) => `${r.digits(2)}-${r.pick(['ABC', 'HJK', 'TZX'])}-${r.int(1, 9)}`,
  FR: (r) => `${r.pick(['AB', 'GH', 'FR'])}-${r.digits(3)}-${r.pick(['CD', 'LM', 'ZZ'])}`,
  BE: (r) => `1-${r.pick(['ABC', 'QRS', 'VLK'])}-${r.digits(3)}`,
  AT: (r) => `W-${r.int(1000, 99999)}${r.pick(['A', 'B', 'X'])}`,
  PL: (r) => `WA ${r.digits(5)}`,
  ES: (r) => `${r.digits(4)} ${r.pick(['BCD', 'KLM', 'XYZ'])}`,
  IT: (r) => `${r.pick(['AB', 'FK', 'GT'])}${r.digits(3)}${r.pick(['CD', 'MN'])}`,
  SE: (r) => `${r.pick(['ABC', 'KLM', 'XYZ'])} ${r.digits(3)}`,
  DK: (r) => `${r.pick(['AB', 'CX'])} ${r.digits(2)} ${r.digits(3)}`,
};

/** Ordered and replacement cards expire this many years after their order date (end of month). */
export const CARD_VALIDITY_YEARS = 4;

/** Active cards of each pool customer besides the main one: a few in every slice of the pool (lib/pool.ts). */
const OTHER_POOL_CARDS = 24;

function isoDate(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function seededOrderDate(rng: Prng, statusId: number): string {
  if (statusId === cardStatus.expired) return isoDate(2021, rng.int(1, 10), rng.int(1, 28));
  return isoDate(rng.int(2024, 2026), rng.int(1, 9), rng.int(1, 28));
}

/** Fields of a card derived from its type and purchase category, consistent with master data. */
export function cardTypeFields(rng: Prng, master: MasterIndex, cardTypeId: number) {
  const type = master.get('cardType', cardTypeId)!;
  const purchaseCategoryId = rng.chance(0.8)
    ? type.defaultPurchaseCategoryId
    : rng.pick(master.data.purchaseCategory).id;
  const fuelProductRestrictionId = master.get('purchaseCategory', purchaseCategoryId)!.productRestrictionId;
  const allowed = productsByRestriction[fuelProductRestrictionId] ?? master.data.product.map((p) => p.id);
  const groups = master.data.cardGroup.filter((g) => g.cardTypeId === cardTypeId);
  return {
    cardTypeId,
    purchaseCategoryId,
    fuelProductRestrictionId,
    productIds: rng.subset(
      allowed.filter((id) => master.has('product', id)),
      rng.int(1, Math.min(4, allowed.length))
    ),
    cardGroupId: (groups.length ? rng.pick(groups) : rng.pick(master.data.cardGroup)).id,
    cardCategoryId: rng.pick(master.data.cardCategory).id,
  };
}

/** New card numbers: PAN of 19 digits unique by construction, secondary number, key identifier. */
export function cardNumbers(rng: Prng, cardIdentifier: number, topLevel: string) {
  return {
    primaryVisualCardNumber: `7002${topLevel[0]}${String(cardIdentifier).padStart(8, '0')}${rng.digits(6)}`,
    secondaryCardNumber: rng.digits(10),
    keyIdentifier: rng.digits(6),
  };
}

function seedCard(
  store: Store,
  rng: Prng,
  customer: CustomerRecord,
  statusId: number,
  orderReference?: string
): CardRecord {
  const master = store.masterFor(customer.topLevel);
  const cardIdentifier = store.newCardIdentifier();
  const orderDate = seededOrderDate(rng, statusId);
  const geoCode = customer.address.countryCode;
  const driverName = `${rng.pick(firstNames)} ${rng.pick(lastNames)}`;
  return store.addCard({
    cardIdentifier,
    customerAccountNumber: customer.accountNumber,
    ...cardTypeFields(rng, master, rng.pick(master.data.cardType).id),
    statusId,
    ...cardNumbers(rng, cardIdentifier, customer.topLevel),
    driverName,
    vehicleRegNumber: (plateFormats[geoCode] ?? plateFormats.DE!)(rng),
    additionalEmbossing: `${customer.name.split(' ')[0]!.toUpperCase()} ${rng.pick(['FLEET', `CC-${rng.digits(4)}`, 'SERVICE', 'POOL'])}`,
    isDriverEmbossed: rng.chance(0.6),
    isVRNEmbossed: rng.chance(0.4),
    deliveryAddress: { ...customer.address, companyName: customer.name },
    deliveryContact: { ...customer.contact },
    orderDate,
    expiryDate: expiryFrom(orderDate, CARD_VALIDITY_YEARS),
    ...(orderReference ? { orderReference } : {}),
    history: [],
  });
}

/** Statuses for `n` cards: mostly Active, then some of every other status. */
function mixedStatuses(rng: Prng, n: number): number[] {
  return Array.from({ length: n }, () => {
    const x = rng.next();
    return x < 0.6
      ? cardStatus.active
      : x < 0.75
        ? cardStatus.blocked
        : x < 0.85
          ? cardStatus.cancelled
          : x < 0.93
            ? cardStatus.expired
            : cardStatus.ordered;
  });
}

export function seedCards(store: Store, rng: Prng, poolCards: number = sandboxDefaults.poolCards): void {
  store.startCardIdentifiersAt(4_000_001);

  let orderSeq = 0;
  const seededOrder = (customer: CustomerRecord) =>
    `ORD-SEED-${customer.accountNumber.slice(-4)}-${String(++orderSeq).padStart(3, '0')}`;

  const pool = store.customers.get(sandboxDefaults.poolCustomer)!;
  for (let i = 0; i < poolCards; i++) seedCard(store, rng, pool, cardStatus.active);
  for (const statusId of [
    cardStatus.blocked,
    cardStatus.blocked,
    cardStatus.cancelled,
    cardStatus.cancelled,
    cardStatus.expired,
    cardStatus.ordered,
    cardStatus.ordered,
  ]) {
    seedCard(store, rng, pool, statusId, statusId === cardStatus.ordered ? seededOrder(pool) : undefined);
  }

  // The other customers of both hierarchies: 1-3 cards each for the first depth-1 and depth-2 ones.
  for (const customer of store.customers.values()) {
    if (customer.depth === 0 || customer.accountNumber === pool.accountNumber) continue;
    const isForeign = customer.topLevel !== sandboxDefaults.topLevelCustomer;
    const count = isForeign ? 4 : customer.depth === 1 ? 3 : Number(customer.accountNumber) % 3 === 0 ? 2 : 1;
    for (const statusId of mixedStatuses(rng, count)) {
      seedCard(store, rng, customer, statusId, statusId === cardStatus.ordered ? seededOrder(customer) : undefined);
    }
  }

  // Seeded last, so that the cards above keep their identifiers and values.
  for (const account of sandboxDefaults.poolCustomers.filter((a) => a !== pool.accountNumber)) {
    const owner = store.customers.get(account)!;
    for (let i = 0; i < OTHER_POOL_CARDS; i++) seedCard(store, rng, owner, cardStatus.active);
  }
  for (const customer of store.customers.values()) {
    if (customer.topLevel === sandboxDefaults.topLevelCustomer) continue;
    const active = store.cardsByTopLevel
      .get(customer.topLevel)!
      .filter((c) => c.customerAccountNumber === customer.accountNumber && c.statusId === cardStatus.active);
    for (let i = active.length; i < (customer.depth === 0 ? 3 : 1); i++)
      seedCard(store, rng, customer, cardStatus.active);
  }
}

/** What a replace request may change of the original (and when the replacement shows: replacement-delayed). */
export type ReplacementChanges = Partial<
  Pick<
    CardRecord,
    | 'cardTypeId'
    | 'purchaseCategoryId'
    | 'cardGroupId'
    | 'additionalEmbossing'
    | 'driverName'
    | 'vehicleRegNumber'
    | 'visibleFrom'
  >
>;

/** The replacement of `original`: its properties but `changes`, new numbers, Active, ordered `day`. Blocking the original is the caller's. */
export function addReplacement(
  store: Store,
  original: CardRecord,
  changes: ReplacementChanges,
  day: string,
  at: string
): CardRecord {
  const cardIdentifier = store.newCardIdentifier();
  const {
    topLevel: _topLevel,
    history: _history,
    orderReference: _orderReference,
    replacedBy: _replacedBy,
    ...copied
  } = original;
  const replacement = store.addCard({
    ...copied,
    ...cardNumbers(store.random, cardIdentifier, original.topLevel),
    productIds: [...original.productIds],
    deliveryAddress: { ...original.deliveryAddress },
    deliveryContact: { ...original.deliveryContact },
    ...changes,
    cardIdentifier,
    statusId: cardStatus.active,
    orderDate: day,
    expiryDate: expiryFrom(day, CARD_VALIDITY_YEARS),
    replaces: original.cardIdentifier,
    history: [{ action: 'replacement', statusId: cardStatus.active, at }],
  });
  original.replacedBy = cardIdentifier;
  return replacement;
}

/** Active cards of each pool customer replaced at seed time under the variant replaced-original-stays-blocked. */
const REPLACED_PER_POOL_CUSTOMER = 2;

/**
 * A few Active cards of each pool customer replaced before the first request (variant
 * replaced-original-stays-blocked): the pool starts with replaced originals, Blocked, and as many
 * Active cards as before (the replacements).
 */
export function seedReplacedOriginals(store: Store, perOwner = REPLACED_PER_POOL_CUSTOMER): void {
  const at = '2026-01-15T09:00:00.000Z';
  for (const owner of sandboxDefaults.poolCustomers) {
    const topLevel = store.customers.get(owner)!.topLevel;
    const originals = store.cardsByTopLevel
      .get(topLevel)!
      .filter((c) => c.customerAccountNumber === owner && c.statusId === cardStatus.active)
      .slice(0, perOwner);
    for (const original of originals) {
      addReplacement(store, original, {}, at.slice(0, 10), at);
      original.statusId = cardStatus.blocked;
      original.history.push({ action: 'replace', statusId: cardStatus.blocked, at });
    }
  }
}

/**
 * Variant master-retired-values: three Active cards of the main hierarchy outside the card pool
 * (no test changes them) also carry a product master data no longer holds, as cards ordered
 * before it was withdrawn do.
 */
export function seedRetiredProducts(store: Store): void {
  const pool = new Set<string>(sandboxDefaults.poolCustomers);
  const cards = store.cardsByTopLevel
    .get(sandboxDefaults.topLevelCustomer)!
    .filter((c) => !pool.has(c.customerAccountNumber) && c.statusId === cardStatus.active)
    .slice(0, 3);
  for (const card of cards) card.productIds = [...card.productIds, retiredProduct.id];
}
