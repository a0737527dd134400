/**
 * How many requests each writing phase may send under FLEET_WRITE_BUDGET, decided before the
 * first phase: every write operation is measured with the samples the budget allows, at the
 * configured rate for a shorter time, instead of the first phases spending the budget and the
 * others going unmeasured. What stays on the target:
 *  - customers: create-subcustomer creates one per request; close-customer, update-customer and
 *    the block/unblock pair use the customers it created (more are created only when missing);
 *  - cards: order-cards orders one per request; cancel-card and replace-card consume one card each
 *    (FLEET_PERF_CARDS first, then the cards the run ordered: order-cards' orders feed them), and
 *    replace-card makes one replacement each; each may spend one card more on a try of a card
 *    whose order is not complete.
 * A phase is capped at the largest n (at most warm-up + rate × duration) whose cost fits.
 */
import type { Budget } from '../../lib/budget.js';
import type { LatencyKey } from '../../lib/operations.js';

export interface WritePlan {
  /** Slots (warm-up included) a writing phase may fill; absent: no cap. */
  caps: Partial<Record<LatencyKey, number>>;
  /** Why a capped phase runs fewer slots than the others. */
  why: Partial<Record<LatencyKey, string>>;
}

/** The plan for `perOp` slots per operation of `selected`, with `consumable` cards named by FLEET_PERF_CARDS. */
export function writePlan(
  budget: Budget,
  perOp: number,
  selected: ReadonlySet<LatencyKey>,
  consumable: number
): WritePlan {
  const plan: WritePlan = { caps: {}, why: {} };
  const cap = (op: LatencyKey, n: number, why: string) => {
    if (!selected.has(op) || n >= perOp) return;
    plan.caps[op] = n;
    plan.why[op] = why;
  };

  const customers = budget.customers;
  if (customers !== undefined) {
    const n = Math.min(perOp, customers);
    cap('create-subcustomer', n, `FLEET_WRITE_BUDGET customers=${customers} allows ${n} creations`);
    cap('close-customer', n, `FLEET_WRITE_BUDGET customers=${customers} allows ${n} customers to close`);
  }

  const cards = budget.cards;
  if (cards !== undefined) {
    const [order, cancel, replace] = (['order-cards', 'cancel-card', 'replace-card'] as const).map((op) =>
      selected.has(op)
    );
    // A consuming phase may spend one card more on a try of a card whose order is not complete yet.
    const ordered = (n: number) => Math.max(order ? n : 0, (cancel ? n + 1 : 0) + (replace ? n + 1 : 0) - consumable);
    // A replacement for each request, and for the try.
    const cost = (n: number) => ordered(n) + (replace ? n + 1 : 0);
    let n = perOp;
    while (n > 0 && cost(n) > cards) n -= 1;
    const spent = `${ordered(n)} cards ordered${replace ? ` and ${n + 1} replacements` : ''}`;
    cap(
      'order-cards',
      Math.min(perOp, ordered(n)),
      `FLEET_WRITE_BUDGET cards=${cards}: ${spent}${cancel || replace ? ', the orders feeding cancel-card and replace-card' : ''}`
    );
    cap('cancel-card', n, `FLEET_WRITE_BUDGET cards=${cards}: ${spent}`);
    cap('replace-card', n, `FLEET_WRITE_BUDGET cards=${cards}: ${spent}`);
  }
  return plan;
}
