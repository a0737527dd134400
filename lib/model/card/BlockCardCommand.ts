import { expect } from '../../../fixtures/test.js';
import type { LifecycleCommand } from '../check-lifecycle.js';
import { statusChange, verifyCard, type CardModel, type CardReal, type ModelCard } from './card-model.js';

/** Blocks an Active card with a reason from the master data: temporarily blocked, no longer Active. */
export class BlockCardCommand implements LifecycleCommand<CardModel, CardReal> {
  constructor(readonly pick: number) {}

  private cardIn(m: CardModel): ModelCard | undefined {
    return m.pick(this.pick, (c) => c.state === 'active');
  }

  check(m: Readonly<CardModel>): boolean {
    return this.cardIn(m) !== undefined;
  }

  async run(m: CardModel, r: CardReal): Promise<void> {
    const c = this.cardIn(m)!;
    const response = await r.api.blockCard(c.cardIdentifier, statusChange(r, c, 'block'));
    expect(response, `[CARD-BLOCK] blocking Active card ${c.cardIdentifier}`).toBeAccepted('CARD-BLOCK');
    c.state = 'blocked';
    await verifyCard(r, c, 'CARD-BLOCK');
  }

  toString(): string {
    return `BlockCard(active #${this.pick})`;
  }
}
