/**
 * @jest-environment jsdom
 */
// Creating a sermon whose answer is lost or refused for now (ADR 0033): the upload store sends one
// Idempotency-Key per creation, tries again with it as Retry-After asks (three tries in all), and
// keeps it for the user's next Start on the same form; a new form gets a new key.
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { ApiError } from '@lectern/shell-kit';
import { createUploadStore, CREATE_ATTEMPTS } from '../../src/hooks/upload.store.ts';
import type { CreatedSermon, CreateSermonBody, SermonsClient } from '../../src/sermons/sermons.client.ts';
import { signInAs, signOut } from './session.fixture.ts';

const DATABASE_AWAY = 'The service cannot reach its database right now. Please try again in a few seconds.';
const away = () => new ApiError(503, { status: 503, detail: DATABASE_AWAY }, 5);
const lost = () => new ApiError(0, { detail: 'POST /api/sermons/sermons could not reach the server.' });
const created = { sermon: { id: 's1' }, progress: {} } as unknown as CreatedSermon;

/** The sermons client's create, answering from a script; every call recorded with its key. */
function scripted(answers: (CreatedSermon | ApiError)[]) {
  const calls: { body: CreateSermonBody; key: string }[] = [];
  const client = {
    create: async (body: CreateSermonBody, key: string) => {
      calls.push({ body, key });
      const answer = answers.shift();
      if (!answer) throw new Error('no answer scripted');
      if (answer instanceof ApiError) throw answer;
      return answer;
    },
    cancelUpload: async () => ({ message: 'Upload canceled and cleaned up' }),
  } as unknown as SermonsClient;
  const waits: number[] = [];
  const store = createUploadStore(client, async (ms) => void waits.push(ms));
  return { store, calls, waits };
}

const form = { title: 'Faith Forward', speaker: 'Pastor Ann', recordedAt: '2026-11-22', file: null, sourceUrl: 'https://lectern.test/api/sermons/storage/sermons-raw/a.mp3?sig=1' };

beforeEach(() => signInAs('PASTOR'));
afterEach(() => signOut());

describe('upload store: creating a sermon safely when the answer is lost', () => {
  test('a 503 and a lost answer are retried with the same key after Retry-After; the third try creates', async () => {
    const { store, calls, waits } = scripted([away(), lost(), created]);
    expect(await store.getState().start(form, null)).toBe('s1');
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map((c) => c.key)).size).toBe(1);
    expect(calls[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(waits).toEqual([5000, 5000]);
    expect(store.getState().error).toBeNull();
  });

  test('after three refusals the form shows the message; Start on the same form retries with the same key, a changed form gets a new one', async () => {
    const { store, calls } = scripted([away(), away(), away(), created, created]);
    expect(CREATE_ATTEMPTS).toBe(3);
    expect(await store.getState().start(form, null)).toBeNull();
    expect(store.getState().error).toBe(DATABASE_AWAY);
    expect(await store.getState().start(form, null)).toBe('s1');
    expect(calls).toHaveLength(4);
    expect(new Set(calls.map((c) => c.key)).size).toBe(1);
    // Succeeded: the next sermon, even with the same fields, is a new creation.
    await store.getState().start(form, null);
    expect(calls[4]!.key).not.toBe(calls[0]!.key);
  });

  test('a definite refusal is not retried, and the next Start is a new creation', async () => {
    const busy = new ApiError(429, { status: 429, detail: 'Service is currently busy. Please try again in a few minutes.' });
    const { store, calls, waits } = scripted([busy, created]);
    expect(await store.getState().start(form, null)).toBeNull();
    expect(store.getState().error).toBe('Service is currently busy. Please try again in a few minutes.');
    expect(waits).toEqual([]);
    await store.getState().start(form, null);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.key).not.toBe(calls[0]!.key);
  });

  test('a changed form after a refusal is a new creation with a new key', async () => {
    const { store, calls } = scripted([away(), away(), away(), created]);
    await store.getState().start(form, null);
    await store.getState().start({ ...form, title: 'Faith Forward, part 2' }, null);
    expect(calls[3]!.key).not.toBe(calls[0]!.key);
  });
});
