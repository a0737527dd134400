/**
 * The cards cancel-card and replace-card consume, one per request: those FLEET_PERF_CARDS names,
 * then cards this run ordered itself, but only where card orders show up at once. The document
 * says completing an order takes up to 24 to 36 hours, so a target whose orders do not show up
 * within FLEET_PERF_ORDER_WAIT seconds is legitimate: the operation is then not measured, and the
 * run has ordered one card to find out (none when the order-cards phase ordered), not a phase's worth.
 *
 * A card counts as this run's only when card search finds it by the order's reference AND it shows
 * the run's tag as additionalEmbossing: a search that ignored the filter hands over no one else's card.
 * A card that shows up with another status than Active (an order not yet complete) is tried once
 * with the operation before it is measured on: a target may refuse such cards until the order completes.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { BudgetKind } from '../../lib/budget.js';
import type { Config } from '../../lib/config.js';
import { ACTIVE } from '../../lib/discovery.js';
import type { LatencyKey } from '../../lib/operations.js';
import type { Card, CardList, CardOrderItem } from '../../lib/types.generated.js';
import { inBatches, NotMeasurable, operationOf, type SetupApi, SetupError } from '../setup-api.js';

export type ConsumingKey = Extract<LatencyKey, 'cancel-card' | 'replace-card'>;

/** What the consumable cards need of the run's resources (resources.ts), which hold them. */
export interface CardSupplier {
  readonly api: SetupApi;
  readonly config: Config;
  readonly runTag: string;
  readonly setupConcurrency: number;
  readonly orderReferences: string[];
  readonly poolCustomer: string;
  readonly log: (line: string) => void;
  afford(cost: Partial<Record<BudgetKind, number>>, what: string): void;
  orderItem(): Promise<CardOrderItem>;
}

interface Consumable {
  cardIdentifier: number;
  /** Ordered by this run (otherwise named by FLEET_PERF_CARDS). */
  ordered: boolean;
  status?: Card['status'];
}

/** Cards per order the run places for itself. */
const ORDER_SIZE = 25;
const POLL_MS = 500;

const pending = (c: Consumable) => c.ordered && c.status?.id !== ACTIVE;

export class ConsumableCards {
  private readonly cards: Consumable[];
  /** Orders of the order-cards phase whose cards were not looked for yet. */
  private readonly adopted: string[] = [];
  /** The first order of the order-cards phase: watched instead of ordering a card to see whether orders show up. */
  private firstAdopted?: string;
  /** Why orders cannot feed the consuming operations (undefined: they show up at once). */
  private showUp?: Promise<string | undefined>;
  /** Per operation: why it refuses cards whose order is not complete (undefined: it accepts them). */
  private readonly refusals = new Map<ConsumingKey, string | undefined>();

  constructor(private readonly resources: CardSupplier) {
    this.cards = resources.config.perf.consumableCards.map((cardIdentifier) => ({ cardIdentifier, ordered: false }));
  }

  /** An order of the measured order-cards phase: its card may be consumed once it shows up. */
  adopt(orderReference: string): void {
    this.adopted.push(orderReference);
  }

  /**
   * Up to `count` cards `op` may consume, with the reason when there are fewer. Not measurable
   * (NotMeasurable) when no more than `minimum` (the warm-up) can be had. `body` is what `op` sends.
   */
  async take(
    op: ConsumingKey,
    count: number,
    minimum: number,
    body: object
  ): Promise<{ cards: number[]; why?: string }> {
    let why: string | undefined;
    // One card more than the slots while one whose order is not complete may be spent on a try first.
    const short = () => this.cards.length < count + (this.cards.some(pending) && !this.refusals.has(op) ? 1 : 0);
    if (short()) {
      this.firstAdopted ??= this.adopted[0];
      await this.find(new Map(this.adopted.splice(0).map((ref) => [ref, 1])), 0);
    }
    if (short())
      why = await this.order(op, count + 1, op === 'replace-card' ? count : 0).then(() => undefined, notMeasurable);
    const refused = await this.tryPending(op, body);
    why ??= refused;
    const usable = this.cards.filter((c) => !(refused && pending(c))).slice(0, count);
    if (usable.length <= minimum) {
      throw new NotMeasurable(
        usable.length
          ? `only ${usable.length} card(s) ${op} may consume, no more than the ${minimum} warm-up request(s)${why ? `: ${why}` : ''}`
          : (why ?? `no card ${op} may consume (FLEET_PERF_CARDS names none)`)
      );
    }
    if (op === 'replace-card')
      this.resources.afford({ cards: usable.length }, `replace-card: ${usable.length} replacements`);
    for (const card of usable) this.cards.splice(this.cards.indexOf(card), 1);
    return {
      cards: usable.map((c) => c.cardIdentifier),
      ...(usable.length < count ? { why: why ?? `only ${usable.length} cards` } : {}),
    };
  }

  /** Orders cards until `wanted` are at hand, where orders show up at once; `also` more cards the phase will create (replacements). */
  private async order(op: ConsumingKey, wanted: number, also: number): Promise<void> {
    const missing = wanted - this.cards.length;
    this.resources.afford(
      { cards: missing + also },
      `${op}: ordering ${missing} card(s) to consume${also ? ` and making ${also} replacements` : ''}`
    );
    this.showUp ??= this.probe();
    const notShown = await this.showUp;
    if (notShown) throw new NotMeasurable(notShown);
    const more = wanted - this.cards.length;
    if (more <= 0) return;
    this.resources.log(`  setup: ordering ${more} cards for ${op} to consume`);
    const orders = await this.place(more);
    await this.find(orders, this.resources.config.perf.orderWaitSeconds);
    if (this.cards.length < wanted)
      throw new NotMeasurable(
        `of ${more} cards ordered, ${more - (wanted - this.cards.length)} showed up in card search within ${this.resources.config.perf.orderWaitSeconds} s`
      );
  }

  /** Whether orders show up at once: an order of one card (the order-cards phase's first, or a new one), looked for within the wait. */
  private async probe(): Promise<string | undefined> {
    if (this.cards.some((c) => c.ordered)) return undefined;
    const wait = this.resources.config.perf.orderWaitSeconds;
    const orders = this.firstAdopted ? new Map([[this.firstAdopted, 1]]) : await this.place(1);
    await this.find(orders, wait);
    if (this.cards.some((c) => c.ordered)) return undefined;
    return (
      `cards this run orders do not show up at once: order ${[...orders.keys()][0]} (1 card) was not in card search after ${wait} s ` +
      '(completing an order takes up to 24 to 36 hours, the document says); FLEET_PERF_CARDS can name cards to consume'
    );
  }

  /** Places orders of `count` cards for the pool customer; their references with their card counts. */
  private async place(count: number): Promise<Map<string, number>> {
    const r = this.resources;
    const sizes = Array.from({ length: Math.ceil(count / ORDER_SIZE) }, (_, i) =>
      Math.min(ORDER_SIZE, count - i * ORDER_SIZE)
    );
    const orders = new Map<string, number>();
    await inBatches(sizes, r.setupConcurrency, async (size) => {
      const cards = await Promise.all(Array.from({ length: size }, () => r.orderItem()));
      const body = await r.api.must<{ orderReference?: string }>('orderCards', {
        body: { customerAccountNumber: r.poolCustomer, cards },
      });
      if (!body.orderReference) throw new SetupError('setup: an accepted card order answered without orderReference');
      r.orderReferences.push(body.orderReference);
      orders.set(body.orderReference, size);
    });
    return orders;
  }

  /** Adds the cards of `orders` that card search shows, polling until each order shows all its cards or `seconds` pass. */
  private async find(orders: Map<string, number>, seconds: number): Promise<void> {
    const r = this.resources;
    const tag = r.runTag.toUpperCase().slice(0, 20);
    const known = new Set(this.cards.map((c) => c.cardIdentifier));
    const deadline = Date.now() + seconds * 1000;
    let open = [...orders.keys()];
    while (open.length) {
      const still: string[] = [];
      await inBatches(open, r.setupConcurrency, async (orderReference) => {
        const body = await r.api.must<CardList>('cardSearch', {
          body: { customerAccountNumber: r.poolCustomer, orderReference, limit: 100 },
        });
        const mine = (body.cards ?? []).filter(
          (c) => typeof c.cardIdentifier === 'number' && c.additionalEmbossing === tag
        );
        for (const card of mine.filter((c) => !known.has(c.cardIdentifier!))) {
          known.add(card.cardIdentifier!);
          this.cards.push({
            cardIdentifier: card.cardIdentifier!,
            ordered: true,
            ...(card.status ? { status: card.status } : {}),
          });
        }
        if (mine.length < orders.get(orderReference)!) still.push(orderReference);
      });
      open = still;
      if (Date.now() + POLL_MS > deadline) break;
      if (open.length) await sleep(POLL_MS);
    }
  }

  /** Tries `op` once on a card whose order is not complete; why it refused, or undefined when it accepted. */
  private async tryPending(op: ConsumingKey, body: object): Promise<string | undefined> {
    if (this.refusals.has(op)) return this.refusals.get(op);
    const card = this.cards.find(pending);
    if (!card) return undefined;
    this.cards.splice(this.cards.indexOf(card), 1);
    const answer = await this.resources.api.call(operationOf(op), {
      params: { cardIdentifier: card.cardIdentifier },
      body,
    });
    const shown = card.status?.name ?? `status ${card.status?.id ?? 'not shown'}`;
    if (answer.status >= 500)
      throw new SetupError(
        `setup: ${op} of card ${card.cardIdentifier} (ordered by this run, ${shown}) answered ${answer.status}`,
        answer.status
      );
    const why =
      answer.status >= 200 && answer.status <= 299
        ? undefined
        : `cards this run ordered show up as ${shown}, and ${op} refused one (${answer.status}): they may be usable once the order completes (up to 24 to 36 hours, the document says); FLEET_PERF_CARDS can name cards to consume`;
    this.refusals.set(op, why);
    return why;
  }
}

/** The reason of a NotMeasurable; anything else is rethrown. */
function notMeasurable(e: unknown): string {
  if (e instanceof NotMeasurable) return e.message;
  throw e;
}
