/**
 * Valid request bodies for customers, marked with the run id so that teardown and cleanup find them
 * (by name and business reference, whose lengths are stated). Every other string is short and plain:
 * its length is not stated (ASSUME-FIELD-LENGTHS).
 */
import type { AddressComplete, Contact, CustomerCreateRequest, CustomerUpdateRequest } from '../types.generated.js';

/** The six fields of a customer address, every one required when an address is supplied. */
export const addressFields = ['addressLines', 'city', 'country', 'countryCode', 'region', 'zipCode'] as const;

export const contactFields = ['emailAddress', 'firstName', 'lastName', 'middleName', 'mobilePhone', 'telephone'] as const;

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
    emailAddress: `${label.toLowerCase().replace(/[^a-z0-9]/g, '') || 'contact'}@fleet-conformance.test`,
    firstName: 'Fleet',
    lastName: `Conformance ${label}`,
    middleName: 'Q',
    mobilePhone: '+31600000000',
    telephone: '+31300000000',
  };
}

/** A valid create body; `serial` keeps names and references unique within the run. */
export function subCustomerBody(runId: string, serial: string, overrides: Partial<CustomerCreateRequest> = {}): CustomerCreateRequest {
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
      emailAddress: `updated.${serial}@fleet-conformance.test`, firstName: `New${serial}`, lastName: 'Updated',
      middleName: 'de', mobilePhone: '+31687654321', telephone: '+31501234567',
    },
    customerAddress: {
      addressLines: `Grote Markt ${serial}`, city: 'Groningen', country: 'Netherlands', countryCode: 'NL', region: 'Groningen', zipCode: '9711 LV',
    },
  };
}
