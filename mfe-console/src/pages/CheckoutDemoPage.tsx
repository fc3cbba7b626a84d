// /console/checkout-demo (spec 001 §2, QA only): the real offer checkouts — the default offer's
// generic three-step checkout and the special offer — mounted side by side. They are the marketing
// front end's own pages (frames on the same origin), so what QA tries here is what customers get;
// with the local stack, payments go to the Stripe stand-in's test cards.
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { PageContainer, PageTitle } from '@lectern/shell-kit';

const Frames = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 420px), 1fr));
  gap: 1.5rem;
  margin-top: 1rem;
  iframe { width: 100%; height: 900px; border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: 10px; background: #fff; }
  h2 { margin: 0 0 0.5rem; font-size: 1.1rem; }
`;

export function CheckoutDemoPage() {
  return (
    <PageContainer>
      <Link to="/">← Back to Console</Link>
      <PageTitle style={{ marginTop: '1rem' }}>Checkout Demo</PageTitle>
      <p>QA only: the checkouts below create real organizations and subscriptions in this environment.</p>
      <Frames>
        <section>
          <h2>Default offer</h2>
          <iframe title="Default offer checkout" src="/offer-checkout/default" />
        </section>
        <section>
          <h2>Special offer</h2>
          <iframe title="Special offer checkout" src="/cotr-special" />
        </section>
      </Frames>
    </PageContainer>
  );
}
