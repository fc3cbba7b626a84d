import { NotFound, NotYetAvailable, Spinner, useFlag } from '@lectern/shell-kit';
import { AuthLayout } from './AuthLayout.tsx';

/** Spec: shown only when signup_enabled is on, not-found otherwise, spinner while unknown. */
export function SignupPage() {
  const signupEnabled = useFlag('signup_enabled');
  if (signupEnabled === undefined) return <Spinner />;
  if (!signupEnabled) return <NotFound />;
  return (
    <AuthLayout>
      <h1>Sign up</h1>
      <NotYetAvailable feature="Sign-up" />
    </AuthLayout>
  );
}
