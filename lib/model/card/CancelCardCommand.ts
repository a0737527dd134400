import { expect } from '../../../fixtures/test.js';
import { ACTIVE } from '../../discovery.js';
import { statusIdOf } from '../../steps/card-steps.js';
import { PickCommand } from '../check-lifecycle.js';
import { perRun, statusChange, type CardModel, type CardReal, type ModelCard } from './card-model.js';

/** Cancels a replacement the run made (never a pool card): cancelled permanently. */
export class CancelCardCommand extends PickCommand<CardModel, CardReal, ModelCard> {
  protected accepts(c: ModelCard, m: CardModel): boolean {
    return m.done.cancels < perRun.cancels && c.madeByRun && c.state !== 'cancelled';
  }

  async run(m: CardModel, r: CardReal): Promise<void> {
    const c = this.target(m)!;
    m.done.cancels += 1;
    const response = await r.api.cancelCard(c.cardIdentifier, statusChange(r, c, 'cancel'));
    expect(response, `[CARD-CANCEL-PERMANENT] cancelling ${c.state} card ${c.cardIdentifier}`).toBeAccepted('CARD-CANCEL-PERMANENT');
    c.state = 'cancelled';
    r.shelf.cards = r.shelf.cards.filter((id) => id !== c.cardIdentifier);
    const read = await r.api.getCard(c.cardIdentifier);
    expect(read, `[CARD-CANCEL-PERMANENT] reading cancelled card ${c.cardIdentifier}`).toHaveStatus(200);
    expect(statusIdOf(read.body), `[CARD-CANCEL-PERMANENT] cancelled card ${c.cardIdentifier} is no longer Active`).not.toBe(ACTIVE);
    c.card = read.body;
    c.cancelledStatus = read.body.status;
  }

  toString(): string {
    return `CancelCard(replacement #${this.pick})`;
  }
}
