// identity.lead.initiated.v1 → signup_leads: only an organization in signup (with that e-mail)
// may prepare a subscription without being signed in.
import type { EventHandlers } from '@lectern/service-kit';
import type { BillingDatabase } from '../data/database.ts';

export const SIGNUP_LEADS_GROUP = 'billing.signup-leads';

export const signupLeadHandlers: EventHandlers<BillingDatabase> = {
  'identity.lead.initiated.v1': async (trx, event) => {
    await trx
      .insertInto('signup_leads')
      .values({ lead_id: event.data.leadId, org_id: event.data.organizationId, email: event.data.email.toLowerCase() })
      .onConflict((oc) => oc.column('lead_id').doNothing())
      .execute();
  },
};
