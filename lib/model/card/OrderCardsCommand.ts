import { allCards } from '../../discovery.js';
import { cardOrderBody, cardOrderItem } from '../../factories/card.js';
import { sendShortening } from '../../field-lengths.js';
import { expect, forRule, judgingPlace } from '../../judge.js';
import { cardOf } from '../../steps/card-steps.js';
import type { LifecycleCommand } from '../check-lifecycle.js';
import { type CardModel, type CardReal, perRun } from './card-model.js';

/**
 * Orders one card for the pool customer: 202 with an orderReference; a search by that reference
 * finds only the ordered card (read with GET), or nothing yet (an order may
 * take 24 to 36 hours to complete).
 */
export class OrderCardsCommand implements LifecycleCommand<CardModel, CardReal> {
  check(m: Readonly<CardModel>): boolean {
    return m.done.orders < perRun.orders;
  }

  async run(m: CardModel, r: CardReal): Promise<void> {
    m.done.orders += 1;
    const order = cardOrderBody(r.customerAccountNumber, [
      cardOrderItem(r.masterData, { driverName: `${r.config.runId} o${r.nextSerial()}` }),
    ]);
    const { response, sent } = await sendShortening(r.assumptions, order, (body) => r.api.orderCards(body));
    const { driverName } = sent.cards[0]!;
    await forRule('CARD-ORDER-202', () =>
      expect(response, `ordering a card for ${r.customerAccountNumber}`).toHaveStatus(202)
    );
    const { orderReference } = response.body;
    await forRule('CARD-ORDER-REFERENCE', () =>
      judgingPlace(response, '/orderReference', () =>
        expect(typeof orderReference, 'orderReference of an accepted order').toBe('string')
      )
    );
    const found = await Promise.all(
      (await allCards(r.api, { orderReference })).map((card) => cardOf(r.api, card.cardIdentifier!))
    );
    const message = `cards found by orderReference ${orderReference} (one card ordered, driverName "${driverName}")`;
    await forRule('CARD-SEARCH-ORDER-REFERENCE', () => {
      expect(
        found.filter((card) => card.driverName !== driverName).map((card) => card.cardIdentifier),
        `${message}: not of this order`
      ).toEqual([]);
      expect(found.length, message).toBeLessThanOrEqual(1);
    });
  }

  toString(): string {
    return 'OrderCards(1 card)';
  }
}
