import { expect, forRule } from '../../judge.js';
import { PickCommand } from '../check-lifecycle.js';
import { type CardModel, type CardReal, type ModelCard, statusChange, verifyCard } from './card-model.js';

/** Unblocks a card the run blocked (never a replaced original: whether one can be unblocked is not said): Active again. */
export class UnblockCardCommand extends PickCommand<CardModel, CardReal, ModelCard> {
  protected accepts(c: ModelCard): boolean {
    return c.state === 'blocked';
  }

  async run(m: CardModel, r: CardReal): Promise<void> {
    const c = this.target(m)!;
    const response = await r.api.unblockCard(c.cardIdentifier, statusChange(r, c, 'unblock'));
    await forRule('CARD-UNBLOCK-REACTIVATES', () =>
      expect(response, `unblocking blocked card ${c.cardIdentifier}`).toBeAccepted()
    );
    c.state = 'active';
    await verifyCard(r, c, 'CARD-UNBLOCK-REACTIVATES');
  }

  toString(): string {
    return `UnblockCard(blocked #${this.pick})`;
  }
}
