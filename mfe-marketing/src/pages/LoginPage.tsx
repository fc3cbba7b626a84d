import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button, NotYetAvailable, Panel, useFlag } from '@lectern/shell-kit';
import { AuthLayout } from './AuthLayout.tsx';

const Stack = styled.div`
  display: grid;
  gap: 1rem;
  margin-top: 1.5rem;
`;

const Center = styled.div`
  text-align: center;
`;

export function LoginPage() {
  const signupEnabled = useFlag('signup_enabled');
  return (
    <AuthLayout>
      <h1>Sign In</h1>
      <p>Sign in to manage your sermons, or to read your church's devotionals.</p>
      <Stack>
        <NotYetAvailable feature="Sign-in">
          <p>E-mail and password sign-in arrives with the identity service in the next release.</p>
        </NotYetAvailable>
        <Panel title="Check the address before you sign in">
          <p>
            Only enter your password when the address bar shows <strong>{window.location.host}</strong>. Lectern will never
            ask for your password by e-mail.
          </p>
        </Panel>
        <Center>
          {signupEnabled ? (
            <Link to="/signup">Create new account</Link>
          ) : (
            <Button type="button" $variant="secondary" disabled>
              Coming Soon
            </Button>
          )}
        </Center>
      </Stack>
    </AuthLayout>
  );
}
