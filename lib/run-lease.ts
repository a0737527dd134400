/**
 * Runs at once on one test environment (several shards of a night, a pull request's run beside
 * them): each run holds a lease, a sub-customer of its own whose name says which slice of the card
 * pool it took and when it was last alive. A run takes a slice no live lease holds, so that no two
 * runs ever block, cancel or replace the same pool card; it renews its lease while it runs and
 * closes it at the end. A lease not renewed for LEASE_TTL_MS is a dead run's: its slice is free
 * again, and `npm run cleanup` closes what that run left. All of it through the interface itself.
 */
import type { FleetApi } from './api.js';
import type { Config } from './config.js';
import { ACTIVE, allCustomers } from './discovery.js';
import { completeAddress, contact } from './factories/customer.js';
import type { Customer } from './types.generated.js';

/** How many runs may share one card pool at once, each with a slice of its own. */
export const POOL_SLICES = 6;
export const LEASE_TTL_MS = 5 * 60_000;
export const HEARTBEAT_MS = 60_000;
const ATTEMPTS = 8;
/** How long a new lease waits to show in the listing before its rivals are judged. */
const VISIBLE_WAIT_MS = 20_000;
const VISIBLE_POLL_MS = 500;

export interface Lease {
  runId: string;
  pool: string;
  /** 0-based; the card pool's cards are spread over POOL_SLICES by identifier (lib/pool.ts). */
  slice: number;
  aliveAt: Date;
  accountNumber: string;
  open: boolean;
}

const stamp = (at: Date) => `${at.toISOString().slice(0, 19)}Z`;

export function leaseName(runId: string, pool: string, slice: number, at: Date): string {
  return `${runId} run lease, card pool ${pool} slice ${slice + 1} of ${POOL_SLICES}, alive ${stamp(at)}`;
}

const NAME = /^(fcr[a-z0-9]+) run lease, card pool (\S+) slice (\d+) of (\d+), alive (\S+)$/;

export function parseLease(customer: Customer): Lease | undefined {
  const m = NAME.exec(customer.customerName ?? '');
  if (!m || !customer.customerAccountNumber || Number(m[4]) !== POOL_SLICES) return undefined;
  const aliveAt = new Date(m[5]!);
  if (Number.isNaN(aliveAt.getTime())) return undefined;
  return { runId: m[1]!, pool: m[2]!, slice: Number(m[3]) - 1, aliveAt, accountNumber: customer.customerAccountNumber, open: customer.statusIdentifier === ACTIVE };
}

/**
 * The leases alive at `now`: open and renewed within LEASE_TTL_MS. Only the hours such a renewal
 * can fall in are searched (searchText on the name), so that the closed leases of months of runs
 * are never paged through.
 */
export async function liveLeases(api: FleetApi, fields: Config['customerListFields'], now = new Date()): Promise<Lease[]> {
  const hours = [...new Set([now, new Date(now.getTime() - LEASE_TTL_MS)].map((d) => `alive ${stamp(d).slice(0, 13)}:`))];
  const found = (await Promise.all(hours.map((searchText) => allCustomers(api, fields, { searchText, limit: 200 })))).flat();
  return found.map(parseLease).filter((l): l is Lease => !!l && l.open && now.getTime() - l.aliveAt.getTime() < LEASE_TTL_MS);
}

export class LeaseRefused extends Error {
  override name = 'LeaseRefused';
}

/** This run's lease: renewed while it runs, closed at the end. */
export class RunLease {
  private constructor(private readonly api: FleetApi, private readonly fields: Config['customerListFields'], readonly lease: Lease) {}

  /**
   * Takes a slice of the pool no live lease holds, picked at random among the free ones. A run
   * that finds, right after taking it, another lease of the same slice gives its own up and tries
   * again after a random pause: of two runs that took one slice at once, the later one always sees
   * the earlier, so no two runs ever keep the same slice (both may give up, never both keep).
   */
  static async take(api: FleetApi, config: Pick<Config, 'runId' | 'poolCustomer' | 'customerListFields'>): Promise<RunLease> {
    const pool = config.poolCustomer ?? 'none';
    const othersOf = async () => (await liveLeases(api, config.customerListFields)).filter((l) => l.pool === pool && l.runId !== config.runId);
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const others = await othersOf();
      const free = Array.from({ length: POOL_SLICES }, (_, i) => i).filter((i) => !others.some((l) => l.slice === i));
      if (!free.length) {
        throw new LeaseRefused(`FLEET_CARD_POOL_CUSTOMER ${pool}: all ${POOL_SLICES} slices of the card pool are held by runs in progress (${others.map((l) => l.runId).join(', ')}); wait for one to end, give this run a card pool of its own (FLEET_CARD_POOL_CUSTOMER), or close the leases of runs that were killed (npm run cleanup)`);
      }
      const slice = free[Math.floor(Math.random() * free.length)]!;
      const now = new Date();
      const created = await api.createSubCustomer({
        customerName: leaseName(config.runId, pool, slice, now),
        customerBusinessReference: `${config.runId}-lease`.slice(0, 20),
        customerContact: contact('lease'),
        customerAddress: completeAddress('Lease'),
      });
      const accountNumber = created.status === 200 ? created.body.customerAccountNumber : undefined;
      if (typeof accountNumber !== 'string') throw new LeaseRefused(`cannot take a lease of the card pool: POST /customers/subcustomer answered ${created.status}`);
      const lease = new RunLease(api, config.customerListFields, { runId: config.runId, pool, slice, aliveAt: now, accountNumber, open: true });
      if (!(await lease.rivals()).length) return lease;
      await lease.release();
      await new Promise((resolve) => setTimeout(resolve, 200 + Math.random() * 1300));
    }
    throw new LeaseRefused(`cannot take a lease of the card pool ${pool}: other runs took the same slice ${ATTEMPTS} times in a row; try again`);
  }

  /**
   * The other live leases of this lease's slice, read once the listing shows this lease itself
   * (a search that lags behind writes would hide a rival that took the slice just before).
   */
  private async rivals(): Promise<Lease[]> {
    const { runId, pool, slice } = this.lease;
    for (let waited = 0; ; waited += VISIBLE_POLL_MS) {
      const live = (await liveLeases(this.api, this.fields)).filter((l) => l.pool === pool);
      if (live.some((l) => l.runId === runId) || waited >= VISIBLE_WAIT_MS) return live.filter((l) => l.slice === slice && l.runId !== runId);
      await new Promise((resolve) => setTimeout(resolve, VISIBLE_POLL_MS));
    }
  }

  /** Says the run is alive; false when the target refused (the lease may lapse). */
  async renew(now = new Date()): Promise<boolean> {
    const { runId, pool, slice, accountNumber } = this.lease;
    const answer = await this.api.updateCustomerDetail(accountNumber, { customerName: leaseName(runId, pool, slice, now) }).catch(() => undefined);
    return answer?.status === 200;
  }

  async release(): Promise<void> {
    await this.api.closeCustomer(this.lease.accountNumber, { notes: `${this.lease.runId} lease released` }).catch(() => undefined);
  }
}
