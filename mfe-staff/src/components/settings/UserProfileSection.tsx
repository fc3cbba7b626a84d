import { useState } from 'react';
import type { FormEvent } from 'react';
import { sessionStore, showToast, useSession } from '@lectern/shell-kit';
import { EditField, EditGrid } from '../form.styles.ts';
import { showFailure } from '../../hooks/useResource.ts';
import { settingsApi } from '../../settings/settings.client.ts';
import { SETTINGS_MESSAGES } from '../../settings/settings.rules.ts';
import { EditActions, FieldList } from './SettingsSection.tsx';

/** First and last name editable on the server; e-mail and role read only (spec 001 §2, §3). */
export function UserProfileSection() {
  const user = useSession((state) => state.user);
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [draft, setDraft] = useState({ firstName: '', lastName: '' });
  if (!user) return null;

  const startEditing = () => {
    setDraft({ firstName: user.firstName ?? '', lastName: user.lastName ?? '' });
    setEditing(true);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const result = await settingsApi.updateProfile(draft);
      sessionStore.getState().profileLoaded(result.user);
      showToast({ kind: 'success', title: result.message });
      setEditing(false);
    } catch (error) {
      showFailure(SETTINGS_MESSAGES.profileFailed, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={save} aria-label="User profile">
      <EditGrid>
        {editing && (
          <>
            <EditField>
              First name
              <input name="firstName" autoComplete="given-name" required maxLength={200} value={draft.firstName} onChange={(e) => setDraft({ ...draft, firstName: e.target.value })} />
            </EditField>
            <EditField>
              Last name
              <input name="lastName" autoComplete="family-name" required maxLength={200} value={draft.lastName} onChange={(e) => setDraft({ ...draft, lastName: e.target.value })} />
            </EditField>
          </>
        )}
        {/* one list, so the four rows share their spacing and label column */}
        <FieldList>
          {!editing && (
            <>
              <dt>First name</dt>
              <dd>{user.firstName || '—'}</dd>
              <dt>Last name</dt>
              <dd>{user.lastName || '—'}</dd>
            </>
          )}
          <dt>Email</dt>
          <dd>{user.email}</dd>
          <dt>Role</dt>
          <dd>{user.role ?? '—'}</dd>
        </FieldList>
        <EditActions editing={editing} saving={saving} onEdit={startEditing} onCancel={() => setEditing(false)} canSave={Boolean(draft.firstName.trim() && draft.lastName.trim())} />
      </EditGrid>
    </form>
  );
}
