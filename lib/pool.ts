/**
 * The card pool (FLEET_CARD_POOL_CUSTOMER, one customer or several): the Active cards the suite may
 * block, unblock, cancel and replace. A run uses only the slices of the pool its lease holds now
 * (lib/run-lease.ts: runs at once never share a card; the share grows and shrinks as runs come and
 * go), and within the run a card is claimed by one test at a time, whichever worker runs it: a
 * claim is a file in the run's folder created exclusively, removed when the card is put back
 * Active, kept when the test used the card up (cancelled, replaced, left blocked).
 */
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { POOL_SLICES, type ShareKeeper, slicesText } from './run-lease.js';
import type { Card } from './types.generated.js';

/** A card of the pool, with the pool customer that holds it. */
export interface PoolCard {
  card: Card;
  owner: string;
}

/** The pool's Active cards; the pool customers whose card search could not be shown to be theirs (leftOutSome), whose cards are written to never. */
export interface PoolFound {
  cards: PoolCard[];
  unproven: string[];
}

/** FNV-1a over the decimal digits: spreads identifiers over the slices whatever their step. */
export function sliceOf(cardIdentifier: number, count = POOL_SLICES): number {
  let hash = 0x811c9dc5;
  for (const ch of String(cardIdentifier)) hash = Math.imul(hash ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return hash % count;
}

interface ShareFile {
  slices: number[];
  of: number;
  blockedBy?: { rule?: string; reason: string };
}

/**
 * The slices of the pool the run's tests may use now, in a file of the run's folder: written by
 * npm run conformance as its lease grows and shrinks, read by every test before and after it
 * claims a card. No file: the whole pool (a run without a lease: the sandbox, a bare Playwright run).
 */
export class PoolShare {
  constructor(readonly file: string) {}

  private read(): ShareFile | undefined {
    try {
      return JSON.parse(readFileSync(this.file, 'utf8')) as ShareFile;
    } catch {
      return undefined;
    }
  }

  /** The slices usable now; undefined: the whole pool. */
  slices(): ReadonlySet<number> | undefined {
    const file = this.read();
    return file && new Set(file.slices);
  }

  /** Why the run has no share at all: the rule the server broke when the run took its lease. */
  blocker(): { rule?: string; reason: string } | undefined {
    return this.read()?.blockedBy;
  }

  /** Whole or not at all: a test never reads half a share. */
  write(slices: readonly number[], blockedBy?: ShareFile['blockedBy']): void {
    mkdirSync(dirname(this.file), { recursive: true });
    writeFileSync(
      `${this.file}.tmp`,
      JSON.stringify({ slices: [...slices], of: POOL_SLICES, ...(blockedBy ? { blockedBy } : {}) } satisfies ShareFile)
    );
    renameSync(`${this.file}.tmp`, this.file);
  }

  /** The share in words, for a test that found no card free in it. */
  describe(cards: readonly Card[], claims: PoolClaims): string {
    const slices = this.slices();
    const mine = cards.filter((c) => this.allows(c.cardIdentifier!));
    const held = new Set(claims.held());
    const inHand = new Set(claims.inHand());
    const where = slices ? `this run's share now, ${slicesText([...slices])}` : 'the whole pool';
    return `${where}: ${mine.length} of ${cards.length} Active cards, ${mine.filter((c) => inHand.has(c.cardIdentifier!)).length} held by its other tests, ${mine.filter((c) => held.has(c.cardIdentifier!) && !inHand.has(c.cardIdentifier!)).length} used up`;
  }

  allows(cardIdentifier: number): boolean {
    const slices = this.slices();
    return !slices || slices.has(sliceOf(cardIdentifier));
  }
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

  private files(suffix: string): number[] {
    try {
      return readdirSync(this.dir)
        .filter((f) => f.endsWith(suffix))
        .map((f) => Number(f.slice(0, -suffix.length)));
    } catch {
      return [];
    }
  }

  /** Cards claimed now: held by a test, or used up. */
  held(): number[] {
    return this.files('.claim');
  }

  /** Cards a test holds right now (used-up cards are no longer Active: no other run can take them). */
  inHand(): number[] {
    const used = new Set(this.files('.used'));
    return this.held().filter((id) => !used.has(id));
  }

  /**
   * The first of `cards` (Active when discovered) in the run's share that no one of the run holds,
   * waiting until `deadline` (epoch ms) for one to be put back or for the share to grow; undefined
   * when none comes or every one is used up. A card claimed while its slice was being given back
   * is let go again (the share is read after the claim too). `usable` reads a claimed card as it is
   * now: one it rejects (no longer Active) is left alone and stays claimed, as used up.
   */
  async take(
    cards: readonly Card[],
    deadline: number,
    share?: PoolShare,
    usable?: (card: Card) => Promise<Card | undefined>,
    pollMs = 250
  ): Promise<Card | undefined> {
    for (;;) {
      for (const card of cards) {
        const id = card.cardIdentifier!;
        if (share && !share.allows(id)) continue;
        if (!this.claim(id)) continue;
        if (share && !share.allows(id)) {
          this.release(id);
          continue;
        }
        if (!usable) return card;
        const now = await usable(card).catch((e: unknown) => {
          this.release(id);
          throw e;
        });
        if (now) return now;
        this.usedUp(id);
      }
      const used = new Set(this.files('.used'));
      if (Date.now() >= deadline || cards.every((c) => used.has(c.cardIdentifier!))) return undefined;
      await sleep(pollMs);
    }
  }
}

/** What the run's lease needs of its tests' claims and share (lib/run-lease.ts). */
export function shareKeeper(share: PoolShare, claims: PoolClaims): ShareKeeper {
  return {
    publish: (slices) => share.write(slices),
    inUse: (slice) => claims.inHand().some((id) => sliceOf(id) === slice),
  };
}

/** The files of the run's pool in its folder: the share its lease publishes and the claims of its tests. */
export function poolFiles(runDir: string, project = 'conformance'): { share: PoolShare; claims: PoolClaims } {
  return {
    share: new PoolShare(join(runDir, 'pool-share.json')),
    claims: new PoolClaims(join(runDir, `pool-${project.replace(/\W+/g, '-')}`)),
  };
}
