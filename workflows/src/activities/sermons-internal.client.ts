// The pipeline worker's side of the sermons service's internal API (services/sermons/API.md,
// "Internal endpoints"). Every write there is idempotent, so an activity may repeat any call.
import type { TranscriptWord } from '../transcription/transcription.types.ts';
import type { DevotionalDay, Outline } from '../content/generation/content.types.ts';
import type { DiscussionGuide } from '@lectern/workflow-contract/discussion-guide';

export type ReportedStep = 'normalize' | 'transcribe' | 'outline' | 'devotional';

export interface PipelineSermon {
  id: string;
  orgId: string;
  title: string;
  status: 'PROCESSING' | 'REVIEW' | 'PUBLISHED' | 'FAILED';
  temporaryMediaPath: string | null;
  duration: number | null;
}

export interface PipelineProgress {
  transcribePct: number;
  outlinePct: number;
  devotionPct: number;
  currentStep: string;
  status: string;
}

export interface PipelineContent {
  /** `words` only when asked for (`content(id, { words: true })`). */
  transcript: { text: string; words?: TranscriptWord[] } | null;
  outline: Outline | null;
}

/** The sermon is gone (deleted or stopped meanwhile): the run has nothing left to do. */
export class SermonRemovedError extends Error {
  constructor(sermonId: string) {
    super(`Sermon ${sermonId} was removed`);
    this.name = 'SermonRemovedError';
  }
}

export class SermonsApiError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = 'SermonsApiError';
    this.status = status;
  }
}

export interface SermonsInternalClientOptions {
  baseUrl: string;
  token: string;
  /** Per-call time limit; an activity retries a call that timed out. */
  timeoutMs?: number;
}

export class SermonsInternalClient {
  private readonly options: SermonsInternalClientOptions;

  constructor(options: SermonsInternalClientOptions) {
    this.options = options;
  }

  async sermon(id: string): Promise<{ sermon: PipelineSermon; progress: PipelineProgress }> {
    return (await this.call('GET', id, ''))!;
  }

  async content(id: string, options: { words?: boolean } = {}): Promise<PipelineContent> {
    return (await this.call('GET', id, options.words ? '/content?words=true' : '/content'))!;
  }

  async progress(id: string, step: ReportedStep, percent: number, message: string): Promise<void> {
    await this.call('POST', id, '/progress', { step, percent: Math.max(0, Math.min(100, Math.floor(percent))), message });
  }

  async saveTranscript(id: string, transcript: { text: string; words: TranscriptWord[]; duration?: number }): Promise<void> {
    await this.call('PUT', id, '/transcript', transcript);
  }

  async saveOutline(id: string, outline: Outline): Promise<void> {
    await this.call('PUT', id, '/outline', { outline });
  }

  async saveDiscussionGuide(id: string, guide: DiscussionGuide): Promise<void> {
    await this.call('PUT', id, '/discussion-guide', { guide });
  }

  async saveDevotionals(id: string, days: DevotionalDay[]): Promise<void> {
    await this.call('PUT', id, '/devotionals', { devotionals: days.map(toApiDevotional) });
  }

  async failed(id: string, step: ReportedStep, message: string): Promise<void> {
    await this.call('POST', id, '/failed', { step, message });
  }

  async ready(id: string): Promise<void> {
    await this.call('POST', id, '/ready');
  }

  async discard(id: string): Promise<void> {
    await this.call('DELETE', id, '');
  }

  private async call<T>(method: string, id: string, suffix: string, body?: unknown): Promise<T | undefined> {
    const url = `${this.options.baseUrl}/api/sermons/internal/sermons/${encodeURIComponent(id)}${suffix}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: { authorization: `Bearer ${this.options.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
      });
    } catch (error) {
      throw new SermonsApiError(`the sermons service could not be reached at ${this.options.baseUrl}: ${(error as Error).message}`, 0);
    }
    if (response.status === 404 && method !== 'DELETE') throw new SermonRemovedError(id);
    if (!response.ok) {
      const detail = await response.json().then((problem) => (problem as { detail?: string }).detail, () => undefined);
      throw new SermonsApiError(`${method} ${suffix || '/'} answered ${response.status}${detail ? `: ${detail}` : ''}`, response.status);
    }
    return response.status === 204 ? undefined : ((await response.json()) as T);
  }
}

/** The generator's snake_case day → the API's camelCase devotional body. */
function toApiDevotional(day: DevotionalDay) {
  return {
    dayNumber: day.day_number,
    title: day.title,
    theme: day.theme,
    openingPrayer: day.opening_prayer,
    scripturePassage: day.scripture_passage,
    reflection: day.reflection,
    closingPrayer: day.closing_prayer,
    additionalScripture: day.additional_scripture,
  };
}
