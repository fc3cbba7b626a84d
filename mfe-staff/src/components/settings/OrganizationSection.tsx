// Slot of the Organization Settings section. Owned by the billing issue (#8): plan, subscription
// status, renewal/trial dates and 'x / 4' seats replace this body. Until then it shows what
// identity already knows about the organization.
import { useSession } from '@lectern/shell-kit';
import { FieldList } from './SettingsSection.tsx';

export function OrganizationSection() {
  const organization = useSession((state) => state.user?.organization ?? null);
  if (!organization) return <p>User not associated with an organization</p>;
  return (
    <FieldList>
      <dt>Organization</dt>
      <dd>{organization.name}</dd>
      <dt>Subdomain</dt>
      <dd>{organization.subdomain || '—'}</dd>
    </FieldList>
  );
}
