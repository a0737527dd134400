/**
 * Valid request bodies for customers, marked with the run id so that teardown and cleanup find them
 * (by name and business reference, whose lengths are stated). Every other string is short and plain:
 * its length is not stated (ASSUME-FIELD-LENGTHS). E-mail addresses are at a domain under a
 * top-level domain that exists (ASSUME-EMAIL-DOMAINS).
 */
import type {
  AddressComplete,
  Contact,
  CustomerCreateRequest,
  CustomerUpdateRequest,
  MasterData,
} from '../types.generated.js';

/** The six fields of a customer address, every one required when an address is supplied. */
export const addressFields = ['addressLines', 'city', 'country', 'countryCode', 'region', 'zipCode'] as const;

export const contactFields = [
  'emailAddress',
  'firstName',
  'lastName',
  'middleName',
  'mobilePhone',
  'telephone',
] as const;

/** The domain of the suite's e-mail addresses: reserved for examples (RFC 2606), under a top-level domain every validator knows. */
export const EMAIL_DOMAIN = 'fleet.example.com';

/** Where an address is: its country name, countryCode and region. */
export type Place = Pick<AddressComplete, 'country' | 'countryCode' | 'region'>;

/** The places of the suite's addresses: `first` for what it creates, `second` for what it changes to. */
export interface Places {
  first: Place;
  second: Place;
}

/** Free-text places, for a caller whose master data holds no country or region (and for card addresses). */
export const freePlaces: Places = {
  first: { country: 'Netherlands', countryCode: 'NL', region: 'Utrecht' },
  second: { country: 'Netherlands', countryCode: 'NL', region: 'Groningen' },
};

/**
 * The countries and regions of the caller's master data, where it holds them: a server may take
 * only those in an address (ASSUME-ADDRESS-VALUES). Else the Netherlands' (free text).
 */
export function placesOf(master: Partial<MasterData> | undefined): Places {
  const countries = (master?.country ?? []).filter((c) => c.name && c.countryCode);
  const regions = (master?.region ?? []).filter((r) => r.name);
  const at = (i: 0 | 1, own: Place): Place => {
    const country = countries[i] ?? countries[0];
    const region = regions[i] ?? regions[0];
    return {
      ...own,
      ...(country ? { country: country.name!, countryCode: country.countryCode! } : {}),
      ...(region ? { region: region.name! } : {}),
    };
  };
  return { first: at(0, freePlaces.first), second: at(1, freePlaces.second) };
}

export function completeAddress(label: string, place: Place): AddressComplete {
  return {
    addressLines: `${label} Street 1`,
    city: 'Utrecht',
    ...place,
    zipCode: '3511 AB',
  };
}

export function contact(label = 'main'): Contact {
  return {
    emailAddress: `${label.toLowerCase().replace(/[^a-z0-9]/g, '') || 'contact'}@${EMAIL_DOMAIN}`,
    firstName: 'Fleet',
    lastName: `Conformance ${label}`,
    middleName: 'Q',
    mobilePhone: '+31600000000',
    telephone: '+31300000000',
  };
}

/** A valid create body; `serial` keeps names and references unique within the run. */
export function subCustomerBody(
  runId: string,
  serial: string,
  places: Places,
  overrides: Partial<CustomerCreateRequest> = {}
): CustomerCreateRequest {
  return {
    customerName: `${runId} customer ${serial}`,
    customerBusinessReference: `${runId}-${serial}`.slice(0, 20),
    customerContact: contact(`c${serial}`),
    customerAddress: completeAddress(`Depot ${serial}`, places.first),
    ...overrides,
  };
}

/** A valid change of every updateDetail field, each value different from what subCustomerBody creates (the name keeps the run mark; the rest short, ASSUME-FIELD-LENGTHS). */
export function customerUpdate(runId: string, serial: string, places: Places): Required<CustomerUpdateRequest> {
  return {
    customerName: `${runId} renamed ${serial}`,
    customerBusinessReference: `${runId}u${serial}`.slice(0, 20),
    customerContact: {
      emailAddress: `updated.${serial}@${EMAIL_DOMAIN}`,
      firstName: `New${serial}`,
      lastName: 'Updated',
      middleName: 'de',
      mobilePhone: '+31687654321',
      telephone: '+31501234567',
    },
    customerAddress: {
      addressLines: `Grote Markt ${serial}`,
      city: 'Groningen',
      ...places.second,
      zipCode: '9711 LV',
    },
  };
}

/**
 * Text as people write it, in Latin-1 (which every back end of names and letters holds): letters
 * beyond ASCII, quotes, an ampersand and angle brackets. `mark` first (what makes it the request's
 * own), then the people's words, exactly `length` characters, never ending in a blank.
 */
export function peopleText(mark: string, length: number): string {
  const words = 'Zoë & Søren "O\'Brien" <Ærø> Müller-Lüdenscheid Ñandú Café ';
  let text = mark;
  while (text.length < length) text += words;
  return text.slice(0, length).replace(/ $/, 'x');
}

/** A name as people write it with a combining mark (e + U+0308, not the precomposed ë): outside Latin-1. */
export const combiningMarks = 'Zoe\u0308 Bjo\u0308rk';
