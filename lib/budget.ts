/**
 * The write budget (FLEET_WRITE_BUDGET): how much a run may leave behind on a shared test
 * environment, where sub-customers cannot be deleted (only closed), ordered cards stay, and pool
 * cards cancelled or replaced are used up. Checked twice: before the run starts writing, from the
 * footprint profile of the tests it would run (specs/footprint.json, measured on the sandbox), and
 * while it runs, by the client, which refuses a write over the budget (the test is blocked).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Footprint } from './footprint.js';
import { appendRecords, readRecords } from './jsonl.js';
import type { OperationId } from './operations.js';

/** What a budget counts: what stays on the target. */
export const BUDGET_KINDS = ['customers', 'cards', 'poolCards'] as const;
export type BudgetKind = (typeof BUDGET_KINDS)[number];
export type Budget = Partial<Record<BudgetKind, number>>;

export const BUDGET_WORDS: Record<BudgetKind, string> = {
  customers: 'sub-customers created',
  cards: 'cards created (ordered or replacements)',
  poolCards: 'pool cards used up (cancelled or replaced)',
};

/**
 * A test environment's default, for one run (all shards of a night together): room for the
 * default run at its largest (60 fast-check runs against a quick target: about 260 sub-customers,
 * 50 cards, 30 pool cards by specs/footprint.json), with a margin for the random parts.
 */
export const REMOTE_DEFAULT: Budget = { customers: 350, cards: 80, poolCards: 60 };

export function spentOf(footprint: Pick<Footprint, 'writes'>): Record<BudgetKind, number> {
  const w = footprint.writes;
  return {
    customers: w.customersCreated,
    cards: w.cardsOrdered + w.cardsReplaced,
    poolCards: w.cardsCancelled + w.cardsReplaced,
  };
}

/** What one accepted request of `operationId` with `body` would add, before it is sent. */
export function costOf(operationId: OperationId, body: unknown): Record<BudgetKind, number> {
  const cards = (body as { cards?: unknown } | undefined)?.cards;
  return {
    customers: operationId === 'createSubCustomer' ? 1 : 0,
    cards:
      operationId === 'orderCards' ? (Array.isArray(cards) ? cards.length : 1) : operationId === 'replaceCard' ? 1 : 0,
    poolCards: operationId === 'cancelCard' || operationId === 'replaceCard' ? 1 : 0,
  };
}

/** The first kind `spent` + `more` would take over `budget`, with the numbers, or undefined. */
export function overBudget(
  budget: Budget,
  spent: Record<BudgetKind, number>,
  more?: Record<BudgetKind, number>
): { kind: BudgetKind; total: number; limit: number } | undefined {
  for (const kind of BUDGET_KINDS) {
    const limit = budget[kind];
    const total = spent[kind] + (more?.[kind] ?? 0);
    if (limit !== undefined && total > limit) return { kind, total, limit };
  }
  return undefined;
}

export function budgetText(budget: Budget): string {
  return BUDGET_KINDS.filter((k) => budget[k] !== undefined)
    .map((k) => `${k}=${budget[k]}`)
    .join(',');
}

/**
 * What the run's workers spent so far, shared through one append-only file per worker in the
 * run's folder: each accepted write appends one line, and a reader sums whole lines only, so that
 * no reader ever sees a half-written record (a line still being written has no newline yet).
 * Workers writing at the same moment may pass the budget by one write each; the check before the
 * run keeps that margin unused.
 */
export class BudgetGuard {
  constructor(
    readonly budget: Budget,
    private readonly dir: string,
    private readonly worker: string
  ) {}

  /** Why a request may not be sent, or undefined when it fits the budget. */
  refusal(operationId: OperationId, body: unknown): string | undefined {
    const cost = costOf(operationId, body);
    if (!BUDGET_KINDS.some((k) => cost[k])) return undefined;
    const over = overBudget(this.budget, spentIn(this.dir), cost);
    return over
      ? `FLEET_WRITE_BUDGET ${budgetText(this.budget)}: this would make ${over.total} ${BUDGET_WORDS[over.kind]}, over ${over.limit}`
      : undefined;
  }

  /** Counts an accepted write. */
  spend(operationId: OperationId, body: unknown): void {
    const cost = costOf(operationId, body);
    if (!BUDGET_KINDS.some((k) => cost[k])) return;
    appendRecords(join(this.dir, `budget-${this.worker}.jsonl`), [cost]);
  }
}

/** The sum of every whole record the run's workers appended to `dir`. */
export function spentIn(dir: string): Record<BudgetKind, number> {
  const total: Record<BudgetKind, number> = { customers: 0, cards: 0, poolCards: 0 };
  if (!existsSync(dir)) return total;
  for (const file of readdirSync(dir).filter((f) => f.startsWith('budget-') && f.endsWith('.jsonl'))) {
    for (const cost of readRecords<Record<BudgetKind, number>>(join(dir, file))) {
      for (const kind of BUDGET_KINDS) total[kind] += cost[kind] ?? 0;
    }
  }
  return total;
}

/** What each test left on the sandbox, measured with `fcRuns` fast-check runs (specs/footprint.json, npm run footprint:profile). */
export interface FootprintProfile {
  fcRuns: number;
  tests: Record<string, Record<BudgetKind, number> & { fastCheck?: true }>;
}

/**
 * What running the tests `keys` would leave behind: each test's measured footprint, fast-check
 * tests scaled to `fcRuns`, a writing test the profile does not know as its largest entry.
 */
export function estimate(
  profile: FootprintProfile,
  keys: { key: string; writes: boolean }[],
  fcRuns: number
): { total: Record<BudgetKind, number>; unknown: number } {
  const total: Record<BudgetKind, number> = { customers: 0, cards: 0, poolCards: 0 };
  const entries = Object.values(profile.tests);
  const largest = Object.fromEntries(BUDGET_KINDS.map((k) => [k, Math.max(0, ...entries.map((e) => e[k]))])) as Record<
    BudgetKind,
    number
  >;
  let unknown = 0;
  for (const { key, writes } of keys) {
    const entry = profile.tests[key];
    if (!entry && writes) unknown += 1;
    const spent = entry ?? (writes ? largest : undefined);
    if (!spent) continue;
    const scale = entry?.fastCheck ? fcRuns / profile.fcRuns : 1;
    for (const kind of BUDGET_KINDS) total[kind] += Math.ceil(spent[kind] * scale);
  }
  return { total, unknown };
}

/**
 * What one shard of a run may spend: FLEET_WRITE_BUDGET covers the whole run, all its shards
 * together, so each shard takes the share of every kind that its own tests are estimated to
 * spend (rounded up), the margin of the budget over the estimate spread the same way.
 */
export function shardShare(
  budget: Budget,
  whole: Record<BudgetKind, number>,
  shard: Record<BudgetKind, number>
): Budget {
  const share: Budget = {};
  for (const kind of BUDGET_KINDS) {
    const limit = budget[kind];
    if (limit === undefined) continue;
    share[kind] = whole[kind] > 0 ? Math.ceil((limit * shard[kind]) / whole[kind]) : 0;
  }
  return share;
}
