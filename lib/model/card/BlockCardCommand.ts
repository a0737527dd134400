import { expect, forRule } from '../../judge.js';
import { PickCommand } from '../check-lifecycle.js';
import { type CardModel, type CardReal, type ModelCard, statusChange, verifyCard } from './card-model.js';

/** Blocks an Active card with a reason from the master data: temporarily blocked, no longer Active. */
export class BlockCardCommand extends PickCommand<CardModel, CardReal, ModelCard> {
  protected accepts(c: ModelCard): boolean {
    return c.state === 'active';
  }

  async run(m: CardModel, r: CardReal): Promise<void> {
    const c = this.target(m)!;
    const response = await r.api.blockCard(c.cardIdentifier, statusChange(r, c, 'block'));
    await forRule('CARD-BLOCK', () => expect(response, `blocking Active card ${c.cardIdentifier}`).toBeAccepted());
    c.state = 'blocked';
    await verifyCard(r, c, 'CARD-BLOCK');
  }

  toString(): string {
    return `BlockCard(active #${this.pick})`;
  }
}
