// Production generator: any OpenAI-compatible /v1/chat/completions endpoint (hosted APIs,
// llama.cpp, vLLM, Ollama) asked for JSON matching the spec's schema. The answer is validated,
// its scriptures are held to the sermon's own citations, and passage text is replaced by the
// real translation text — a model never supplies Bible text.
import { distinctReferences, findScriptureReferences } from '../scripture/scripture.references.ts';
import type { ScriptureTextProvider } from '../scripture/scripture-text.provider.ts';
import { spokenCitations, type CitationFinder } from '../scripture/scripture.identify.ts';
import { devotionalSeriesSchema, outlineSchema, schemaErrors, type Schema } from './content.schema.ts';
import { GenerationError, type DevotionalDay, type DevotionalGenerator, type GenerationInput, type Outline, type OutlineGenerator } from './content.types.ts';
import { SermonScriptures, groundDevotionals, groundOutline } from './scripture.grounding.ts';

export type OpenAiChatConfig = {
  /** e.g. `https://api.openai.com/v1` or `http://127.0.0.1:8080/v1`. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs?: number;
  temperature?: number;
};

const SYSTEM = [
  'You help a church turn a sermon transcript into study material.',
  'Use only what the transcript says; quote or closely paraphrase the preacher.',
  'Cite only scripture references that appear in the list of references the sermon cites, written like "John 3:16".',
  'Each main point carries the scripture it is about. Leave scripture_passage text empty: the application fills it from the Bible text.',
  'details and application are HTML fragments (<p>, <ul>, <li>, <strong>).',
].join(' ');

export class OpenAiChatGenerator implements OutlineGenerator, DevotionalGenerator {
  private readonly config: OpenAiChatConfig;
  private readonly scriptureText: ScriptureTextProvider;
  private readonly fetchImpl: typeof fetch;
  private readonly findCitations: CitationFinder;

  constructor(options: { config: OpenAiChatConfig; scriptureText: ScriptureTextProvider; fetch?: typeof fetch; findCitations?: CitationFinder }) {
    this.config = options.config;
    this.scriptureText = options.scriptureText;
    this.fetchImpl = options.fetch ?? fetch;
    this.findCitations = options.findCitations ?? spokenCitations;
  }

  async generateOutline(input: GenerationInput): Promise<Outline> {
    const sermon = await this.sermonScriptures(input);
    const raw = await this.complete('sermon_outline', outlineSchema, prompt(input, sermon, 'Write the sermon outline.'));
    const errors = schemaErrors(outlineSchema, raw);
    if (errors.length) throw new GenerationError(`The model's outline does not match the schema: ${errors.slice(0, 8).join('; ')}`);
    return groundOutline(raw as Outline, sermon);
  }

  async generateDevotionals(input: GenerationInput & { outline?: Outline }): Promise<DevotionalDay[]> {
    const sermon = await this.sermonScriptures(input);
    const extra = input.outline ? `\nThe outline already written:\n${JSON.stringify(input.outline)}` : '';
    const raw = await this.complete(
      'devotional_series',
      devotionalSeriesSchema,
      prompt(input, sermon, `Write a 5-day devotional series, days 1 to 5, each with a short (quick) and a long (full) form.${extra}`),
    );
    const errors = schemaErrors(devotionalSeriesSchema, raw);
    if (errors.length) throw new GenerationError(`The model's devotionals do not match the schema: ${errors.slice(0, 8).join('; ')}`);
    const days = groundDevotionals((raw as { days: DevotionalDay[] }).days, sermon);
    const numbers = days.map((d) => d.day_number).sort();
    if (numbers.join() !== '1,2,3,4,5') throw new GenerationError(`The model's devotionals are not days 1 to 5 (got ${numbers.join(', ')})`);
    return Promise.all(
      [...days].sort((a, b) => a.day_number - b.day_number).map(async (day) => {
        const ref = sermon.match(day.scripture_passage.full.reference);
        const text = ref ? await this.scriptureText.passage(findScriptureReferences(day.scripture_passage.full.reference)[0]?.osis ?? ref.osis) : '';
        return {
          ...day,
          scripture_passage: {
            quick: { ...day.scripture_passage.quick, text },
            full: { ...day.scripture_passage.full, text },
          },
        };
      }),
    );
  }

  /** The verified scripture list the model is held to (it may not add a reference). */
  private async sermonScriptures(input: GenerationInput): Promise<SermonScriptures> {
    return new SermonScriptures(distinctReferences(input.references ?? (await this.findCitations(input.transcript))));
  }

  private async complete(name: string, schema: Schema, user: string): Promise<unknown> {
    const url = `${this.config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.config.apiKey) headers.authorization = `Bearer ${this.config.apiKey}`;
    const body = {
      model: this.config.model,
      temperature: this.config.temperature ?? 0.3,
      messages: [
        { role: 'system', content: SYSTEM },
        { role: 'user', content: user },
      ],
      response_format: { type: 'json_schema', json_schema: { name, strict: true, schema } },
    };
    let response: Response;
    try {
      response = await this.fetchImpl(url, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(this.config.timeoutMs ?? 120_000) });
    } catch (error) {
      throw new GenerationError(`Chat completion request to ${url} failed: ${(error as Error).message}`, { cause: error });
    }
    const text = await response.text();
    if (!response.ok) throw new GenerationError(`Chat completion at ${url} answered HTTP ${response.status}: ${text.slice(0, 300)}`);
    let content: unknown;
    try {
      content = (JSON.parse(text) as { choices?: Array<{ message?: { content?: unknown } }> }).choices?.[0]?.message?.content;
    } catch {
      throw new GenerationError(`Chat completion at ${url} did not answer JSON`);
    }
    if (typeof content !== 'string') throw new GenerationError('Chat completion has no message content');
    try {
      return JSON.parse(content);
    } catch {
      throw new GenerationError(`The model's answer is not JSON: ${content.slice(0, 200)}`);
    }
  }
}


function prompt(input: GenerationInput, sermon: SermonScriptures, task: string): string {
  const refs = sermon.references.map((r) => r.display).join('; ') || '(none)';
  return [task, input.title ? `Sermon title: ${input.title}` : '', `References the sermon cites: ${refs}`, 'Transcript:', input.transcript]
    .filter(Boolean)
    .join('\n\n');
}
