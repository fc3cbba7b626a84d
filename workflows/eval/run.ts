// `npm run eval`: every evaluation sermon spoken, transcribed and turned into an outline and five
// devotionals by the product's own steps; prints WER, scripture and property figures per sermon,
// for the tuning set and for the sealed held-back set. See README.md.
//   EVAL_ONLY=01,05        only these sermons
//   EVAL_SET=tune          one group: tune | sealed, or all (unset: the tuning set, or the EVAL_ONLY sermons; README.md: the split)
//   EVAL_SUMMARY=1         print the sealed set as summary lines only (the default unless EVAL_SEALED_ROWS=1)
//   EVAL_SEALED_ROWS=1     also print, explain (EVAL_VERBOSE) and write (EVAL_JSON) the sealed rows: only once
//                          the sealed set has been opened for tuning (README.md: the split)
//   EVAL_VERBOSE=1         why each property or reference failed
//   EVAL_ASR_MODEL_DIR=…   another Whisper model directory (EVAL_ASR_MODEL names it in the cache)
//   EVAL_VOCABULARY=on     decode with the Bible vocabulary as Whisper hotwords (measured worse: ADR 0016)
//   EVAL_PROMPT=on         decode with the Bible-aware initial prompt (title, speaker, book names)
//   EVAL_PROMPT=title      … with only the sermon's title as the initial prompt; =sentence: one preacher's sentence
//   EVAL_CONDITION=on      condition each window on the previous text (faster-whisper's safeguards on)
//   EVAL_PATIENCE=2, EVAL_REPETITION_PENALTY=1.1, EVAL_NO_REPEAT_NGRAM=3, EVAL_TEMPERATURE_FALLBACK=off,
//   EVAL_HALLUCINATION_SILENCE=2   further decoding options (README.md: recogniser settings)
//   EVAL_COMPUTE=float32   CTranslate2 weights and compute type: int8 (the product's) or float32
//   EVAL_BEAM=5            decode with another beam width (default: the product's, DECODING_DEFAULTS)
//   EVAL_VAD=on|off        decode with or without faster-whisper's VAD filter (default: the product's)
//   EVAL_AUDIO_FILTER=…    an ffmpeg -af chain for the recogniser's decoding ('' = none; default: the product's)
//   EVAL_JSON=file         also write the results as JSON
//   EVAL_RESPEAK=n         each tuning sermon spoken by the voices and speed of the tuning sermon n places on (new mishearings)
import fs from 'node:fs';
import { ensureAsr } from '@lectern/local-stack/testing';
import { DiathekeScriptureText } from '../src/content/scripture/scripture-text.provider.ts';
import { ExtractiveGenerator } from '../src/content/generation/extractive.generator.ts';
import { findScriptureReferences } from '../src/content/scripture/scripture.references.ts';
import { identifyScripture, sharedQuotationIndex } from '../src/content/scripture/scripture.identify.ts';
import { DOUBTFUL, lowConfidenceWords, PREACHER_PROMPT, recognitionPrompt, recognitionVocabulary, titlePrompt } from '../src/transcription/recognition.vocabulary.ts';
import { wordErrorRate } from '../src/transcription/word-error-rate.ts';
import { groupSpan, loadSermons, respoken, selectSermons, type EvalSermon } from './eval.sermons.ts';
import { durationSec, sermonAudio } from './eval.audio.ts';
import { decodingFromEnv, transcribeCached } from './eval.transcripts.ts';
import { describeDecoding } from '../src/transcription/faster-whisper.transcriber.ts';
import { scoreScripture, type ScriptureScore } from './eval.scripture.ts';
import { checkProperties, PROPERTIES, propertiesSummary, type PropertyName, type PropertyResult } from './eval.properties.ts';

type Row = {
  sermon: EvalSermon;
  audioSec: number;
  wer: number;
  scripture: ScriptureScore;
  modes: string[];
  properties: Record<PropertyName, PropertyResult>;
  asrSec: number;
  contentSec: number;
};

const only = process.env.EVAL_ONLY?.split(',').map((s) => s.trim());
const verbose = process.env.EVAL_VERBOSE === '1';
const log = (line: string) => process.stderr.write(`${line}\n`);

const asr = await ensureAsr(log);
const modelDir = process.env.EVAL_ASR_MODEL_DIR || asr.modelDir;
const modelName = process.env.EVAL_ASR_MODEL || (process.env.EVAL_ASR_MODEL_DIR ? 'custom' : 'default');
const useVocabulary = process.env.EVAL_VOCABULARY === 'on';
const promptMode = process.env.EVAL_PROMPT ?? '';
if (!['', 'off', 'on', 'title', 'sentence'].includes(promptMode)) throw new Error(`EVAL_PROMPT must be on, title, sentence or off (got "${promptMode}")`);
const PROMPT_NAMES: Record<string, string> = { on: ', Bible-aware initial prompt', title: ', the title as initial prompt', sentence: ", a preacher's sentence as initial prompt" };
const decoding = decodingFromEnv(process.env);
const scriptureText = new DiathekeScriptureText();
const allSermons = loadSermons();
const selected = selectSermons(allSermons, {
  only,
  set: process.env.EVAL_SET,
  summary: process.env.EVAL_SUMMARY === '1',
  sealedRows: process.env.EVAL_SEALED_ROWS === '1',
});
const respeak = process.env.EVAL_RESPEAK ? Number(process.env.EVAL_RESPEAK) : undefined;
const sermons = respeak === undefined ? selected.sermons : respoken(selected.sermons, allSermons, respeak);
const { showRow } = selected;
const rows: Row[] = [];

for (const sermon of sermons) {
  const wav = await sermonAudio(sermon);
  const audioSec = await durationSec(wav);
  const vocabulary = useVocabulary ? recognitionVocabulary({ title: sermon.title, speaker: sermon.speaker }) : undefined;
  const prompt =
    promptMode === 'on' ? recognitionPrompt({ title: sermon.title, speaker: sermon.speaker })
    : promptMode === 'title' ? titlePrompt(sermon.title)
    : promptMode === 'sentence' ? PREACHER_PROMPT
    : undefined;
  const transcript = await transcribeCached(wav, { python: asr.python, modelDir, modelName, vocabulary, prompt, decoding });
  const started = performance.now();
  const references = await identifyScripture(transcript.text);
  // (As the worker builds it, content.config.ts: the Bible's words are known words.)
  const generator = new ExtractiveGenerator({ scriptureText, bibleWords: async () => { const index = await sharedQuotationIndex(); return index && ((word: string) => index.holdsWord(word)); } });
  const input = { transcript: transcript.text, title: sermon.title, references, lowConfidence: lowConfidenceWords(transcript.words), doubtful: lowConfidenceWords(transcript.words, DOUBTFUL) };
  const outline = await generator.generateOutline(input);
  const days = await generator.generateDevotionals({ ...input, outline });
  const contentSec = (performance.now() - started) / 1000;
  // What a pastor sees: the outline's list of passages.
  const citations = outline.scriptures.map((display) => {
    const [parsed] = findScriptureReferences(display);
    const ref = references.find((r) => r.display === display);
    return { osis: parsed?.osis ?? `?${display}`, mode: ref?.mode ?? 'spoken' };
  });
  const row: Row = {
    sermon,
    audioSec,
    wer: wordErrorRate(sermon.spoken, transcript.text),
    scripture: scoreScripture(sermon, citations),
    modes: citations.map((c) => `${c.osis}(${c.mode[0]})`),
    properties: checkProperties(outline, days, {
      ...sermon,
      transcript: transcript.text,
      lowConfidence: input.lowConfidence,
    }),
    asrSec: transcript.elapsedSec,
    contentSec,
  };
  rows.push(row);
  log(`${sermon.id} done (${transcript.cached ? 'cached transcript' : `transcribed in ${transcript.elapsedSec.toFixed(0)} s`})`);
  if (verbose && showRow(sermon)) {
    log(`  transcript: ${transcript.text.slice(0, 4000)}`);
    log(`  cited: ${row.modes.join(' ')}; missed/inexact: ${row.scripture.missed.join(' ') || '-'}; invented: ${row.scripture.invented.join(' ') || '-'}`);
    log(`  theme: ${outline.theme} | titles: ${outline.mainPoints.map((p) => p.title).join(' | ')}`);
    for (const name of PROPERTIES) for (const why of row.properties[name].why) log(`  ${name}: ${why}`);
  }
}

const pct = (n: number, d: number) => (d === 0 ? '   -  ' : `${((100 * n) / d).toFixed(0).padStart(4)} %`);
const mark = (r: PropertyResult) => (r.pass ? 'ok' : '--');
const header = `id  set    style       sec   WER    refs  exact  prec.  inv  quotes  ${PROPERTIES.map((p) => p.slice(0, 5).padEnd(6)).join('')} asr s  content s`;
const lines: string[] = [`Lectern content evaluation (model ${modelName}, ${describeDecoding(decoding)}${useVocabulary ? ', Bible vocabulary hint' : ''}${PROMPT_NAMES[promptMode] ?? ''}${respeak === undefined ? '' : `, respoken by the voices ${respeak} sermons on`})`, header];
for (const r of rows) {
  if (!showRow(r.sermon)) continue;
  const s = r.scripture;
  lines.push(
    [
      r.sermon.id.padEnd(3),
      r.sermon.group.padEnd(6),
      r.sermon.style.padEnd(11),
      r.audioSec.toFixed(0).padStart(4),
      `${(r.wer * 100).toFixed(1).padStart(5)}%`,
      `${s.found}/${s.spoken}`.padStart(6),
      `${s.exact}/${s.spoken}`.padStart(6),
      `${s.correct}/${s.citations}`.padStart(6),
      String(s.invented.length).padStart(4),
      `${s.quotationsFound}/${s.quotations}`.padStart(7),
      ' ',
      PROPERTIES.map((p) => mark(r.properties[p]).padEnd(5)).join(' '),
      r.asrSec.toFixed(1).padStart(6),
      r.contentSec.toFixed(2).padStart(9),
    ].join(' '),
  );
}
function summary(name: string, set: Row[]): string[] {
  if (!set.length) return [];
  const sum = (f: (r: Row) => number) => set.reduce((t, r) => t + f(r), 0);
  const words = sum((r) => r.sermon.spoken.split(/\s+/).length);
  const wer = sum((r) => r.wer * r.sermon.spoken.split(/\s+/).length) / words;
  const sc = (f: (s: ScriptureScore) => number) => sum((r) => f(r.scripture));
  return [
    `${name} (${set.length} sermons, ${(sum((r) => r.audioSec) / 60).toFixed(1)} min): WER ${(wer * 100).toFixed(1)} %` +
      ` | spoken references found ${pct(sc((s) => s.found), sc((s) => s.spoken))}, exact range ${pct(sc((s) => s.exact), sc((s) => s.spoken))}` +
      ` | precision ${pct(sc((s) => s.correct), sc((s) => s.citations))}, invented ${sc((s) => s.invented.length)}` +
      ` | unreferenced quotations ${pct(sc((s) => s.quotationsFound), sc((s) => s.quotations))}`,
    `   properties: ${propertiesSummary(set.map((r) => r.properties))}` +
      ` | asr ${sum((r) => r.asrSec).toFixed(0)} s (${(sum((r) => r.asrSec) / sum((r) => r.audioSec)).toFixed(2)}× audio), content ${sum((r) => r.contentSec).toFixed(1)} s`,
  ];
}
lines.push(
  '',
  ...summary(`tuning set (${groupSpan(allSermons, 'tune')})`, rows.filter((r) => r.sermon.group === 'tune')),
  ...summary(`sealed held back (${groupSpan(allSermons, 'sealed')})`, rows.filter((r) => r.sermon.group === 'sealed')),
  ...summary('all       ', rows),
);
process.stdout.write(`${lines.join('\n')}\n`);
if (process.env.EVAL_JSON) {
  fs.writeFileSync(process.env.EVAL_JSON, JSON.stringify(rows.filter((r) => showRow(r.sermon)).map((r) => ({ ...r, sermon: r.sermon.id })), null, 2));
}
