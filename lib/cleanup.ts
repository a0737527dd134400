/**
 * What a run left behind, found and closed through the interface: the customers whose name or
 * business reference starts with a run prefix (lib/config.ts RUN_PREFIX, or one run's id),
 * closed children first, so that no close is refused for an open sub-account. Used by
 * `npm run cleanup` and by a run that is cancelled (scripts/conformance.ts).
 */
import { FleetApi } from './api.js';
import { type Config, secretsOf } from './config.js';
import { ACTIVE, allCards, allCustomers, isActive, leftOutSome, reasonFor } from './discovery.js';
import type { Observer } from './ledger.js';
import { readClosed, untilDone } from './read-back.js';
import { SecretRegistry } from './report/redact.js';
import { tokensFor } from './tokens.js';
import { newContextFor } from './transport/clients.js';
import type { Customer } from './types.generated.js';
import { loadSchemas } from './validation.js';

/** The run mark of a customer: its name or business reference starts with `prefix`. */
export function isMarked(customer: Customer, prefix: string): boolean {
  return [customer.customerName, customer.customerBusinessReference].some(
    (v) => typeof v === 'string' && v.startsWith(prefix)
  );
}

/** Every listed customer marked with `prefix` (all pages), children before their parents. */
export async function markedCustomers(
  api: FleetApi,
  fields: Config['customerListFields'],
  prefix: string
): Promise<Customer[]> {
  const listed = await allCustomers(api, fields, { searchText: prefix });
  return childrenFirst(listed.filter((c) => isMarked(c, prefix)));
}

/** Depth of each customer within the list (0: its parent is not in the list). */
function depths(customers: Customer[]): Map<Customer, number> {
  const byNumber = new Map(customers.map((c) => [c.customerAccountNumber, c]));
  const depth = (c: Customer, seen = new Set<string>()): number => {
    const parent = c.parentCustomerAccountNumber ? byNumber.get(c.parentCustomerAccountNumber) : undefined;
    if (!parent || seen.has(parent.customerAccountNumber!)) return 0;
    seen.add(parent.customerAccountNumber!);
    return 1 + depth(parent, seen);
  };
  return new Map(customers.map((c) => [c, depth(c)]));
}

/** Orders customers so that each comes before its parent (depth counted within the list). */
function childrenFirst(customers: Customer[]): Customer[] {
  const d = depths(customers);
  return [...customers].sort((a, b) => d.get(b)! - d.get(a)!);
}

/**
 * Cancels the cards `accountNumber` holds, for a close refused while it holds them (a server may keep
 * such customers open: ASSUME-CLOSE-CONDITIONS). Whether it held any and they were cancelled; none is
 * when the search cannot be shown to be the customer's (leftOutSome): a server that ignores the
 * filter would have every card the caller may see cancelled.
 */
export async function cancelCardsOf(api: FleetApi, accountNumber: string, notes: string): Promise<boolean> {
  const search = { customerAccountNumber: accountNumber };
  const cards = await allCards(api, search).catch(() => []);
  if (!cards.length || !(await leftOutSome(api, search, cards))) return false;
  const master = await api.getMasterData().catch(() => undefined);
  if (master?.status !== 200) return false;
  for (const card of cards)
    await api
      .cancelCard(card.cardIdentifier!, { statusReasonId: reasonFor(master.body, card), notes })
      .catch(() => undefined);
  return true;
}

/**
 * Closes a customer a test created (housekeeping, never a verdict; a close whose answer was lost is
 * read back). A close refused is sent again once the customer's cards are cancelled
 * (ASSUME-CLOSE-CONDITIONS). Whether it closed.
 */
export async function closeCreatedCustomer(api: FleetApi, accountNumber: string, notes: string): Promise<boolean> {
  const close = async () => (await api.closeCustomer(accountNumber, { notes })).status === 200;
  const closed = async () => readClosed(await api.getCustomer(accountNumber));
  if (await untilDone(close, closed)) return true;
  // Closed before (by its test): there is nothing to cancel.
  if (await closed().catch(() => false)) return true;
  return (await cancelCardsOf(api, accountNumber, notes)) && untilDone(close, closed);
}

export function describeCustomer(c: Customer): string {
  return `${c.customerAccountNumber} "${c.customerName}" (${c.status ?? `status ${c.statusIdentifier}`})`;
}

export interface CloseOptions {
  dryRun?: boolean;
  /** Closes sent at once within one depth level (children of one level all before their parents). */
  concurrency?: number;
  /** Epoch ms after which no further close is sent (a cancelled run has little time). */
  deadline?: number;
  log?: (line: string) => void;
}

export interface CloseCounts {
  closed: number;
  already: number;
  failed: number;
  /** Not tried: a dry run, or the deadline passed. */
  left: number;
}

/**
 * Closes every customer of `customers` (childrenFirst order) that is not closed yet. The
 * document shows no closed status: its identifier is learnt from the first close, and a status
 * text naming it is trusted meanwhile.
 */
export async function closeCustomers(
  api: FleetApi,
  customers: Customer[],
  options: CloseOptions = {}
): Promise<CloseCounts> {
  const log = options.log ?? (() => undefined);
  const counts: CloseCounts = { closed: 0, already: 0, failed: 0, left: 0 };
  let closedStatus: number | undefined;
  const isClosed = (c: Customer) => c.statusIdentifier === closedStatus || /clos/i.test(c.status ?? '');
  const d = depths(customers);
  const levels = [...new Set(d.values())]
    .sort((a, b) => b - a)
    .map((level) => customers.filter((c) => d.get(c) === level));
  for (const level of levels) {
    const queue = [...level];
    const worker = async () => {
      for (let c = queue.shift(); c; c = queue.shift()) {
        if (isClosed(c)) counts.already += 1;
        else if (options.dryRun || (options.deadline !== undefined && Date.now() > options.deadline)) {
          counts.left += 1;
          if (options.dryRun) log(`would close ${describeCustomer(c)}`);
        } else {
          const number = c.customerAccountNumber!;
          const outcome = await api.closeCustomer(number, { notes: 'fleet-conformance cleanup' }).then(
            (r) => r.status,
            (e: Error) => e.message.split('\n')[0]!
          );
          if (outcome === 200) {
            counts.closed += 1;
            if (closedStatus === undefined) {
              const after = await api.getCustomer(number).catch(() => undefined);
              if (after?.status === 200 && after.body.statusIdentifier !== ACTIVE)
                closedStatus = after.body.statusIdentifier;
            }
            log(`closed ${describeCustomer(c)}`);
          } else {
            counts.failed += 1;
            log(`could not close ${describeCustomer(c)}: ${outcome}`);
          }
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 1) }, worker));
  }
  return counts;
}

/**
 * A client of its own for clean-up outside a test (a cancelled run, npm run cleanup); `dispose`
 * ends it. `second`: as the second client (FLEET_FOREIGN_CLIENT_ID), which creates a sub-customer
 * of its own hierarchy when the authorization matrix finds none there. `observer`: where what the
 * answers break goes (a finding, not an exception: the run's lease).
 */
export async function cleanupApi(
  config: Config,
  second = false,
  observer?: Observer
): Promise<{ api: FleetApi; dispose: () => Promise<void> }> {
  const secrets = new SecretRegistry();
  for (const secret of secretsOf(config)) secrets.add(secret);
  const context = await newContextFor(config.transport, config.baseUrl);
  const tokens = tokensFor(config, second);
  if (observer?.met) tokens.onEvent = (event) => observer.met!(event, 'requestToken', undefined);
  const api = new FleetApi({
    request: context,
    config,
    tokens,
    schemas: loadSchemas(),
    secrets,
    ...(observer ? { observer } : {}),
  });
  return { api, dispose: () => context.dispose() };
}

/** What a cancelled run left open in the second client's hierarchy, closed before `deadline` (in words; undefined without a second client). */
async function closeSecondClients(config: Config, runId: string, deadline: number): Promise<string | undefined> {
  if (!config.foreignClient) return undefined;
  const { api, dispose } = await cleanupApi(config, true);
  try {
    const found = await markedCustomers(api, config.customerListFields, runId);
    if (!found.length) return undefined;
    const counts = await closeCustomers(api, found, { concurrency: 8, deadline });
    return `${found.length} the second client created for it: ${counts.closed} closed now, ${counts.failed + counts.left} left open`;
  } finally {
    await dispose();
  }
}

/** Unblocks the pool cards of `cards` that are not Active (a cancelled card stays cancelled); how many it unblocked. */
async function putBack(api: FleetApi, cards: number[], deadline: number): Promise<number> {
  if (!cards.length) return 0;
  const master = await api.getMasterData().catch(() => undefined);
  if (master?.status !== 200) return 0;
  const unblocked = await Promise.all(
    cards.map(async (id) => {
      try {
        const card = await api.getCard(id);
        if (card.status !== 200 || isActive(card.body) || Date.now() > deadline) return false;
        return (await api.unblockCard(id, { statusReasonId: reasonFor(master.body, card.body) })).status === 200;
      } catch {
        return false;
      }
    })
  );
  return unblocked.filter(Boolean).length;
}

/**
 * What a cancelled run leaves, put right before `deadline`: the sub-customers it created and left
 * open closed (eight at a time, children first, its lease among them), and the pool cards its
 * interrupted tests held unblocked.
 */
export async function closeRun(
  config: Config,
  runId: string,
  heldCards: number[],
  deadline: number
): Promise<{ summary: string }> {
  const { api, dispose } = await cleanupApi(config);
  try {
    const [found, unblocked, second] = await Promise.all([
      markedCustomers(api, config.customerListFields, runId),
      putBack(api, heldCards, deadline),
      closeSecondClients(config, runId, deadline).catch(() => undefined),
    ]);
    const counts = await closeCustomers(api, found, { concurrency: 8, deadline });
    const open = counts.failed + counts.left;
    return {
      summary: `${found.length} sub-customers it created: ${counts.closed} closed now, ${counts.already} closed before, ${open} left open${open ? ` (npm run cleanup -- --run ${runId})` : ''}${second ? `; ${second}` : ''}; ${unblocked} pool card${unblocked === 1 ? '' : 's'} unblocked of ${heldCards.length} its tests held`,
    };
  } finally {
    await dispose();
  }
}
