/**
 * Seeded charging locations: about 6,000 over Europe, clustered around real cities (so a
 * city-sized rectangle holds more than 300) with a regional spread around each, and a few dozen
 * beyond Europe (south of the equator and on it), built
 * deterministically from a seeded PRNG in well under 300 ms. Every documented Location field is
 * populated with its documented type; `directions` and `openNow` depend on the request (language,
 * current time) and are rendered by `directionsFor` and `openAt`.
 */
import type { Evse as EvseShape, Location as LocationShape } from '../../lib/types.generated.js';
import type { GeoPoint } from '../geo.js';
import type { Complete } from '../store.js';
import { Prng } from './prng.js';

// ---- Value sets (choices where the document says "not shown"; see sandbox/README.md) ----

/** Evse status values (not shown by the document): OCPI's set, ASSUME-GEO-EVSE-STATUS. */
export const evseStatuses = [
  'AVAILABLE',
  'CHARGING',
  'BLOCKED',
  'OUT_OF_ORDER',
  'INOPERATIVE',
  'RESERVED',
  'UNKNOWN',
] as const;
export type EvseStatus = (typeof evseStatuses)[number];

/** Values of a connector's `standard` field, the one filters.connectorStandards matches (ASSUME-GEO-CONNECTOR-FIELDS). */
export const connectorStandards = [
  'IEC_62196_T2',
  'IEC_62196_T2_COMBO',
  'CHADEMO',
  'DOMESTIC_F',
  'IEC_62196_T1',
] as const;
export type ConnectorStandard = (typeof connectorStandards)[number];

/** The capability values the document says appear. */
export const capabilityValues = ['RESERVABLE', 'PLUG_AND_CHARGE_CAPABLE', 'CHARGING_PROFILE_CAPABLE'] as const;
export type Capability = (typeof capabilityValues)[number];

/** The geosearch languages the document lists as supported. */
export const languages = [
  'en',
  'bg',
  'cy',
  'de',
  'es',
  'fi',
  'fr',
  'hu',
  'is',
  'it',
  'lt',
  'nb',
  'nl',
  'pl',
  'pt',
  'ro',
  'sv',
] as const;
export type Language = (typeof languages)[number];

// ---- Shapes (the document's Location; connector fields are OCPI's) ----

export interface Connector {
  id: string;
  standard: ConnectorStandard;
  format: 'SOCKET' | 'CABLE';
  power_type: 'AC_1_PHASE' | 'AC_3_PHASE' | 'DC';
  max_voltage: number;
  max_amperage: number;
  max_electric_power: number;
}

/** The document's Evse, every field present; status, connectors and capabilities from the value sets above. */
export type Evse = Omit<Complete<EvseShape>, 'status' | 'connectors' | 'capabilities'> & {
  status: EvseStatus;
  connectors: Connector[];
  capabilities: Capability[];
};

/** The document's Location, every field present. */
export type Location = Omit<Complete<LocationShape>, 'evses'> & { evses: Evse[] };
export type OpeningTimes = Location['opening_times'];
export type Period = OpeningTimes['exceptional_openings'][number];
export type Direction = Location['directions'][number];
export type Operator = Location['operator'];

/** A seeded location: its request-independent fields plus what rendering and the index need. */
export interface LocationRecord extends GeoPoint {
  readonly location: Omit<Location, 'directions' | 'openNow'>;
  /** Language of the location's country among the supported ones (en where none is). */
  readonly localLanguage: Language;
  readonly directionKind: number;
}

// ---- Deterministic randomness ----

/** The sandbox's seeded PRNG, plus a standard normal draw for the clustering. */
class Draw extends Prng {
  normal(): number {
    const u = 1 - this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }
}

// ---- Reference data ----

interface City {
  name: string;
  country: string;
  cc2: string;
  state: string;
  lat: number;
  lon: number;
  lang: Language;
  /** Locations in the city itself (the regional spread comes on top). */
  count: number;
  postal: number;
}

const cities: City[] = [
  {
    name: 'Berlin',
    country: 'DEU',
    cc2: 'DE',
    state: 'Berlin',
    lat: 52.52,
    lon: 13.405,
    lang: 'de',
    count: 520,
    postal: 10115,
  },
  {
    name: 'Hamburg',
    country: 'DEU',
    cc2: 'DE',
    state: 'Hamburg',
    lat: 53.551,
    lon: 9.994,
    lang: 'de',
    count: 220,
    postal: 20095,
  },
  {
    name: 'München',
    country: 'DEU',
    cc2: 'DE',
    state: 'Bayern',
    lat: 48.137,
    lon: 11.575,
    lang: 'de',
    count: 260,
    postal: 80331,
  },
  {
    name: 'Köln',
    country: 'DEU',
    cc2: 'DE',
    state: 'Nordrhein-Westfalen',
    lat: 50.938,
    lon: 6.96,
    lang: 'de',
    count: 150,
    postal: 50667,
  },
  {
    name: 'Frankfurt am Main',
    country: 'DEU',
    cc2: 'DE',
    state: 'Hessen',
    lat: 50.11,
    lon: 8.682,
    lang: 'de',
    count: 160,
    postal: 60311,
  },
  {
    name: 'Stuttgart',
    country: 'DEU',
    cc2: 'DE',
    state: 'Baden-Württemberg',
    lat: 48.776,
    lon: 9.183,
    lang: 'de',
    count: 120,
    postal: 70173,
  },
  {
    name: 'Amsterdam',
    country: 'NLD',
    cc2: 'NL',
    state: 'Noord-Holland',
    lat: 52.37,
    lon: 4.895,
    lang: 'nl',
    count: 320,
    postal: 1011,
  },
  {
    name: 'Rotterdam',
    country: 'NLD',
    cc2: 'NL',
    state: 'Zuid-Holland',
    lat: 51.924,
    lon: 4.478,
    lang: 'nl',
    count: 120,
    postal: 3011,
  },
  {
    name: 'Utrecht',
    country: 'NLD',
    cc2: 'NL',
    state: 'Utrecht',
    lat: 52.091,
    lon: 5.122,
    lang: 'nl',
    count: 90,
    postal: 3511,
  },
  {
    name: 'Bruxelles',
    country: 'BEL',
    cc2: 'BE',
    state: 'Brussels-Capital',
    lat: 50.85,
    lon: 4.352,
    lang: 'fr',
    count: 140,
    postal: 1000,
  },
  {
    name: 'Antwerpen',
    country: 'BEL',
    cc2: 'BE',
    state: 'Vlaanderen',
    lat: 51.219,
    lon: 4.402,
    lang: 'nl',
    count: 80,
    postal: 2000,
  },
  {
    name: 'Paris',
    country: 'FRA',
    cc2: 'FR',
    state: 'Île-de-France',
    lat: 48.857,
    lon: 2.352,
    lang: 'fr',
    count: 500,
    postal: 75001,
  },
  {
    name: 'Lyon',
    country: 'FRA',
    cc2: 'FR',
    state: 'Auvergne-Rhône-Alpes',
    lat: 45.764,
    lon: 4.836,
    lang: 'fr',
    count: 120,
    postal: 69001,
  },
  {
    name: 'Marseille',
    country: 'FRA',
    cc2: 'FR',
    state: "Provence-Alpes-Côte d'Azur",
    lat: 43.296,
    lon: 5.37,
    lang: 'fr',
    count: 90,
    postal: 13001,
  },
  {
    name: 'Toulouse',
    country: 'FRA',
    cc2: 'FR',
    state: 'Occitanie',
    lat: 43.605,
    lon: 1.444,
    lang: 'fr',
    count: 70,
    postal: 31000,
  },
  {
    name: 'London',
    country: 'GBR',
    cc2: 'GB',
    state: 'England',
    lat: 51.507,
    lon: -0.128,
    lang: 'en',
    count: 500,
    postal: 10001,
  },
  {
    name: 'Manchester',
    country: 'GBR',
    cc2: 'GB',
    state: 'England',
    lat: 53.48,
    lon: -2.242,
    lang: 'en',
    count: 110,
    postal: 20001,
  },
  {
    name: 'Edinburgh',
    country: 'GBR',
    cc2: 'GB',
    state: 'Scotland',
    lat: 55.953,
    lon: -3.188,
    lang: 'en',
    count: 70,
    postal: 30001,
  },
  {
    name: 'Cardiff',
    country: 'GBR',
    cc2: 'GB',
    state: 'Wales',
    lat: 51.481,
    lon: -3.179,
    lang: 'cy',
    count: 50,
    postal: 40001,
  },
  {
    name: 'Dublin',
    country: 'IRL',
    cc2: 'IE',
    state: 'Leinster',
    lat: 53.35,
    lon: -6.26,
    lang: 'en',
    count: 90,
    postal: 1001,
  },
  {
    name: 'Madrid',
    country: 'ESP',
    cc2: 'ES',
    state: 'Comunidad de Madrid',
    lat: 40.417,
    lon: -3.704,
    lang: 'es',
    count: 170,
    postal: 28001,
  },
  {
    name: 'Barcelona',
    country: 'ESP',
    cc2: 'ES',
    state: 'Catalunya',
    lat: 41.385,
    lon: 2.173,
    lang: 'es',
    count: 160,
    postal: 8001,
  },
  {
    name: 'València',
    country: 'ESP',
    cc2: 'ES',
    state: 'Comunitat Valenciana',
    lat: 39.47,
    lon: -0.376,
    lang: 'es',
    count: 60,
    postal: 46001,
  },
  {
    name: 'Lisboa',
    country: 'PRT',
    cc2: 'PT',
    state: 'Lisboa',
    lat: 38.722,
    lon: -9.139,
    lang: 'pt',
    count: 90,
    postal: 1100001,
  },
  {
    name: 'Porto',
    country: 'PRT',
    cc2: 'PT',
    state: 'Porto',
    lat: 41.158,
    lon: -8.629,
    lang: 'pt',
    count: 50,
    postal: 4000001,
  },
  {
    name: 'Roma',
    country: 'ITA',
    cc2: 'IT',
    state: 'Lazio',
    lat: 41.903,
    lon: 12.496,
    lang: 'it',
    count: 110,
    postal: 118,
  },
  {
    name: 'Milano',
    country: 'ITA',
    cc2: 'IT',
    state: 'Lombardia',
    lat: 45.464,
    lon: 9.19,
    lang: 'it',
    count: 150,
    postal: 20121,
  },
  {
    name: 'Wien',
    country: 'AUT',
    cc2: 'AT',
    state: 'Wien',
    lat: 48.208,
    lon: 16.373,
    lang: 'de',
    count: 130,
    postal: 1010,
  },
  {
    name: 'Zürich',
    country: 'CHE',
    cc2: 'CH',
    state: 'Zürich',
    lat: 47.377,
    lon: 8.541,
    lang: 'de',
    count: 90,
    postal: 8001,
  },
  {
    name: 'København',
    country: 'DNK',
    cc2: 'DK',
    state: 'Hovedstaden',
    lat: 55.676,
    lon: 12.568,
    lang: 'en',
    count: 110,
    postal: 1050,
  },
  {
    name: 'Stockholm',
    country: 'SWE',
    cc2: 'SE',
    state: 'Stockholm',
    lat: 59.329,
    lon: 18.069,
    lang: 'sv',
    count: 130,
    postal: 11120,
  },
  {
    name: 'Göteborg',
    country: 'SWE',
    cc2: 'SE',
    state: 'Västra Götaland',
    lat: 57.709,
    lon: 11.975,
    lang: 'sv',
    count: 60,
    postal: 41101,
  },
  {
    name: 'Oslo',
    country: 'NOR',
    cc2: 'NO',
    state: 'Oslo',
    lat: 59.914,
    lon: 10.752,
    lang: 'nb',
    count: 160,
    postal: 150,
  },
  {
    name: 'Bergen',
    country: 'NOR',
    cc2: 'NO',
    state: 'Vestland',
    lat: 60.392,
    lon: 5.324,
    lang: 'nb',
    count: 50,
    postal: 5003,
  },
  {
    name: 'Tromsø',
    country: 'NOR',
    cc2: 'NO',
    state: 'Troms',
    lat: 69.649,
    lon: 18.956,
    lang: 'nb',
    count: 20,
    postal: 9008,
  },
  {
    name: 'Helsinki',
    country: 'FIN',
    cc2: 'FI',
    state: 'Uusimaa',
    lat: 60.17,
    lon: 24.938,
    lang: 'fi',
    count: 80,
    postal: 100,
  },
  {
    name: 'Reykjavík',
    country: 'ISL',
    cc2: 'IS',
    state: 'Höfuðborgarsvæðið',
    lat: 64.147,
    lon: -21.942,
    lang: 'is',
    count: 30,
    postal: 101,
  },
  {
    name: 'Warszawa',
    country: 'POL',
    cc2: 'PL',
    state: 'Mazowieckie',
    lat: 52.23,
    lon: 21.012,
    lang: 'pl',
    count: 110,
    postal: 1001,
  },
  {
    name: 'Kraków',
    country: 'POL',
    cc2: 'PL',
    state: 'Małopolskie',
    lat: 50.065,
    lon: 19.945,
    lang: 'pl',
    count: 50,
    postal: 30001,
  },
  {
    name: 'Budapest',
    country: 'HUN',
    cc2: 'HU',
    state: 'Budapest',
    lat: 47.498,
    lon: 19.04,
    lang: 'hu',
    count: 70,
    postal: 1011,
  },
  {
    name: 'Sofia',
    country: 'BGR',
    cc2: 'BG',
    state: 'Sofia City',
    lat: 42.698,
    lon: 23.322,
    lang: 'bg',
    count: 40,
    postal: 1000,
  },
  {
    name: 'București',
    country: 'ROU',
    cc2: 'RO',
    state: 'București',
    lat: 44.426,
    lon: 26.102,
    lang: 'ro',
    count: 60,
    postal: 10011,
  },
  {
    name: 'Vilnius',
    country: 'LTU',
    cc2: 'LT',
    state: 'Vilniaus apskritis',
    lat: 54.687,
    lon: 25.28,
    lang: 'lt',
    count: 35,
    postal: 1100,
  },
  {
    name: 'Praha',
    country: 'CZE',
    cc2: 'CZ',
    state: 'Praha',
    lat: 50.075,
    lon: 14.438,
    lang: 'en',
    count: 80,
    postal: 11000,
  },
];

/**
 * A few charging sites beyond Europe, so that the map holds locations in every quadrant and on both
 * sides of the equator (Europe holds the north-east, and west of Greenwich the British Isles,
 * Iceland and Iberia; London's region spans longitude 0). Each far from the point 0, 0 (farther
 * than Iberia), so that what a search of the whole map shows first stays European.
 */
const elsewhere: City[] = [
  {
    name: 'São Paulo',
    country: 'BRA',
    cc2: 'BR',
    state: 'São Paulo',
    lat: -23.55,
    lon: -46.633,
    lang: 'pt',
    count: 30,
    postal: 1001000,
  },
  {
    name: 'Sydney',
    country: 'AUS',
    cc2: 'AU',
    state: 'New South Wales',
    lat: -33.868,
    lon: 151.209,
    lang: 'en',
    count: 25,
    postal: 2000,
  },
  // The Marco Zero of Macapá lies on the equator itself.
  {
    name: 'Macapá',
    country: 'BRA',
    cc2: 'BR',
    state: 'Amapá',
    lat: 0,
    lon: -51.069,
    lang: 'pt',
    count: 20,
    postal: 68900000,
  },
];

/** The two-letter code of each seeded country's three-letter code. */
export const countryAlpha2: ReadonlyMap<string, string> = new Map(
  [...cities, ...elsewhere].map((c) => [c.country, c.cc2])
);

const operators: (Operator & { code: string; display: string })[] = [
  {
    id: 'OP-0001',
    name: 'VoltWay Charging GmbH',
    display: 'VoltWay',
    hotline: '+49 800 5550101',
    external_id: 'DE*VWY',
    code: 'VWY',
  },
  {
    id: 'OP-0002',
    name: 'Northern Charge AS',
    display: 'Northern Charge',
    hotline: '+47 800 55 102',
    external_id: 'NO*NCH',
    code: 'NCH',
  },
  {
    id: 'OP-0003',
    name: 'EuroPlug B.V.',
    display: 'EuroPlug',
    hotline: '+31 800 555 0103',
    external_id: 'NL*EUP',
    code: 'EUP',
  },
  {
    id: 'OP-0004',
    name: 'GreenAmp Ltd',
    display: 'GreenAmp',
    hotline: '+44 800 555 0104',
    external_id: 'GB*GAM',
    code: 'GAM',
  },
  {
    id: 'OP-0005',
    name: 'CityCharge SAS',
    display: 'CityCharge',
    hotline: '+33 800 555 105',
    external_id: 'FR*CCH',
    code: 'CCH',
  },
  {
    id: 'OP-0006',
    name: 'Fjord Power AB',
    display: 'Fjord Power',
    hotline: '+46 20 555 0106',
    external_id: 'SE*FJP',
    code: 'FJP',
  },
  {
    id: 'OP-0007',
    name: 'Sud Energia S.p.A.',
    display: 'Sud Energia',
    hotline: '+39 800 555 107',
    external_id: 'IT*SUD',
    code: 'SUD',
  },
  {
    id: 'OP-0008',
    name: 'Baltic EV UAB',
    display: 'Baltic EV',
    hotline: '+370 800 55108',
    external_id: 'LT*BEV',
    code: 'BEV',
  },
];

const streets: Record<Language, readonly string[]> = {
  en: ['High Street', 'Station Road', 'Church Lane', 'Park Avenue', 'Mill Road'],
  bg: ['бул. Витоша', 'ул. Граф Игнатиев', 'бул. България', 'ул. Шипка'],
  cy: ['Heol y Frenhines', 'Stryd Fawr', 'Heol yr Orsaf', 'Ffordd y Parc'],
  de: ['Hauptstraße', 'Bahnhofstraße', 'Schillerstraße', 'Gartenweg', 'Marktplatz'],
  es: ['Calle Mayor', 'Avenida de la Constitución', 'Calle del Sol', 'Paseo de la Estación'],
  fi: ['Mannerheimintie', 'Asemakatu', 'Puistotie', 'Kauppakatu'],
  fr: ['Rue de la République', 'Avenue de la Gare', 'Rue Victor Hugo', 'Boulevard Pasteur', 'Place du Marché'],
  hu: ['Fő utca', 'Andrássy út', 'Petőfi utca', 'Kossuth Lajos utca'],
  is: ['Laugavegur', 'Skólavörðustígur', 'Hverfisgata', 'Suðurlandsbraut'],
  it: ['Via Roma', 'Corso Italia', 'Via Garibaldi', 'Piazza del Popolo'],
  lt: ['Gedimino prospektas', 'Pilies gatvė', 'Stoties gatvė', 'Vilniaus gatvė'],
  nb: ['Storgata', 'Kirkeveien', 'Stasjonsveien', 'Parkveien'],
  nl: ['Stationsstraat', 'Kerkstraat', 'Dorpsstraat', 'Marktplein', 'Molenweg'],
  pl: ['ul. Marszałkowska', 'ul. Dworcowa', 'ul. Kościuszki', 'ul. Polna'],
  pt: ['Rua Augusta', 'Avenida da Liberdade', 'Rua da Estação', 'Praça do Comércio'],
  ro: ['Calea Victoriei', 'Strada Gării', 'Bulevardul Unirii', 'Strada Mihai Eminescu'],
  sv: ['Drottninggatan', 'Storgatan', 'Kungsgatan', 'Stationsvägen'],
};

/** Direction texts: two kinds of place, one text per supported language. */
const phrasebook: Record<Language, readonly [string, string]> = {
  en: ['Car park entrance, ground floor', 'Next to the main entrance'],
  bg: ['Вход на паркинга, партер', 'До главния вход'],
  cy: ["Mynedfa'r maes parcio, llawr gwaelod", 'Wrth ymyl y brif fynedfa'],
  de: ['Einfahrt zum Parkplatz, Erdgeschoss', 'Neben dem Haupteingang'],
  es: ['Entrada del aparcamiento, planta baja', 'Junto a la entrada principal'],
  fi: ['Pysäköintialueen sisäänajo, pohjakerros', 'Pääsisäänkäynnin vieressä'],
  fr: ['Entrée du parking, rez-de-chaussée', "À côté de l'entrée principale"],
  hu: ['Parkoló bejárata, földszint', 'A főbejárat mellett'],
  is: ['Inngangur bílastæðis, jarðhæð', 'Við hliðina á aðalinnganginum'],
  it: ['Ingresso del parcheggio, piano terra', "Accanto all'ingresso principale"],
  lt: ['Įvažiavimas į stovėjimo aikštelę, pirmas aukštas', 'Šalia pagrindinio įėjimo'],
  nb: ['Innkjøring til parkeringen, første etasje', 'Ved siden av hovedinngangen'],
  nl: ['Ingang parkeerplaats, begane grond', 'Naast de hoofdingang'],
  pl: ['Wjazd na parking, parter', 'Obok głównego wejścia'],
  pt: ['Entrada do parque de estacionamento, rés do chão', 'Ao lado da entrada principal'],
  ro: ['Intrarea în parcare, parter', 'Lângă intrarea principală'],
  sv: ['Infart till parkeringen, bottenvåning', 'Bredvid huvudentrén'],
};

// ---- Rendering of request-dependent fields ----

function isLanguage(code: string): code is Language {
  return (languages as readonly string[]).includes(code);
}

/**
 * `directions` of a location (ASSUME-GEO-LANGUAGE): with a language, exactly one entry in that
 * language; without one, the English entry plus the entry in the location's local language.
 * A code outside the supported set (only reachable through a fault) gets the English text.
 */
export function directionsFor(record: LocationRecord, language?: string): Direction[] {
  const text = (lang: string) => phrasebook[isLanguage(lang) ? lang : 'en'][record.directionKind]!;
  if (language !== undefined) return [{ language, text: text(language) }];
  const langs: Language[] = record.localLanguage === 'en' ? ['en'] : ['en', record.localLanguage];
  return langs.map((lang) => ({ language: lang, text: text(lang) }));
}

/** Whether the opening times say open at `at` (UTC clock; OCPI weekday 1 = Monday … 7 = Sunday). */
export function openAt(times: OpeningTimes, at: Date): boolean {
  const t = at.getTime();
  const within = (p: Period) => Date.parse(p.period_begin) <= t && t < Date.parse(p.period_end);
  if (times.exceptional_closings.some(within)) return false;
  if (times.twentyfourseven || times.exceptional_openings.some(within)) return true;
  const weekday = ((at.getUTCDay() + 6) % 7) + 1;
  const hhmm = `${String(at.getUTCHours()).padStart(2, '0')}:${String(at.getUTCMinutes()).padStart(2, '0')}`;
  return times.regular_hours.some((h) => h.weekday === weekday && h.period_begin <= hhmm && hhmm < h.period_end);
}

// ---- Building ----

/** The instant the seed's timestamps lead up to. */
const SEED_EPOCH = Date.parse('2025-11-01T00:00:00Z');
const DAY = 86_400_000;

/**
 * Building many small objects is what costs time, so everything that repeats is built once and
 * shared between locations (the answers are serialized, never mutated): a pool of timestamps,
 * the connector kinds, the capability sets and the opening-time variants.
 */
const timestampPool: readonly string[] = Array.from({ length: 4096 }, (_, i) =>
  new Date(Math.floor((SEED_EPOCH - ((i + 0.5) / 4096) * 300 * DAY) / 1000) * 1000).toISOString().replace('.000Z', 'Z')
);

type ConnectorKind = Omit<Connector, 'id'>;

const connectorKinds = {
  t2: {
    standard: 'IEC_62196_T2',
    format: 'SOCKET',
    power_type: 'AC_3_PHASE',
    max_voltage: 400,
    max_amperage: 32,
    max_electric_power: 22_000,
  },
  domestic: {
    standard: 'DOMESTIC_F',
    format: 'SOCKET',
    power_type: 'AC_1_PHASE',
    max_voltage: 230,
    max_amperage: 16,
    max_electric_power: 3_680,
  },
  t1: {
    standard: 'IEC_62196_T1',
    format: 'CABLE',
    power_type: 'AC_1_PHASE',
    max_voltage: 230,
    max_amperage: 32,
    max_electric_power: 7_400,
  },
  ccs50: {
    standard: 'IEC_62196_T2_COMBO',
    format: 'CABLE',
    power_type: 'DC',
    max_voltage: 920,
    max_amperage: 54,
    max_electric_power: 50_000,
  },
  ccs150: {
    standard: 'IEC_62196_T2_COMBO',
    format: 'CABLE',
    power_type: 'DC',
    max_voltage: 920,
    max_amperage: 163,
    max_electric_power: 150_000,
  },
  ccs300: {
    standard: 'IEC_62196_T2_COMBO',
    format: 'CABLE',
    power_type: 'DC',
    max_voltage: 920,
    max_amperage: 326,
    max_electric_power: 300_000,
  },
  chademo: {
    standard: 'CHADEMO',
    format: 'CABLE',
    power_type: 'DC',
    max_voltage: 500,
    max_amperage: 125,
    max_electric_power: 50_000,
  },
} as const satisfies Record<string, ConnectorKind>;

/** Connector lists, one per combination the seed uses (connector ids count from 1). */
const connectorSets = new Map<string, Connector[]>();
function connectorsOf(...kinds: (keyof typeof connectorKinds)[]): Connector[] {
  const key = kinds.join('+');
  let set = connectorSets.get(key);
  if (!set) {
    set = kinds.map((k, i) => ({ id: String(i + 1), ...connectorKinds[k] }));
    connectorSets.set(key, set);
  }
  return set;
}

/** The capability subsets, indexed by bit mask (RESERVABLE 1, PLUG_AND_CHARGE_CAPABLE 2, CHARGING_PROFILE_CAPABLE 4). */
const capabilitySets: readonly Capability[][] = Array.from({ length: 8 }, (_, mask) =>
  capabilityValues.filter((_, i) => mask & (1 << i))
);

const busyStatuses = ['CHARGING', 'CHARGING', 'BLOCKED', 'OUT_OF_ORDER', 'INOPERATIVE', 'RESERVED', 'UNKNOWN'] as const;
const otherStatuses = [
  'CHARGING',
  'CHARGING',
  'CHARGING',
  'BLOCKED',
  'OUT_OF_ORDER',
  'INOPERATIVE',
  'RESERVED',
  'UNKNOWN',
] as const;

function buildEvses(d: Draw, locId: string, evseIdPrefix: string, allBusy: boolean): Evse[] {
  const kind = d.chance(0.03) ? 't1' : d.chance(0.3) ? 'dc' : 'ac';
  const n = kind === 'dc' ? d.int(1, 6) : d.int(1, 4);
  const evses: Evse[] = [];
  for (let i = 1; i <= n; i++) {
    let connectors: Connector[];
    if (kind === 'dc') {
      const ccs = d.pick(['ccs50', 'ccs150', 'ccs300'] as const);
      connectors = d.chance(0.35) ? connectorsOf(ccs, 'chademo') : connectorsOf(ccs);
    } else if (kind === 't1') {
      connectors = connectorsOf('t1');
    } else {
      connectors = d.chance(0.08) ? connectorsOf('t2', 'domestic') : connectorsOf('t2');
    }
    const mask = (d.chance(0.4) ? 1 : 0) | (d.chance(kind === 'dc' ? 0.5 : 0.1) ? 2 : 0) | (d.chance(0.45) ? 4 : 0);
    const status: EvseStatus = allBusy ? d.pick(busyStatuses) : d.chance(0.6) ? 'AVAILABLE' : d.pick(otherStatuses);
    evses.push({
      uid: `${locId}-${i}`,
      evse_id: `${evseIdPrefix}${i}`,
      physical_reference: String(i),
      status,
      connectors,
      capabilities: capabilitySets[mask]!,
      last_updated: d.pick(timestampPool),
    });
  }
  return evses;
}

const alwaysOpen: OpeningTimes = {
  twentyfourseven: true,
  regular_hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, period_begin: '00:00', period_end: '24:00' })),
  exceptional_openings: [],
  exceptional_closings: [{ period_begin: '2025-11-12T01:00:00Z', period_end: '2025-11-12T05:00:00Z' }],
};

/** Weekday hours: opening × closing time variants; Saturday 08:00–18:00; closed on Sundays but one. */
const businessHours: readonly OpeningTimes[] = ['06:00', '07:00', '08:00'].flatMap((open) =>
  ['20:00', '21:00', '22:00'].map((close) => ({
    twentyfourseven: false,
    regular_hours: [
      ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, period_begin: open, period_end: close })),
      { weekday: 6, period_begin: '08:00', period_end: '18:00' },
    ],
    exceptional_openings: [{ period_begin: '2025-12-21T09:00:00Z', period_end: '2025-12-21T17:00:00Z' }],
    exceptional_closings: [{ period_begin: '2025-12-25T00:00:00Z', period_end: '2025-12-27T00:00:00Z' }],
  }))
);

function buildOpeningTimes(d: Draw): OpeningTimes {
  return d.chance(0.65) ? alwaysOpen : d.pick(businessHours);
}

export interface LocationSeedOptions {
  /** Number of European locations (default 6,000); the few beyond Europe come on top. */
  size?: number;
  seed?: number;
  /** Degrees of latitude the European locations are moved south (variant geo-map-elsewhere): a map without Europe. */
  southward?: number;
}

export function buildLocationSeed(options: LocationSeedOptions = {}): LocationRecord[] {
  const size = options.size ?? 6000;
  const seed = options.seed ?? 20251101;
  const d = new Draw(seed);
  const coreTotal = cities.reduce((s, c) => s + c.count, 0);
  const scale = Math.min(1, (size * 0.8) / coreTotal);
  // Each city keeps its share of the core; the rest is a regional spread, weighted alike.
  const placements: { city: City; regional: boolean }[] = [];
  for (const city of cities)
    for (let i = 0; i < Math.round(city.count * scale); i++) placements.push({ city, regional: false });
  while (placements.length < size) placements.push({ city: weightedCity(d, coreTotal), regional: true });
  placements.length = size;
  // The sites beyond Europe draw from a generator of their own: the European ones stay as they were.
  const far = new Draw(seed + 1);
  const beyond = elsewhere.flatMap((city) => Array.from({ length: city.count }, () => city));
  const south = options.southward ?? 0;
  return [
    ...placements.map(({ city, regional }, index) => movedSouth(place(d, city, regional, index), south)),
    ...beyond.map((city, i) => place(far, city, false, size + i)),
  ];
}

function movedSouth(record: LocationRecord, degrees: number): LocationRecord {
  if (!degrees) return record;
  const latitude = (record.lat - degrees).toFixed(6);
  const coordinates = { ...record.location.coordinates, latitude };
  return { ...record, lat: Number(latitude), location: { ...record.location, coordinates } };
}

/** The location numbered `index` (from 0) near `city`: in it, or spread over its region (kept within Europe). */
function place(d: Draw, city: City, regional: boolean, index: number): LocationRecord {
  const spread = regional ? 0.9 : 0.035 + 0.045 * Math.min(1, city.count / 300);
  const lat = clamp(city.lat + d.normal() * spread, regional ? 34 : -90, regional ? 71.5 : 90);
  const lon = clamp(
    city.lon + (d.normal() * spread) / Math.cos((city.lat * Math.PI) / 180),
    regional ? -25 : -180,
    regional ? 41 : 180
  );
  const latitude = lat.toFixed(6),
    longitude = lon.toFixed(6);
  const op = d.pick(operators);
  const id = `LOC-${String(index + 1).padStart(6, '0')}`;
  const streetName = d.pick(streets[city.lang]);
  const number = d.int(1, 220);
  const address =
    city.lang === 'en' || city.lang === 'fr' || city.lang === 'cy'
      ? `${number} ${streetName}`
      : `${streetName} ${number}`;
  const evses = buildEvses(d, id, `${city.cc2}*${op.code}*E${String(index + 1).padStart(6, '0')}*`, d.chance(0.15));
  // biome-ignore lint/complexity/useMathMinMax: ISO timestamps, compared as strings (Math.max would read them as NaN)
  const lastUpdated = evses.reduce((m, e) => (e.last_updated > m ? e.last_updated : m), evses[0]!.last_updated);
  return {
    lat: Number(latitude),
    lon: Number(longitude),
    localLanguage: city.lang,
    directionKind: d.int(0, 1),
    location: {
      id,
      name: `${op.display} ${city.name} ${streetName}`,
      coordinates: { latitude, longitude },
      evses,
      operator: { id: op.id, name: op.name, hotline: op.hotline, external_id: op.external_id },
      operator_display_name: op.display,
      opening_times: buildOpeningTimes(d),
      country: city.country,
      state: city.state,
      city: city.name,
      postal_code: city.postal + d.int(0, regional ? 900 : 60),
      address,
      is_green_energy: d.chance(0.5),
      last_updated: lastUpdated,
    },
  };
}

function weightedCity(d: Draw, total: number): City {
  let x = d.next() * total;
  for (const city of cities) {
    x -= city.count;
    if (x < 0) return city;
  }
  return cities.at(-1)!;
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}
