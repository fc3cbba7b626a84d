// The organization's e-mail contacts (email_contacts): add one, remove one.
import { useState } from 'react';
import type { FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '@lectern/shell-kit';
import { communicationsApi } from '../../communications/communications.client.ts';
import type { Contact } from '../../communications/communications.client.ts';
import { showFailure } from '../../hooks/useResource.ts';
import { EditField, ItemList, Placeholder } from '../form.styles.ts';

const Form = styled.form`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr) auto;
  gap: 0.75rem;
  align-items: end;
  margin-bottom: 1rem;
  @media (max-width: 640px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

export function ContactsPanel({ contacts, onChange }: { contacts: Contact[]; onChange(update: (current: Contact[]) => Contact[]): void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const { contact } = await communicationsApi.addContact({ name, email });
      onChange((current) => [...current, contact].sort((a, b) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email)));
      setName('');
      setEmail('');
    } catch (error) {
      showFailure('Failed to update email list', error);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (contact: Contact) => {
    try {
      await communicationsApi.removeContact(contact.id);
      onChange((current) => current.filter((c) => c.id !== contact.id));
    } catch (error) {
      showFailure('Failed to update email list', error);
    }
  };

  return (
    <div>
      <Form onSubmit={(e) => void add(e)} aria-label="Add a contact">
        <EditField>
          Name
          <input value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />
        </EditField>
        <EditField>
          E-mail
          <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} required autoComplete="off" />
        </EditField>
        <Button type="submit" disabled={busy || !email.trim()}>
          Add contact
        </Button>
      </Form>
      {contacts.length === 0 ? (
        <Placeholder>No contacts yet.</Placeholder>
      ) : (
        <ItemList aria-label="Contacts" $maxHeight="260px">
          {contacts.map((c) => (
            <li key={c.id}>
              <span>{c.name ? `${c.name} <${c.email}>` : c.email}</span>
              <Button type="button" $variant="ghost" onClick={() => void remove(c)} aria-label={`Remove ${c.email}`}>
                Remove
              </Button>
            </li>
          ))}
        </ItemList>
      )}
    </div>
  );
}
