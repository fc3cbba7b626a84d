// identity.organization.created.v1 / renamed.v1 → organizations (id, name): the church name e-mails show.
import type { EventHandlers } from '@lectern/service-kit';
import type { CommsDatabase } from '../data/database.ts';

export function organizationProjectionHandlers(): EventHandlers<CommsDatabase> {
  return {
    'identity.organization.created.v1': async (trx, event) => {
      await trx
        .insertInto('organizations')
        .values({ id: event.data.organizationId, name: event.data.name })
        .onConflict((oc) => oc.column('id').doUpdateSet({ name: event.data.name }))
        .execute();
    },
    // Same key (the organization id) as its creation, so the events arrive in order.
    'identity.organization.renamed.v1': async (trx, event) => {
      await trx
        .insertInto('organizations')
        .values({ id: event.data.organizationId, name: event.data.name })
        .onConflict((oc) => oc.column('id').doUpdateSet({ name: event.data.name }))
        .execute();
    },
  };
}
