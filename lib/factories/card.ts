/** Valid card request bodies built from the caller's master data (every identifier discovered, none hard-coded), their strings short and plain (ASSUME-FIELD-LENGTHS). */
import type { AddressComplete, CardOrderItem, CardOrderRequest, CardType, MasterData } from '../types.generated.js';
import { completeAddress, contact, freePlaces, placesOf } from './customer.js';

/** The six fields an address must carry whenever it is supplied (Resources / Address). */
export const addressFields = [
  'addressLines',
  'city',
  'country',
  'countryCode',
  'region',
  'zipCode',
] as const satisfies readonly (keyof AddressComplete)[];

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
export function cardOrderItem(
  master: MasterData,
  marks: Pick<CardOrderItem, 'driverName'> & Partial<CardOrderItem>
): CardOrderItem {
  const type = first(master.cardType, 'cardType');
  const purchaseCategory =
    master.purchaseCategory.find((p) => p.id === type.defaultPurchaseCategoryId) ??
    first(master.purchaseCategory, 'purchaseCategory');
  const group = master.cardGroup.find((g) => g.cardTypeId === type.id) ?? first(master.cardGroup, 'cardGroup');
  return {
    cardTypeId: type.id!,
    cardCategoryId: first(master.cardCategory, 'cardCategory').id!,
    cardGroupId: group.id!,
    purchaseCategoryId: purchaseCategory.id!,
    fuelProductRestrictionId:
      purchaseCategory.productRestrictionId ?? first(master.fuelProductRestriction, 'fuelProductRestriction').id!,
    products: [{ productId: first(master.product, 'product').id! }],
    additionalEmbossing: 'CONFORMANCE',
    vehicleRegNumber: 'FC-0001',
    isDriverEmbossed: true,
    isVRNEmbossed: false,
    cardAddress: { ...completeAddress('Card delivery', placesOf(master).first), companyName: 'Fleet Conformance BV' },
    cardContact: contact('card'),
    ...marks,
  };
}

/**
 * A vehicleRegNumber unique to the run and `serial`, letters and digits like a plate, at most 12 of
 * them (its length is not stated: ASSUME-FIELD-LENGTHS): the run's random part and the serial.
 */
export function uniqueVehicleRegNumber(runId: string, serial: string): string {
  return `${runId}${serial}`
    .replace(/[^a-z0-9]/gi, '')
    .toUpperCase()
    .slice(-12);
}

export function cardOrderBody(customerAccountNumber: string, cards: CardOrderItem[]): CardOrderRequest {
  return { customerAccountNumber, cards };
}

/**
 * Text as people write it, short (no length is stated: ASSUME-FIELD-LENGTHS) and with its own
 * characters where a value cut to its floor keeps them (the end): letters beyond ASCII, a
 * combining mark on a letter that has no precomposed form (i̇), quotes, ampersands and angle
 * brackets. `i` picks one of three sets, each unlike the others.
 */
export function writtenText(serial: string, i: number) {
  const sets = [
    {
      driverName: "Zoë O'Brien & <Ji\u0307>",
      additionalEmbossing: 'CAFÉ & "CO" <B>',
      vrn: 'FÜ',
      companyName: 'Smith & Söhne <GmbH>',
      addressLines: 'Hauptstraße 1 "Hof"',
      city: 'Malmö',
      region: 'Skåne',
      country: 'Sweden',
      countryCode: 'SE',
      zipCode: '211 20',
      firstName: 'Zoë',
      middleName: 'Ji\u0307',
      lastName: "O'Brien-Ångström",
    },
    {
      driverName: 'Åsa "Q" Nyström-Ørn',
      additionalEmbossing: "ÆGIR O'NEIL",
      vrn: 'ŁÓ',
      companyName: '"Ørsted" & Sø A/S',
      addressLines: "Rue de l'Église 7",
      city: 'Zürich',
      region: 'Zürich',
      country: 'Switzerland',
      countryCode: 'CH',
      zipCode: '8001',
      firstName: 'Åsa',
      middleName: '"Q"',
      lastName: 'Nyström & Co',
    },
    {
      driverName: 'Łukasz & Søren <Æ>',
      additionalEmbossing: 'ŞEN & ŽIVA <3>',
      vrn: 'ÅÄ',
      companyName: "L'Étoile <Café>",
      addressLines: 'Åvägen 3 <B>',
      city: 'Łódź',
      region: 'Łódzkie',
      country: 'Poland',
      countryCode: 'PL',
      zipCode: '90-001',
      firstName: 'Łukasz',
      middleName: 'É',
      lastName: '<Kowalski> & Søn',
    },
  ] as const;
  const { vrn, ...set } = sets[i % sets.length]!;
  return { ...set, vehicleRegNumber: `${vrn}${serial.replace(/[^a-z0-9]/gi, '').toUpperCase()}`.slice(0, 10) };
}

/**
 * `n` complete order items whose values all differ: a card type of the customer's own (`types`,
 * else of the master data) with its default purchase category and that category's restriction, a
 * card group of the type, a card category, products (one, then two, ...), and names, embossing,
 * delivery address and contact written as people write them.
 */
export function orderItemsUnlike(master: MasterData, types: CardType[], serial: string, n: number): CardOrderItem[] {
  const own = types.filter((t) => t.cardTypeId !== undefined);
  const at = <T>(rows: T[], i: number) => rows[i % rows.length]!;
  let nextProduct = 0;
  return Array.from({ length: n }, (_, i) => {
    const typeId = own.length ? at(own, i).cardTypeId! : at(master.cardType, i).id!;
    const type = master.cardType.find((t) => t.id === typeId);
    const purchaseCategoryId =
      (own.length ? at(own, i).defaultPurchaseCategoryId : undefined) ??
      type?.defaultPurchaseCategoryId ??
      at(master.purchaseCategory, i).id!;
    const restriction = master.purchaseCategory.find((p) => p.id === purchaseCategoryId)?.productRestrictionId;
    const group = master.cardGroup.find((g) => g.cardTypeId === typeId);
    const products = Array.from({ length: i + 1 }, () => ({ productId: at(master.product, nextProduct++).id! }));
    const text = writtenText(serial, i);
    return {
      cardTypeId: typeId,
      cardCategoryId: at(master.cardCategory, i).id!,
      ...(group?.id !== undefined ? { cardGroupId: group.id } : {}),
      purchaseCategoryId,
      ...(restriction !== undefined ? { fuelProductRestrictionId: restriction } : {}),
      products,
      additionalEmbossing: text.additionalEmbossing,
      driverName: text.driverName,
      vehicleRegNumber: text.vehicleRegNumber,
      isDriverEmbossed: i % 2 === 0,
      isVRNEmbossed: i % 2 === 1,
      cardAddress: {
        addressLines: text.addressLines,
        city: text.city,
        country: text.country,
        countryCode: text.countryCode,
        region: text.region,
        zipCode: text.zipCode,
        companyName: text.companyName,
      },
      cardContact: {
        ...contact(`card${i}x${serial}`),
        firstName: text.firstName,
        middleName: text.middleName,
        lastName: text.lastName,
      },
    };
  });
}

/** The address a PIN letter goes to, every field supplied. */
export function pinLetterAddress(): AddressComplete {
  return completeAddress('PIN letter', freePlaces.first);
}

/** `address` without the named fields: an incomplete address. */
export function withoutFields(
  address: AddressComplete,
  missing: readonly (typeof addressFields)[number][]
): Partial<AddressComplete> {
  const copy: Partial<AddressComplete> = { ...address };
  for (const field of missing) delete copy[field];
  return copy;
}
