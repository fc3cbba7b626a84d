// /settings/integrations/oauth/planningCenter: where Planning Center sends the browser back after
// the church approved Lectern (OAuth 2 authorization code). The page hands code and state to
// identity, which checks the state belongs to this user, exchanges the code (PKCE) and keeps the
// tokens; then back to /settings. A refusal at Planning Center (`error`) or a bad state is shown.
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PageTitle, Panel, showToast, Spinner } from '@lectern/shell-kit';
import { Stack } from './staff.styles.ts';
import { integrationsApi } from '../integrations/integrations.client.ts';
import { INTEGRATION_TEXTS } from '../integrations/integrations.rules.ts';
import { messageOf } from '../hooks/useResource.ts';

export function PlanningCenterOAuthPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const sent = useRef(false);
  const code = params.get('code');
  const state = params.get('state');
  const refused = params.get('error');

  useEffect(() => {
    // Once: a code and a state work a single time.
    if (sent.current) return;
    sent.current = true;
    if (refused || !code || !state) {
      setFailure(refused === 'access_denied' ? 'The Planning Center authorization was declined.' : 'Planning Center did not send an authorization back. Connect again.');
      return;
    }
    integrationsApi.completeOAuth(code, state).then(
      (result) => {
        showToast({ kind: 'success', title: result.message });
        navigate('/settings', { replace: true });
      },
      (error: unknown) => setFailure(messageOf(error, INTEGRATION_TEXTS.oauthFailed)),
    );
  }, [code, state, refused, navigate]);

  return (
    <Stack>
      <PageTitle>Planning Center</PageTitle>
      {failure ? (
        <Panel tone="danger" title={INTEGRATION_TEXTS.oauthFailed}>
          <p>{failure}</p>
          <p>
            <Link to="/settings/integrations/new/planningCenter">Connect Planning Center</Link> · <Link to="/settings">Back to Settings</Link>
          </p>
        </Panel>
      ) : (
        <Spinner label="Connecting Planning Center…" />
      )}
    </Stack>
  );
}
