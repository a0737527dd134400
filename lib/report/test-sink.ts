/**
 * Per-test recorder of exchanges: a violation of the test's own rules is attached at once with its
 * request and response; on failure the last exchanges are attached too, and as `replay.sh`, the
 * curl commands that replay them; drift is attached for the drift reporter. Everything attached is
 * redacted first. (Findings of other rules: lib/ledger.ts.)
 */
import type { TestInfo } from '@playwright/test';
import type { Finding } from '../checks/index.js';
import type { ExchangeSink } from '../client.js';
import type { Exchange } from '../exchange.js';
import type { SecretRegistry } from './redact.js';
import { curlOf, replayHint } from './replay.js';

export const DRIFT_ATTACHMENT = 'fleet-drift.json';
const REPLAY_ATTACHMENT = 'replay.sh';
const KEPT_EXCHANGES = 25;

export interface DriftRecord extends Finding {
  operationId: string;
  example: { method: string; path: string; status: number };
  /** Times seen in the test. */
  count: number;
}

export class TestSink implements ExchangeSink {
  private readonly exchanges: Exchange[] = [];
  private readonly drift = new Map<string, DriftRecord>();
  count = 0;

  constructor(
    private readonly testInfo: TestInfo,
    private readonly secrets: SecretRegistry
  ) {}

  async record(exchange: Exchange, drift: Finding[], violations: Finding[]): Promise<void> {
    this.count += 1;
    this.exchanges.push(exchange);
    if (this.exchanges.length > KEPT_EXCHANGES) this.exchanges.shift();
    const throttling: Finding[] = (exchange.throttled ?? []).map((t) => ({
      kind: 'drift',
      check: 'throttling',
      rule: 'HTTP-STATUS-DOCUMENTED',
      title: `throttled: ${t.status}, came back after the wait asked for`,
      where: String(t.status),
      received: String(t.status),
      documented: 'Rate limits: not shown',
    }));
    for (const f of [...drift, ...throttling]) {
      const key = `${exchange.operationId} ${f.check} ${f.where ?? f.title}`;
      const seen = this.drift.get(key);
      if (seen) seen.count += 1;
      else {
        this.drift.set(key, {
          ...f,
          operationId: exchange.operationId,
          count: 1,
          example: { method: exchange.request.method, path: exchange.request.path, status: exchange.response.status },
        });
      }
    }
    if (violations.length) {
      const rules = [...new Set(violations.map((f) => f.rule))].join(', ');
      await this.attach(`violation ${rules}.json`, { findings: violations, exchange });
    }
  }

  async finish(): Promise<void> {
    if (this.drift.size) await this.attach(DRIFT_ATTACHMENT, [...this.drift.values()]);
    if (this.testInfo.status !== this.testInfo.expectedStatus && this.exchanges.length) {
      await this.attach('exchanges.json', this.exchanges);
      await this.attachText(REPLAY_ATTACHMENT, replayScript(this.testInfo.title, this.exchanges));
    }
  }

  private async attach(name: string, value: unknown): Promise<void> {
    await this.attachText(name, JSON.stringify(this.secrets.redact(value), null, 2), 'application/json');
  }

  private async attachText(name: string, text: string, contentType = 'text/plain'): Promise<void> {
    await this.testInfo.attach(name, { body: this.secrets.scrub(text), contentType });
  }
}

/** The test's last requests, oldest first, as curl commands to paste (the token as $FLEET_TOKEN). */
export function replayScript(title: string, exchanges: Exchange[]): string {
  const hint = replayHint(exchanges[0]?.replayBaseUrl ?? '');
  return [
    `# The last ${exchanges.length > 1 ? `${exchanges.length} requests` : 'request'} of "${title}"${exchanges.length > 1 ? ', oldest first' : ''}.`,
    `# First: ${hint}`,
    ...exchanges.flatMap((e, i) => [
      '',
      `# ${i + 1}. ${e.request.method} ${e.request.path.split('?')[0]} answered ${e.response.status}`,
      curlOf(e.replayBaseUrl, e.request),
    ]),
    '',
  ].join('\n');
}
