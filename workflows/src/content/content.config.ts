// Chooses the generator and the scripture text source from configuration (environment).
import { DiathekeScriptureText, type ScriptureTextProvider } from './scripture/scripture-text.provider.ts';
import { ExtractiveGenerator } from './generation/extractive.generator.ts';
import { loadEnglishLexicon, type Lexicon } from './generation/extractive.lexicon.ts';
import { OpenAiChatGenerator } from './generation/openai-chat.generator.ts';
import type { DevotionalGenerator, OutlineGenerator } from './generation/content.types.ts';
import { identifyScripture, QUOTATION_MODULES, sharedQuotationIndex, type CitationFinder } from './scripture/scripture.identify.ts';

export type ContentProviders = {
  outline: OutlineGenerator;
  devotionals: DevotionalGenerator;
  scriptureText: ScriptureTextProvider;
  /** Which generator was chosen, for logs (never includes the key). */
  description: string;
  /** Builds the quotation index ahead of the first sermon (the worker calls it at start). */
  warmUp(): Promise<void>;
};

/**
 * GENERATION_PROVIDER: `extractive` (default, local, no network) or `openai` (any
 * OpenAI-compatible server: GENERATION_API_BASE_URL, GENERATION_API_KEY, GENERATION_MODEL).
 * SCRIPTURE_SWORD_MODULE (default engWEB2015eb) and DIATHEKE_PATH (default diatheke).
 * SCRIPTURE_QUOTATION_MODULES: the translations quoted words are matched against (default
 * engWEB2015eb,engKJV2006eb; `off` for spoken references only).
 */
export function createContentProviders(env: Record<string, string | undefined> = process.env, log: (line: string) => void = () => {}): ContentProviders {
  const scriptureText = new DiathekeScriptureText({ module: env.SCRIPTURE_SWORD_MODULE || undefined, binary: env.DIATHEKE_PATH || undefined });
  const modules = (env.SCRIPTURE_QUOTATION_MODULES ?? QUOTATION_MODULES.join(',')).split(',').map((m) => m.trim()).filter(Boolean);
  let findCitations: CitationFinder | undefined;
  let bibleWords: (() => Promise<Lexicon | null>) | undefined;
  let warmIndex = async () => {};
  if (modules.length && modules[0] !== 'off') {
    const index = () => sharedQuotationIndex(modules, (error) => log(`quotation matching: ${error instanceof Error ? error.message : String(error)}`), env.DIATHEKE_PATH || undefined);
    warmIndex = async () => void (await index());
    findCitations = async (transcript) => identifyScripture(transcript, { quotations: await index() });
    bibleWords = async () => {
      const words = await index();
      return words && ((word: string) => words.holdsWord(word));
    };
  }
  const provider = (env.GENERATION_PROVIDER || 'extractive').toLowerCase();
  if (provider === 'extractive') {
    // The quoted translations also show how the recogniser hears words in titles (ADR 0016, session 8).
    const mainModule = env.SCRIPTURE_SWORD_MODULE || 'engWEB2015eb';
    const quotedTranslations = modules.filter((m) => m !== 'off' && m !== mainModule).map((module) => new DiathekeScriptureText({ module, binary: env.DIATHEKE_PATH || undefined }));
    const generator = new ExtractiveGenerator({ scriptureText, findCitations, quotedTranslations, bibleWords });
    const warmUp = async () => {
      loadEnglishLexicon();
      await warmIndex();
    };
    return { outline: generator, devotionals: generator, scriptureText, description: 'extractive (local)', warmUp };
  }
  if (provider === 'openai') {
    const baseUrl = env.GENERATION_API_BASE_URL;
    const model = env.GENERATION_MODEL;
    if (!baseUrl || !model) throw new Error('GENERATION_PROVIDER=openai needs GENERATION_API_BASE_URL and GENERATION_MODEL');
    const generator = new OpenAiChatGenerator({ config: { baseUrl, model, apiKey: env.GENERATION_API_KEY || undefined }, scriptureText, findCitations });
    return { outline: generator, devotionals: generator, scriptureText, description: `openai-compatible ${baseUrl} model ${model}`, warmUp: warmIndex };
  }
  throw new Error(`Unknown GENERATION_PROVIDER ${JSON.stringify(provider)}: use extractive or openai`);
}
