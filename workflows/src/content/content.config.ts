// Chooses the generator and the scripture text source from configuration (environment).
import { DiathekeScriptureText, type ScriptureTextProvider } from './scripture/scripture-text.provider.ts';
import { ExtractiveGenerator } from './generation/extractive.generator.ts';
import { OpenAiChatGenerator } from './generation/openai-chat.generator.ts';
import type { DevotionalGenerator, OutlineGenerator } from './generation/content.types.ts';

export type ContentProviders = {
  outline: OutlineGenerator;
  devotionals: DevotionalGenerator;
  scriptureText: ScriptureTextProvider;
  /** Which generator was chosen, for logs (never includes the key). */
  description: string;
};

/**
 * GENERATION_PROVIDER: `extractive` (default, local, no network) or `openai` (any
 * OpenAI-compatible server: GENERATION_API_BASE_URL, GENERATION_API_KEY, GENERATION_MODEL).
 * SCRIPTURE_SWORD_MODULE (default engWEB2015eb) and DIATHEKE_PATH (default diatheke).
 */
export function createContentProviders(env: Record<string, string | undefined> = process.env): ContentProviders {
  const scriptureText = new DiathekeScriptureText({ module: env.SCRIPTURE_SWORD_MODULE || undefined, binary: env.DIATHEKE_PATH || undefined });
  const provider = (env.GENERATION_PROVIDER || 'extractive').toLowerCase();
  if (provider === 'extractive') {
    const generator = new ExtractiveGenerator({ scriptureText });
    return { outline: generator, devotionals: generator, scriptureText, description: 'extractive (local)' };
  }
  if (provider === 'openai') {
    const baseUrl = env.GENERATION_API_BASE_URL;
    const model = env.GENERATION_MODEL;
    if (!baseUrl || !model) throw new Error('GENERATION_PROVIDER=openai needs GENERATION_API_BASE_URL and GENERATION_MODEL');
    const generator = new OpenAiChatGenerator({ config: { baseUrl, model, apiKey: env.GENERATION_API_KEY || undefined }, scriptureText });
    return { outline: generator, devotionals: generator, scriptureText, description: `openai-compatible ${baseUrl} model ${model}` };
  }
  throw new Error(`Unknown GENERATION_PROVIDER ${JSON.stringify(provider)}: use extractive or openai`);
}
