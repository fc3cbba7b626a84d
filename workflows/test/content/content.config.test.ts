import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import { createContentProviders, ExtractiveGenerator, OpenAiChatGenerator } from '../../src/content/index.ts';
import { englishLexiconLoaded } from '../../src/content/generation/extractive.lexicon.ts';

test('the local extractive generator is the default', () => {
  const p = createContentProviders({});
  assert.ok(p.outline instanceof ExtractiveGenerator);
  assert.equal(p.description, 'extractive (local)');
});

test('openai needs a base URL and model, and never puts the key in its description', () => {
  assert.throws(() => createContentProviders({ GENERATION_PROVIDER: 'openai' }), /GENERATION_API_BASE_URL and GENERATION_MODEL/);
  const p = createContentProviders({ GENERATION_PROVIDER: 'openai', GENERATION_API_BASE_URL: 'http://127.0.0.1:9/v1', GENERATION_MODEL: 'm', GENERATION_API_KEY: 'sk-secret' });
  assert.ok(p.devotionals instanceof OpenAiChatGenerator);
  assert.ok(!p.description.includes('sk-secret'));
  assert.throws(() => createContentProviders({ GENERATION_PROVIDER: 'gpt' }), /Unknown GENERATION_PROVIDER/);
});

test('the extractive provider reads the English dictionary at warm-up, not on the first sermon (session 24)', async () => {
  const p = createContentProviders({ SCRIPTURE_QUOTATION_MODULES: 'off' });
  assert.equal(englishLexiconLoaded(), false, 'nothing in this file has read it yet');
  await p.warmUp();
  assert.equal(englishLexiconLoaded(), true);
});
