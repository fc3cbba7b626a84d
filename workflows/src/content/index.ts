// Content side of the sermon pipeline: scripture detection and text, outline and devotionals.
export { findScriptureReferences, distinctReferences, toOsis, displayReference, type ScriptureReference } from './scripture/scripture.references.ts';
export { identifyScripture, type Citation, type CitationMode } from './scripture/scripture.identify.ts';
export { DiathekeScriptureText, ScriptureTextError, type ScriptureTextProvider } from './scripture/scripture-text.provider.ts';
export { ExtractiveGenerator } from './generation/extractive.generator.ts';
export { OpenAiChatGenerator, type OpenAiChatConfig } from './generation/openai-chat.generator.ts';
export { SermonScriptures, groundOutline, groundDevotionals } from './generation/scripture.grounding.ts';
export { outlineSchema, devotionalDaySchema, devotionalSeriesSchema, schemaErrors } from './generation/content.schema.ts';
export { createContentProviders, type ContentProviders } from './content.config.ts';
export {
  GenerationError,
  type Outline,
  type OutlineMainPoint,
  type DevotionalDay,
  type Reflection,
  type PassageForm,
  type QuickFull,
  type GenerationInput,
  type OutlineGenerator,
  type DevotionalGenerator,
} from './generation/content.types.ts';
