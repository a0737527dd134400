/**
 * The card pool (FLEET_CARD_POOL_CUSTOMER, one customer or several): the Active cards the suite may
 * block, unblock, cancel and replace. A run uses only its slice of the pool (lib/run-lease.ts: runs at once never share a
 * card), and within the run a card is claimed by one test at a time, whichever worker runs it: a
 * claim is a file in the run's folder created exclusively, removed when the card is put back
 * Active, kept when the test used the card up (cancelled, replaced, left blocked).
 */
import { closeSync, mkdirSync, openSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Card } from './types.generated.js';

/** A card of the run's slice of the pool, with the pool customer that holds it. */
export interface PoolCard {
  card: Card;
  owner: string;
}

export interface PoolSlice {
  /** 0-based */
  index: number;
  count: number;
}

export const WHOLE_POOL: PoolSlice = { index: 0, count: 1 };

/** FNV-1a over the decimal digits: spreads identifiers over the slices whatever their step. */
export function sliceOf(cardIdentifier: number, count: number): number {
  let hash = 0x811c9dc5;
  for (const ch of String(cardIdentifier)) hash = Math.imul(hash ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return hash % count;
}

export function inSlice(cardIdentifier: number, slice: PoolSlice): boolean {
  return sliceOf(cardIdentifier, slice.count) === slice.index;
}

/** The claims of one run (a folder of its own); every worker of the run shares it. */
export class PoolClaims {
  constructor(private readonly dir: string) {}

  /** True when this caller now holds `cardIdentifier` and no one else of the run does. */
  claim(cardIdentifier: number): boolean {
    mkdirSync(this.dir, { recursive: true });
    try {
      closeSync(openSync(join(this.dir, `${cardIdentifier}.claim`), 'wx'));
      return true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw e;
    }
  }

  release(cardIdentifier: number): void {
    rmSync(join(this.dir, `${cardIdentifier}.claim`), { force: true });
  }

  /** The claim stays for good: the card is no longer Active (cancelled, replaced, left blocked). */
  usedUp(cardIdentifier: number): void {
    closeSync(openSync(join(this.dir, `${cardIdentifier}.used`), 'w'));
  }

  private used(): Set<number> {
    try {
      return new Set(readdirSync(this.dir).filter((f) => f.endsWith('.used')).map((f) => Number(f.slice(0, -5))));
    } catch {
      return new Set();
    }
  }

  /** Cards claimed now: held by a test, or used up. */
  held(): number[] {
    try {
      return readdirSync(this.dir).filter((f) => f.endsWith('.claim')).map((f) => Number(f.slice(0, -6)));
    } catch {
      return [];
    }
  }

  /**
   * The first of `cards` (Active when discovered) that no one of the run holds, waiting up to
   * `waitMs` for a held one to be put back; undefined when none comes or every one is used up.
   */
  async take(cards: readonly Card[], waitMs: number, pollMs = 250): Promise<Card | undefined> {
    const until = Date.now() + waitMs;
    for (;;) {
      const card = cards.find((c) => this.claim(c.cardIdentifier!));
      if (card) return card;
      const used = this.used();
      if (Date.now() >= until || cards.every((c) => used.has(c.cardIdentifier!))) return undefined;
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }
}
