/**
 * The account numbers this run's creations of sub-customers were answered, across its workers
 * (CUST-CREATE-RETURNS-NUMBER: "customerAccountNumber (string) of the new customer"). A number is
 * a file of the run's folder, made by the first creation answered it; a second creation answered a
 * number a customer of the run held when it was sent shares it, and at least one of the two answers
 * is not its new customer's. The first creation learns of the second through a file the second
 * leaves for it. A creation sent after the holder's close was answered may get its number again:
 * whether a server may give a closed customer's number to a new one is not stated; nor whether the
 * same body sent twice makes a second customer.
 */
import { createHash, randomUUID } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A creation that was answered a number: what the other one's verdict says of it. */
export interface NumberHolder {
  /** Which claim of the run this is (the first creation's later check reads its own). */
  claim: string;
  /** The test that sent it ('' for a worker's own set-up). */
  test: string;
  startedAt: string;
  /** A digest of the body it sent. */
  sent: string;
}

export class CreatedNumbers {
  constructor(
    private readonly dir: string,
    /** Which target and client of the run create (numbers of two targets or two hierarchies are never compared). */
    private readonly scope: string
  ) {}

  private file(accountNumber: string, suffix: string): string {
    return join(this.dir, `${encodeURIComponent(this.scope)}-${encodeURIComponent(accountNumber)}${suffix}`);
  }

  /**
   * `accountNumber` was answered to a creation of `test`: held for it from now on, or the holder
   * that still holds it (its customer not closed), who is told of this creation.
   */
  take(
    accountNumber: string,
    test: string,
    startedAt: string,
    body: unknown
  ): { mine: NumberHolder; earlier?: NumberHolder } {
    mkdirSync(this.dir, { recursive: true });
    const sent = createHash('sha256')
      .update(JSON.stringify(body ?? null))
      .digest('hex')
      .slice(0, 16);
    const mine: NumberHolder = { claim: randomUUID(), test, startedAt, sent };
    const staged = this.file(accountNumber, `.${mine.claim}.tmp`);
    const holderFile = this.file(accountNumber, '.holder');
    writeFileSync(staged, JSON.stringify(mine));
    try {
      // A link is made whole or not at all: a reader never finds the holder half written.
      linkSync(staged, holderFile);
      return { mine };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const earlier = JSON.parse(readFileSync(holderFile, 'utf8')) as NumberHolder;
      if (earlier.sent === sent) return { mine: earlier };
      const closedAt = this.closedAt(accountNumber, earlier);
      if (closedAt !== undefined && closedAt <= Date.parse(startedAt)) {
        renameSync(staged, holderFile);
        return { mine };
      }
      renameSync(staged, this.file(accountNumber, `.${earlier.claim}.shared`));
      return { mine, earlier };
    } finally {
      rmSync(staged, { force: true });
    }
  }

  /** When the close of `holder`'s customer was answered (epoch ms), if it was. */
  private closedAt(accountNumber: string, holder: NumberHolder): number | undefined {
    try {
      return Number(readFileSync(this.file(accountNumber, `.${holder.claim}.closed`), 'utf8'));
    } catch {
      return undefined;
    }
  }

  /** A later creation answered the number `holder` holds, if one was. */
  sharedWith(accountNumber: string, holder: NumberHolder): NumberHolder | undefined {
    try {
      return JSON.parse(readFileSync(this.file(accountNumber, `.${holder.claim}.shared`), 'utf8')) as NumberHolder;
    } catch {
      return undefined;
    }
  }

  /** The customer of `accountNumber` was closed, the close answered at `answeredAt` (epoch ms): its number is no one's from then. */
  letGo(accountNumber: string, answeredAt: number): void {
    try {
      const holder = JSON.parse(readFileSync(this.file(accountNumber, '.holder'), 'utf8')) as NumberHolder;
      const closed = this.file(accountNumber, `.${holder.claim}.closed`);
      writeFileSync(`${closed}.tmp`, String(answeredAt));
      renameSync(`${closed}.tmp`, closed);
    } catch {
      // A number no creation of this client was answered (a seeded customer, another run's): nothing to let go.
    }
  }
}
