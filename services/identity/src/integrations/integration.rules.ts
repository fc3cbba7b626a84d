// Church-management integrations (spec 001 §2 Integrations, §3, §5, §8, §9): the catalogue, the
// editor's validation, and the texts.
import { isValidEmail, normaliseEmail } from '../domain/signup.rules.ts';
import type { IntegrationType } from '../data/integration-config.table.ts';

export const INTEGRATION_TYPES: readonly IntegrationType[] = ['rockRms', 'planningCenter'];
export const isIntegrationType = (value: unknown): value is IntegrationType => INTEGRATION_TYPES.includes(value as IntegrationType);

export const INTEGRATION_NAMES: Record<IntegrationType, string> = { rockRms: 'Rock RMS', planningCenter: 'Planning Center' };

/** The spec's connection test: a simulated 1-second wait that always succeeds. */
export const CONNECTION_TEST_WAIT_MS = 1000;

export const INTEGRATION_MESSAGES = {
  added: 'Integration added!',
  updated: 'Integration updated!',
  deleted: 'Integration deleted!',
  notFound: 'Integration not found.',
  saveFailed: 'Failed to save integration',
  deleteFailed: 'Failed to delete integration',
  syncFailed: 'Failed to sync members',
  syncDone: (members: number, pages: number) => `Member sync completed! Synced ${members} members from ${pages} pages.`,
  // Not quoted by the spec: Lectern's wording.
  apiKeyRequired: 'API Key is required.',
  fromEmailRequired: 'From Email is required.',
  invalidFromEmail: 'Enter a valid email address',
  connectionOk: (name: string) => `Connection to ${name} succeeded.`,
  badCredentials: (name: string) => `${name} refused the API key. Check the API Key of the integration and save it again.`,
  unavailable: (name: string, status: string, synced: number) =>
    `${name} is not answering (${status}). ${synced} member${synced === 1 ? ' was' : 's were'} synced before it stopped; run the sync again to continue.`,
  rateLimited: (name: string, waitSec: number, synced: number) =>
    `${name} asked us to wait ${waitSec} seconds before the next request. ${synced} member${synced === 1 ? ' was' : 's were'} synced; run the sync again later to continue.`,
  notConfigured: (name: string) => `${name} is not set up on this server (ROCK_RMS_API_BASE). Ask your administrator.`,
  syncRunning: 'A member sync is already running for this integration.',
  syncQueued: 'Member sync started. It runs in the background; you can leave this page.',
  syncUnexpected: 'The member sync stopped on an unexpected error. Run it again; members already synced are kept.',
  oauthConnected: 'Planning Center connected!',
  oauthNotConfigured: 'Connecting with a Planning Center sign-in is not set up on this server (PLANNING_CENTER_OAUTH_CLIENT_ID). Use an API key, or ask your administrator.',
  oauthStateInvalid: 'This Planning Center authorization is invalid, was already used or has expired. Connect again.',
  oauthRefused: 'Planning Center refused the authorization. Connect again.',
  oauthUnavailable: 'Planning Center is not answering. Try connecting again in a few minutes.',
  keyUnreadable: 'The stored API key can no longer be read on this server. Enter the API Key again and save.',
} as const;

export function validateIntegrationForm(input: { apiKey?: string | null; fromEmail?: string | null }, adding: boolean):
  | { ok: true; apiKey: string | null; fromEmail: string }
  | { ok: false; errors: Partial<Record<'apiKey' | 'fromEmail', string>> } {
  const errors: Partial<Record<'apiKey' | 'fromEmail', string>> = {};
  const apiKey = (input.apiKey ?? '').trim();
  const fromEmail = normaliseEmail(input.fromEmail ?? '');
  // Editing keeps the stored key when the field is left empty (it is never sent back to prefill).
  if (!apiKey && adding) errors.apiKey = INTEGRATION_MESSAGES.apiKeyRequired;
  if (!fromEmail) errors.fromEmail = INTEGRATION_MESSAGES.fromEmailRequired;
  else if (!isValidEmail(fromEmail)) errors.fromEmail = INTEGRATION_MESSAGES.invalidFromEmail;
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, apiKey: apiKey || null, fromEmail };
}
