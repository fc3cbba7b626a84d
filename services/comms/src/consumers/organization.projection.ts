// identity.organization.created.v1 / renamed.v1 → organizations (id, name): the church name e-mails show.
import type { EventHandlers, KitTables } from '@lectern/service-kit';
import type { Transaction } from 'kysely';
import type { CommsDatabase } from '../data/database.ts';

type Trx = Transaction<CommsDatabase & KitTables>;

async function keepName(trx: Trx, organizationId: string, name: string): Promise<void> {
  await trx.insertInto('organizations').values({ id: organizationId, name }).onConflict((oc) => oc.column('id').doUpdateSet({ name })).execute();
}

export function organizationProjectionHandlers(): EventHandlers<CommsDatabase> {
  return {
    'identity.organization.created.v1': (trx, event) => keepName(trx, event.data.organizationId, event.data.name),
    // Same key (the organization id) as its creation, so the events arrive in order.
    'identity.organization.renamed.v1': (trx, event) => keepName(trx, event.data.organizationId, event.data.name),
  };
}
