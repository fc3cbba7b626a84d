// /console: the TEST/LIVE mode badge and switch, the catalog item count and sync, the KPIs from
// identity and billing, and the links to the console's tools (spec 001 §2, §3, §7).
import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button, Card, Lead, PageContainer, PageTitle, Panel, showToast, Spinner } from '@lectern/shell-kit';
import { consoleApi, messageOf, type AnalyticsFunnel, type ConsoleMode, type ConsoleProfile } from '../console.api.ts';
import { useConsoleHome, type Loaded } from '../home/useConsoleHome.ts';
import { Field } from '../migration/MigrationSetup.tsx';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 240px), 1fr));
  gap: 1.25rem;
  margin-top: 1.25rem;
  h2 { font-size: 1.2rem; margin-top: 0; }
  p { color: ${({ theme }) => theme.colors.inkMuted}; }
`;

const Kpis = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 150px), 1fr));
  gap: 1rem;
  margin: 0;
  div { background: ${({ theme }) => theme.colors.page}; border-radius: ${({ theme }) => theme.radius.sm}; padding: 0.75rem 1rem; }
  dt { color: ${({ theme }) => theme.colors.inkMuted}; font-size: 0.9rem; }
  dd { margin: 0.25rem 0 0; font-size: 1.6rem; font-weight: 700; }
`;

const FigureNote = styled.p`
  color: ${({ theme }) => theme.colors.inkMuted};
  font-size: 0.9rem;
  margin: 0.75rem 0 0;
`;

const ModeBadge = styled.span<{ $live: boolean }>`
  display: inline-block;
  font-weight: 700;
  letter-spacing: 0.05em;
  padding: 0.25rem 0.75rem;
  border-radius: 999px;
  color: ${({ theme, $live }) => ($live ? theme.colors.danger : theme.colors.success)};
  background: ${({ theme, $live }) => ($live ? theme.colors.dangerSoft : theme.colors.successSoft)};
`;

const money = (cents: number, currency: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

function ModeSwitch({ profile, onChanged }: { profile: ConsoleProfile; onChanged: (p: ConsoleProfile) => void }) {
  const target: ConsoleMode = profile.mode === 'TEST' ? 'LIVE' : 'TEST';
  const expected = `SWITCH TO ${target}`;
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  async function submit() {
    setBusy(true);
    try {
      onChanged({ ...profile, ...(await consoleApi.setMode(target, typed)) });
      setTyped('');
      showToast({ kind: 'success', title: `Mode set to ${target}` });
    } catch (error) {
      showToast({ kind: 'error', title: 'Failed to set mode', message: messageOf(error, 'Failed to set mode') });
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <Field>
        Type “{expected}” to switch to {target}
        <input value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
      </Field>
      <Button type="submit" $variant="secondary" disabled={busy || typed.trim() !== expected}>Switch to {target}</Button>
    </form>
  );
}

const FunnelList = styled.ol`
  list-style: none;
  padding: 0;
  margin: 0;
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 150px), 1fr));
  gap: 1rem;
  li { background: ${({ theme }) => theme.colors.page}; border-radius: ${({ theme }) => theme.radius.sm}; padding: 0.75rem 1rem; }
  .label { color: ${({ theme }) => theme.colors.inkMuted}; font-size: 0.9rem; }
  .count { display: block; font-size: 1.6rem; font-weight: 700; margin-top: 0.25rem; }
  .rate { color: ${({ theme }) => theme.colors.inkMuted}; font-size: 0.9rem; }
`;

/** Product analytics: visitors reaching each step of landing → pricing → signup → paid (last 30 days). */
function FunnelCard({ funnel }: { funnel: Loaded<AnalyticsFunnel> }) {
  return (
    <Card style={{ marginTop: '1.25rem' }}>
      <h2 style={{ marginTop: 0 }}>Funnel (last 30 days)</h2>
      {funnel.state === 'loading' && <Spinner label="Loading the funnel…" />}
      {funnel.state === 'failed' && <p role="alert">Failed to load the funnel</p>}
      {funnel.state === 'ready' && (
        <FunnelList data-testid="console-funnel" aria-label="Visitors at each funnel step">
          {funnel.value.steps.map((step) => (
            <li key={step.key} data-step={step.key}>
              <span className="label">{step.label}</span>
              <span className="count" data-testid={`funnel-${step.key}`}>{step.visitors}</span>
              <span className="rate">{step.conversionPct === null ? (step.key === 'landing' ? 'visitors' : '—') : `${step.conversionPct}% of the step before`}</span>
            </li>
          ))}
        </FunnelList>
      )}
      <FigureNote data-testid="funnel-paid-note">Paid: visitors of these 30 days who went on to sign up and whose organisation's subscription is active. Paying customers, above, counts every organisation subscribed today however it came, so the two differ.</FigureNote>
    </Card>
  );
}

function value<T>(loaded: Loaded<T>, show: (v: T) => string): string {
  return loaded.state === 'ready' ? show(loaded.value) : loaded.state === 'loading' ? '…' : 'No data';
}

export function ConsoleHomePage() {
  const home = useConsoleHome();
  const { profile, kpis, billing, funnel } = home;
  const [syncing, setSyncing] = useState(false);

  async function syncCatalog() {
    setSyncing(true);
    try {
      const synced = await consoleApi.syncCatalog([]);
      if (profile.state === 'ready') home.setProfile({ ...profile.value, ...synced });
      showToast({ kind: 'success', title: 'Catalog synced' });
    } catch (error) {
      showToast({ kind: 'error', title: 'Catalog update failed', message: messageOf(error, 'Catalog update failed') });
    } finally {
      setSyncing(false);
    }
  }

  if (profile.state === 'loading') return <Spinner label="Loading the console…" />;
  if (profile.state === 'failed') {
    return (
      <PageContainer>
        <Panel tone="danger" title="Failed to load"><Button type="button" $variant="secondary" onClick={home.reload}>Retry</Button></Panel>
      </PageContainer>
    );
  }
  const p = profile.value;
  return (
    <PageContainer>
      <PageTitle>Staff Console</PageTitle>
      <Lead>Tools for Lectern's own staff: bulk migrations, the product catalog and key figures.</Lead>
      <Grid>
        <Card>
          <h2>Mode</h2>
          <p><ModeBadge $live={p.mode === 'LIVE'} data-testid="console-mode">{p.mode}</ModeBadge></p>
          {p.modeToggle ? <ModeSwitch profile={p} onChanged={home.setProfile} /> : <p>The mode switch is turned off.</p>}
        </Card>
        <Card>
          <h2>Catalog</h2>
          <p><strong data-testid="catalog-items">{p.catalogItems}</strong> catalog item{p.catalogItems === 1 ? '' : 's'}</p>
          {p.catalogEdit ? (
            <Button type="button" $variant="secondary" onClick={() => void syncCatalog()} disabled={syncing}>{syncing ? 'Syncing…' : 'Sync Catalog'}</Button>
          ) : <p>Catalog editing is turned off.</p>}
        </Card>
        <Card>
          <h2>RSS Migration</h2>
          <p>Bring an organisation's past sermons in from its podcast or video feed.</p>
          <Button as={Link} to="/rss-migration">Open RSS Migration</Button>
        </Card>
        <Card>
          <h2>Checkout Demo</h2>
          <p>The default and special offer checkouts, for QA.</p>
          <Button as={Link} to="/checkout-demo" $variant="secondary">Open Checkout Demo</Button>
        </Card>
      </Grid>
      <Card style={{ marginTop: '1.25rem' }}>
        <h2 style={{ marginTop: 0 }}>Key figures</h2>
        {kpis.state === 'failed' && <p role="alert">Failed to load KPIs</p>}
        <Kpis data-testid="console-kpis">
          <div><dt>Total leads</dt><dd>{value(kpis, (k) => String(k.totalLeads))}</dd></div>
          <div><dt>Initiated leads</dt><dd>{value(kpis, (k) => String(k.initiatedLeads))}</dd></div>
          <div><dt>Converted leads</dt><dd>{value(kpis, (k) => String(k.convertedLeads))}</dd></div>
          <div><dt>Organizations</dt><dd>{value(kpis, (k) => String(k.organizations))}</dd></div>
          <div><dt>Paying customers</dt><dd>{value(billing, (b) => String(b.payingCustomers))}</dd></div>
          <div><dt>Revenue</dt><dd>{value(billing, (b) => money(b.revenueCents, b.currency))}</dd></div>
        </Kpis>
        <FigureNote data-testid="paying-note">Paying customers: organisations whose subscription is active or past due today (trials have not paid yet). Revenue: every paid invoice.</FigureNote>
        {billing.state === 'failed' && <p>Paying customers and revenue come from the billing service, which did not answer.</p>}
      </Card>
      {p.analytics && <FunnelCard funnel={funnel} />}
    </PageContainer>
  );
}
