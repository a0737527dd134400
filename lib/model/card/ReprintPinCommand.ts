import { pinLetterAddress } from '../../factories/card.js';
import { sendShortening } from '../../field-lengths.js';
import { expect, forRule } from '../../judge.js';
import { PickCommand } from '../check-lifecycle.js';
import { type CardModel, type CardReal, type ModelCard, verifyCard } from './card-model.js';

/** Requests a PIN letter for an Active card: accepted, and the card's status does not change. */
export class ReprintPinCommand extends PickCommand<CardModel, CardReal, ModelCard> {
  // A PIN letter for a blocked card: not shown, so never asked for.
  protected accepts(c: ModelCard): boolean {
    return c.state === 'active';
  }

  async run(m: CardModel, r: CardReal): Promise<void> {
    const c = this.target(m)!;
    const { response } = await sendShortening(r.assumptions, { cardAddress: pinLetterAddress() }, (body) =>
      r.api.reprintPIN(c.cardIdentifier, body)
    );
    await forRule('CARD-REPRINT-PIN', () =>
      expect(response, `PIN letter for Active card ${c.cardIdentifier}`).toBeAccepted()
    );
    await verifyCard(r, c, 'CARD-REPRINT-PIN');
  }

  toString(): string {
    return `ReprintPin(active #${this.pick})`;
  }
}
