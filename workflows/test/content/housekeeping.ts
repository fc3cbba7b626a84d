// The sentences a sermon's analysis sets aside as housekeeping (notices, the welcome, prayers), by text.
import { analyseSermon } from '../../src/content/generation/extractive.analysis.ts';

export function housekeepingTexts(transcript: string): string[] {
  const a = analyseSermon(transcript);
  return a.sentences.filter((s) => a.housekeeping.has(s.index)).map((s) => s.text);
}
