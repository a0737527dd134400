import { ACTIVE } from '../../discovery.js';
import { uniqueVehicleRegNumber } from '../../factories/card.js';
import { sendShortening } from '../../field-lengths.js';
import { expect, forRule } from '../../judge.js';
import { documentedCard } from '../../steps/card-views.js';
import { notSeen, replacementOf } from '../../steps/replacement.js';
import type { Card, CardReplaceRequest } from '../../types.generated.js';
import { PickCommand } from '../check-lifecycle.js';
import { type CardModel, type CardReal, type ModelCard, perRun, verifyCard } from './card-model.js';

/** Which text properties a replace request supplies (cardTypeId, purchaseCategoryId, cardGroupId: never, see below). */
export interface ReplaceChanges {
  driverName: boolean;
  vehicleRegNumber: boolean;
  additionalEmbossing: boolean;
}

const textFields = ['driverName', 'vehicleRegNumber', 'additionalEmbossing'] as const;
// Changing card type, purchase category or group may legitimately change restrictions and products,
// and which combinations a server accepts is not shown: those are never supplied, so these must be copied.
const copiedFields = [
  'cardType',
  'purchaseCategoryName',
  'fuelProductRestriction',
  'products',
  'cardDeliveryAddress',
  'cardDeliveryContact',
] as const;

/**
 * Replaces an Active card or one the run blocked: the original is blocked, every other field of it
 * as it was, and a replacement with the same properties except those supplied appears, found by
 * search through a supplied unique value and read with GET; one not seen in
 * time is not judged (ASSUME-REPLACEMENT-VISIBLE). The original leaves the test's cards: what a
 * replaced original allows next is not said.
 */
export class ReplaceCardCommand extends PickCommand<CardModel, CardReal, ModelCard> {
  constructor(
    pick: number,
    readonly changes: ReplaceChanges
  ) {
    super(pick);
  }

  protected accepts(c: ModelCard, m: CardModel): boolean {
    return m.done.replaces < perRun.replaces && (c.state === 'active' || c.state === 'blocked');
  }

  /** A unique driverName or vehicleRegNumber (or both) is always supplied: the replacement is found by it. */
  private supplied(): ReplaceChanges {
    return { ...this.changes, vehicleRegNumber: this.changes.vehicleRegNumber || !this.changes.driverName };
  }

  private request(r: CardReal): CardReplaceRequest {
    const serial = r.nextSerial();
    const supplied = this.supplied();
    return {
      ...(supplied.driverName ? { driverName: `${r.config.runId} d${serial}` } : {}),
      ...(supplied.vehicleRegNumber ? { vehicleRegNumber: uniqueVehicleRegNumber(r.config.runId, serial) } : {}),
      ...(supplied.additionalEmbossing ? { additionalEmbossing: `FC ${serial}`.toUpperCase() } : {}),
    };
  }

  /** The card carrying the supplied unique value, as GET shows it; or why it was not judged. */
  private async replacementOf(r: CardReal, c: ModelCard, request: CardReplaceRequest): Promise<Card | undefined> {
    const [field, value] = request.driverName
      ? (['driverName', request.driverName] as const)
      : (['vehicleRegNumber', request.vehicleRegNumber!] as const);
    const found = await replacementOf(
      r,
      c.cardIdentifier,
      { [field]: value },
      (x) => x[field] === value,
      'CARD-REPLACE-APPLIES-CHANGES'
    );
    if (!notSeen(found)) return found;
    r.assumptions.saw('ASSUME-REPLACEMENT-VISIBLE', found.why);
    return undefined;
  }

  async run(m: CardModel, r: CardReal): Promise<void> {
    const c = this.target(m)!;
    m.done.replaces += 1;
    const original = c.card;
    const { response, sent: request } = await sendShortening(r.assumptions, this.request(r), (body) =>
      r.api.replaceCard(c.cardIdentifier, body)
    );
    await forRule('CARD-REPLACE-BLOCKS-ORIGINAL', () =>
      expect(response, `replacing ${c.state} card ${c.cardIdentifier}`).toBeAccepted()
    );
    c.state = 'replaced';
    r.shelf.cards = r.shelf.cards.filter((id) => id !== c.cardIdentifier);
    await verifyCard(r, c, 'CARD-REPLACE-BLOCKS-ORIGINAL');

    const replacement = await this.replacementOf(r, c, request);
    if (!replacement) return;
    const of = `replacement ${replacement.cardIdentifier} of card ${c.cardIdentifier}`;
    const [shown, kept] = [documentedCard(replacement), documentedCard(original)];
    for (const field of textFields) {
      if (request[field] !== undefined)
        await forRule('CARD-REPLACE-APPLIES-CHANGES', () =>
          expect(replacement[field], `${field} of ${of}: supplied in the request`).toBe(request[field])
        );
      else
        await forRule('CARD-REPLACE-COPIES', () =>
          expect(shown[field], `${field} of ${of}: not supplied, kept from the original`).toEqual(kept[field])
        );
    }
    await forRule('CARD-REPLACE-COPIES', () => {
      for (const field of copiedFields) expect(shown[field], `${field} of ${of}`).toEqual(kept[field]);
    });

    // The replacement's status is not shown: only an Active one joins the run's cards.
    if (replacement.status?.id !== ACTIVE) return;
    r.shelf.cards.push(replacement.cardIdentifier!);
    m.cards.push({ cardIdentifier: replacement.cardIdentifier!, state: 'active', card: replacement, madeByRun: true });
  }

  toString(): string {
    const supplied = this.supplied();
    return `ReplaceCard(#${this.pick}, {${textFields.filter((f) => supplied[f]).join(', ')}})`;
  }
}
