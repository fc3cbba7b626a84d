// Organization Settings (spec 001 §2): the name (an ADMIN edits it: Edit, Save Changes, Cancel),
// plan, subscription status, trial/renewal/cancel dates with WILL CANCEL, seats 'x / 4'. The organization's subscription fields come from identity (kept from
// billing's events); the plan line names the price through billing's catalogue, and falls back to
// the plan name with a warning when the price is unknown.
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import styled from 'styled-components';
import { api, ApiError, reloadProfile, showToast, Spinner, useSession } from '@lectern/shell-kit';
import { EditActions, FieldList } from './SettingsSection.tsx';
import { EditField, EditGrid } from '../form.styles.ts';
import { messageOf } from '../../hooks/useResource.ts';
import { settingsApi } from '../../settings/settings.client.ts';
import { canEditOrganization, ORGANIZATION_NAME_MAX_LENGTH, SETTINGS_MESSAGES } from '../../settings/settings.rules.ts';
import { dateLine, formatDate, planDisplay, seatsDisplay, statusLabel } from '../../settings/organization.rules.ts';

interface OrganizationBilling {
  id: string;
  name: string;
  subdomain: string | null;
  planId: string | null;
  currentPriceId: string | null;
  subscriptionStatus: string | null;
  cancelAtPeriodEnd: boolean;
  trialEndsAt: string | null;
  renewalAt: string | null;
  seatsUsed: number;
  seatsTotal: number;
}

const CODES = ['PREMIUM_MONTHLY', 'PREMIUM_YEARLY', 'SEED_MONTHLY', 'SEED_YEARLY', 'COTR_SPECIAL_YEARLY'];

const Marker = styled.span`
  display: inline-block;
  margin-left: 0.5rem;
  padding: 0.05rem 0.45rem;
  border-radius: 4px;
  font-size: 0.8rem;
  font-weight: 700;
  background: #fde8e8;
  color: #9b1c1c;
`;

const Warning = styled.span`
  display: block;
  color: #8a4b00;
  font-weight: 400;
`;

async function productCodeOf(priceId: string | null): Promise<string | null> {
  if (!priceId) return null;
  try {
    const { results } = await api.post<{ results: Record<string, { price_id: string }> }>('/api/billing/resolve-price', { product_codes: CODES });
    return Object.entries(results).find(([, p]) => p.price_id === priceId)?.[0] ?? null;
  } catch {
    return null;
  }
}

export function OrganizationSection() {
  const role = useSession((state) => state.user?.role ?? null);
  const [org, setOrg] = useState<OrganizationBilling | null>(null);
  const [code, setCode] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [draftName, setDraftName] = useState('');

  useEffect(() => {
    let live = true;
    api
      .get<OrganizationBilling>('/api/identity/organization/billing')
      .then(async (found) => {
        const productCode = await productCodeOf(found.currentPriceId);
        if (!live) return;
        setCode(productCode);
        setOrg(found);
      })
      .catch((failure: unknown) => live && setError(failure instanceof ApiError && failure.detail ? failure.detail : 'Failed to fetch settings'));
    return () => {
      live = false;
    };
  }, []);

  if (error) return <p role="alert">{error}</p>;
  if (!org) return <Spinner label="Loading organization…" />;
  const plan = planDisplay(code, org.planId);
  const dates = dateLine(org);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const result = await settingsApi.renameOrganization(draftName);
      setOrg({ ...org, name: result.organization.name });
      showToast({ kind: 'success', title: result.message });
      setEditing(false);
      // the header and menus show the organization's name from the profile
      void reloadProfile();
    } catch (failure) {
      showToast({ kind: 'error', title: SETTINGS_MESSAGES.organizationFailed, message: messageOf(failure, SETTINGS_MESSAGES.organizationFailed) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={save} aria-label="Organization settings">
      <EditGrid>
        {editing ? (
          <EditField>
            Organization name
            <input name="organizationName" autoComplete="organization" required maxLength={ORGANIZATION_NAME_MAX_LENGTH} value={draftName} onChange={(e) => setDraftName(e.target.value)} />
          </EditField>
        ) : null}
        <FieldList aria-label="Organization">
          {!editing && (
            <>
              <dt>Organization</dt>
              <dd data-testid="org-name">{org.name}</dd>
            </>
          )}
          <dt>Subdomain</dt>
          <dd>{org.subdomain || '—'}</dd>
          <dt>Plan</dt>
          <dd data-testid="org-plan">
            {plan.text}
            {plan.warning && <Warning>⚠️ (Contact support if this seems incorrect)</Warning>}
          </dd>
          <dt>Status</dt>
          <dd data-testid="org-status">{statusLabel(org.subscriptionStatus)}</dd>
          <dt>{dates.label}</dt>
          <dd>
            {formatDate(dates.date)}
            {dates.willCancel && <Marker>WILL CANCEL</Marker>}
          </dd>
          <dt>Seats</dt>
          <dd data-testid="org-seats">{seatsDisplay(org.seatsUsed, org.seatsTotal)}</dd>
        </FieldList>
        {canEditOrganization(role) && (
          <EditActions
            editing={editing}
            saving={saving}
            onEdit={() => {
              setDraftName(org.name);
              setEditing(true);
            }}
            onCancel={() => setEditing(false)}
            canSave={Boolean(draftName.trim())}
          />
        )}
      </EditGrid>
    </form>
  );
}
