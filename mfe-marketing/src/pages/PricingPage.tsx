import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button, Card, PageContainer, useFlag } from '@lectern/shell-kit';
import { ButtonRow, SectionLead, SectionTitle } from './marketing.styles.ts';
import { formatMoney, productCodeFor, resolvePrices, type ResolvedPrice } from '../billing/billing.client.ts';

type Prices = Record<string, ResolvedPrice>;

/** Monthly figure shown for a plan: annual as yearly ÷ 12; savings = 12 × monthly − yearly (spec 001 §9). */
export function displayPrice(prices: Prices | null, plan: 'standard' | 'premium', interval: Interval): { perMonth: string; savings: string | null; yearly: string | null } | null {
  const monthly = prices?.[productCodeFor(plan, 'monthly')];
  const yearly = prices?.[productCodeFor(plan, 'annual')];
  if (interval === 'monthly') return monthly ? { perMonth: formatMoney(monthly.unit_amount_cents, monthly.currency), savings: null, yearly: null } : null;
  if (!yearly) return null;
  const saved = monthly ? monthly.unit_amount_cents * 12 - yearly.unit_amount_cents : 0;
  return {
    perMonth: formatMoney(Math.round(yearly.unit_amount_cents / 12), yearly.currency),
    yearly: formatMoney(yearly.unit_amount_cents, yearly.currency),
    savings: saved > 0 ? formatMoney(saved, yearly.currency) : null,
  };
}

type Interval = 'annual' | 'monthly';

/** Plan features from the spec (section 9). Prices come from the price call. */
const PLANS = [
  {
    id: 'standard',
    name: 'Standard',
    features: ['2 staff seats', 'Unlimited members', 'Transcripts', '5-day devotionals (short and long)', 'Members area', 'Standard support', 'SMTP integration'],
  },
  {
    id: 'premium',
    name: 'Premium',
    features: [
      '5 video uploads per month', 'Transcripts and outlines', 'Small-group guides', '5 daily devotionals (short and long)', 'Members area',
      'Priority live chat', '4 staff seats', 'Unlimited members', 'White-label API', 'SMTP integration',
    ],
  },
];

const Toggle = styled.div`
  display: flex;
  justify-content: center;
  margin-bottom: 2rem;
  > div { display: inline-flex; background: ${({ theme }) => theme.colors.surface}; border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: 999px; padding: 4px; }
  button { border: 0; background: none; font: inherit; padding: 0.45rem 1.1rem; border-radius: 999px; cursor: pointer; color: ${({ theme }) => theme.colors.inkMuted}; }
  button[aria-pressed='true'] { background: ${({ theme }) => theme.colors.primary}; color: #fff; }
`;

const Plans = styled.div`
  display: grid;
  /* min(): a card never asks for more than the page has (320 px phones) */
  grid-template-columns: repeat(auto-fit, minmax(min(300px, 100%), 1fr));
  gap: 1.5rem;
  max-width: 820px;
  margin: 0 auto;
`;

const PlanCard = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: 1rem;
  h2 { margin: 0; }
  ul { margin: 0; padding-left: 1.2rem; flex: 1; }
  li { margin: 0.3rem 0; }
`;

const Price = styled.div`
  font-size: 2.2rem;
  font-family: ${({ theme }) => theme.fonts.heading};
  small { font-size: 0.95rem; color: ${({ theme }) => theme.colors.inkMuted}; font-family: ${({ theme }) => theme.fonts.body}; }
`;

const Savings = styled.p`
  margin: -0.5rem 0 0;
  color: ${({ theme }) => theme.colors.inkMuted};
`;

const Note = styled.p`
  text-align: center;
  color: ${({ theme }) => theme.colors.inkMuted};
  margin-top: 2rem;
`;

export function PricingPage() {
  const [interval, setInterval] = useState<Interval>('monthly');
  const [prices, setPrices] = useState<Prices | null>(null);
  const signupEnabled = useFlag('signup_enabled');

  useEffect(() => {
    let live = true;
    resolvePrices(['PREMIUM_MONTHLY', 'PREMIUM_YEARLY', 'SEED_MONTHLY', 'SEED_YEARLY'])
      .then((found) => live && setPrices(found))
      // Spec: a price failure only logs a warning; the cards show a dash.
      .catch((error: unknown) => console.warn('pricing: prices could not be loaded', error));
    return () => {
      live = false;
    };
  }, []);
  return (
    <PageContainer>
      <SectionTitle as="h1">Simple, Transparent Pricing</SectionTitle>
      <SectionLead>Every plan turns your sermons into transcripts and devotionals for your members.</SectionLead>
      <Toggle>
        <div role="group" aria-label="Billing interval">
          <button type="button" aria-pressed={interval === 'monthly'} onClick={() => setInterval('monthly')}>
            Monthly Plans
          </button>
          <button type="button" aria-pressed={interval === 'annual'} onClick={() => setInterval('annual')}>
            Annual Discount
          </button>
        </div>
      </Toggle>
      <Plans>
        {PLANS.map((plan) => {
          const shown = displayPrice(prices, plan.id as 'standard' | 'premium', interval);
          return (
          <PlanCard key={plan.id}>
            <h2>{plan.name}</h2>
            <Price data-testid={`price-${plan.id}`}>
              {shown?.perMonth ?? '—'} <small>/ month{interval === 'annual' ? ', billed annually' : ''}</small>
            </Price>
            {shown?.yearly && (
              <Savings>
                {shown.yearly} per year{shown.savings ? ` — save ${shown.savings}` : ''}
              </Savings>
            )}
            <ul>
              {plan.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
            <ButtonRow>
              {signupEnabled ? (
                <Button as={Link} to={`/signup?mode=create&plan=${plan.id}&interval=${interval}`}>
                  Choose {plan.name}
                </Button>
              ) : (
                <Button type="button" disabled>
                  Coming Soon
                </Button>
              )}
            </ButtonRow>
          </PlanCard>
          );
        })}
      </Plans>
      <Note>
        Prices in US dollars. <Link to="/create-account">Create Account</Link>
      </Note>
    </PageContainer>
  );
}
