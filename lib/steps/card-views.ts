/**
 * What a card shows, field by field, as the document names its fields: the views a test compares
 * (never whole objects a server may extend), the fields a status change leaves as they were, and
 * the name each status id goes by (only Active's is shown: the others are learned on first sight).
 */
import { ACTIVE } from '../discovery.js';
import { addressFields, contactFields } from '../factories/customer.js';
import type { Card } from '../types.generated.js';

const byProductId = (products: Card['products']) =>
  [...(products ?? [])].sort((a, b) => (a.productId ?? 0) - (b.productId ?? 0));

/**
 * What the document says a card holds that a replacement copies, field by field, nested objects by
 * their documented fields only: two cards compared through it differ only where a documented value
 * differs, never because a server adds fields of its own.
 */
export function documentedCard(card: Card) {
  const address = (a: Card['cardDeliveryAddress']) =>
    Object.fromEntries([...addressFields, 'companyName'].map((f) => [f, a?.[f as keyof typeof a]]));
  const contact = (c: Card['cardDeliveryContact']) => Object.fromEntries(contactFields.map((f) => [f, c?.[f]]));
  return {
    cardType: card.cardType,
    purchaseCategoryName: card.purchaseCategoryName,
    additionalEmbossing: card.additionalEmbossing,
    driverName: card.driverName,
    vehicleRegNumber: card.vehicleRegNumber,
    fuelProductRestriction: {
      productRestrictionId: card.fuelProductRestriction?.productRestrictionId,
      productRestrictionName: card.fuelProductRestriction?.productRestrictionName,
    },
    products: byProductId(card.products).map((p) => ({ productId: p.productId, productName: p.productName })),
    cardDeliveryAddress: address(card.cardDeliveryAddress),
    cardDeliveryContact: contact(card.cardDeliveryContact),
  };
}

/** Every documented field of a card but its status: what block, unblock, cancel, a PIN letter and a replace leave on the card they act on. */
export function untouchedFields(card: Card) {
  return {
    cardIdentifier: card.cardIdentifier,
    primaryVisualCardNumber: card.primaryVisualCardNumber,
    secondaryCardNumber: card.secondaryCardNumber,
    keyIdentifier: card.keyIdentifier,
    orderDate: card.orderDate,
    expiryDate: card.expiryDate,
    ...documentedCard(card),
  };
}

/** The last Active card listed after the first card of another status, if any (cards as {id, status id}). */
export function activeAfterOther(
  cards: { id?: number; status?: number }[]
): { active?: number; other?: number; status?: number } | undefined {
  const firstOther = cards.findIndex((c) => c.status !== ACTIVE);
  const lastActive = cards.findLastIndex((c) => c.status === ACTIVE);
  return firstOther >= 0 && lastActive > firstOther
    ? { active: cards[lastActive]!.id, other: cards[firstOther]!.id, status: cards[firstOther]!.status }
    : undefined;
}

/**
 * The name each card status id goes by, learned on first sight: the document shows only Active's
 * (id 1), and a status must keep its name however the card got there.
 */
export class StatusNames {
  private readonly seen = new Map<number, string>();

  /**
   * Active's name is the document's ("Active") once any of `cards` shows id 1 under it: a card that
   * was unblocked before the test saw it then cannot teach it another name. A server that names id 1
   * otherwise everywhere is CARD-STATUS-ACTIVE-1's failure; its names are learned on first sight.
   */
  static seenOn(cards: Card[]): StatusNames {
    const names = new StatusNames();
    if (cards.some((c) => c.status?.id === ACTIVE && c.status.name === 'Active')) names.seen.set(ACTIVE, 'Active');
    return names;
  }

  /** The name `id` goes by, when known. */
  nameOf(id: number | undefined): string | undefined {
    return id === undefined ? undefined : this.seen.get(id);
  }

  /** Why `status` contradicts a name seen before for its id, or undefined (and the name learned). */
  contradiction(status: Card['status']): string | undefined {
    if (status?.id === undefined || status.name === undefined) return undefined;
    const known = this.seen.get(status.id);
    if (known === undefined) this.seen.set(status.id, status.name);
    return known === undefined || known === status.name
      ? undefined
      : `status id ${status.id} shown as "${status.name}", as "${known}" before`;
  }
}
