// billing.subscription.changed.v1 → the organization's subscription fields (spec 001 §3). The
// event's version only grows, so an older event arriving late changes nothing; processed_events
// (the kit's consumer) makes a redelivered one a no-op as well.
import type { EventHandlers } from '@lectern/service-kit';
import type { IdentityDatabase } from '../data/database.ts';
import { PLAN_LABELS } from '../signup/signup.service.ts';

export const SUBSCRIPTION_PROJECTION_GROUP = 'identity.billing-subscriptions';

export const subscriptionProjectionHandlers: EventHandlers<IdentityDatabase> = {
  'billing.subscription.changed.v1': async (trx, event) => {
    const d = event.data;
    const plan = d.plan === 'standard' || d.plan === 'premium' ? d.plan : null;
    await trx
      .updateTable('organizations')
      .set({
        current_price_id: d.priceId,
        subscription_status: d.status,
        cancel_at_period_end: d.cancelAtPeriodEnd,
        trial_ends_at: d.trialEndsAt ? new Date(d.trialEndsAt) : null,
        subscription_renewal_at: d.renewalAt ? new Date(d.renewalAt) : null,
        billing_version: d.version,
        ...(plan ? { plan_id: plan, plan_label: PLAN_LABELS[plan] } : {}),
        ...(d.interval === 'year' ? { billing_interval: 'annual' } : d.interval === 'month' ? { billing_interval: 'monthly' } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', d.organizationId)
      .where('billing_version', '<', d.version)
      .execute();
  },
};
