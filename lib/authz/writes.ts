/**
 * The matrix's write rows on one foreign resource, in order: first those its owner can undo
 * (tier 1: each tried, and undone through the owner when a faulty target served it), then those
 * that cannot be undone (tier 2: close, cancel, an order, a replacement, a PIN letter), each tried
 * only while every write before it on the resource was refused.
 */
import type { ApiResponse } from '../client.js';
import { type Judgement, refused403 } from './judges.js';
import type { ColumnId, RowId } from './matrix.js';
import type { MatrixRecorder } from './recorder.js';

/** What the resource's owner did to put it in the state the caller's own one was in, and how it puts it back. */
export interface Parity {
  note: string;
  /** After a request that was not served; says what it did when it matters. */
  restore(): Promise<string | undefined>;
}

export interface WriteRow {
  row: RowId;
  tier: 1 | 2;
  send(): Promise<ApiResponse>;
  parity?(): Promise<Parity>;
  /** Puts back what a served request changed; says what it did, or why it could not. */
  undo(response: ApiResponse): Promise<string>;
  /** How its answer is judged, when not only a 403 refuses it (a foreign customer named in the body). */
  judge?(response: ApiResponse): Judgement;
}

const isServed = (status: number) => status >= 200 && status < 300;

export const NOT_CONTROLLED = "not tried: the caller's own request was not served (see its cell)";
const AFTER_SERVED =
  'not tried: a write on it was served (see the failed cells), and what cannot be undone is tried only while every write before it was refused';

/**
 * The rows of one foreign resource (`column`, `resource`), in their order, each once its positive
 * controls are known (`matrix.served`): tried only when one of the caller's own requests of the row
 * was served. Without an owner to undo anything (no second client), every row is one that cannot
 * be undone.
 */
export async function foreignWrites(
  matrix: MatrixRecorder,
  column: ColumnId,
  resource: string | number,
  rows: WriteRow[],
  undoable = true
): Promise<void> {
  let servedBefore = false;
  for (const w of rows) {
    if (!(await matrix.served(w.row))) {
      await matrix.notRun(w.row, column, NOT_CONTROLLED, resource);
      continue;
    }
    if ((w.tier === 2 || !undoable) && servedBefore) {
      await matrix.notRun(w.row, column, AFTER_SERVED, resource);
      continue;
    }
    const parity = await w.parity?.();
    const response = await w.send();
    const served = isServed(response.status);
    const after = served ? await w.undo(response) : await parity?.restore();
    const judgement = (w.judge ?? refused403)(response);
    await matrix.judged(w.row, column, resource, response, {
      ...judgement,
      note: [judgement.note, parity?.note, after].filter(Boolean).join('; '),
    });
    servedBefore ||= served;
  }
}

/** What the owner's request to put something back did, in words. */
export async function ownerDid(what: string, request: Promise<ApiResponse>): Promise<string> {
  const response = await request.catch((e: Error) => e);
  if (response instanceof Error) return `${what} failed: ${response.message.split('\n')[0]}`;
  return isServed(response.status)
    ? `${what} (${response.status})`
    : `${what} was refused (${response.status}): it stays changed`;
}

/** Waits for both, so that neither is left running when the other fails; then throws the first failure. */
export async function settledBoth(a: Promise<unknown>, b: Promise<unknown>): Promise<void> {
  for (const result of await Promise.allSettled([a, b])) if (result.status === 'rejected') throw result.reason;
}
