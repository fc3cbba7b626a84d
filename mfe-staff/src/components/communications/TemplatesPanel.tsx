// Email templates: the platform's starters and the church's own, by name. Staff write the body in
// simple HTML with {{placeholders}}; the service sanitises it and says what it refused.
import { useState } from 'react';
import styled from 'styled-components';
import { Button, showToast } from '@lectern/shell-kit';
import { communicationsApi } from '../../communications/communications.client.ts';
import type { EmailTemplate } from '../../communications/communications.client.ts';
import { showFailure } from '../../hooks/useResource.ts';
import { ModalDialog } from '../ModalDialog.tsx';
import { EditField, ItemList, Row } from '../form.styles.ts';

const Hint = styled.p`
  color: ${({ theme }) => theme.colors.inkMuted};
  margin: 0 0 0.75rem;
  font-size: 0.9rem;
`;

type Draft = { id?: string; name: string; subject: string; htmlBody: string };

export function TemplatesPanel({ templates, onSaved }: { templates: EmailTemplate[]; onSaved(): void }) {
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (!draft) return;
    setSaving(true);
    try {
      const { message } = await communicationsApi.saveTemplate({ name: draft.name, subject: draft.subject, htmlBody: draft.htmlBody }, draft.id);
      showToast({ kind: 'success', title: message });
      setDraft(null);
      onSaved();
    } catch (error) {
      showFailure('Template not saved', error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div>
      <ItemList aria-label="Email templates">
        {templates.map((t) => (
          <li key={t.id}>
            <span>
              {t.name} — {t.subject}
            </span>
            {t.editable ? (
              <Button type="button" $variant="ghost" onClick={() => setDraft({ id: t.id, name: t.name, subject: t.subject, htmlBody: t.htmlBody })} aria-label={`Edit ${t.name}`}>
                Edit
              </Button>
            ) : (
              <Button type="button" $variant="ghost" onClick={() => setDraft({ name: `${t.name} (copy)`, subject: t.subject, htmlBody: t.htmlBody })} aria-label={`Copy ${t.name}`}>
                Copy
              </Button>
            )}
          </li>
        ))}
      </ItemList>
      <Button type="button" $variant="secondary" onClick={() => setDraft({ name: '', subject: '', htmlBody: '<p>Hi {{firstName}},</p>\n<p></p>' })}>
        New template
      </Button>
      {draft ? (
        <ModalDialog title={draft.id ? 'Edit template' : 'New template'} onClose={() => setDraft(null)} wide>
          <Hint>Placeholders: {'{{name}}'}, {'{{firstName}}'}, {'{{email}}'}, {'{{organizationName}}'}. Links must start with https://. Scripts and styles are removed when you save.</Hint>
          <EditField>
            Name
            <input value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
          </EditField>
          <EditField>
            Subject
            <input value={draft.subject} onChange={(e) => setDraft({ ...draft, subject: e.target.value })} />
          </EditField>
          <EditField>
            Body (HTML)
            <textarea rows={10} value={draft.htmlBody} onChange={(e) => setDraft({ ...draft, htmlBody: e.target.value })} />
          </EditField>
          <Row style={{ marginTop: '1rem', justifyContent: 'flex-end' }}>
            <Button type="button" $variant="secondary" onClick={() => setDraft(null)}>
              Cancel
            </Button>
            <Button type="button" onClick={() => void save()} disabled={saving || !draft.name.trim() || !draft.subject.trim() || !draft.htmlBody.trim()}>
              {saving ? 'Saving…' : 'Save template'}
            </Button>
          </Row>
        </ModalDialog>
      ) : null}
    </div>
  );
}
