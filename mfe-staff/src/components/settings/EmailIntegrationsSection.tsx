// Email Integrations (SMTP) section of /settings (spec 001 §2 SMTP integrations): SendGrid is the
// one provider; add and edit on /settings/email-integrations/{new|id}; delete is immediate.
import { useState } from 'react';
import styled from 'styled-components';
import { AppLink, Button, ErrorPanel, showToast, Spinner } from '@lectern/shell-kit';
import { messageOf, useResource } from '../../hooks/useResource.ts';
import { communicationsApi } from '../../communications/communications.client.ts';
import { Placeholder, Row } from '../form.styles.ts';
import { CopyWebhookUrl } from './CopyWebhookUrl.tsx';

const List = styled.ul`
  list-style: none;
  margin: 0 0 1rem;
  padding: 0;
  display: grid;
  gap: 0.6rem;
  li {
    display: grid;
    gap: 0.4rem;
    padding: 0.75rem;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.sm};
  }
  strong,
  span {
    overflow-wrap: anywhere;
  }
`;

const DefaultBadge = styled.span`
  font-size: 0.8rem;
  font-weight: 700;
  padding: 0.1em 0.6em;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.successSoft};
  color: ${({ theme }) => theme.colors.success};
`;

export function EmailIntegrationsSection() {
  const list = useResource('smtp-integrations', () => communicationsApi.integrations());
  const [deleting, setDeleting] = useState<string | null>(null);

  const remove = async (id: string) => {
    setDeleting(id);
    try {
      const { message } = await communicationsApi.deleteIntegration(id);
      showToast({ kind: 'success', title: message });
      list.set((current) => (current ? { integrations: current.integrations.filter((i) => i.id !== id) } : current));
    } catch (error) {
      showToast({ kind: 'error', title: messageOf(error, 'Failed to delete SMTP integration') });
    } finally {
      setDeleting(null);
    }
  };

  if (list.loading && !list.data) return <Spinner label="Loading SMTP integrations…" />;
  if (list.error) return <ErrorPanel title="Failed to fetch SMTP integrations" message={messageOf(list.error, 'Failed to fetch SMTP integrations')} onRetry={list.reload} />;
  const integrations = list.data?.integrations ?? [];
  return (
    <div>
      <p>Church e-mail goes out through your own SendGrid account. The default integration sends every e-mail from Communications.</p>
      {integrations.length === 0 ? (
        <Placeholder>No SMTP integrations found.</Placeholder>
      ) : (
        <List aria-label="SMTP integrations">
          {integrations.map((integration) => (
            <li key={integration.id}>
              <Row>
                <strong>{integration.title}</strong>
                <span>SendGrid</span>
                {integration.isDefault ? <DefaultBadge>Default</DefaultBadge> : null}
              </Row>
              <span>
                {integration.fromName ? `${integration.fromName} <${integration.fromEmail}>` : integration.fromEmail} · {integration.smtpServer}:{integration.smtpPort}
              </span>
              <CopyWebhookUrl url={integration.webhookUrl} />
              <Row>
                <Button as={AppLink} href={`/settings/email-integrations/${integration.id}`} $variant="secondary" aria-label={`Edit ${integration.title}`}>
                  Edit
                </Button>
                <Button $variant="secondary" onClick={() => void remove(integration.id)} disabled={deleting === integration.id} aria-label={`Delete ${integration.title}`}>
                  {deleting === integration.id ? 'Deleting…' : 'Delete'}
                </Button>
              </Row>
            </li>
          ))}
        </List>
      )}
      <Button as={AppLink} href="/settings/email-integrations/new">
        Add Email Integration
      </Button>
    </div>
  );
}
