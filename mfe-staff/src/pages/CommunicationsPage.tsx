// /communications (spec 000 §2): four stat cards, Compose Email, contacts, Recent Communications.
// Company-domain staff only (the route's CompanyDomainGate; the comms service answers 403 to others).
import { useEffect, useState } from 'react';
import { Button, ErrorPanel, Lead, PageTitle, Spinner } from '@lectern/shell-kit';
import { communicationsApi } from '../communications/communications.client.ts';
import type { Contact } from '../communications/communications.client.ts';
import { ComposeEmailDialog } from '../components/communications/ComposeEmailDialog.tsx';
import { ContactsPanel } from '../components/communications/ContactsPanel.tsx';
import { RecentCommunications } from '../components/communications/RecentCommunications.tsx';
import { StatCards } from '../components/communications/StatCards.tsx';
import { TemplatesPanel } from '../components/communications/TemplatesPanel.tsx';
import { messageOf, useResource } from '../hooks/useResource.ts';
import { CardTitle, PageCard, Stack } from './staff.styles.ts';
import { Row } from '../components/form.styles.ts';

/** While e-mails are pending the table and cards refresh on their own. */
const REFRESH_MS = 3000;

export function CommunicationsPage() {
  const communications = useResource('communications', () => communicationsApi.communications());
  const stats = useResource('communication-stats', () => communicationsApi.stats());
  const templates = useResource('templates', () => communicationsApi.templates());
  const contacts = useResource('contacts', () => communicationsApi.contacts());
  const [composing, setComposing] = useState(false);
  const pending = (communications.data?.communications ?? []).some((c) => c.status === 'pending');

  const refresh = () => {
    communications.reload();
    stats.reload();
  };

  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(refresh, REFRESH_MS);
    return () => clearInterval(timer);
  }, [pending]);

  return (
    <Stack>
      <Row style={{ justifyContent: 'space-between' }}>
        <div>
          <PageTitle>Communications</PageTitle>
          <Lead>Send templated e-mails to your church and follow their delivery, opens and clicks.</Lead>
        </div>
        <Button type="button" onClick={() => setComposing(true)}>
          Compose Email
        </Button>
      </Row>
      {stats.error ? <ErrorPanel title="Failed to load communications" message={messageOf(stats.error, 'Failed to load communications')} onRetry={stats.reload} /> : <StatCards stats={stats.data} />}
      {templates.error ? <ErrorPanel title="Failed to load email templates" message={messageOf(templates.error, 'Failed to load email templates')} onRetry={templates.reload} /> : null}
      <PageCard>
        <CardTitle>Recent Communications</CardTitle>
        {communications.error ? (
          <ErrorPanel title="Failed to load communications" message={messageOf(communications.error, 'Failed to load communications')} onRetry={communications.reload} />
        ) : communications.data ? (
          <RecentCommunications items={communications.data.communications} />
        ) : (
          <Spinner label="Loading communications…" />
        )}
      </PageCard>
      <PageCard>
        <CardTitle>Templates</CardTitle>
        {templates.data ? <TemplatesPanel templates={templates.data.templates} onSaved={templates.reload} /> : templates.error ? null : <Spinner label="Loading templates…" />}
      </PageCard>
      <PageCard>
        <CardTitle>Contacts</CardTitle>
        {contacts.data ? (
          <ContactsPanel contacts={contacts.data.contacts} onChange={(update) => contacts.set((current) => ({ contacts: update(current?.contacts ?? []) }))} />
        ) : contacts.error ? (
          <ErrorPanel title="Failed to load contacts" message={messageOf(contacts.error, 'Failed to load contacts')} onRetry={contacts.reload} />
        ) : (
          <Spinner label="Loading contacts…" />
        )}
      </PageCard>
      {composing ? (
        <ComposeEmailDialog
          templates={templates.data?.templates ?? []}
          contacts={(contacts.data?.contacts ?? []) as Contact[]}
          onClose={() => setComposing(false)}
          onSent={refresh}
        />
      ) : null}
    </Stack>
  );
}
