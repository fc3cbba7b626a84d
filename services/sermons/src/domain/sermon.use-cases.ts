// The sermons service's use cases, wired once per app (app.ts): routes call these, these call
// the repository (data/sermon.repository.ts) and write through SermonChanges.
import type { Kysely } from 'kysely';
import type { Bucket, LiveHub } from '@lectern/service-kit';
import type { SermonsConfig } from '../config.ts';
import type { SermonsDb } from '../data/database.ts';
import type { PipelineClient } from '../pipeline/pipeline.client.ts';
import type { ServiceLog } from './sermon.actor.ts';
import { SermonChanges } from './sermon.changes.ts';
import { SermonIntake } from './sermon.intake.ts';
import { assertFairCapacity } from './pipeline.capacity.ts';
import { SermonProcessing } from './sermon.processing.ts';
import { SermonQueries } from './sermon.queries.ts';
import { SermonRemoval } from './sermon.removal.ts';
import { SermonReview } from './sermon.review.ts';
import { QuotaService } from './quota.service.ts';

export interface SermonUseCases {
  db: Kysely<SermonsDb>;
  quota: QuotaService;
  queries: SermonQueries;
  intake: SermonIntake;
  processing: SermonProcessing;
  review: SermonReview;
  removal: SermonRemoval;
}

export function createSermonUseCases(deps: { db: Kysely<SermonsDb>; config: SermonsConfig; raw: () => Promise<Bucket>; hub: LiveHub; pipeline: PipelineClient; log: ServiceLog }): SermonUseCases {
  const changes = new SermonChanges(deps.db, deps.hub);
  const quota = new QuotaService(deps.config);
  // A retry puts a sermon back into the pipeline, so it checks the intake's capacity too.
  const assertCapacity = (orgId: string) => assertFairCapacity(deps.db, orgId, deps.config);
  const processing = new SermonProcessing({ changes, pipeline: deps.pipeline, log: deps.log, assertCapacity });
  const intake = new SermonIntake({ changes, quota, processing, assertCapacity });
  return {
    db: deps.db,
    quota,
    queries: new SermonQueries(deps.db),
    intake,
    processing,
    review: new SermonReview({ changes }),
    removal: new SermonRemoval({ changes, quota, processing, raw: deps.raw }),
  };
}
