// The eval's properties of held-out sermons with another notice finder (a fold's model): the
// product's content steps on the cached beam-5 transcripts, as `npm run eval` runs them.
import { ensureAsr } from '@lectern/local-stack/testing';
import { DiathekeScriptureText } from '../src/content/scripture/scripture-text.provider.ts';
import { ExtractiveGenerator } from '../src/content/generation/extractive.generator.ts';
import type { NoticeFinder } from '../src/content/generation/extractive.analysis.ts';
import { identifyScripture } from '../src/content/scripture/scripture.identify.ts';
import { DOUBTFUL, lowConfidenceWords } from '../src/transcription/recognition.vocabulary.ts';
import { sermonAudio } from './eval.audio.ts';
import { checkProperties, type PropertyName, type PropertyResult } from './eval.properties.ts';
import type { EvalSermon } from './eval.sermons.ts';
import { transcribeCached } from './eval.transcripts.ts';

type Prepared = { sermon: EvalSermon; transcript: string; input: Parameters<ExtractiveGenerator['generateOutline']>[0]; lowConfidence: ReadonlySet<string> };
const prepared = new Map<string, Prepared>();
const scriptureText = new DiathekeScriptureText();

async function prepare(sermon: EvalSermon): Promise<Prepared> {
  const known = prepared.get(sermon.id);
  if (known) return known;
  const asr = await ensureAsr(() => {});
  const transcript = await transcribeCached(await sermonAudio(sermon), { python: asr.python, modelDir: asr.modelDir, modelName: 'default' });
  const references = await identifyScripture(transcript.text);
  const lowConfidence = lowConfidenceWords(transcript.words);
  const input = { transcript: transcript.text, title: sermon.title, references, lowConfidence, doubtful: lowConfidenceWords(transcript.words, DOUBTFUL) };
  const out = { sermon, transcript: transcript.text, input, lowConfidence };
  prepared.set(sermon.id, out);
  return out;
}

/** Each sermon's eval properties, its notices found by `noticesFor(id)` (undefined: the product's). */
export async function propertiesWith(sermons: readonly EvalSermon[], noticesFor: (id: string) => NoticeFinder | undefined): Promise<Map<string, Record<PropertyName, PropertyResult>>> {
  const out = new Map<string, Record<PropertyName, PropertyResult>>();
  for (const sermon of sermons) {
    const p = await prepare(sermon);
    const generator = new ExtractiveGenerator({ scriptureText, notices: noticesFor(sermon.id) });
    const outline = await generator.generateOutline(p.input);
    const days = await generator.generateDevotionals({ ...p.input, outline });
    out.set(sermon.id, checkProperties(outline, days, { ...sermon, transcript: p.transcript, lowConfidence: p.lowConfidence }));
  }
  return out;
}
