/**
 * Per-test recorder of exchanges: a violation of the test's own rules is attached at once with its
 * request and response; on failure the last exchanges are attached too; drift is attached for the
 * drift reporter. Everything attached is redacted first. (Findings of other rules: lib/ledger.ts.)
 */
import type { TestInfo } from '@playwright/test';
import type { Finding } from '../checks/index.js';
import type { ExchangeSink } from '../client.js';
import type { Exchange } from '../exchange.js';
import type { SecretRegistry } from './redact.js';

export const DRIFT_ATTACHMENT = 'fleet-drift.json';
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

  constructor(private readonly testInfo: TestInfo, private readonly secrets: SecretRegistry) {}

  async record(exchange: Exchange, drift: Finding[], violations: Finding[]): Promise<void> {
    this.count += 1;
    this.exchanges.push(exchange);
    if (this.exchanges.length > KEPT_EXCHANGES) this.exchanges.shift();
    const throttling: Finding[] = (exchange.throttled ?? []).map((t) => ({
      kind: 'drift', check: 'throttling', rule: 'HTTP-STATUS-DOCUMENTED', title: `throttled: ${t.status}, came back after the wait asked for`,
      where: String(t.status), received: String(t.status), documented: 'Rate limits: not shown',
    }));
    for (const f of [...drift, ...throttling]) {
      const key = `${exchange.operationId} ${f.check} ${f.where ?? f.title}`;
      const seen = this.drift.get(key);
      if (seen) seen.count += 1;
      else {
        this.drift.set(key, {
          ...f, operationId: exchange.operationId, count: 1,
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
    }
  }

  private async attach(name: string, value: unknown): Promise<void> {
    const body = JSON.stringify(this.secrets.redact(value), null, 2);
    await this.testInfo.attach(name, { body: this.secrets.scrub(body), contentType: 'application/json' });
  }
}
