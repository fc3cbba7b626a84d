// Is this file really a recording? The same ffprobe check the pipeline's first step runs
// (`@lectern/media-probe`): it needs an audio stream with a duration. "Not media" is an
// answer here, not a fault; a missing or broken ffprobe still throws.
import { InvalidMediaError, probeMedia as probeRecording } from '@lectern/media-probe';

export interface ProbeResult {
  ok: boolean;
  duration: number | null;
  hasVideo: boolean;
}

export async function probeMedia(path: string, timeoutMs = 60_000): Promise<ProbeResult> {
  try {
    const info = await probeRecording(path, { signal: AbortSignal.timeout(timeoutMs) });
    return { ok: true, duration: info.durationSec, hasVideo: info.hasVideo };
  } catch (error) {
    if (error instanceof InvalidMediaError) return { ok: false, duration: null, hasVideo: false };
    throw error;
  }
}
