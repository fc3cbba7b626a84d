// Form parts shared by the auth pages: labelled fields with their error, an alert box, and the
// password field with its show/hide toggle and the spec's requirement checklist (001 §5).
import { useId, useState } from 'react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import styled from 'styled-components';
import { passwordChecks, PASSWORD_HELPER, PASSWORD_OK } from './auth.rules.ts';

export const Form = styled.form`
  display: grid;
  gap: 1rem;
  margin-top: 1.5rem;
`;

export const Row = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 1rem;
  @media (max-width: 520px) { grid-template-columns: 1fr; }
`;

const FieldWrap = styled.div`
  display: grid;
  gap: 0.35rem;
  label { font-weight: 600; font-size: 0.92rem; }
  input, select {
    font: inherit;
    padding: 0.6rem 0.75rem;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.ink};
    width: 100%;
    box-sizing: border-box;
  }
  input[readonly] { background: ${({ theme }) => theme.colors.page}; color: ${({ theme }) => theme.colors.inkMuted}; }
  input[aria-invalid='true'], select[aria-invalid='true'] { border-color: ${({ theme }) => theme.colors.danger}; }
`;

export const FieldError = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: 0.88rem;
`;

export const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.inkMuted};
  font-size: 0.85rem;
`;

export const Alert = styled.div<{ $kind?: 'error' | 'info' | 'success' }>`
  padding: 0.75rem 1rem;
  border-radius: ${({ theme }) => theme.radius.sm};
  ${({ theme, $kind = 'error' }) =>
    $kind === 'error'
      ? `background: ${theme.colors.dangerSoft}; color: ${theme.colors.danger};`
      : $kind === 'success'
        ? `background: ${theme.colors.successSoft}; color: ${theme.colors.success};`
        : `background: ${theme.colors.infoSoft}; color: ${theme.colors.info};`}
  p { margin: 0.4rem 0 0; }
`;

export function Field({ label, error, hint, children }: { label: string; error?: string; hint?: ReactNode; children: (id: string, describedBy: string | undefined) => ReactNode }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <FieldWrap>
      <label htmlFor={id}>{label}</label>
      {children(id, error ? errorId : undefined)}
      {hint}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </FieldWrap>
  );
}

export function TextField({ label, error, hint, ...input }: { label: string; error?: string; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(id, describedBy) => <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />}
    </Field>
  );
}

const PasswordBox = styled.div`
  position: relative;
  input { padding-right: 4.5rem; }
  button {
    position: absolute;
    right: 0.35rem;
    top: 50%;
    transform: translateY(-50%);
    font: inherit;
    font-size: 0.85rem;
    font-weight: 600;
    border: 0;
    background: transparent;
    color: ${({ theme }) => theme.colors.primary};
    cursor: pointer;
    padding: 0.35rem 0.5rem;
  }
`;

const Checklist = styled.ul`
  list-style: none;
  margin: 0.2rem 0 0;
  padding: 0;
  display: grid;
  gap: 0.15rem;
  font-size: 0.86rem;
  li { color: ${({ theme }) => theme.colors.inkMuted}; }
  li[data-met='true'] { color: ${({ theme }) => theme.colors.success}; }
`;

export function PasswordField({
  label = 'Password',
  value,
  onChange,
  error,
  withChecklist = false,
  autoComplete,
}: {
  label?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  withChecklist?: boolean;
  autoComplete: 'current-password' | 'new-password';
}) {
  const [visible, setVisible] = useState(false);
  const checks = passwordChecks(value);
  const allMet = checks.every((check) => check.met);
  return (
    <Field
      label={label}
      error={error}
      hint={
        withChecklist && (
          <>
            <Checklist aria-label="Password requirements">
              {checks.map((check) => (
                <li key={check.label} data-met={check.met}>
                  {check.met ? '✓' : '○'} {check.label}
                </li>
              ))}
            </Checklist>
            {allMet ? <Hint style={{ color: 'inherit' }}>{PASSWORD_OK}</Hint> : <Hint>{PASSWORD_HELPER}</Hint>}
          </>
        )
      }
    >
      {(id, describedBy) => (
        <PasswordBox>
          <input
            id={id}
            type={visible ? 'text' : 'password'}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            autoComplete={autoComplete}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
          <button type="button" onClick={() => setVisible(!visible)} aria-label={visible ? 'Hide password' : 'Show password'} aria-pressed={visible}>
            {visible ? 'Hide' : 'Show'}
          </button>
        </PasswordBox>
      )}
    </Field>
  );
}
