/**
 * replace-combinations-checked (ASSUME-REPLACE-COMBINATIONS): a server that offers each customer
 * only some card types, and replaces a card only with a type its customer is offered, that type's
 * default purchase category and a card group of that type.
 */
import type { CardReplaceRequest } from '../lib/types.generated.js';
import { ApiError } from './errors.js';
import type { CardRecord, MasterIndex } from './store.js';
import type { Variants } from './variants.js';

const VARIANT = 'replace-combinations-checked';

/** The card types a customer of this master data is offered: all of them, or all but the first under the variant. */
export function offeredCardTypes(master: MasterIndex, variants: Variants): MasterIndex['data']['cardType'] {
  const all = master.data.cardType;
  return variants.has(VARIANT) ? all.slice(1) : all;
}

/** Refuses a replace whose ids do not fit together, under the variant (ids the master data lacks are refused before). */
export function refuseCombination(
  master: MasterIndex,
  original: CardRecord,
  body: CardReplaceRequest,
  variants: Variants
): void {
  if (!variants.has(VARIANT)) return;
  const typeId = body.cardTypeId ?? original.cardTypeId;
  if (body.cardTypeId !== undefined && !offeredCardTypes(master, variants).some((t) => t.id === body.cardTypeId))
    throw ApiError.badRequest(`cardTypeId: card type ${body.cardTypeId} is not offered to this customer`);
  const type = master.get('cardType', typeId);
  if (body.purchaseCategoryId !== undefined && body.purchaseCategoryId !== type?.defaultPurchaseCategoryId)
    throw ApiError.badRequest(
      `purchaseCategoryId: ${body.purchaseCategoryId} is not the purchase category of card type ${typeId}`
    );
  if (body.cardGroupId !== undefined && master.get('cardGroup', body.cardGroupId)?.cardTypeId !== typeId)
    throw ApiError.badRequest(`cardGroupId: card group ${body.cardGroupId} is not of card type ${typeId}`);
}
