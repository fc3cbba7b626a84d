import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button, Card, PageContainer, useFlag } from '@lectern/shell-kit';
import { ButtonRow, SectionLead, SectionTitle } from './marketing.styles.ts';

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
  grid-template-columns: repeat(auto-fit, minmax(300px, 1fr));
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

const Note = styled.p`
  text-align: center;
  color: ${({ theme }) => theme.colors.inkMuted};
  margin-top: 2rem;
`;

export function PricingPage() {
  const [interval, setInterval] = useState<Interval>('annual');
  const signupEnabled = useFlag('signup_enabled');
  return (
    <PageContainer>
      <SectionTitle>Simple, Transparent Pricing</SectionTitle>
      <SectionLead>Every plan turns your sermons into transcripts and devotionals for your members.</SectionLead>
      <Toggle>
        <div role="group" aria-label="Billing interval">
          <button type="button" aria-pressed={interval === 'annual'} onClick={() => setInterval('annual')}>
            Annual Discount
          </button>
          <button type="button" aria-pressed={interval === 'monthly'} onClick={() => setInterval('monthly')}>
            Monthly Plans
          </button>
        </div>
      </Toggle>
      <Plans>
        {PLANS.map((plan) => (
          <PlanCard key={plan.id}>
            <h2>{plan.name}</h2>
            {/* Spec: when the price call fails the price shows as a dash; the billing service is not connected yet. */}
            <Price aria-label={`${plan.name} price not available yet`}>
              — <small>/ month{interval === 'annual' ? ', billed annually' : ''}</small>
            </Price>
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
        ))}
      </Plans>
      <Note>
        Live prices appear once the billing service is connected. <Link to="/create-account">Create Account</Link>
      </Note>
    </PageContainer>
  );
}
