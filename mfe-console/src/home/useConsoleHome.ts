// The console home's data: the profile (mode, catalog count, which switches are on), the identity
// KPIs and billing's paying customers and revenue — each loaded on its own so one failing part
// shows as unavailable without hiding the others. The analytics funnel loads only while the
// profile says analytics_enabled is on.
import { useCallback, useEffect, useState } from 'react';
import { consoleApi, type AnalyticsFunnel, type BillingKpis, type ConsoleProfile, type IdentityKpis } from '../console.api.ts';

export type Loaded<T> = { state: 'loading' } | { state: 'ready'; value: T } | { state: 'failed' };

const load = <T,>(promise: Promise<T>, set: (value: Loaded<T>) => void) =>
  promise.then((value) => set({ state: 'ready', value }), () => set({ state: 'failed' }));

export function useConsoleHome() {
  const [profile, setProfile] = useState<Loaded<ConsoleProfile>>({ state: 'loading' });
  const [kpis, setKpis] = useState<Loaded<IdentityKpis>>({ state: 'loading' });
  const [billing, setBilling] = useState<Loaded<BillingKpis>>({ state: 'loading' });
  const [funnel, setFunnel] = useState<Loaded<AnalyticsFunnel>>({ state: 'loading' });

  const reload = useCallback(() => {
    void consoleApi.profile().then(
      (value) => {
        setProfile({ state: 'ready', value });
        if (value.analytics) void load(consoleApi.funnel(30), setFunnel);
      },
      () => setProfile({ state: 'failed' }),
    );
    void load(consoleApi.identityKpis(), setKpis);
    void load(consoleApi.billingKpis(), setBilling);
  }, []);
  useEffect(reload, [reload]);

  return { profile, setProfile: (value: ConsoleProfile) => setProfile({ state: 'ready', value }), kpis, billing, funnel, reload };
}
