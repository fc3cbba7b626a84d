// /billing/success?session_id=… (spec 001 §2): the purchase went through; the account waits for the
// e-mail confirmation. 'Resend email' is a text without function, as the spec describes it.
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { Card, PageContainer, PageTitle } from '@lectern/shell-kit';

const Session = styled.p`
  color: ${({ theme }) => theme.colors.inkMuted};
  font-size: 0.9rem;
  overflow-wrap: anywhere;
`;

export function BillingSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  return (
    <PageContainer>
      <Card>
        <PageTitle>Thank you for your purchase!</PageTitle>
        <p>We sent a confirmation link to the e-mail address you signed up with.</p>
        <p>Please verify your e-mail address to activate your account, then sign in.</p>
        <p>
          Didn&apos;t get it? <span aria-disabled="true">Resend email</span>
        </p>
        {sessionId && <Session>Session ID: {sessionId}</Session>}
      </Card>
    </PageContainer>
  );
}
