// billing.subscription.changed.v1 → org_plans: the upload quota follows the organization's plan.
// A paid (or trialing, or past-due) subscription sets its plan; an ended one falls back to `free`
// when that plan has a limit; a first payment still pending changes nothing. Events for one
// organization arrive in order (Kafka key = organization id); processed_events drops repeats.
import type { EventHandlers } from '@lectern/service-kit';
import type { SermonsConfig } from '../config.ts';
import type { SermonsDatabase } from '../data/database.ts';
import { QuotaService } from '../domain/quota.service.ts';
import { parseQuotaLimits } from '../config.ts';

export const BILLING_PLAN_GROUP = 'sermons.billing-plans';

const HOLDING = ['active', 'trialing', 'past_due'];
const ENDED = ['canceled', 'unpaid', 'incomplete_expired'];

export function billingPlanHandlers(config: SermonsConfig): EventHandlers<SermonsDatabase> {
  const quota = new QuotaService(config);
  const limits = parseQuotaLimits(config.SERMON_QUOTA_LIMITS);
  return {
    'billing.subscription.changed.v1': async (trx, event) => {
      const { organizationId, status, plan } = event.data;
      if (HOLDING.includes(status) && plan && limits.has(plan)) await quota.setPlan(trx, organizationId, plan);
      else if (ENDED.includes(status) && limits.has('free')) await quota.setPlan(trx, organizationId, 'free');
    },
  };
}
