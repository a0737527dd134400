/**
 * Master data of the two seeded hierarchies. The document says the data depends on the caller's
 * top-level customer, so the foreign hierarchy's differs: it lacks the combi card type (and its
 * groups and reasons) and has a hydrogen line of its own (a card type with its group, reasons,
 * purchase category, restriction and product), which some of its cards carry: each hierarchy's
 * cards show values only its own master data holds. Every link points at an existing id: reason.cardTypeId and cardGroup.cardTypeId at a
 * cardType, cardType.defaultPurchaseCategoryId at a purchaseCategory, purchaseCategory.
 * productRestrictionId at a fuelProductRestriction.
 */
import { cardStatusNames, type MasterData } from '../store.js';

export interface Geo {
  country: string;
  countryCode: string;
  region: string;
  cities: readonly (readonly [city: string, zipCode: string])[];
  streets: readonly string[];
  /** International dialling prefix with the mobile and landline area codes. */
  mobile: string;
  landline: string;
}

/** European geography used by master data and by every seeded address. */
export const geography: readonly Geo[] = [
  {
    country: 'Germany',
    countryCode: 'DE',
    region: 'Bavaria',
    cities: [
      ['München', '80331'],
      ['Augsburg', '86150'],
      ['Nürnberg', '90402'],
    ],
    streets: ['Hauptstraße', 'Industriestraße', 'Leopoldstraße'],
    mobile: '+49 151',
    landline: '+49 89',
  },
  {
    country: 'Netherlands',
    countryCode: 'NL',
    region: 'North Holland',
    cities: [
      ['Amsterdam', '1012 AB'],
      ['Haarlem', '2011 RD'],
      ['Zaandam', '1506 MA'],
    ],
    streets: ['Kerkstraat', 'Industrieweg', 'Havenstraat'],
    mobile: '+31 6',
    landline: '+31 20',
  },
  {
    country: 'France',
    countryCode: 'FR',
    region: 'Île-de-France',
    cities: [
      ['Paris', '75001'],
      ['Versailles', '78000'],
      ['Créteil', '94000'],
    ],
    streets: ['Rue de la Gare', 'Avenue Jean Jaurès', 'Rue du Commerce'],
    mobile: '+33 6',
    landline: '+33 1',
  },
  {
    country: 'Belgium',
    countryCode: 'BE',
    region: 'Flanders',
    cities: [
      ['Antwerpen', '2000'],
      ['Gent', '9000'],
      ['Brugge', '8000'],
    ],
    streets: ['Stationsstraat', 'Nijverheidslaan', 'Kerkplein'],
    mobile: '+32 470',
    landline: '+32 3',
  },
  {
    country: 'Austria',
    countryCode: 'AT',
    region: 'Vienna',
    cities: [
      ['Wien', '1010'],
      ['Schwechat', '2320'],
    ],
    streets: ['Ringstraße', 'Mariahilfer Straße', 'Gewerbepark'],
    mobile: '+43 664',
    landline: '+43 1',
  },
  {
    country: 'Poland',
    countryCode: 'PL',
    region: 'Masovia',
    cities: [
      ['Warszawa', '00-001'],
      ['Radom', '26-600'],
    ],
    streets: ['ul. Długa', 'ul. Przemysłowa', 'al. Jerozolimskie'],
    mobile: '+48 501',
    landline: '+48 22',
  },
  {
    country: 'Spain',
    countryCode: 'ES',
    region: 'Catalonia',
    cities: [
      ['Barcelona', '08001'],
      ['Girona', '17001'],
    ],
    streets: ['Carrer Major', 'Avinguda Diagonal', 'Carrer de la Indústria'],
    mobile: '+34 612',
    landline: '+34 93',
  },
  {
    country: 'Italy',
    countryCode: 'IT',
    region: 'Lombardy',
    cities: [
      ['Milano', '20121'],
      ['Bergamo', '24121'],
    ],
    streets: ['Via Roma', 'Via dell’Industria', 'Corso Buenos Aires'],
    mobile: '+39 333',
    landline: '+39 02',
  },
  {
    country: 'Sweden',
    countryCode: 'SE',
    region: 'Stockholm County',
    cities: [
      ['Stockholm', '111 20'],
      ['Södertälje', '151 32'],
    ],
    streets: ['Storgatan', 'Industrivägen', 'Hamngatan'],
    mobile: '+46 70',
    landline: '+46 8',
  },
  {
    country: 'Denmark',
    countryCode: 'DK',
    region: 'Capital Region',
    cities: [
      ['København', '1050'],
      ['Hillerød', '3400'],
    ],
    streets: ['Vestergade', 'Industrivej', 'Nørregade'],
    mobile: '+45 20',
    landline: '+45 33',
  },
];

const statuses = Object.entries(cardStatusNames).map(([id, name]) => ({ id: Number(id), name }));

const reasonTexts = ['Lost', 'Stolen', 'Damaged', 'Suspected fraud', 'Driver left the company', 'Temporary block'];

function reasonsFor(cardTypeIds: number[]): MasterData['reason'] {
  return cardTypeIds.flatMap((cardTypeId) =>
    reasonTexts.map((description, i) => ({
      id: (cardTypeId - 1) * reasonTexts.length + i + 1,
      description,
      cardTypeId,
    }))
  );
}

/** Products allowed by each fuel product restriction (seeded cards carry a subset). */
export const productsByRestriction: Record<number, number[]> = {
  1: [1, 4],
  2: [1, 2, 3, 4, 5, 6],
  3: [1, 2, 3, 4, 8, 9, 10, 12],
  4: [7, 12],
  5: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
  6: [13],
};

export function mainMasterData(): MasterData {
  return {
    cardCategory: [
      { id: 1, name: 'Driver card' },
      { id: 2, name: 'Vehicle card' },
      { id: 3, name: 'Pool card' },
    ],
    cardGroup: [
      { id: 1, name: 'Heavy trucks', cardTypeId: 2 },
      { id: 2, name: 'Vans', cardTypeId: 1 },
      { id: 3, name: 'Company cars', cardTypeId: 1 },
      { id: 4, name: 'EV pool', cardTypeId: 3 },
      { id: 5, name: 'Sales team', cardTypeId: 4 },
      { id: 6, name: 'Management', cardTypeId: 4 },
    ],
    cardType: [
      {
        id: 1,
        name: 'Fleet Fuel',
        description: 'Fuel card for cars and vans',
        isEV: false,
        defaultPurchaseCategoryId: 2,
      },
      {
        id: 2,
        name: 'Fleet Truck Diesel',
        description: 'Diesel and AdBlue for heavy goods vehicles',
        isEV: false,
        defaultPurchaseCategoryId: 1,
      },
      {
        id: 3,
        name: 'Fleet EV Charge',
        description: 'Public and home charging for electric vehicles',
        isEV: true,
        defaultPurchaseCategoryId: 4,
      },
      {
        id: 4,
        name: 'Fleet Combi',
        description: 'Fuel, charging and vehicle services',
        isEV: true,
        defaultPurchaseCategoryId: 5,
      },
    ],
    country: geography.map((g, i) => ({ id: i + 1, name: g.country, countryCode: g.countryCode })),
    fuelProductRestriction: [
      { id: 1, name: 'Diesel only' },
      { id: 2, name: 'All fuels' },
      { id: 3, name: 'Fuel and services' },
      { id: 4, name: 'EV charging only' },
      { id: 5, name: 'No restriction' },
    ],
    product: [
      { id: 1, name: 'Diesel' },
      { id: 2, name: 'Unleaded 95' },
      { id: 3, name: 'Super Plus 98' },
      { id: 4, name: 'AdBlue' },
      { id: 5, name: 'LPG' },
      { id: 6, name: 'CNG' },
      { id: 7, name: 'EV charging' },
      { id: 8, name: 'Car wash' },
      { id: 9, name: 'Lubricants' },
      { id: 10, name: 'Shop goods' },
      { id: 11, name: 'Road tolls' },
      { id: 12, name: 'Parking' },
    ],
    purchaseCategory: [
      { id: 1, name: 'Diesel only', productRestrictionId: 1 },
      { id: 2, name: 'Fuel only', productRestrictionId: 2 },
      { id: 3, name: 'Fuel and services', productRestrictionId: 3 },
      { id: 4, name: 'EV charging', productRestrictionId: 4 },
      { id: 5, name: 'Unrestricted', productRestrictionId: 5 },
    ],
    reason: reasonsFor([1, 2, 3, 4]),
    region: geography.map((g, i) => ({ id: i + 1, name: g.region })),
    status: statuses,
  };
}

/** The foreign hierarchy's master data: the main one without the combi card type, plus a hydrogen line. */
export function foreignMasterData(): MasterData {
  const main = mainMasterData();
  return {
    ...main,
    cardGroup: [...main.cardGroup.filter((g) => g.cardTypeId !== 4), { id: 7, name: 'Hydrogen trucks', cardTypeId: 5 }],
    cardType: [
      ...main.cardType.filter((t) => t.id !== 4),
      {
        id: 5,
        name: 'Fleet Hydrogen',
        description: 'Hydrogen for fuel-cell vehicles',
        isEV: false,
        defaultPurchaseCategoryId: 6,
      },
    ],
    fuelProductRestriction: [...main.fuelProductRestriction, { id: 6, name: 'Hydrogen only' }],
    product: [...main.product, { id: 13, name: 'Hydrogen' }],
    purchaseCategory: [...main.purchaseCategory, { id: 6, name: 'Hydrogen', productRestrictionId: 6 }],
    reason: reasonsFor([1, 2, 3, 5]),
  };
}

/**
 * Variant master-links-optional: two reasons valid for every card type (no cardTypeId) and a
 * purchase category without a fuel restriction (no productRestrictionId), in each hierarchy.
 */
export function withOptionalLinks(data: MasterData): MasterData {
  type Reason = MasterData['reason'][number];
  type PurchaseCategory = MasterData['purchaseCategory'][number];
  return {
    ...data,
    reason: [
      ...data.reason,
      { id: 101, description: 'Contract ended' } as Reason,
      { id: 102, description: 'Replaced by another card' } as Reason,
    ],
    purchaseCategory: [...data.purchaseCategory, { id: 7, name: 'Open purchase' } as PurchaseCategory],
  };
}

/** Variant master-retired-values: a product withdrawn from master data that some older cards still carry. */
export const retiredProduct = { id: 20, name: 'Ethanol E85' } as const;
