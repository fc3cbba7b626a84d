// /settings/integrations/{mode}/{integrationId} (also /settings/{mode}/{integrationId}): the
// Rock RMS / Planning Center editor (spec 001 §2): API Key and From Email (both required; the
// saved key is never shown — leave it empty to keep it), Test Connection, Save back to /settings,
// Delete with a confirmation; an unknown integration shows 'Integration not found.'
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiError, Button, PageTitle, Panel, showToast, Spinner } from '@lectern/shell-kit';
import { PageCard, Stack } from './staff.styles.ts';
import { EditField, EditGrid } from '../components/form.styles.ts';
import { DialogActions, ModalDialog } from '../components/ModalDialog.tsx';
import { integrationsApi } from '../integrations/integrations.client.ts';
import { CATALOGUE, editorMode, INTEGRATION_TEXTS, isIntegrationType } from '../integrations/integrations.rules.ts';
import { showFailure } from '../hooks/useResource.ts';

export function IntegrationEditorPage() {
  const { mode: rawMode, integrationId } = useParams();
  const navigate = useNavigate();
  const mode = editorMode(rawMode);
  const entry = isIntegrationType(integrationId) ? CATALOGUE.find((c) => c.type === integrationId) : undefined;
  const [loaded, setLoaded] = useState(mode !== 'edit');
  const [exists, setExists] = useState(false);
  const [apiKey, setApiKey] = useState('');
  const [fromEmail, setFromEmail] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<'save' | 'test' | 'delete' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [oauth, setOauth] = useState<{ available: boolean; connected: boolean }>({ available: false, connected: false });
  const [connecting, setConnecting] = useState(false);

  useEffect(() => {
    if (!entry) return;
    let live = true;
    integrationsApi.find(entry.type).then(
      (integration) => {
        if (!live) return;
        if (integration) {
          setExists(true);
          setFromEmail(integration.credentials.fromEmail);
          setOauth((o) => ({ ...o, connected: integration.credentials.authKind === 'oauth' }));
        }
        setLoaded(true);
      },
      () => live && setLoaded(true),
    );
    if (entry.type === 'planningCenter') {
      integrationsApi.oauthAvailable().then(
        ({ available }) => live && setOauth((o) => ({ ...o, available })),
        () => {},
      );
    }
    return () => {
      live = false;
    };
  }, [entry]);

  if (!mode || !entry) {
    return (
      <Stack>
        <PageTitle>Integrations</PageTitle>
        <Panel tone="danger" title={INTEGRATION_TEXTS.notFound}>
          <p>
            <Link to="/settings">Back to Settings</Link>
          </p>
        </Panel>
      </Stack>
    );
  }
  if (!loaded) return <Spinner label="Loading integration…" />;
  if (mode === 'edit' && !exists) {
    return (
      <Stack>
        <PageTitle>{entry.name}</PageTitle>
        <Panel tone="danger" title={INTEGRATION_TEXTS.notFound}>
          <p>
            <Link to={`/settings/integrations/new/${entry.type}`}>Connect {entry.name}</Link> · <Link to="/settings">Back to Settings</Link>
          </p>
        </Panel>
      </Stack>
    );
  }

  const adding = !exists;
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (adding && !apiKey.trim()) missing.apiKey = 'API Key is required.';
    if (!fromEmail.trim()) missing.fromEmail = 'From Email is required.';
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setBusy('save');
    try {
      const result = await integrationsApi.save(entry.type, { apiKey, fromEmail });
      showToast({ kind: 'success', title: result.message });
      navigate('/settings');
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? (error.problem.fieldErrors as Record<string, string> | undefined) : undefined;
      if (fieldErrors) setErrors(fieldErrors);
      showFailure(INTEGRATION_TEXTS.saveFailed, error);
    } finally {
      setBusy(null);
    }
  };

  /** OAuth: the server remembers state + PKCE verifier for this user; the browser goes to Planning Center and comes back to /settings/integrations/oauth/planningCenter. */
  const connectWithSignIn = async () => {
    if (!fromEmail.trim()) {
      setErrors({ fromEmail: 'From Email is required.' });
      return;
    }
    setConnecting(true);
    try {
      const { authorizeUrl } = await integrationsApi.startOAuth(fromEmail);
      window.location.assign(authorizeUrl);
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? (error.problem.fieldErrors as Record<string, string> | undefined) : undefined;
      if (fieldErrors) setErrors(fieldErrors);
      showFailure(INTEGRATION_TEXTS.oauthFailed, error);
      setConnecting(false);
    }
  };

  const test = async () => {
    setBusy('test');
    try {
      showToast({ kind: 'success', title: (await integrationsApi.test(entry.type)).message });
    } catch (error) {
      showFailure('Connection test failed', error);
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setBusy('delete');
    try {
      showToast({ kind: 'success', title: (await integrationsApi.remove(entry.type)).message });
      navigate('/settings');
    } catch (error) {
      showFailure(INTEGRATION_TEXTS.deleteFailed, error);
      setBusy(null);
      setConfirming(false);
    }
  };

  return (
    <Stack>
      <PageTitle>{adding ? `Connect ${entry.name}` : `Edit ${entry.name}`}</PageTitle>
      <PageCard>
        <form onSubmit={(e) => void save(e)} aria-label={`${entry.name} integration`} noValidate>
          <EditGrid>
            <EditField>
              API Key
              <input
                type="password"
                name="apiKey"
                autoComplete="off"
                value={apiKey}
                required={adding}
                aria-invalid={errors.apiKey ? true : undefined}
                placeholder={adding ? '' : 'Saved — leave empty to keep it'}
                onChange={(e) => setApiKey(e.target.value)}
              />
              {errors.apiKey ? <small role="alert">{errors.apiKey}</small> : entry.type === 'planningCenter' && <small>A personal access token as application id:secret.</small>}
            </EditField>
            <EditField>
              From Email
              <input type="email" name="fromEmail" required value={fromEmail} aria-invalid={errors.fromEmail ? true : undefined} onChange={(e) => {
                  setFromEmail(e.target.value);
                  if (errors.fromEmail) setErrors(({ fromEmail: _cleared, ...rest }) => rest);
                }} />
              {errors.fromEmail && <small role="alert">{errors.fromEmail}</small>}
            </EditField>
          </EditGrid>
          <DialogActions>
            {!adding && (
              <Button type="button" $variant="ghost" onClick={() => setConfirming(true)} disabled={busy !== null}>
                Delete
              </Button>
            )}
            {!adding && (
              <Button type="button" $variant="secondary" onClick={() => void test()} disabled={busy !== null}>
                {busy === 'test' ? 'Testing…' : 'Test Connection'}
              </Button>
            )}
            <Button as={Link} to="/settings" $variant="secondary">
              Cancel
            </Button>
            <Button type="submit" disabled={busy !== null}>
              {busy === 'save' ? 'Saving…' : 'Save'}
            </Button>
          </DialogActions>
        </form>
      </PageCard>
      {entry.type === 'planningCenter' && (oauth.available || oauth.connected) && (
        <PageCard as="section" aria-label="Planning Center sign-in">
          <h2>Planning Center sign-in</h2>
          {oauth.connected ? (
            <p role="status">Connected with your Planning Center sign-in. Delete disconnects it and revokes Lectern's access at Planning Center.</p>
          ) : (
            <p>Instead of an API key, sign in to Planning Center and allow Lectern to read your people. Fill in From Email first.</p>
          )}
          {oauth.available && (
            <DialogActions>
              <Button type="button" onClick={() => void connectWithSignIn()} disabled={connecting || busy !== null}>
                {connecting ? 'Opening Planning Center…' : oauth.connected ? 'Reconnect with Planning Center' : 'Connect with Planning Center'}
              </Button>
            </DialogActions>
          )}
        </PageCard>
      )}
      {confirming && (
        <ModalDialog title={`Delete ${entry.name}?`} onClose={() => setConfirming(false)}>
          <p>{oauth.connected ? "The integration is removed and Lectern's access is revoked at Planning Center." : 'The integration and its saved API key are removed.'} Members already synced stay.</p>
          <DialogActions>
            <Button type="button" $variant="secondary" onClick={() => setConfirming(false)} disabled={busy === 'delete'}>
              Cancel
            </Button>
            <Button type="button" onClick={() => void remove()} disabled={busy === 'delete'}>
              Delete Integration
            </Button>
          </DialogActions>
        </ModalDialog>
      )}
    </Stack>
  );
}
