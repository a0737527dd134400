/**
 * One worker of the budget hammer test (budget.test.ts), as a process of its own: `writes` times,
 * it asks whether a sub-customer fits the budget (reading every worker's records) and spends one.
 * A record read half-written would throw here and end the process non-zero.
 */
import { BudgetGuard } from '../../../lib/budget.js';

const [dir, worker, writes] = process.argv.slice(2);
const guard = new BudgetGuard({ customers: 1_000_000 }, dir!, worker!);
for (let i = 0; i < Number(writes); i++) {
  if (guard.refusal('createSubCustomer', {})) throw new Error('refused under a budget it cannot reach');
  guard.spend('createSubCustomer', {});
  guard.spend('orderCards', { cards: [{}, {}] });
}
