/**
 * Runs at once on one test environment (several shards of a night, a pull request's run beside
 * them): each run holds a lease, a sub-customer of its own whose name says which slices of the card
 * pool it holds and when it was last alive. A run takes as much of the pool as the runs beside it
 * leave: alone, every slice; when another run's lease appears, it gives back slices (those none of
 * its tests holds a card of) until each run holds its fair part, and when a run ends the others
 * take its slices up again. No two runs ever hold one slice: a slice is added only when no live
 * lease names it, and an addition another run made at the same moment is dropped by one of the two
 * (both may drop it, never both keep it). A lease not renewed for LEASE_TTL_MS is a dead run's:
 * its slices are free again, and `npm run cleanup` closes what that run left. All of it through
 * the interface itself.
 */
import { setTimeout as pause } from 'node:timers/promises';
import type { FleetApi } from './api.js';
import type { Config } from './config.js';
import { ACTIVE, allCustomers } from './discovery.js';
import { TransientError } from './environment.js';
import { completeAddress, contact, placesOf } from './factories/customer.js';
import { operation } from './operations.js';
import { readClosed, untilDone } from './read-back.js';
import { withReadBack } from './read-back-scope.js';
import type { Customer } from './types.generated.js';

/** How many runs may share one card pool at once: the pool is spread over this many slices. */
export const POOL_SLICES = 6;
export const LEASE_TTL_MS = 5 * 60_000;
/** How often a run says it is alive (renames its lease with the time). */
export const RENEW_MS = 60_000;
/** How often a run looks at the leases beside it to give back or take up slices. */
export const REBALANCE_MS = 5_000;
const ATTEMPTS = 8;
/** How long a new lease name waits to show in the listing before its rivals are judged. */
const VISIBLE_WAIT_MS = 20_000;
const VISIBLE_POLL_MS = 500;

export interface Lease {
  runId: string;
  pool: string;
  /** 0-based slices held; the card pool's cards are spread over POOL_SLICES by identifier (lib/pool.ts). */
  slices: number[];
  aliveAt: Date;
  accountNumber: string;
  open: boolean;
}

const stamp = (at: Date) => `${at.toISOString().slice(0, 19)}Z`;
const sorted = (slices: Iterable<number>) => [...new Set(slices)].sort((a, b) => a - b);

/** The slices in words, 1-based: `slices 1,2,5 of 6`, `slices none of 6`. */
export function slicesText(slices: readonly number[]): string {
  return `slices ${
    slices.length
      ? sorted(slices)
          .map((s) => s + 1)
          .join(',')
      : 'none'
  } of ${POOL_SLICES}`;
}

export function leaseName(runId: string, pool: string, slices: readonly number[], at: Date): string {
  return `${runId} run lease, card pool ${pool} ${slicesText(slices)}, alive ${stamp(at)}`;
}

/** Also the one-slice leases of earlier versions (`slice 3 of 6`), which hold their slice for their life. */
const NAME = /^(fcr[a-z0-9]+) run lease, card pool (\S+) slices? (none|\d+(?:,\d+)*) of (\d+), alive (\S+)$/;

/** Open: Active (id 1), read leniently; that the status has its documented shape is CUST-SHAPE's check. */
const isOpen = (customer: Customer) => Number(customer.statusIdentifier) === ACTIVE || customer.status === 'Active';

export function parseLease(customer: Customer): Lease | undefined {
  const m = NAME.exec(customer.customerName ?? '');
  if (!m || !customer.customerAccountNumber || Number(m[4]) !== POOL_SLICES) return undefined;
  const aliveAt = new Date(m[5]!);
  if (Number.isNaN(aliveAt.getTime())) return undefined;
  const slices = m[3] === 'none' ? [] : m[3]!.split(',').map((s) => Number(s) - 1);
  if (slices.some((s) => s < 0 || s >= POOL_SLICES)) return undefined;
  return {
    runId: m[1]!,
    pool: m[2]!,
    slices: sorted(slices),
    aliveAt,
    accountNumber: customer.customerAccountNumber,
    open: isOpen(customer),
  };
}

/**
 * The leases alive at `now`: open and renewed within LEASE_TTL_MS. Only the hours such a renewal
 * can fall in are searched (searchText on the name), so that the closed leases of months of runs
 * are never paged through.
 */
export async function liveLeases(
  api: FleetApi,
  fields: Config['customerListFields'],
  now = new Date()
): Promise<Lease[]> {
  const hours = [
    ...new Set([now, new Date(now.getTime() - LEASE_TTL_MS)].map((d) => `alive ${stamp(d).slice(0, 13)}:`)),
  ];
  const found = (await Promise.all(hours.map((searchText) => allCustomers(api, fields, { searchText })))).flat();
  const leases = found
    .map(parseLease)
    .filter((l): l is Lease => !!l && l.open && now.getTime() - l.aliveAt.getTime() < LEASE_TTL_MS);
  // A lease renamed across an hour shows in both searches.
  return [...new Map(leases.map((l) => [l.accountNumber, l])).values()];
}

/** A run's fair part of the pool beside `others` live runs: at least `floor`, at most `ceil` slices. */
export function fairShare(others: number): { floor: number; ceil: number } {
  const runs = others + 1;
  return { floor: Math.floor(POOL_SLICES / runs), ceil: Math.ceil(POOL_SLICES / runs) };
}

/** No lease: the slices are all held (a setting, or waiting, helps), or the server refused it (`rule`: the rule it broke). */
export class LeaseRefused extends Error {
  override name = 'LeaseRefused';
  constructor(
    message: string,
    readonly rule?: string
  ) {
    super(message);
  }
}

/** This run's lease named `name`, as the listing shows it (an answer to its creation was lost). */
async function ownLease(
  api: FleetApi,
  config: Pick<Config, 'runId' | 'customerListFields'>,
  name: string
): Promise<string | undefined> {
  const mine = (await allCustomers(api, config.customerListFields, { searchText: `${config.runId} run lease` })).find(
    (c) => c.customerName === name
  );
  return mine?.customerAccountNumber;
}

/** What the run may use of the pool now, and what it is giving back (lib/pool.ts PoolShare). */
export interface ShareKeeper {
  /** The slices the run's tests may take cards of: written before a slice is given back, after one is taken up. */
  publish(slices: readonly number[]): void;
  /** True while a test of the run holds a card of `slice` (then it is not given back yet). */
  inUse(slice: number): boolean;
}

const pick = <T>(items: T[], n: number) => [...items].sort(() => Math.random() - 0.5).slice(0, Math.max(0, n));

/** This run's lease: rebalanced and renewed while it runs, closed at the end. */
export class RunLease {
  /** Slices no longer published to the run's tests, given back once none of them holds a card of them. */
  private readonly leaving = new Set<number>();
  private renewedAt: number;

  private constructor(
    private readonly api: FleetApi,
    private readonly fields: Config['customerListFields'],
    readonly lease: Lease
  ) {
    this.renewedAt = lease.aliveAt.getTime();
  }

  /**
   * Takes every slice of the pool no live lease holds (alone: all of them; beside runs holding
   * everything: none yet, taken up as they give back). A run that finds, right after taking its
   * slices, another lease naming one of them gives its own up and tries again after a random
   * pause: of two runs that took one slice at once, the later one always sees the earlier. When
   * the answer to its creation was lost, the listing says whether the lease was made (a lease is
   * never created twice).
   */
  static async take(
    api: FleetApi,
    config: Pick<Config, 'runId' | 'poolCustomer' | 'customerListFields'>
  ): Promise<RunLease> {
    const pool = config.poolCustomer ?? 'none';
    const master = await api.getMasterData();
    const places = placesOf(master.status === 200 ? master.body : undefined);
    const othersOf = async () =>
      (await liveLeases(api, config.customerListFields)).filter((l) => l.pool === pool && l.runId !== config.runId);
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const others = await othersOf();
      if (others.length >= POOL_SLICES) {
        throw new LeaseRefused(
          `FLEET_CARD_POOL_CUSTOMER ${pool}: ${POOL_SLICES} runs in progress already share the card pool (${others.map((l) => l.runId).join(', ')}); wait for one to end, give this run a card pool of its own (FLEET_CARD_POOL_CUSTOMER), or close the leases of runs that were killed (npm run cleanup)`
        );
      }
      const held = new Set(others.flatMap((l) => l.slices));
      const slices = Array.from({ length: POOL_SLICES }, (_, i) => i).filter((i) => !held.has(i));
      const now = new Date();
      const name = leaseName(config.runId, pool, slices, now);
      let made: string | undefined;
      // A 5xx to the creation is judged (a finding of its rule); the lease it may still have made is read back by its name.
      const created = await withReadBack(
        async () => {
          made = await ownLease(api, config, name);
          return !!made;
        },
        () =>
          api.createSubCustomer({
            customerName: name,
            customerBusinessReference: `${config.runId}-lease`.slice(0, 20),
            customerContact: contact('lease'),
            customerAddress: completeAddress('Lease', places.first),
          })
      ).catch(async (e: unknown) => {
        if (!(e instanceof TransientError) || !e.write) throw e;
        const found = await ownLease(api, config, name);
        e.reconciled(!!found);
        return { status: found ? 200 : 0, body: { customerAccountNumber: found } };
      });
      if (created.status === 0) continue;
      const accountNumber = created.status === 200 ? created.body.customerAccountNumber : made;
      if (typeof accountNumber !== 'string')
        throw new LeaseRefused(
          `cannot take a lease of the card pool: POST /customers/subcustomer answered ${created.status}${created.status === 200 ? ' without a customerAccountNumber' : ''}`,
          operation('createSubCustomer').successRule
        );
      const lease = new RunLease(api, config.customerListFields, {
        runId: config.runId,
        pool,
        slices,
        aliveAt: now,
        accountNumber,
        open: true,
      });
      if (!(await lease.rivals(slices)).length) return lease;
      await lease.release();
      await pause(200 + Math.random() * 1300);
    }
    throw new LeaseRefused(
      `cannot take a lease of the card pool ${pool}: other runs took the same slices ${ATTEMPTS} times in a row; try again`
    );
  }

  /** The slices this run holds now (what its tests may use is the keeper's). */
  get slices(): number[] {
    return this.lease.slices;
  }

  /**
   * The other live leases naming one of `slices`, read once the listing shows this lease's current
   * name (a search that lags behind writes would hide a rival that took a slice just before).
   */
  private async rivals(slices: readonly number[]): Promise<Lease[]> {
    const { runId, pool } = this.lease;
    const mine = slicesText(this.lease.slices);
    for (let waited = 0; ; waited += VISIBLE_POLL_MS) {
      const live = (await liveLeases(this.api, this.fields)).filter((l) => l.pool === pool);
      const shown = live.some((l) => l.runId === runId && slicesText(l.slices) === mine);
      if (shown || waited >= VISIBLE_WAIT_MS)
        return live.filter((l) => l.runId !== runId && l.slices.some((s) => slices.includes(s)));
      await pause(VISIBLE_POLL_MS);
    }
  }

  private async rename(slices: readonly number[], now = new Date()): Promise<boolean> {
    const { runId, pool, accountNumber } = this.lease;
    const answer = await this.api
      .updateCustomerDetail(accountNumber, { customerName: leaseName(runId, pool, slices, now) })
      .catch(() => undefined);
    if (answer?.status !== 200) return false;
    this.lease.slices = sorted(slices);
    this.lease.aliveAt = now;
    this.renewedAt = now.getTime();
    return true;
  }

  /**
   * One look at the runs beside this one: gives back what is over its fair part while another run
   * holds less than its own (slices its tests hold no card of, first taken out of what they may
   * use), takes up free slices up to its fair part, and says it is alive once a minute. Never
   * throws: a refused or lost request is tried again at the next look.
   */
  async rebalance(keeper: ShareKeeper, now = new Date()): Promise<void> {
    try {
      const others = (await liveLeases(this.api, this.fields, now)).filter(
        (l) => l.pool === this.lease.pool && l.runId !== this.lease.runId
      );
      const { floor, ceil } = fairShare(others.length);
      const mine = this.lease.slices;
      const starved = others.some((l) => l.slices.length < floor);
      const keep = starved ? floor : ceil;
      if (mine.length - this.leaving.size > keep) {
        const spare = mine.filter((s) => !this.leaving.has(s));
        for (const s of [...spare.filter((x) => !keeper.inUse(x)), ...spare.filter((x) => keeper.inUse(x))].slice(
          0,
          mine.length - this.leaving.size - keep
        ))
          this.leaving.add(s);
        keeper.publish(mine.filter((s) => !this.leaving.has(s)));
      }
      const gone = [...this.leaving].filter((s) => !keeper.inUse(s));
      if (gone.length) {
        if (
          await this.rename(
            mine.filter((s) => !gone.includes(s)),
            now
          )
        )
          for (const s of gone) this.leaving.delete(s);
        return;
      }
      const held = new Set(others.flatMap((l) => l.slices));
      const free = Array.from({ length: POOL_SLICES }, (_, i) => i).filter((i) => !held.has(i) && !mine.includes(i));
      const wanted = pick(free, Math.min(free.length, ceil - mine.length));
      if (wanted.length && !this.leaving.size) {
        if (!(await this.rename([...mine, ...wanted], now))) return;
        const contested = new Set((await this.rivals(wanted)).flatMap((l) => l.slices));
        const kept = this.lease.slices.filter((s) => !wanted.includes(s) || !contested.has(s));
        // Dropped for good even when the rename is lost: the next renewal names what is kept.
        if (contested.size && !(await this.rename(kept))) this.lease.slices = kept;
        keeper.publish(kept);
        return;
      }
      if (now.getTime() - this.renewedAt >= RENEW_MS) await this.rename(this.lease.slices, now);
    } catch {
      // the next look tries again; a lease not renewed for five minutes lapses
    }
  }

  /** Says the run is alive; false when the target refused (the lease may lapse). */
  async renew(now = new Date()): Promise<boolean> {
    return this.rename(this.lease.slices, now);
  }

  async release(): Promise<void> {
    const { accountNumber, runId } = this.lease;
    await untilDone(
      async () => (await this.api.closeCustomer(accountNumber, { notes: `${runId} lease released` })).status === 200,
      async () => readClosed(await this.api.getCustomer(accountNumber))
    );
  }
}
