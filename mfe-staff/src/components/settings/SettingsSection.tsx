import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '@lectern/shell-kit';
import { PageCard } from '../../pages/staff.styles.ts';

const Header = styled.h2`
  margin: 0;
  font-size: 1.2rem;
  button {
    all: unset;
    box-sizing: border-box;
    width: 100%;
    display: flex;
    justify-content: space-between;
    align-items: center;
    gap: 1rem;
    cursor: pointer;
    font-family: ${({ theme }) => theme.fonts.heading};
    color: ${({ theme }) => theme.colors.ink};
    &:focus-visible {
      outline: 3px solid ${({ theme }) => theme.colors.accent};
      outline-offset: 4px;
    }
  }
`;

const Chevron = styled.span<{ $open: boolean }>`
  font-size: 0.9rem;
  transform: rotate(${({ $open }) => ($open ? '180deg' : '0deg')});
  transition: transform 120ms ease;
`;

const Body = styled.div`
  margin-top: 1rem;
  display: grid;
  gap: 1rem;
`;

const Actions = styled.div`
  display: flex;
  gap: 0.5rem;
  flex-wrap: wrap;
`;

/** A collapsible settings section (spec 001 §2): title button toggles the body. */
export function SettingsSection({ title, defaultOpen = false, children }: { title: string; defaultOpen?: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(defaultOpen);
  const bodyId = useId();
  return (
    <PageCard aria-label={title}>
      <Header>
        <button type="button" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
          {title}
          <Chevron aria-hidden="true" $open={open}>
            ▼
          </Chevron>
        </button>
      </Header>
      {open && <Body id={bodyId}>{children}</Body>}
    </PageCard>
  );
}

/** View mode: Edit. Edit mode: Save Changes and Cancel (Cancel reverts, the section decides how). */
export function EditActions({
  editing,
  saving,
  onEdit,
  onCancel,
  canSave = true,
}: {
  editing: boolean;
  saving: boolean;
  onEdit(): void;
  onCancel(): void;
  canSave?: boolean;
}) {
  if (!editing) {
    return (
      <Actions>
        {/* Own keys: React must not reuse this element as the submit button while the click is handled. */}
        <Button key="edit" type="button" $variant="secondary" onClick={onEdit}>
          Edit
        </Button>
      </Actions>
    );
  }
  return (
    <Actions>
      <Button key="save" type="submit" disabled={saving || !canSave}>
        {saving ? 'Saving…' : 'Save Changes'}
      </Button>
      <Button type="button" $variant="ghost" disabled={saving} onClick={onCancel}>
        Cancel
      </Button>
    </Actions>
  );
}

export const FieldList = styled.dl`
  display: grid;
  grid-template-columns: minmax(7rem, max-content) 1fr;
  gap: 0.5rem 1rem;
  margin: 0;
  dt {
    font-weight: 600;
    color: ${({ theme }) => theme.colors.inkMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  @media (max-width: 420px) {
    grid-template-columns: 1fr;
    dd {
      margin-bottom: 0.4rem;
    }
  }
`;
