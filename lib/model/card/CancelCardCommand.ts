import { expect, forRule } from '../../judge.js';
import { PickCommand } from '../check-lifecycle.js';
import { type CardModel, type CardReal, type ModelCard, perRun, readCancelled, statusChange } from './card-model.js';

/** Cancels a replacement the run made (never a pool card): cancelled permanently, read no longer Active or gone. */
export class CancelCardCommand extends PickCommand<CardModel, CardReal, ModelCard> {
  protected accepts(c: ModelCard, m: CardModel): boolean {
    return m.done.cancels < perRun.cancels && c.madeByRun && c.state !== 'cancelled';
  }

  async run(m: CardModel, r: CardReal): Promise<void> {
    const c = this.target(m)!;
    m.done.cancels += 1;
    const response = await r.api.cancelCard(c.cardIdentifier, statusChange(r, c, 'cancel'));
    await forRule('CARD-CANCEL-PERMANENT', () =>
      expect(response, `cancelling ${c.state} card ${c.cardIdentifier}`).toBeAccepted()
    );
    c.state = 'cancelled';
    r.shelf.cards = r.shelf.cards.filter((id) => id !== c.cardIdentifier);
    await readCancelled(r, c);
  }

  toString(): string {
    return `CancelCard(replacement #${this.pick})`;
  }
}
