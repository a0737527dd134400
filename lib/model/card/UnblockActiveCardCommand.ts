import { expect } from '../../../fixtures/test.js';
import type { LifecycleCommand } from '../check-lifecycle.js';
import { statusChange, verifyCard, type CardModel, type CardReal, type ModelCard } from './card-model.js';

/** Unblocks an Active card that is not blocked: refused, and the card stays Active. */
export class UnblockActiveCardCommand implements LifecycleCommand<CardModel, CardReal> {
  constructor(readonly pick: number) {}

  private cardIn(m: CardModel): ModelCard | undefined {
    return m.pick(this.pick, (c) => c.state === 'active');
  }

  check(m: Readonly<CardModel>): boolean {
    return this.cardIn(m) !== undefined;
  }

  async run(m: CardModel, r: CardReal): Promise<void> {
    const c = this.cardIn(m)!;
    const response = await r.api.unblockCard(c.cardIdentifier, statusChange(r, c, 'unblock of an Active card'));
    expect(response, `[CARD-UNBLOCK-ONLY-BLOCKED] unblocking Active card ${c.cardIdentifier}`).toBeRejected('CARD-UNBLOCK-ONLY-BLOCKED');
    await verifyCard(r, c, 'CARD-UNBLOCK-ONLY-BLOCKED');
  }

  toString(): string {
    return `UnblockActiveCard(active #${this.pick})`;
  }
}
