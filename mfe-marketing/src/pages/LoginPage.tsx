// /login (spec 000 §2, 001 §2): e-mail, password and captcha; submit disabled until the captcha
// gives a token; after a failure the captcha is reset and the password cleared; a signed-in
// visitor goes to /dashboard; 'Create new account' or a disabled 'Coming Soon' (signup_enabled).
import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { Button, Panel, RedirectIfSignedIn, navigateTo, safeReturnPath, signIn, signInErrorMessage, useFlag } from '@lectern/shell-kit';
import { AuthLayout } from './AuthLayout.tsx';
import { Captcha } from '../captcha/Captcha.tsx';
import { Alert, Form, PasswordField, TextField } from '../auth/form.parts.tsx';

const Center = styled.div`
  text-align: center;
  margin-top: 1.25rem;
`;

const ForgotLink = styled.p`
  margin: -0.5rem 0 0;
  text-align: right;
  font-size: 0.92rem;
`;

export function LoginPage() {
  const signupEnabled = useFlag('signup_enabled');
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaReset, setCaptchaReset] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // Set while this page signs in, so the signed-in redirect does not race the role redirect.
  const signingIn = useRef(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!captcha || submitting) return;
    setSubmitting(true);
    setError(null);
    signingIn.current = true;
    try {
      const user = await signIn({ email, password, captcha });
      navigateTo(safeReturnPath(params.get('from')) ?? user.homePath);
    } catch (failure) {
      signingIn.current = false;
      setError(signInErrorMessage(failure));
      setPassword('');
      setCaptchaReset((n) => n + 1);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <RedirectIfSignedIn unless={signingIn.current}>
      <AuthLayout>
        <h1>Sign In</h1>
        <p>Sign in to manage your sermons, or to read your church's devotionals.</p>
        <Panel title="Check the address before you sign in">
          <p>
            Only enter your password when the address bar shows <strong>{window.location.host}</strong>. Lectern will never ask for your
            password by e-mail or on any other site.
          </p>
        </Panel>
        <Form onSubmit={(event) => void submit(event)} noValidate aria-label="Sign in">
          {error && <Alert role="alert">{error}</Alert>}
          <TextField label="Email" type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} required />
          <PasswordField value={password} onChange={setPassword} autoComplete="current-password" />
          <ForgotLink>
            <Link to="/forgot-password">Forgot password?</Link>
          </ForgotLink>
          <Captcha onToken={setCaptcha} resetKey={captchaReset} />
          <Button type="submit" disabled={!captcha || submitting}>
            {submitting ? 'Signing in…' : 'Sign In'}
          </Button>
        </Form>
        <Center>
          {signupEnabled ? (
            <Link to="/signup">Create new account</Link>
          ) : (
            <Button type="button" $variant="secondary" disabled>
              Coming Soon
            </Button>
          )}
        </Center>
      </AuthLayout>
    </RedirectIfSignedIn>
  );
}
