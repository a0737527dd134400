import type { ApiResponse } from '../../client.js';
import { expect, forRule } from '../../judge.js';
import { PickCommand } from '../check-lifecycle.js';
import { type CardModel, type CardReal, type ModelCard, statusChange, verifyCard } from './card-model.js';

export type CancelledCardAction = 'block' | 'unblock' | 'cancel' | 'replace';

/** Any status change of a cancelled card: refused, or at least without effect; a cancelled card never leaves its status. */
export class ChangeCancelledCardCommand extends PickCommand<CardModel, CardReal, ModelCard> {
  constructor(
    pick: number,
    readonly action: CancelledCardAction
  ) {
    super(pick);
  }

  protected accepts(c: ModelCard): boolean {
    return c.state === 'cancelled';
  }

  private send(r: CardReal, c: ModelCard): Promise<ApiResponse> {
    const body = statusChange(r, c, `${this.action} after cancel`);
    switch (this.action) {
      case 'block':
        return r.api.blockCard(c.cardIdentifier, body);
      case 'unblock':
        return r.api.unblockCard(c.cardIdentifier, body);
      case 'cancel':
        return r.api.cancelCard(c.cardIdentifier, body);
      case 'replace':
        return r.api.replaceCard(c.cardIdentifier, {});
    }
  }

  async run(m: CardModel, r: CardReal): Promise<void> {
    const c = this.target(m)!;
    const response = await this.send(r, c);
    const refusedOrAccepted = response.status === 200 || (response.status >= 400 && response.status < 500);
    await forRule('CARD-CANCEL-PERMANENT', () =>
      expect(
        refusedOrAccepted,
        `${this.action} of cancelled card ${c.cardIdentifier} answered ${response.status}`
      ).toBe(true)
    );
    await verifyCard(r, c, 'CARD-CANCEL-PERMANENT');
  }

  toString(): string {
    return `ChangeCancelledCard(cancelled #${this.pick}, ${this.action})`;
  }
}
