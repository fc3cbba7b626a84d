import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, showToast } from '@lectern/shell-kit';
import { EditField, EditGrid } from '../form.styles.ts';
import { DialogActions, ModalDialog } from '../ModalDialog.tsx';
import { ApiError } from '@lectern/shell-kit';
import { membersApi, type Member, type NewMember } from '../../members/members.client.ts';
import { MEMBERS_MESSAGES } from '../../members/member.format.ts';
import styled from 'styled-components';

const FieldError = styled.small`
  && {
    color: ${({ theme }) => theme.colors.danger};
  }
`;

const Check = styled.label`
  display: flex;
  gap: 0.5rem;
  align-items: flex-start;
  input {
    margin-top: 0.25rem;
  }
`;

const EMPTY: NewMember = { firstName: '', lastName: '', email: '', phone: '', role: 'MEMBER', canSignIn: false };

/** Add Member (spec 001 §5): e-mail, first and last name required, phone optional, role MEMBER or VOLUNTEER (default MEMBER). */
export function AddMemberModal({ onClose, onAdded }: { onClose(): void; onAdded(member: Member): void }) {
  const [form, setForm] = useState<NewMember>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof NewMember>(key: K, value: NewMember[K]) => setForm({ ...form, [key]: value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    try {
      const result = await membersApi.add(form);
      showToast({ kind: 'success', title: result.message });
      onAdded(result.member);
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? (error.problem.fieldErrors as Record<string, string> | undefined) : undefined;
      if (fieldErrors) setErrors(fieldErrors);
      showToast({ kind: 'error', title: MEMBERS_MESSAGES.addFailed, message: error instanceof ApiError ? error.detail : undefined });
    } finally {
      setSaving(false);
    }
  };

  const field = (key: 'email' | 'firstName' | 'lastName' | 'phone', label: string, type = 'text', required = true) => (
    <EditField>
      {label}
      <input
        name={key}
        type={type}
        required={required}
        value={form[key]}
        aria-invalid={errors[key] ? true : undefined}
        onChange={(e) => set(key, e.target.value)}
      />
      {errors[key] && <FieldError>{errors[key]}</FieldError>}
    </EditField>
  );

  return (
    <ModalDialog title="Add Member" onClose={onClose}>
      <form onSubmit={(e) => void submit(e)} aria-label="Add member" noValidate>
        <EditGrid>
          {field('email', 'Email', 'email')}
          {field('firstName', 'First name')}
          {field('lastName', 'Last name')}
          {field('phone', 'Phone (optional)', 'tel', false)}
          <EditField>
            Role
            <select name="role" value={form.role} onChange={(e) => set('role', e.target.value as NewMember['role'])}>
              <option value="MEMBER">Member</option>
              <option value="VOLUNTEER">Volunteer</option>
            </select>
          </EditField>
          <Check>
            <input type="checkbox" checked={form.canSignIn} onChange={(e) => set('canSignIn', e.target.checked)} />
            <span>Let this member sign in: we e-mail them a link to set their password.</span>
          </Check>
        </EditGrid>
        <DialogActions>
          <Button type="button" $variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Adding…' : 'Add Member'}
          </Button>
        </DialogActions>
      </form>
    </ModalDialog>
  );
}
