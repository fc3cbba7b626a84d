// The integration catalogue and its filters (spec 001 §2 Integrations).
export type IntegrationType = 'rockRms' | 'planningCenter';
export type CatalogueFilter = 'all' | 'email' | 'cms';

export interface CatalogueEntry {
  type: IntegrationType;
  name: string;
  category: 'cms' | 'email';
  description: string;
}

export const CATALOGUE: readonly CatalogueEntry[] = [
  { type: 'rockRms', name: 'Rock RMS', category: 'cms', description: 'Sync your congregation from your Rock RMS server.' },
  { type: 'planningCenter', name: 'Planning Center', category: 'cms', description: 'Sync your congregation from Planning Center People.' },
];

export const FILTERS: readonly { id: CatalogueFilter; label: string }[] = [
  { id: 'all', label: 'Show All' },
  { id: 'email', label: 'Email' },
  { id: 'cms', label: 'Church Management Systems (CMS)' },
];

export const isIntegrationType = (value: unknown): value is IntegrationType => value === 'rockRms' || value === 'planningCenter';

export function filterCatalogue(filter: CatalogueFilter, search: string): CatalogueEntry[] {
  const needle = search.trim().toLowerCase();
  return CATALOGUE.filter((entry) => (filter === 'all' || entry.category === filter) && (!needle || `${entry.name} ${entry.description}`.toLowerCase().includes(needle)));
}

export const INTEGRATION_TEXTS = {
  noneFound: 'No integrations found.',
  noneConnected: 'No integrations connected yet.',
  notFound: 'Integration not found.',
  saveFailed: 'Failed to save integration',
  deleteFailed: 'Failed to delete integration',
  fetchFailed: 'Failed to fetch integration configurations',
  syncStarting: 'Starting member sync...',
  syncFailed: 'Failed to sync members',
  oauthFailed: 'Could not connect Planning Center',
  // Not quoted by the spec: Lectern's wording for the background sync's progress.
  syncProgress: (members: number, pages: number) => `Syncing… ${members} member${members === 1 ? '' : 's'} from ${pages} page${pages === 1 ? '' : 's'} so far`,
  search: 'Search integrations...',
} as const;

/** Editor modes: the spec's add/edit (and 'new' as add). */
export const editorMode = (mode: string | undefined): 'add' | 'edit' | null => (mode === 'add' || mode === 'new' ? 'add' : mode === 'edit' ? 'edit' : null);
