/** Valid card request bodies built from the caller's master data (every identifier discovered, none hard-coded), their strings short and plain (ASSUME-FIELD-LENGTHS). */
import type { AddressComplete, CardOrderItem, CardOrderRequest, MasterData } from '../types.generated.js';
import { completeAddress, contact } from './customer.js';

/** The six fields an address must carry whenever it is supplied (Resources / Address). */
export const addressFields = ['addressLines', 'city', 'country', 'countryCode', 'region', 'zipCode'] as const satisfies readonly (keyof AddressComplete)[];

function first<T>(rows: T[], what: string): T {
  const row = rows[0];
  if (row === undefined) throw new Error(`master data holds no ${what}: a valid card order cannot be built`);
  return row;
}

/**
 * A complete order item: card type, its default purchase category and that category's fuel
 * restriction, a card group of the type, a category and a product. `marks` makes it findable
 * (a unique driverName) and may add a cardPIN.
 */
export function cardOrderItem(master: MasterData, marks: Pick<CardOrderItem, 'driverName'> & Partial<CardOrderItem>): CardOrderItem {
  const type = first(master.cardType, 'cardType');
  const purchaseCategory = master.purchaseCategory.find((p) => p.id === type.defaultPurchaseCategoryId) ?? first(master.purchaseCategory, 'purchaseCategory');
  const group = master.cardGroup.find((g) => g.cardTypeId === type.id) ?? first(master.cardGroup, 'cardGroup');
  return {
    cardTypeId: type.id!,
    cardCategoryId: first(master.cardCategory, 'cardCategory').id!,
    cardGroupId: group.id!,
    purchaseCategoryId: purchaseCategory.id!,
    fuelProductRestrictionId: purchaseCategory.productRestrictionId ?? first(master.fuelProductRestriction, 'fuelProductRestriction').id!,
    products: [{ productId: first(master.product, 'product').id! }],
    additionalEmbossing: 'CONFORMANCE',
    vehicleRegNumber: 'FC-0001',
    isDriverEmbossed: true,
    isVRNEmbossed: false,
    cardAddress: { ...completeAddress('Card delivery'), companyName: 'Fleet Conformance BV' },
    cardContact: contact('card'),
    ...marks,
  };
}

/**
 * A vehicleRegNumber unique to the run and `serial`, letters and digits like a plate, at most 12 of
 * them (its length is not stated: ASSUME-FIELD-LENGTHS): the run's random part and the serial.
 */
export function uniqueVehicleRegNumber(runId: string, serial: string): string {
  return `${runId}${serial}`.replace(/[^a-z0-9]/gi, '').toUpperCase().slice(-12);
}

export function cardOrderBody(customerAccountNumber: string, cards: CardOrderItem[]): CardOrderRequest {
  return { customerAccountNumber, cards };
}

/** The address a PIN letter goes to, every field supplied. */
export function pinLetterAddress(): AddressComplete {
  return completeAddress('PIN letter');
}

/** `address` without the named fields: an incomplete address. */
export function withoutFields(address: AddressComplete, missing: readonly (typeof addressFields)[number][]): Partial<AddressComplete> {
  const copy: Partial<AddressComplete> = { ...address };
  for (const field of missing) delete copy[field];
  return copy;
}
