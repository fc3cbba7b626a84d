import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { AuthLayout } from './AuthLayout.tsx';

const Muted = styled.p`
  text-align: center;
  color: ${({ theme }) => theme.colors.inkMuted};
`;

/** /verify-email: a confirmation link was sent. 'Resend email' is text without a function (spec 001 §2). */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const email = params.get('email');
  return (
    <AuthLayout>
      <h1>Check your email</h1>
      <p>
        We sent a confirmation link to {email ? <strong>{email}</strong> : 'your e-mail address'}. Open it to confirm your address and sign in.
      </p>
      <Muted>Didn&apos;t get it? Resend email</Muted>
    </AuthLayout>
  );
}
