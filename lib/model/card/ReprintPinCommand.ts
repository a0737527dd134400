import { expect } from '../../../fixtures/test.js';
import { pinLetterAddress } from '../../factories/card.js';
import type { LifecycleCommand } from '../check-lifecycle.js';
import { verifyCard, type CardModel, type CardReal, type ModelCard } from './card-model.js';

/** Requests a PIN letter for an Active card: accepted, and the card's status does not change. */
export class ReprintPinCommand implements LifecycleCommand<CardModel, CardReal> {
  constructor(readonly pick: number) {}

  // A PIN letter for a blocked card: not shown, so never asked for.
  private cardIn(m: CardModel): ModelCard | undefined {
    return m.pick(this.pick, (c) => c.state === 'active');
  }

  check(m: Readonly<CardModel>): boolean {
    return this.cardIn(m) !== undefined;
  }

  async run(m: CardModel, r: CardReal): Promise<void> {
    const c = this.cardIn(m)!;
    const response = await r.api.reprintPIN(c.cardIdentifier, { cardAddress: pinLetterAddress() });
    expect(response, `[CARD-REPRINT-PIN] PIN letter for Active card ${c.cardIdentifier}`).toBeAccepted('CARD-REPRINT-PIN');
    await verifyCard(r, c, 'CARD-REPRINT-PIN');
  }

  toString(): string {
    return `ReprintPin(active #${this.pick})`;
  }
}
