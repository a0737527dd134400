/**
 * What the scenarios share and learn through the interface (never through a back door): master
 * data, the card pool's Active cards, the customers the run created, the cards it may consume,
 * and a registry of everything it changed, so that the final tidy-up puts it back.
 *
 * Ownership rules (a load run must not damage a shared environment):
 *  - seeded/pre-existing customers are only read;
 *  - pool cards are only read, reprinted, or blocked and then unblocked again (each block is
 *    registered until its unblock succeeds; the tidy-up unblocks whatever is still blocked);
 *  - customers are updated, blocked, unblocked and closed only when this run created them;
 *  - cards are cancelled or replaced only when this run ordered them, or when FLEET_PERF_CARDS
 *    lists them as consumable (consumable-cards.ts);
 *  - nothing is created past FLEET_WRITE_BUDGET (`afford`): the phase that would is not measured.
 */
import { BUDGET_WORDS, type BudgetKind, budgetText, overBudget } from '../../lib/budget.js';
import type { Config } from '../../lib/config.js';
import { ACTIVE } from '../../lib/discovery.js';
import type {
  AddressComplete,
  Card,
  CardList,
  CardOrderItem,
  Contact,
  CustomerCreateRequest,
  MasterData,
} from '../../lib/types.generated.js';
import { inBatches, NotMeasurable, type SetupApi, SetupError } from '../setup-api.js';
import { ConsumableCards } from './consumable-cards.js';

export class Resources {
  private masterData?: MasterData;
  private pool?: Card[];
  /** Every customer this run created (account numbers). */
  readonly createdCustomers: string[] = [];
  /** Created customers still Active and not consumed (closed) by a scenario. */
  private readonly freeCustomers: string[] = [];
  /** Cards this run may cancel or replace. */
  readonly consumable: ConsumableCards;
  /** Every order this run placed (measured or to get cards to consume). */
  readonly orderReferences: string[] = [];
  /** Pool cards and created customers currently blocked by this run. */
  readonly blockedCards = new Set<number>();
  readonly blockedCustomers = new Set<string>();
  private sequence = 0;
  /** Parallel setup requests: 16 on the sandbox, 2 elsewhere (a shared environment is not loaded by setup). */
  readonly setupConcurrency: number;

  constructor(
    readonly api: SetupApi,
    readonly config: Config,
    /** A short tag naming this run in the names it writes (e.g. perf-k3x9). */
    readonly runTag: string,
    readonly log: (line: string) => void
  ) {
    this.consumable = new ConsumableCards(this);
    this.setupConcurrency = config.target === 'sandbox' ? 16 : 2;
  }

  get poolCustomer(): string {
    if (!this.config.poolCustomer)
      throw new NotMeasurable(
        'FLEET_CARD_POOL_CUSTOMER is not set: card scenarios need a customer whose Active cards they may use'
      );
    return this.config.poolCustomer;
  }

  async master(): Promise<MasterData> {
    this.masterData ??= await this.api.must<MasterData>('getMasterData');
    return this.masterData;
  }

  /** The pool customer's Active cards as they were when first asked (bounded to 10 pages). */
  async poolCards(): Promise<Card[]> {
    if (this.pool) return this.pool;
    const cards: Card[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page += 1) {
      const body = await this.api.must<CardList>('cardSearch', {
        body: {
          customerAccountNumber: this.poolCustomer,
          statusIdentifiers: [ACTIVE],
          limit: 100,
          ...(cursor ? { cursor } : {}),
        },
      });
      cards.push(...(body.cards ?? []).filter((c) => c.status?.id === ACTIVE && typeof c.cardIdentifier === 'number'));
      if (!body.hasNextPage || !body.nextCursor) break;
      cursor = body.nextCursor;
    }
    if (cards.length === 0) throw new NotMeasurable(`the pool customer ${this.poolCustomer} has no Active card`);
    this.pool = cards;
    return cards;
  }

  /** A reason id for a status change of `card`: one tied to its card type when master data has one. */
  async reasonId(card?: Card): Promise<number> {
    const master = await this.master();
    const typeId = card ? master.cardType.find((t) => t.name === card.cardType)?.id : undefined;
    const reason = master.reason.find((r) => typeId !== undefined && r.cardTypeId === typeId) ?? master.reason[0];
    if (reason?.id === undefined)
      throw new NotMeasurable('master data holds no reason id: card block, unblock and cancel cannot run');
    return reason.id;
  }

  address(): AddressComplete {
    return {
      addressLines: '1 Perf Street',
      city: 'Testville',
      country: 'Germany',
      countryCode: 'DE',
      region: 'Bavaria',
      zipCode: '80331',
    };
  }

  contact(): Contact {
    return {
      emailAddress: 'perf@example.com',
      firstName: 'Perf',
      lastName: 'Runner',
      middleName: 'L',
      mobilePhone: '+491700000000',
      telephone: '+49890000000',
    };
  }

  /** A valid sub-customer body; created under the top-level customer (no customerAccountNumber). */
  customerBody(): CustomerCreateRequest {
    this.sequence += 1;
    const n = this.sequence;
    return {
      customerName: `${this.runTag} customer ${n}`,
      customerBusinessReference: `${this.runTag}-${n}`.slice(0, 20),
      customerContact: this.contact(),
      customerAddress: this.address(),
    };
  }

  /** Records a customer a (measured) create answered with. */
  adoptCustomer(accountNumber: string): void {
    this.createdCustomers.push(accountNumber);
    this.freeCustomers.push(accountNumber);
  }

  /** Refuses (NotMeasurable) what would take the run past FLEET_WRITE_BUDGET; `what` names it. */
  afford(cost: Partial<Record<BudgetKind, number>>, what: string): void {
    const w = this.api.footprint.writes;
    // The run cancels and replaces only cards it ordered or FLEET_PERF_CARDS names: never pool cards.
    const spent = { customers: w.customersCreated, cards: w.cardsOrdered + w.cardsReplaced, poolCards: 0 };
    const over = overBudget(this.config.writeBudget, spent, { customers: 0, cards: 0, poolCards: 0, ...cost });
    if (over)
      throw new NotMeasurable(
        `FLEET_WRITE_BUDGET ${budgetText(this.config.writeBudget)}: ${what} would make ${over.total} ${BUDGET_WORDS[over.kind]}, over ${over.limit}`
      );
  }

  private async createCustomers(count: number): Promise<void> {
    if (count <= 0) return;
    this.afford({ customers: count }, `creating ${count} sub-customers`);
    this.log(`  setup: creating ${count} customers`);
    await inBatches(Array.from({ length: count }), this.setupConcurrency, async () => {
      const body = await this.api.must<{ customerAccountNumber?: string }>('createSubCustomer', {
        body: this.customerBody(),
      });
      if (!body.customerAccountNumber)
        throw new SetupError('create sub-customer answered without customerAccountNumber');
      this.adoptCustomer(body.customerAccountNumber);
    });
  }

  /** `count` Active customers this run created, kept for further use (update, block/unblock). */
  async customers(count: number): Promise<string[]> {
    await this.createCustomers(count - this.freeCustomers.length);
    return this.freeCustomers.slice(0, count);
  }

  /** `count` Active customers this run created, handed over for good (close). */
  async takeCustomers(count: number): Promise<string[]> {
    await this.createCustomers(count - this.freeCustomers.length);
    return this.freeCustomers.splice(0, count);
  }

  /** A valid card order item, consistent with master data: it copies a pool card's combination. */
  async orderItem(): Promise<CardOrderItem> {
    const master = await this.master();
    const [card] = await this.poolCards();
    const type = master.cardType.find((t) => t.name === card!.cardType) ?? master.cardType[0]!;
    const purchase =
      master.purchaseCategory.find((p) => p.name === card!.purchaseCategoryName) ??
      master.purchaseCategory.find((p) => p.id === type.defaultPurchaseCategoryId) ??
      master.purchaseCategory[0]!;
    const group = master.cardGroup.find((g) => g.cardTypeId === type.id) ?? master.cardGroup[0]!;
    const products = (card!.products ?? [])
      .map((p) => ({ productId: p.productId! }))
      .filter((p) => p.productId !== undefined);
    this.sequence += 1;
    const n = this.sequence;
    return {
      cardTypeId: type.id,
      cardCategoryId: master.cardCategory[0]!.id,
      cardGroupId: group.id,
      purchaseCategoryId: purchase.id,
      fuelProductRestrictionId: card!.fuelProductRestriction?.productRestrictionId ?? purchase.productRestrictionId,
      products: products.length ? products : [{ productId: master.product[0]!.id }],
      additionalEmbossing: this.runTag.toUpperCase().slice(0, 20),
      driverName: `Perf Driver ${n}`,
      vehicleRegNumber: `M-PF ${1000 + (n % 9000)}`,
      isDriverEmbossed: true,
      isVRNEmbossed: false,
      cardPIN: '4711',
      cardAddress: { ...this.address(), companyName: `${this.runTag} fleet` },
      cardContact: this.contact(),
    };
  }

  /** An order the measured order-cards phase placed: its card may be consumed once it shows up. */
  adoptOrder(orderReference: string): void {
    this.orderReferences.push(orderReference);
    this.consumable.adopt(orderReference);
  }

  /**
   * Puts back what the run changed: unblocks pool cards and customers still blocked by it; when the
   * target outlives the run (not the embedded sandbox), closes the customers it created.
   */
  async tidyUp(closeCreated: boolean): Promise<string[]> {
    const problems: string[] = [];
    if (this.blockedCards.size) {
      const reason = await this.reasonId().catch(() => undefined);
      await inBatches([...this.blockedCards], this.setupConcurrency, async (id) => {
        const r = await this.api
          .call('unblockCard', {
            params: { cardIdentifier: id },
            body: { statusReasonId: reason, notes: `${this.runTag} tidy-up` },
          })
          .catch((e: Error) => ({ status: 0, body: e.message }));
        const after = await this.api.call<Card>('getCard', { params: { cardIdentifier: id } }).catch(() => undefined);
        if (after?.body?.status?.id === ACTIVE || (r.status >= 200 && r.status < 300)) this.blockedCards.delete(id);
        else problems.push(`card ${id} may still be blocked (unblock answered ${r.status})`);
      });
    }
    await inBatches([...this.blockedCustomers], this.setupConcurrency, async (acc) => {
      const r = await this.api
        .call('unblockCustomer', { params: { customerAccountNumber: acc }, body: { notes: `${this.runTag} tidy-up` } })
        .catch(() => ({ status: 0 }));
      if (r.status >= 200 && r.status < 300) this.blockedCustomers.delete(acc);
      else problems.push(`customer ${acc} (created by this run) may still be blocked`);
    });
    if (closeCreated) {
      const open = this.freeCustomers.splice(0);
      await inBatches(open, this.setupConcurrency, async (acc) => {
        const r = await this.api
          .call('closeCustomer', { params: { customerAccountNumber: acc }, body: { notes: `${this.runTag} tidy-up` } })
          .catch(() => ({ status: 0 }));
        if (r.status < 200 || r.status > 299)
          problems.push(`customer ${acc} (created by this run) not closed: ${r.status}`);
      });
    }
    return problems;
  }
}
