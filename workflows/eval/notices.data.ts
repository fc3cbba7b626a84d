// The notice classifier's data (ADR 0016, "Session 13: notices learned"): each sentence the content
// step reads from a tuning sermon's cached beam-5 transcript, labelled by the script paragraph most
// of its words were spoken in (`@announce` a notice, `@altar` an altar call, `@reader` the second
// voice reading, else the sermon). The transcript is aligned to the spoken text word by word with
// the WER's normalisation (`normalizeWords`) and a Levenshtein alignment traced back.
//   node eval/notices.data.ts     writes eval/notices/sentences.jsonl
// Only the tuning set is read: the sealed sermons' files are never opened (their ids are skipped by
// file name), and their transcripts are never looked up.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureAsr } from '@lectern/local-stack/testing';
import { analyseSermon } from '../src/content/generation/extractive.analysis.ts';
import { normalizeWords } from '../src/transcription/word-error-rate.ts';
import { parseSermon, SEALED, sermonFiles, sermonIdOf, sermonsDir, type EvalSermon, type Paragraph } from './eval.sermons.ts';
import { sermonAudio } from './eval.audio.ts';
import { transcribeCached } from './eval.transcripts.ts';

export type SentenceLabel = 'notice' | 'sermon' | 'altar' | 'reader';
/** One transcript sentence: its sermon, its place in the sermon, what it was said as, and how sure the alignment is. */
export type LabelledSentence = { sermon: string; index: number; of: number; label: SentenceLabel; share: number; text: string };

export const dataFile = fileURLToPath(new URL('./notices/sentences.jsonl', import.meta.url));

const labelOf = (p: Paragraph): SentenceLabel => (p.kind === 'announce' ? 'notice' : p.kind === 'altar' ? 'altar' : p.voice === 'reader' ? 'reader' : 'sermon');

/** The tuning sermons, read by file name so that no sealed file is opened (`loadSermons` parses every file). */
export function tuningSermons(dir = sermonsDir): EvalSermon[] {
  return sermonFiles(dir)
    .filter((f) => !SEALED.has(sermonIdOf(f)))
    .map((f) => parseSermon(f, fs.readFileSync(path.join(dir, f), 'utf8')));
}

/**
 * For each hypothesis word, the reference word it was aligned to (a match or a substitution), or
 * -1 (an insertion). Levenshtein over words, traced back; ties prefer the diagonal.
 */
export function alignWords(reference: readonly string[], hypothesis: readonly string[]): number[] {
  const n = reference.length;
  const m = hypothesis.length;
  const cost = new Uint32Array((n + 1) * (m + 1));
  const at = (i: number, j: number) => i * (m + 1) + j;
  for (let i = 0; i <= n; i += 1) cost[at(i, 0)] = i;
  for (let j = 0; j <= m; j += 1) cost[at(0, j)] = j;
  for (let i = 1; i <= n; i += 1) {
    for (let j = 1; j <= m; j += 1) {
      const diagonal = cost[at(i - 1, j - 1)]! + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1);
      cost[at(i, j)] = Math.min(diagonal, cost[at(i - 1, j)]! + 1, cost[at(i, j - 1)]! + 1);
    }
  }
  const out = new Array<number>(m).fill(-1);
  let i = n;
  let j = m;
  while (i > 0 && j > 0) {
    const here = cost[at(i, j)]!;
    if (here === cost[at(i - 1, j - 1)]! + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1)) {
      out[j - 1] = i - 1;
      i -= 1;
      j -= 1;
    } else if (here === cost[at(i, j - 1)]! + 1) j -= 1;
    else i -= 1;
  }
  return out;
}

/** The content step's sentences of a transcript, each labelled by the paragraph most of its aligned words come from. */
export function labelSentences(sermon: EvalSermon, transcript: string): LabelledSentence[] {
  const reference: string[] = [];
  const paragraphOf: number[] = [];
  sermon.paragraphs.forEach((p, k) => {
    for (const w of normalizeWords(p.text)) {
      reference.push(w);
      paragraphOf.push(k);
    }
  });
  // The transcript's words, each with the offset of the token it was written in.
  const hypothesis: string[] = [];
  const offsetOf: number[] = [];
  for (const token of transcript.matchAll(/\S+/g)) {
    for (const w of normalizeWords(token[0])) {
      hypothesis.push(w);
      offsetOf.push(token.index);
    }
  }
  const aligned = alignWords(reference, hypothesis);
  const sentences = analyseSermon(transcript, []).sentences;
  let previous: SentenceLabel = 'sermon';
  return sentences.map((s) => {
    const votes = new Map<SentenceLabel, number>();
    let words = 0;
    offsetOf.forEach((offset, w) => {
      if (offset < s.start || offset >= s.end) return;
      words += 1;
      const r = aligned[w]!;
      if (r < 0) return;
      const label = labelOf(sermon.paragraphs[paragraphOf[r]!]!);
      votes.set(label, (votes.get(label) ?? 0) + 1);
    });
    const best = [...votes].sort((a, b) => b[1] - a[1])[0];
    // A sentence of inserted words only (the recogniser's own) goes with the one before it.
    const label = best?.[0] ?? previous;
    previous = label;
    return { sermon: sermon.id, index: s.index, of: sentences.length, label, share: best && words ? Number((best[1] / words).toFixed(2)) : 0, text: s.text };
  });
}

/** Every tuning sermon's labelled sentences, from the cached transcripts (beam 5, the product's decoding). */
export async function buildNoticeData(log = (line: string) => process.stderr.write(`${line}\n`)): Promise<LabelledSentence[]> {
  const asr = await ensureAsr(log);
  const out: LabelledSentence[] = [];
  for (const sermon of tuningSermons()) {
    const wav = await sermonAudio(sermon);
    const transcript = await transcribeCached(wav, { python: asr.python, modelDir: asr.modelDir, modelName: 'default' });
    if (!transcript.cached) log(`${sermon.id}: transcribed (not cached before)`);
    out.push(...labelSentences(sermon, transcript.text));
  }
  return out;
}

export function readNoticeData(file = dataFile): LabelledSentence[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LabelledSentence);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const data = await buildNoticeData();
  fs.mkdirSync(path.dirname(dataFile), { recursive: true });
  fs.writeFileSync(dataFile, data.map((s) => JSON.stringify(s)).join('\n') + '\n');
  const count = (label: SentenceLabel) => data.filter((s) => s.label === label).length;
  process.stderr.write(`${new Set(data.map((s) => s.sermon)).size} sermons, ${data.length} sentences: ${count('notice')} notice, ${count('sermon')} sermon, ${count('reader')} reader, ${count('altar')} altar\n`);
}
