import { expect } from '../../../fixtures/test.js';
import { PickCommand } from '../check-lifecycle.js';
import { statusChange, verifyCard, type CardModel, type CardReal, type ModelCard } from './card-model.js';

/** Unblocks an Active card that is not blocked: refused, and the card stays Active. */
export class UnblockActiveCardCommand extends PickCommand<CardModel, CardReal, ModelCard> {
  protected accepts(c: ModelCard): boolean {
    return c.state === 'active';
  }

  async run(m: CardModel, r: CardReal): Promise<void> {
    const c = this.target(m)!;
    const response = await r.api.unblockCard(c.cardIdentifier, statusChange(r, c, 'unblock of an Active card'));
    expect(response, `[CARD-UNBLOCK-ONLY-BLOCKED] unblocking Active card ${c.cardIdentifier}`).toBeRejected('CARD-UNBLOCK-ONLY-BLOCKED');
    await verifyCard(r, c, 'CARD-UNBLOCK-ONLY-BLOCKED');
  }

  toString(): string {
    return `UnblockActiveCard(active #${this.pick})`;
  }
}
