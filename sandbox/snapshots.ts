/**
 * The snapshot-cursor variant: a list or search pages over a snapshot. Its first page freezes the
 * ordered result (the keys of what it selected, and how many); a cursor points into that snapshot,
 * so pages never repeat or skip while others write, and filters sent together with a cursor are
 * ignored. The records are read as they are when a page is asked for.
 */
import { randomUUID } from 'node:crypto';
import type { Caller } from './context.js';
import { ApiError } from './errors.js';
import { cursorReader, decodeCursor, encodeCursor } from './route-kit.js';
import type { Variants } from './variants.js';

/** Snapshots a sandbox keeps: the oldest are forgotten (their cursors are then refused). */
const KEPT = 5_000;

export interface Snapshot<K> {
  keys: K[];
  /** The page size of the first page: the pages after it keep it unless they ask for another. */
  limit: number;
  /** The top-level account of the client it was taken for. */
  tl: string;
  /** What the first page answered beside the items (a card search's customerAccountNumber). */
  scope?: string;
}

interface SnapshotCursor {
  v: 1;
  s: string;
  at: number;
  tl: string;
}

function isSnapshotCursor(value: unknown): value is SnapshotCursor {
  const c = value as SnapshotCursor;
  return (
    !!c &&
    typeof c === 'object' &&
    c.v === 1 &&
    typeof c.s === 'string' &&
    Number.isInteger(c.at) &&
    c.at >= 0 &&
    typeof c.tl === 'string'
  );
}

export interface SnapshotPage<K> {
  snapshot: Snapshot<K>;
  keys: K[];
  hasNextPage: boolean;
  nextCursor?: string;
}

export class Snapshots<K> {
  private readonly kept = new Map<string, Snapshot<K>>();

  /** The first page of a fresh snapshot of `keys`. */
  first(snapshot: Snapshot<K>): SnapshotPage<K> {
    const id = randomUUID();
    this.kept.set(id, snapshot);
    if (this.kept.size > KEPT) this.kept.delete(this.kept.keys().next().value!);
    return this.page(id, snapshot, 0, snapshot.limit);
  }

  /**
   * The snapshot a cursor points into, and where. A cursor of a forgotten snapshot is refused; so
   * is one sent by another client than the one it was issued to (or, by the variants of that
   * choice, it leads to an empty page): a snapshot holds one client's result only.
   */
  open(
    cursor: string,
    caller: Caller,
    variants: Variants,
    refusal: () => ApiError
  ): { id: string; snapshot: Snapshot<K>; at: number; empty: boolean } {
    const c = decodeCursor(cursor, isSnapshotCursor);
    const snapshot = this.kept.get(c.s);
    if (!snapshot || snapshot.tl !== c.tl) throw ApiError.badRequest('cursor has expired');
    const { empty } = cursorReader(caller, c.tl, false, variants, refusal);
    if (c.tl !== caller.topLevel && !empty) throw refusal();
    return { id: c.s, snapshot, at: c.at, empty };
  }

  page(id: string, snapshot: Snapshot<K>, at: number, limit: number): SnapshotPage<K> {
    const keys = snapshot.keys.slice(at, at + limit);
    const hasNextPage = at + limit < snapshot.keys.length;
    return {
      snapshot,
      keys,
      hasNextPage,
      ...(hasNextPage
        ? { nextCursor: encodeCursor({ v: 1, s: id, at: at + limit, tl: snapshot.tl } satisfies SnapshotCursor) }
        : {}),
    };
  }
}
