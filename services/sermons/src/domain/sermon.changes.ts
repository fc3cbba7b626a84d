// How every sermon change is written: one transaction holding the rows and their outbox events;
// live subscribers are told only after it commits (they must never see uncommitted state).
import type { Kysely, Transaction } from 'kysely';
import { createEvent } from '@lectern/events';
import { appendEvent, type LiveHub, type LiveMessage } from '@lectern/service-kit';
import type { SermonsDb } from '../data/database.ts';
import type { SermonProgressUpdate } from '../data/sermon-progress.table.ts';
import type { SermonsRow } from '../data/sermons.table.ts';
import { upsertProgress } from '../data/sermon.repository.ts';
import { progressJson } from './sermon.mapper.ts';

export type Trx = Transaction<SermonsDb>;
export type AfterCommit = (callback: () => void) => void;

export class SermonChanges {
  readonly db: Kysely<SermonsDb>;
  private readonly hub: LiveHub;

  constructor(db: Kysely<SermonsDb>, hub: LiveHub) {
    this.db = db;
    this.hub = hub;
  }

  /** A transaction whose `after` callbacks run once it has committed. */
  async tx<T>(fn: (trx: Trx, after: AfterCommit) => Promise<T>): Promise<T> {
    const callbacks: (() => void)[] = [];
    const result = await this.db.transaction().execute((trx) => fn(trx, (callback) => callbacks.push(callback)));
    for (const callback of callbacks) callback();
    return result;
  }

  live(sermonId: string, message: LiveMessage): void {
    this.hub.publish(`sermon:${sermonId}`, message);
  }

  /** Upserts the progress row, writes `progressed` to the outbox and tells live subscribers after commit. */
  async writeProgress(trx: Trx, after: AfterCommit, sermon: Pick<SermonsRow, 'id' | 'org_id'>, change: SermonProgressUpdate): Promise<void> {
    const row = await upsertProgress(trx, sermon.id, change);
    await appendEvent(trx, createEvent('sermons.sermon.progressed.v1', {
      orgId: sermon.org_id,
      subject: sermon.id,
      data: { sermonId: sermon.id, currentStep: row.current_step, uploadPct: row.upload_pct, transcribePct: row.transcribe_pct, outlinePct: row.outline_pct, devotionPct: row.devotion_pct },
    }));
    const payload = progressJson(sermon.id, row);
    after(() => this.live(sermon.id, { event: 'progress', data: payload }));
  }
}
