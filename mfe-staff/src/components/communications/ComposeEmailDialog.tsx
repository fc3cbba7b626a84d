// Compose Email (spec 000 §2): template picker and preview; recipients from the organization's
// contacts (comms) and members (identity's members API) plus typed addresses. Send stays disabled
// until a template is chosen.
import { useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { Button, showToast } from '@lectern/shell-kit';
import { communicationsApi } from '../../communications/communications.client.ts';
import type { Contact, EmailTemplate } from '../../communications/communications.client.ts';
import { membersApi } from '../../members/members.client.ts';
import type { Member } from '../../members/members.client.ts';
import { messageOf } from '../../hooks/useResource.ts';
import { ModalDialog } from '../ModalDialog.tsx';
import { EditField, Row, SubHeading } from '../form.styles.ts';

const Preview = styled.iframe`
  width: 100%;
  height: 320px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: #fff;
`;

const Choices = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  padding: 0.5rem 0.75rem;
  max-height: 180px;
  overflow-y: auto;
  margin: 0;
  legend {
    font-weight: 600;
    padding: 0 0.25rem;
  }
  label {
    display: flex;
    gap: 0.5rem;
    align-items: baseline;
    padding: 0.15rem 0;
    overflow-wrap: anywhere;
  }
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.inkMuted};
  margin: 0.25rem 0;
`;

const EMAIL = /^[^\s@<>,;]+@[^\s@<>,;]+\.[^\s@<>,;]+$/;

export function parseAddresses(text: string): { valid: string[]; invalid: string[] } {
  const parts = text.split(/[\s,;]+/).map((p) => p.trim()).filter(Boolean);
  return { valid: parts.filter((p) => EMAIL.test(p)), invalid: parts.filter((p) => !EMAIL.test(p)) };
}

export function ComposeEmailDialog({ templates, contacts, onClose, onSent }: { templates: EmailTemplate[]; contacts: Contact[]; onClose(): void; onSent(): void }) {
  const [templateId, setTemplateId] = useState('');
  const [preview, setPreview] = useState<{ subject: string; html: string } | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [chosenContacts, setChosenContacts] = useState<Set<string>>(new Set());
  const [members, setMembers] = useState<Member[] | null>(null);
  const [membersError, setMembersError] = useState<string | null>(null);
  const [chosenMembers, setChosenMembers] = useState<Set<string>>(new Set());
  const [extra, setExtra] = useState('');
  const [sending, setSending] = useState(false);

  useEffect(() => {
    let live = true;
    membersApi.list({ search: '', role: '', status: 'active' }).then(
      (result) => live && setMembers(result.items),
      (error: unknown) => live && setMembersError(messageOf(error, 'Members could not be loaded.')),
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!templateId) {
      setPreview(null);
      return;
    }
    let live = true;
    setPreviewError(null);
    communicationsApi.preview(templateId).then(
      (result) => live && setPreview(result),
      (error: unknown) => live && setPreviewError(messageOf(error, 'Template not found')),
    );
    return () => {
      live = false;
    };
  }, [templateId]);

  const addresses = useMemo(() => parseAddresses(extra), [extra]);
  const recipientCount = chosenContacts.size + chosenMembers.size + addresses.valid.length;
  const toggle = (set: Set<string>, id: string) => {
    const next = new Set(set);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  };

  const send = async () => {
    if (!templateId) return;
    if (addresses.invalid.length) {
      showToast({ kind: 'error', title: 'Email send failed', message: `Not an e-mail address: ${addresses.invalid.join(', ')}` });
      return;
    }
    setSending(true);
    try {
      const memberRecipients = (members ?? []).filter((m) => chosenMembers.has(m.id)).map((m) => ({ email: m.email, name: `${m.firstName} ${m.lastName}`.trim() }));
      const result = await communicationsApi.send({ templateId, contactIds: [...chosenContacts], recipients: [...memberRecipients, ...addresses.valid.map((email) => ({ email }))] });
      showToast({ kind: 'success', title: 'Email sent successfully!', message: result.message === 'Email sent successfully!' ? `${result.queued} e-mail${result.queued === 1 ? '' : 's'} on the way.` : result.message.replace('Email sent successfully! ', '') });
      onSent();
      onClose();
    } catch (error) {
      showToast({ kind: 'error', title: 'Email send failed', message: messageOf(error, 'Failed to send email') });
    } finally {
      setSending(false);
    }
  };

  return (
    <ModalDialog title="Compose Email" onClose={onClose} wide>
      <EditField>
        Template
        <select value={templateId} onChange={(e) => setTemplateId(e.target.value)}>
          <option value="">Choose a template…</option>
          {templates.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
      </EditField>
      {previewError ? <Muted role="alert">{previewError}</Muted> : null}
      {preview ? (
        <>
          <SubHeading>Preview: {preview.subject}</SubHeading>
          <Preview title="E-mail preview" sandbox="" srcDoc={preview.html} />
        </>
      ) : null}
      <SubHeading>Recipients</SubHeading>
      <Row style={{ alignItems: 'stretch', display: 'grid', gap: '0.75rem' }}>
        <Choices>
          <legend>Contacts ({contacts.length})</legend>
          {contacts.length === 0 ? <Muted>No contacts yet. Add them under Contacts.</Muted> : null}
          {contacts.map((c) => (
            <label key={c.id}>
              <input type="checkbox" checked={chosenContacts.has(c.id)} onChange={() => setChosenContacts((s) => toggle(s, c.id))} />
              <span>{c.name ? `${c.name} <${c.email}>` : c.email}</span>
            </label>
          ))}
          {contacts.length > 1 ? (
            <Button type="button" $variant="ghost" onClick={() => setChosenContacts(chosenContacts.size === contacts.length ? new Set() : new Set(contacts.map((c) => c.id)))}>
              {chosenContacts.size === contacts.length ? 'Clear contacts' : 'Choose all contacts'}
            </Button>
          ) : null}
        </Choices>
        <Choices>
          <legend>Members ({members?.length ?? 0})</legend>
          {membersError ? <Muted>{membersError}</Muted> : members === null ? <Muted>Loading members…</Muted> : members.length === 0 ? <Muted>No active members.</Muted> : null}
          {(members ?? []).map((m) => (
            <label key={m.id}>
              <input type="checkbox" checked={chosenMembers.has(m.id)} onChange={() => setChosenMembers((s) => toggle(s, m.id))} />
              <span>
                {`${m.firstName} ${m.lastName}`.trim()} &lt;{m.email}&gt;
              </span>
            </label>
          ))}
        </Choices>
        <EditField>
          Other addresses
          <textarea value={extra} onChange={(e) => setExtra(e.target.value)} placeholder="one@example.org, two@example.org" />
          {addresses.invalid.length ? <small role="alert">Not an e-mail address: {addresses.invalid.join(', ')}</small> : null}
        </EditField>
      </Row>
      <Row style={{ marginTop: '1rem', justifyContent: 'space-between' }}>
        <Muted>
          {recipientCount} recipient{recipientCount === 1 ? '' : 's'}
        </Muted>
        <Row>
          <Button type="button" $variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="button" onClick={() => void send()} disabled={!templateId || recipientCount === 0 || sending}>
            {sending ? 'Sending…' : 'Send'}
          </Button>
        </Row>
      </Row>
    </ModalDialog>
  );
}
