/**
 * What a latency scenario is: the operations one load phase sends (one, or a pair such as card
 * block + unblock that keep each other's state balanced), what it prepares beforehand (unmeasured),
 * the request of each operation's n-th slot, and what it tidies afterwards.
 */
import type { Config } from '../../lib/config.js';
import type { LatencyKey } from '../../lib/operations.js';
import type { Outcome, PlannedRequest } from '../measure.js';
import { NotMeasurable, type SetupApi } from '../setup-api.js';
import type { Resources } from './resources.js';
import type { WritePlan } from './write-plan.js';

export interface PhaseContext {
  config: Config;
  api: SetupApi;
  resources: Resources;
  /** Arrivals per second of each operation of the phase. */
  rate: number;
  /** Measured seconds per operation. */
  duration: number;
  /** Uncounted warm-up requests per operation, sent first on the same schedule. */
  warmup: number;
  /** Parallel setup requests (gentle off loopback). */
  setupConcurrency: number;
  /** What FLEET_WRITE_BUDGET lets each writing phase send. */
  plan: WritePlan;
  log: (line: string) => void;
}

/** A request of one slot; the driver adds the operation and whether it counts. */
export type SlotRequest = Omit<PlannedRequest, 'op' | 'counted'>;

export interface Scenario {
  /** File-level name (for messages). */
  name: string;
  /** Operations sent by this phase; slot s sends operations[s % operations.length]. */
  operations: readonly LatencyKey[];
  /** Unmeasured preparation (find or create what the slots will use). */
  prepare?(ctx: PhaseContext): Promise<void>;
  /** The request of `op`'s n-th slot (0-based), or undefined when nothing may be sent now. */
  request(op: LatencyKey, n: number): SlotRequest | undefined;
  /** Unmeasured tidy-up after the phase (always runs, also after Ctrl-C). */
  cleanup?(ctx: PhaseContext): Promise<void>;
  /** Extra words for an operation's `note` (e.g. starved slots and why). */
  notes?(op: LatencyKey): string[];
  /**
   * How many slots a phase that uses up a resource per request can fill (one card each), when
   * fewer than warm-up + rate × duration: the phase then runs shorter instead of starving slots.
   */
  supply?(): number;
}

/** Slots needed per operation: warm-up plus rate × duration. */
export function slotsPerOperation(ctx: Pick<PhaseContext, 'rate' | 'duration' | 'warmup'>): number {
  return ctx.warmup + Math.round(ctx.rate * ctx.duration);
}

/**
 * The slots writing operation `op` may fill under the write budget (its plan), with why when fewer
 * than the others; not measurable when no more than the warm-up would be left.
 */
export function budgetedSlots(
  ctx: Pick<PhaseContext, 'rate' | 'duration' | 'warmup' | 'plan'>,
  op: LatencyKey
): { slots: number; why?: string } {
  const slots = slotsPerOperation(ctx);
  const cap = ctx.plan.caps[op];
  if (cap === undefined || cap >= slots) return { slots };
  const why = ctx.plan.why[op]!;
  if (cap <= ctx.warmup) throw new NotMeasurable(`${why}: no more than the ${ctx.warmup} warm-up request(s)`);
  return { slots: cap, why: `measured on ${cap - ctx.warmup} requests, not ${slots - ctx.warmup}: ${why}` };
}

export function isSuccess(outcome: Outcome): outcome is { status: number; body: string } {
  return 'status' in outcome && outcome.status >= 200 && outcome.status <= 299;
}

export function parseBody(outcome: Outcome): unknown {
  if (!('body' in outcome) || !outcome.body) return undefined;
  try {
    return JSON.parse(outcome.body);
  } catch {
    return undefined;
  }
}
