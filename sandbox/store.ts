/**
 * The sandbox's in-memory state: customers, cards, master data and API clients, each indexed by
 * its id so that every per-request lookup is O(1). The store knows the data and its invariants
 * (account-number and card-id counters, hierarchy links); the rules of the document live in the
 * route plugins, which is also where faults bend them.
 */
import type { AddressComplete, Contact, MasterData as MasterDataShape } from '../lib/types.generated.js';
import { Prng } from './seed/prng.js';

/** A record the sandbox holds: the generated shape with every field present, nested ones included. */
export type Complete<T> = T extends readonly (infer U)[]
  ? Complete<U>[]
  : T extends object
    ? { [K in keyof T]-?: Complete<T[K]> }
    : T;

export interface StatusEvent {
  action: string;
  statusId: number;
  notes?: string;
  statusReasonId?: number;
  at: string;
}

/** Customer statuses (the document shows only Active = 1; ASSUME-CUSTOMER-STATES). */
export const customerStatus = { active: 1, blocked: 2, closed: 3 } as const;
export const customerStatusNames: Record<number, string> = { 1: 'Active', 2: 'Blocked', 3: 'Closed' };

/** Card statuses, also listed in every hierarchy's master data (ASSUME-CARD-STATES). */
export const cardStatus = { active: 1, blocked: 2, cancelled: 3, expired: 4, ordered: 5 } as const;
export const cardStatusNames: Record<number, string> = {
  1: 'Active',
  2: 'Blocked',
  3: 'Cancelled',
  4: 'Expired',
  5: 'Ordered',
};

export interface CustomerRecord {
  accountNumber: string;
  /** Internal identifier (what parentCustomerIdentifier shows for the children). */
  internalId: number;
  name: string;
  businessReference?: string;
  /** The MAIN contact and MAIN address. */
  contact: Contact;
  address: AddressComplete;
  statusId: number;
  parentAccountNumber?: string;
  /** The details the interface created it with (what customer-update-stale-copy starts an update from). */
  created?: { name: string; businessReference?: string; contact: Contact; address: AddressComplete };
  /** 0 for a top-level customer. */
  depth: number;
  /** Account number of the top-level customer of this customer's hierarchy (itself at depth 0). */
  topLevel: string;
  /** Direct sub-accounts, in creation order. */
  children: string[];
  /** How many direct sub-accounts the seed gave it (only the countOfSubAccounts fault reads this). */
  seededChildren: number;
  history: StatusEvent[];
}

export interface CardRecord {
  cardIdentifier: number;
  customerAccountNumber: string;
  topLevel: string;
  cardTypeId: number;
  cardCategoryId: number;
  cardGroupId: number;
  purchaseCategoryId: number;
  fuelProductRestrictionId: number;
  productIds: number[];
  statusId: number;
  primaryVisualCardNumber: string;
  secondaryCardNumber: string;
  keyIdentifier: string;
  driverName: string;
  vehicleRegNumber: string;
  additionalEmbossing: string;
  isDriverEmbossed: boolean;
  isVRNEmbossed: boolean;
  deliveryAddress: AddressComplete;
  deliveryContact: Contact;
  /** YYYY-MM-DD */
  orderDate: string;
  /** YYYY-MM-DD */
  expiryDate: string;
  orderReference?: string;
  /** Secret: stored, never returned by any operation, never logged. */
  pin?: string;
  replaces?: number;
  replacedBy?: number;
  /** Epoch ms from which operations see the card (variants where cards appear later); seen at once when absent. */
  visibleFrom?: number;
  history: StatusEvent[];
}

export type MasterData = Complete<MasterDataShape>;

export type MasterKey = keyof MasterData;
type Row<K extends MasterKey> = MasterData[K][number];

/** One hierarchy's master data with an id index per array. */
export class MasterIndex {
  private readonly byId: { [K in MasterKey]: Map<number, Row<K>> };

  constructor(readonly data: MasterData) {
    const index = <K extends MasterKey>(key: K) => new Map(data[key].map((row) => [row.id, row] as [number, Row<K>]));
    this.byId = {
      cardCategory: index('cardCategory'),
      cardGroup: index('cardGroup'),
      cardType: index('cardType'),
      country: index('country'),
      fuelProductRestriction: index('fuelProductRestriction'),
      product: index('product'),
      purchaseCategory: index('purchaseCategory'),
      reason: index('reason'),
      region: index('region'),
      status: index('status'),
    };
  }

  get<K extends MasterKey>(key: K, id: number): Row<K> | undefined {
    return this.byId[key].get(id) as Row<K> | undefined;
  }

  has(key: MasterKey, id: number): boolean {
    return this.byId[key].has(id);
  }
}

export interface ClientRecord {
  clientId: string;
  secret: string;
  topLevel: string;
}

export class Store {
  /** Runtime randomness (new card numbers): seeded, so that a run is reproducible. */
  readonly random = new Prng(0x5eed);
  readonly customers = new Map<string, CustomerRecord>();
  readonly cards = new Map<number, CardRecord>();
  /** Cards of each hierarchy (key: top-level account number), in ascending cardIdentifier order. */
  readonly cardsByTopLevel = new Map<string, CardRecord[]>();
  readonly master = new Map<string, MasterIndex>();
  readonly clients = new Map<string, ClientRecord>();

  private nextInternalId = 100_001;
  private nextCardId = 1;
  private nextOrder = 1;
  private readonly accountCounters = new Map<string, number>();

  addClient(client: ClientRecord): void {
    this.clients.set(client.clientId, client);
  }

  setMasterData(topLevel: string, data: MasterData): void {
    this.master.set(topLevel, new MasterIndex(data));
  }

  masterFor(topLevel: string): MasterIndex {
    const index = this.master.get(topLevel);
    if (!index) throw new Error(`no master data for top-level customer ${topLevel}`);
    return index;
  }

  addCustomer(
    input: Omit<CustomerRecord, 'internalId' | 'depth' | 'topLevel' | 'children' | 'seededChildren' | 'history'> & {
      history?: StatusEvent[];
    }
  ): CustomerRecord {
    if (this.customers.has(input.accountNumber)) throw new Error(`customer ${input.accountNumber} exists already`);
    const parent = input.parentAccountNumber === undefined ? undefined : this.customers.get(input.parentAccountNumber);
    if (input.parentAccountNumber !== undefined && !parent)
      throw new Error(`parent ${input.parentAccountNumber} unknown`);
    const record: CustomerRecord = {
      ...input,
      internalId: this.nextInternalId++,
      depth: parent ? parent.depth + 1 : 0,
      topLevel: parent ? parent.topLevel : input.accountNumber,
      children: [],
      seededChildren: 0,
      history: input.history ?? [],
    };
    this.customers.set(record.accountNumber, record);
    parent?.children.push(record.accountNumber);
    if (!parent) this.cardsByTopLevel.set(record.accountNumber, []);
    return record;
  }

  /** Marks the current child counts as the seed's (after seeding). */
  sealSeed(): void {
    for (const customer of this.customers.values()) customer.seededChildren = customer.children.length;
  }

  /** A fresh account number for a new customer of `topLevel`'s hierarchy: digits, never a seeded one. */
  newAccountNumber(topLevel: string): string {
    const candidate = this.freeAccountNumber(topLevel);
    this.accountCounters.set(topLevel, Number(candidate) + 1);
    return candidate;
  }

  /** The account number newAccountNumber would give now, not taken. */
  freeAccountNumber(topLevel: string): string {
    let n = this.accountCounters.get(topLevel) ?? Number(topLevel) + 1000;
    let candidate = String(n).padStart(topLevel.length, '0');
    while (this.customers.has(candidate)) candidate = String(++n).padStart(topLevel.length, '0');
    return candidate;
  }

  /** Card identifiers are integers; the seed starts them at a realistic value. */
  startCardIdentifiersAt(first: number): void {
    this.nextCardId = Math.max(this.nextCardId, first);
  }

  newCardIdentifier(): number {
    return this.nextCardId++;
  }

  /** Order references are unique across the sandbox: ORD-YYYYMMDD-NNNNNN. */
  newOrderReference(today: string): string {
    return `ORD-${today.replaceAll('-', '')}-${String(this.nextOrder++).padStart(6, '0')}`;
  }

  addCard(card: Omit<CardRecord, 'topLevel'>): CardRecord {
    const owner = this.customers.get(card.customerAccountNumber);
    if (!owner) throw new Error(`card owner ${card.customerAccountNumber} unknown`);
    if (this.cards.has(card.cardIdentifier)) throw new Error(`card ${card.cardIdentifier} exists already`);
    const record: CardRecord = { ...card, topLevel: owner.topLevel };
    this.cards.set(record.cardIdentifier, record);
    const list = this.cardsByTopLevel.get(owner.topLevel)!;
    // Identifiers only grow, so appending keeps the list sorted; the check keeps it true for seeds.
    if (list.length && list.at(-1)!.cardIdentifier > record.cardIdentifier) {
      list.push(record);
      list.sort((a, b) => a.cardIdentifier - b.cardIdentifier);
    } else {
      list.push(record);
    }
    this.nextCardId = Math.max(this.nextCardId, record.cardIdentifier + 1);
    return record;
  }

  /** Every descendant of `accountNumber` (not itself), depth-first. */
  descendants(accountNumber: string): CustomerRecord[] {
    const out: CustomerRecord[] = [];
    const walk = (acc: string) => {
      for (const child of this.customers.get(acc)?.children ?? []) {
        const record = this.customers.get(child)!;
        out.push(record);
        walk(child);
      }
    };
    walk(accountNumber);
    return out;
  }
}

/** Today's date in UTC as YYYY-MM-DD. */
export function today(now = Date.now()): string {
  return new Date(now).toISOString().slice(0, 10);
}

/** `date` (YYYY-MM-DD) plus `years`, at the end of that month: how card expiry dates look. */
export function expiryFrom(date: string, years: number): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const end = new Date(Date.UTC(y + years, m, 0));
  return end.toISOString().slice(0, 10);
}
