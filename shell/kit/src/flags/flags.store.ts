// Feature flags named by the spec, served by the identity service (GET /api/identity/flags). Until
// they load a flag reads as undefined ("pending"), which screens show as a spinner (spec: /signup,
// /cotr-special, console gate). The defaults apply only when the service cannot be reached.
import { createStore, useStore } from 'zustand';

/** Every flag the spec names, off unless the server says otherwise. */
export const FLAG_DEFAULTS = {
  signup_enabled: false,
  offers_cotr_enabled: false,
  features_staff_console_enabled: false,
  'show-test-banner': false,
  sermon_url_upload_enabled: false,
  rss_migration_enabled: false,
  console_catalog_edit_enabled: false,
  console_mode_toggle_enabled: false,
  analytics_enabled: false,
} as const satisfies Record<string, boolean>;

export type FlagName = keyof typeof FLAG_DEFAULTS;
export type FlagsStatus = 'pending' | 'loaded' | 'defaults';

export interface FlagsState {
  status: FlagsStatus;
  values: Partial<Record<FlagName, boolean>>;
  /** Server values; flags the server omits keep their default. */
  loaded(values: Partial<Record<string, boolean>>): void;
  /** No flag source is available: settle on the spec defaults. */
  settledOnDefaults(): void;
}

export function createFlagsStore() {
  return createStore<FlagsState>()((set) => ({
    status: 'pending',
    values: {},
    loaded: (values) => {
      const known: Partial<Record<FlagName, boolean>> = { ...FLAG_DEFAULTS };
      for (const name of Object.keys(FLAG_DEFAULTS) as FlagName[]) {
        const value = values[name];
        if (typeof value === 'boolean') known[name] = value;
      }
      set({ status: 'loaded', values: known });
    },
    settledOnDefaults: () => set({ status: 'defaults', values: { ...FLAG_DEFAULTS } }),
  }));
}

export const flagsStore = createFlagsStore();

/** true / false once known, undefined while pending. */
export function useFlag(name: FlagName): boolean | undefined {
  return useStore(flagsStore, (state) => state.values[name]);
}
