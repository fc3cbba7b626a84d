// /settings/email-integrations/new and /settings/email-integrations/{id} (spec 001): the SendGrid
// SMTP form. The password is never prefilled (left empty on edit, the stored one stays); "Send test
// e-mail" checks the settings as typed over a real SMTP conversation and saves nothing.
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { AppLink, Button, ErrorPanel, navigateTo, PageTitle, Panel, showToast, Spinner, useSession } from '@lectern/shell-kit';
import { communicationsApi } from '../communications/communications.client.ts';
import type { SmtpIntegrationForm } from '../communications/communications.client.ts';
import { EditField, Row, SubHeading } from '../components/form.styles.ts';
import { CopyWebhookUrl } from '../components/settings/CopyWebhookUrl.tsx';
import { messageOf } from '../hooks/useResource.ts';
import { PageCard, Stack } from './staff.styles.ts';
import { ApiError } from '@lectern/shell-kit';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 0.85rem;
  @media (max-width: 640px) {
    grid-template-columns: minmax(0, 1fr);
  }
  .wide {
    grid-column: 1 / -1;
  }
`;

const FieldError = styled.small`
  color: ${({ theme }) => theme.colors.danger} !important;
`;

const EMPTY: SmtpIntegrationForm = {
  title: 'SendGrid',
  fromName: '',
  fromEmail: '',
  smtpServer: 'smtp.sendgrid.net',
  smtpPort: 587,
  smtpUser: 'apikey',
  smtpPassword: '',
  smtpDomain: '',
  domain: '',
  address1: '',
  address2: '',
  city: '',
  state: '',
  zipCode: '',
  country: '',
  smtpFooter: '',
  isDefault: true,
  sendgrid_event_webhook_public_key: '',
};

type TextField = Exclude<keyof SmtpIntegrationForm, 'isDefault'>;

const FIELDS: { name: TextField; label: string; required?: boolean; wide?: boolean; type?: string; hint?: string; multiline?: boolean }[] = [
  { name: 'title', label: 'Title', required: true },
  { name: 'fromName', label: 'From name' },
  { name: 'fromEmail', label: 'From e-mail', required: true, type: 'email' },
  { name: 'smtpServer', label: 'SMTP server', required: true },
  { name: 'smtpPort', label: 'SMTP port', required: true, type: 'number' },
  { name: 'smtpUser', label: 'SMTP user', required: true, hint: 'For SendGrid this is "apikey".' },
  { name: 'smtpPassword', label: 'SMTP password', type: 'password' },
  { name: 'smtpDomain', label: 'SMTP domain' },
  { name: 'domain', label: 'Domain' },
  { name: 'address1', label: 'Address line 1' },
  { name: 'address2', label: 'Address line 2' },
  { name: 'city', label: 'City' },
  { name: 'state', label: 'State' },
  { name: 'zipCode', label: 'ZIP code' },
  { name: 'country', label: 'Country' },
  { name: 'smtpFooter', label: 'Footer', wide: true, multiline: true, hint: 'Shown under every e-mail, with your address.' },
  { name: 'sendgrid_event_webhook_public_key', label: 'SendGrid event webhook public key', required: true, wide: true, multiline: true, hint: 'Settings → Mail Settings → Event Webhook → Signature Verification in SendGrid.' },
];

export function EmailIntegrationEditorPage() {
  const { id = 'new' } = useParams();
  const adding = id === 'new';
  const userId = useSession((state) => state.user?.id ?? '');
  const [form, setForm] = useState<SmtpIntegrationForm>(EMPTY);
  const [webhookUrl, setWebhookUrl] = useState(`${window.location.origin}/smtp_webhook/${userId}/sendgrid`);
  const [loading, setLoading] = useState(!adding);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<'save' | 'test' | null>(null);
  const [testResult, setTestResult] = useState<{ ok: boolean; message: string } | null>(null);

  useEffect(() => {
    if (adding) return;
    let live = true;
    communicationsApi.integration(id).then(
      ({ integration }) => {
        if (!live) return;
        const { id: _id, provider: _p, userId: _u, webhookUrl: url, createdAt: _c, ...fields } = integration;
        setForm({ ...EMPTY, ...fields, smtpPassword: '' });
        setWebhookUrl(url);
        setLoading(false);
      },
      (error: unknown) => {
        if (!live) return;
        setLoadError(error);
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [adding, id]);

  const set = (name: keyof SmtpIntegrationForm, value: string | boolean) => setForm((current) => ({ ...current, [name]: value }));
  const fieldErrorsOf = (error: unknown) => (error instanceof ApiError ? ((error.problem?.fieldErrors as Record<string, string> | undefined) ?? {}) : {});

  const sendTest = async () => {
    setBusy('test');
    setTestResult(null);
    try {
      const { message } = await communicationsApi.testIntegration({ ...form, ...(adding ? {} : { integrationId: id }) });
      setTestResult({ ok: true, message });
      setErrors({});
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      setTestResult({ ok: false, message: messageOf(error, 'The test e-mail could not be sent.') });
    } finally {
      setBusy(null);
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy('save');
    try {
      const { message } = adding ? await communicationsApi.addIntegration(form) : await communicationsApi.updateIntegration(id, form);
      showToast({ kind: 'success', title: message });
      navigateTo('/settings');
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      showToast({ kind: 'error', title: adding ? 'Failed to add SMTP integration' : 'Failed to update SMTP integration', message: messageOf(error, 'Please check the form.') });
    } finally {
      setBusy(null);
    }
  };

  if (loading) return <Spinner label="Loading the SMTP integration…" />;
  if (loadError) return <ErrorPanel title="Failed to fetch SMTP integrations" message={messageOf(loadError, 'SMTP integration not found.')} />;

  return (
    <Stack>
      <div>
        <AppLink href="/settings">← Back to settings</AppLink>
        <PageTitle>{adding ? 'Add Email Integration' : 'Edit Email Integration'}</PageTitle>
      </div>
      <PageCard as="form" onSubmit={(event: FormEvent) => void save(event)} noValidate aria-label="SendGrid SMTP settings">
        <SubHeading as="h2">SendGrid SMTP</SubHeading>
        <Grid>
          {FIELDS.map((field) => {
            const required = field.required || (field.name === 'smtpPassword' && adding);
            const hint = field.name === 'smtpPassword' && !adding ? 'Leave empty to keep the saved password.' : field.hint;
            const value = String(form[field.name] ?? '');
            return (
              <EditField key={field.name} className={field.wide ? 'wide' : undefined}>
                {field.label}
                {required ? ' *' : ''}
                {field.multiline ? (
                  <textarea value={value} onChange={(e) => set(field.name, e.target.value)} required={required} aria-invalid={Boolean(errors[field.name])} />
                ) : (
                  <input
                    type={field.type ?? 'text'}
                    value={value}
                    onChange={(e) => set(field.name, e.target.value)}
                    required={required}
                    aria-invalid={Boolean(errors[field.name])}
                    autoComplete={field.name === 'smtpPassword' ? 'new-password' : 'off'}
                  />
                )}
                {hint ? <small>{hint}</small> : null}
                {errors[field.name] ? <FieldError role="alert">{errors[field.name]}</FieldError> : null}
              </EditField>
            );
          })}
          <EditField className="wide" as="div">
            <Row>
              <input id="smtp-default" type="checkbox" checked={form.isDefault} onChange={(e) => set('isDefault', e.target.checked)} />
              <label htmlFor="smtp-default">Use this integration for every e-mail from Communications (default)</label>
            </Row>
          </EditField>
        </Grid>
        <SubHeading as="h2">Event webhook</SubHeading>
        <p>In SendGrid, send events to this URL so deliveries, bounces, opens and clicks show up in Communications.</p>
        <CopyWebhookUrl url={webhookUrl} />
        {testResult ? (
          <Panel tone={testResult.ok ? 'success' : 'danger'} title={testResult.ok ? 'Test e-mail sent' : 'Test e-mail failed'}>
            <p>{testResult.message}</p>
          </Panel>
        ) : null}
        <Row style={{ marginTop: '1rem' }}>
          <Button type="button" $variant="secondary" onClick={() => void sendTest()} disabled={busy !== null}>
            {busy === 'test' ? 'Sending test…' : 'Send test e-mail'}
          </Button>
          <Button type="submit" disabled={busy !== null}>
            {busy === 'save' ? 'Saving…' : 'Save Changes'}
          </Button>
          <Button as={AppLink} href="/settings" $variant="ghost">
            Cancel
          </Button>
        </Row>
      </PageCard>
    </Stack>
  );
}
