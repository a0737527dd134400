/**
 * Valid request bodies for customers, marked with the run id so that teardown and cleanup find them
 * (by name and business reference, whose lengths are stated). Every other string is short and plain:
 * its length is not stated (ASSUME-FIELD-LENGTHS). E-mail addresses are at a domain under a
 * top-level domain that exists (ASSUME-EMAIL-DOMAINS).
 */
import type { AddressComplete, Contact, CustomerCreateRequest, CustomerUpdateRequest } from '../types.generated.js';

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

export function completeAddress(label = 'Main'): AddressComplete {
  return {
    addressLines: `${label} Street 1`,
    city: 'Utrecht',
    country: 'Netherlands',
    countryCode: 'NL',
    region: 'Utrecht',
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
  overrides: Partial<CustomerCreateRequest> = {}
): CustomerCreateRequest {
  return {
    customerName: `${runId} customer ${serial}`,
    customerBusinessReference: `${runId}-${serial}`.slice(0, 20),
    customerContact: contact(`c${serial}`),
    customerAddress: completeAddress(`Depot ${serial}`),
    ...overrides,
  };
}

/** A valid change of every updateDetail field, each value different from what subCustomerBody creates (the name keeps the run mark; the rest short, ASSUME-FIELD-LENGTHS). */
export function customerUpdate(runId: string, serial: string): Required<CustomerUpdateRequest> {
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
      country: 'Netherlands',
      countryCode: 'NL',
      region: 'Groningen',
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
