/**
 * The two seeded customer hierarchies and their API clients (sandbox/defaults.ts names them).
 * Main: top-level 7000000001, 12 depth-1 sub-customers 7000000002-7000000013 (the card pool is
 * 7000000010's, and the top-level account's and 7000000109's below it), 60 depth-2 sub-customers
 * 7000000101-7000000160: 72 listed descendants, so that the default page size of 50 is observable. Foreign: top-level 8000000001 with 8000000002-
 * 8000000004 at depth 1 and 8000000101-8000000103 at depth 2.
 */
import type { AddressComplete, Contact } from '../../lib/types.generated.js';
import { sandboxDefaults } from '../defaults.js';
import { customerStatus, type Store } from '../store.js';
import { type Geo, geography } from './master-data.js';
import type { Prng } from './prng.js';

export const firstNames = [
  'Anna',
  'Lukas',
  'Sophie',
  'Jan',
  'Emma',
  'Mateo',
  'Julia',
  'Pieter',
  'Chloé',
  'Marek',
  'Ingrid',
  'Luca',
  'Freja',
  'Tomás',
  'Noor',
  'Henrik',
  'Zofia',
  'Élodie',
  'Johan',
  'Giulia',
];
export const lastNames = [
  'Müller',
  'de Vries',
  'Dubois',
  'Kowalski',
  'Rossi',
  'García',
  'Andersson',
  'Jensen',
  'Peeters',
  'Huber',
  'Nowak',
  'Janssen',
  'Lefèvre',
  'Bianchi',
  'Lindqvist',
  'Schmidt',
  'Martínez',
  'Wouters',
  'Berger',
  'Nielsen',
];
const middleNames = ['Maria', 'Johannes', 'Louise', 'Karl', 'Elisabeth', 'Paweł', 'Anne'];

const depth1 = [
  { name: 'Alpenblick Logistik GmbH', ref: 'ALP-LOG-01', geo: 'DE' },
  { name: 'Nordsee Transport B.V.', ref: 'NST-2019', geo: 'NL' },
  { name: 'Transports Lumière SARL', ref: 'TL-PARIS', geo: 'FR' },
  { name: 'Vlaamse Koeriers NV', ref: 'VK-0042', geo: 'BE' },
  { name: 'Donau Bau & Service GmbH', ref: 'DBS-WIEN', geo: 'AT' },
  { name: 'Wisła Cargo Sp. z o.o.', ref: 'WC-7781', geo: 'PL' },
  { name: 'Mediterrània Distribució SL', ref: 'MED-BCN', geo: 'ES' },
  { name: 'Lombardia Consegne S.r.l.', ref: 'LC-MI-3', geo: 'IT' },
  { name: 'Fleet Pool Services GmbH', ref: 'POOL-MAIN', geo: 'DE' },
  { name: 'Skärgård Service AB', ref: 'SKG-STHLM', geo: 'SE' },
  { name: 'Øresund Mobility ApS', ref: 'OM-CPH', geo: 'DK' },
  { name: 'Müller Spedition KG', ref: 'MSP-1988', geo: 'DE' },
] as const;

const geoOf = (countryCode: string): Geo => geography.find((g) => g.countryCode === countryCode)!;

const branchNames = [
  'Depot North',
  'Depot South',
  'Service Team',
  'Field Sales',
  'Night Shift',
  'Airport Unit',
  'Harbour Unit',
  'City Couriers',
  'Workshop',
  'Regional Office',
];

export function makeContact(rng: Prng, domain: string, geo: Geo): Contact {
  const firstName = rng.pick(firstNames);
  const lastName = rng.pick(lastNames);
  const local = `${firstName}.${lastName}`
    .normalize('NFD')
    .replace(/[^A-Za-z.]/g, '')
    .toLowerCase();
  return {
    emailAddress: `${local}@${domain}`,
    firstName,
    lastName,
    middleName: rng.pick(middleNames),
    mobilePhone: `${geo.mobile} ${rng.digits(7)}`,
    telephone: `${geo.landline} ${rng.digits(6)}`,
  };
}

export function makeAddress(rng: Prng, geo = rng.pick(geography)): AddressComplete {
  const [city, zipCode] = rng.pick(geo.cities);
  return {
    addressLines: `${rng.pick(geo.streets)} ${rng.int(1, 240)}`,
    city,
    country: geo.country,
    countryCode: geo.countryCode,
    region: geo.region,
    zipCode,
  };
}

function domainOf(name: string): string {
  return `${name
    .split(' ')[0]!
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase()}.example`;
}

/** Seeds both hierarchies and their clients. */
export function seedCustomers(store: Store, rng: Prng): void {
  const d = sandboxDefaults;
  const add = (
    accountNumber: string,
    name: string,
    businessReference: string | undefined,
    parentAccountNumber: string | undefined,
    statusId: number = customerStatus.active,
    geo = rng.pick(geography)
  ) =>
    store.addCustomer({
      accountNumber,
      name,
      ...(businessReference ? { businessReference } : {}),
      contact: makeContact(rng, domainOf(name), geo),
      address: makeAddress(rng, geo),
      statusId,
      ...(parentAccountNumber ? { parentAccountNumber } : {}),
    });

  // Main hierarchy.
  add(d.topLevelCustomer, 'Fleet Sandbox Holding SE', 'HOLDING', undefined, customerStatus.active, geoOf('DE'));
  const first = Number(d.topLevelCustomer);
  depth1.forEach((c, i) => {
    const acc = String(first + 1 + i);
    // 7000000012 is blocked, 7000000013 closed; everything else active. 7000000010 is the card pool.
    const status =
      acc === '7000000012'
        ? customerStatus.blocked
        : acc === '7000000013'
          ? customerStatus.closed
          : customerStatus.active;
    add(acc, c.name, c.ref, d.topLevelCustomer, status, geoOf(c.geo));
  });
  if (!store.customers.has(d.poolCustomer) || store.customers.get(d.poolCustomer)!.depth !== 1) {
    throw new Error(`seed: pool customer ${d.poolCustomer} must be a depth-1 customer`);
  }
  const parents = depth1.map((_, i) => String(first + 1 + i)).filter((acc) => acc !== '7000000013');
  for (let i = 0; i < 60; i++) {
    const parentAcc = parents[i % parents.length]!;
    const parent = store.customers.get(parentAcc)!;
    const branch = branchNames[Math.floor(i / parents.length) % branchNames.length]!;
    const geo = geoOf(parent.address.countryCode);
    const city = rng.pick(geo.cities)[0];
    const name = `${parent.name.split(' ').slice(0, 2).join(' ')} – ${branch} ${city}`;
    // Every fourth branch has no business reference of its own.
    const ref = i % 4 === 3 ? undefined : `BR-${geo.countryCode}-${String(i + 1).padStart(3, '0')}`;
    const status =
      i === 17 || i === 41 ? customerStatus.blocked : i === 29 ? customerStatus.closed : customerStatus.active;
    add(String(first + 100 + i), name, ref, parentAcc, status, geo);
  }
  // The card pool holds cards at every depth: the pool customer, the top-level account, one of the pool customer's sub-customers.
  const depths = d.poolCustomers.map((acc) =>
    store.customers.get(acc)?.statusId === customerStatus.active ? store.customers.get(acc)!.depth : -1
  );
  if (depths.join() !== '1,0,2' || store.customers.get(d.poolCustomers[2])!.parentAccountNumber !== d.poolCustomer) {
    throw new Error(
      `seed: the pool customers ${d.poolCustomers.join(', ')} must be Active, at depths 1, 0 and 2, the last under the first`
    );
  }

  // Foreign hierarchy.
  const foreignTop = String(Number(d.foreignCustomer) - 1);
  add(foreignTop, 'Nordic Fleet Holding AB', 'NFH', undefined, customerStatus.active, geoOf('SE'));
  add(d.foreignCustomer, 'Skandia Frakt AB', 'SKF-01', foreignTop, customerStatus.active, geoOf('SE'));
  add(String(Number(foreignTop) + 2), 'Øresund Express ApS', 'OEX-02', foreignTop, customerStatus.active, geoOf('DK'));
  add(
    String(Number(foreignTop) + 3),
    'Vistula Haulage Sp. z o.o.',
    'VH-03',
    foreignTop,
    customerStatus.active,
    geoOf('PL')
  );
  add(
    String(Number(foreignTop) + 100),
    'Skandia Frakt – Depot Göteborg',
    'SKF-GBG',
    d.foreignCustomer,
    customerStatus.active,
    geoOf('SE')
  );
  add(
    String(Number(foreignTop) + 101),
    'Skandia Frakt – Depot Malmö',
    'SKF-MMA',
    d.foreignCustomer,
    customerStatus.active,
    geoOf('SE')
  );
  add(
    String(Number(foreignTop) + 102),
    'Øresund Express – Terminal Køge',
    'OEX-KGE',
    String(Number(foreignTop) + 2),
    customerStatus.active,
    geoOf('DK')
  );

  store.addClient({ clientId: d.clientId, secret: d.clientSecret, topLevel: d.topLevelCustomer });
  store.addClient({ clientId: d.foreignClientId, secret: d.foreignClientSecret, topLevel: foreignTop });
}

/** Account number of the foreign client's top-level customer. */
export const foreignTopLevel = String(Number(sandboxDefaults.foreignCustomer) - 1);
