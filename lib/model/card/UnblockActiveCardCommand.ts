import { expectUnmetCondition } from '../../judge.js';
import { PickCommand } from '../check-lifecycle.js';
import { type CardModel, type CardReal, type ModelCard, statusChange, verifyCard } from './card-model.js';

/** Unblocks an Active card that is not blocked: refused or a no-op (ASSUME-UNMET-CONDITION), and the card stays Active. */
export class UnblockActiveCardCommand extends PickCommand<CardModel, CardReal, ModelCard> {
  protected accepts(c: ModelCard): boolean {
    return c.state === 'active';
  }

  async run(m: CardModel, r: CardReal): Promise<void> {
    const c = this.target(m)!;
    const response = await r.api.unblockCard(c.cardIdentifier, statusChange(r, c, 'unblock of an Active card'));
    await expectUnmetCondition(
      response,
      r.config,
      'CARD-UNBLOCK-ONLY-BLOCKED',
      `unblocking Active card ${c.cardIdentifier}`
    );
    await verifyCard(r, c, 'CARD-UNBLOCK-ONLY-BLOCKED');
  }

  toString(): string {
    return `UnblockActiveCard(active #${this.pick})`;
  }
}
