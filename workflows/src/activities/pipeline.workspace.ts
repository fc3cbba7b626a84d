// A worker's scratch space for one sermon: the downloaded recording and the normalised audio.
// It only speeds things up: a step that runs on another worker (or after a crash that lost the
// directory) rebuilds what it needs from the recording in the bucket.
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Bucket } from '@lectern/service-kit';

export class PipelineWorkspace {
  private readonly root: string;

  constructor(root: string) {
    this.root = root;
  }

  dir(sermonId: string): string {
    if (!/^[0-9a-f-]{36}$/i.test(sermonId)) throw new Error(`not a sermon id: ${sermonId}`);
    const dir = path.join(this.root, sermonId);
    fs.mkdirSync(dir, { recursive: true });
    return dir;
  }

  normalizedAudio(sermonId: string): string {
    return path.join(this.dir(sermonId), 'audio.wav');
  }

  transcriptCheckpoint(sermonId: string): string {
    return path.join(this.dir(sermonId), 'transcript.checkpoint.json');
  }

  /** Streams the recording from the bucket to disk (never into memory); reuses a complete copy. */
  async download(bucket: Bucket, sermonId: string, mediaKey: string): Promise<string> {
    const target = path.join(this.dir(sermonId), `source${path.extname(mediaKey)}`);
    const { size } = await bucket.stat(mediaKey);
    if (fs.existsSync(target) && fs.statSync(target).size === size) return target;
    const partial = `${target}.partial`;
    try {
      await pipeline(await bucket.get(mediaKey), fs.createWriteStream(partial));
      fs.renameSync(partial, target);
    } finally {
      fs.rmSync(partial, { force: true });
    }
    return target;
  }

  remove(sermonId: string): void {
    fs.rmSync(path.join(this.root, sermonId), { recursive: true, force: true });
  }

  removeFile(file: string): void {
    fs.rmSync(file, { force: true });
  }
}
