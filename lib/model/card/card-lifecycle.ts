/**
 * The card lifecycle: each run starts from the test's last few cards that are Active (pool cards and
 * the replacements earlier runs made) and replaces one of them, runs random commands over them and
 * what they create, compares every card with the model at the end, and tries to leave none blocked.
 */
import fc from 'fast-check';
import type { Lifecycle } from '../check-lifecycle.js';
import { BlockCardCommand } from './BlockCardCommand.js';
import { CancelCardCommand } from './CancelCardCommand.js';
import { ChangeCancelledCardCommand } from './ChangeCancelledCardCommand.js';
import { CardModel, type CardReal, readyCards, unblockLeftBlocked, verifyCard } from './card-model.js';
import { OrderCardsCommand } from './OrderCardsCommand.js';
import { ReplaceCardCommand } from './ReplaceCardCommand.js';
import { ReprintPinCommand } from './ReprintPinCommand.js';
import { UnblockActiveCardCommand } from './UnblockActiveCardCommand.js';
import { UnblockCardCommand } from './UnblockCardCommand.js';

const noChanges = { driverName: false, vehicleRegNumber: false, additionalEmbossing: false };

/** Picks a model card by index (modulo the candidates). */
const pickArb = fc.nat({ max: 5 });

/** Block is the action most likely to move a cancelled card out of its status. */
const cancelledActionArb = fc.oneof(
  { weight: 3, arbitrary: fc.constant('block' as const) },
  { weight: 1, arbitrary: fc.constantFrom('unblock' as const, 'cancel' as const, 'replace' as const) }
);

/**
 * Every command, weighted: one whose precondition is often unmet costs nothing when skipped, so it
 * weighs more, and the sequence that matters most (cancel, then touch the cancelled card) occurs in most runs.
 */
export const cardCommandsArb = [
  fc.oneof(
    { weight: 2, arbitrary: pickArb.map((p) => new BlockCardCommand(p)) },
    { weight: 3, arbitrary: pickArb.map((p) => new UnblockCardCommand(p)) },
    { weight: 1, arbitrary: pickArb.map((p) => new UnblockActiveCardCommand(p)) },
    { weight: 3, arbitrary: pickArb.map((p) => new CancelCardCommand(p)) },
    {
      weight: 4,
      arbitrary: fc.tuple(pickArb, cancelledActionArb).map(([p, action]) => new ChangeCancelledCardCommand(p, action)),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          pickArb,
          fc.record({ driverName: fc.boolean(), vehicleRegNumber: fc.boolean(), additionalEmbossing: fc.boolean() })
        )
        .map(([p, changes]) => new ReplaceCardCommand(p, changes)),
    },
    { weight: 1, arbitrary: pickArb.map((p) => new ReprintPinCommand(p)) },
    { weight: 2, arbitrary: fc.constant(new OrderCardsCommand()) }
  ),
];

export function cardLifecycle(real: CardReal): Lifecycle<CardModel, CardReal> {
  return {
    commands: cardCommandsArb,
    maxCommands: 20,
    setup: () => ({ model: new CardModel(), real }),
    async start(model, r) {
      await readyCards(model, r);
      // A replacement of its own in every run: the card a run may cancel (pool cards are never cancelled).
      if (model.cards.length) await new ReplaceCardCommand(0, noChanges).run(model, r);
    },
    async verify(model, r) {
      for (const c of model.cards) await verifyCard(r, c);
    },
    teardown: unblockLeftBlocked,
  };
}
