// `npm start` gives the demo church one PUBLISHED sermon, so member@… sees the member area with
// content: transcript, outline, five devotional days and the discussion guide. Nothing is written
// behind the product's back: the demo pastor signs in, uploads a spoken recording (espeak-ng +
// ffmpeg, made once into .lectern/demo), the real pipeline (Temporal worker: ffmpeg, Whisper,
// generator) processes it, and the pastor publishes it through the sermons API. Idempotent: a
// restart finds the sermon by its title and only finishes what is left (publish, retry, or nothing).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { call, signInAs } from './demo-api.ts';

const run = promisify(execFile);

export const DEMO_SERMON_TITLE = 'Faith Forward: Loved First';
const DEMO_SPEAKER = 'Paula Pastor';
const DEMO_RECORDED_ON = '2026-11-15';

/** The sermon spoken into the recording: scripture the pipeline cites, three announced points, applications. */
export const DEMO_SERMON_TEXT = [
  'Good morning, church family. Today we continue our series Faith Forward, and we read from the Gospel of John, chapter three, verse sixteen.',
  'For God so loved the world, that he gave his one and only Son, that whoever believes in him should not perish, but have eternal life.',
  'Our first point is this: love comes before effort. First John chapter four verse nineteen says, we love, because he first loved us.',
  'God did not wait for us to become good enough. His love came first, and it still comes first every morning.',
  'Our second point: love is shown in a gift. Romans chapter five verse eight tells us that God commends his own love toward us, in that while we were yet sinners, Christ died for us.',
  'A gift cannot be earned. It can only be received with open hands and a thankful heart.',
  'Our third point: love sends us to our neighbours. Because we have been loved first, we are free to love first too.',
  'This week, take one step. Call someone who is lonely. Forgive someone who hurt you. Share a meal with a neighbour.',
  'Let us pray. Father, thank you for loving us first. Help us to receive your gift and to share your love this week. Amen.',
].join(' ');

export interface DemoSermonOptions {
  origin: string;
  email: string;
  password: string;
  workDir: string;
  log: (line: string) => void;
  /** How long to wait for the pipeline before leaving the sermon for the next start. */
  timeoutMs?: number;
}

interface SermonSummary {
  id: string;
  title: string;
  status: 'PROCESSING' | 'REVIEW' | 'PUBLISHED' | 'FAILED';
}

/** A short spoken video of the demo sermon (WebM: a still picture and the voice), made once. */
export async function demoRecording(workDir: string): Promise<string> {
  const file = path.join(workDir, 'loved-first.webm');
  if (fs.existsSync(file) && fs.statSync(file).size > 0) return file;
  fs.mkdirSync(workDir, { recursive: true });
  const textFile = path.join(workDir, 'loved-first.txt');
  const wav = path.join(workDir, 'loved-first.wav');
  fs.writeFileSync(textFile, DEMO_SERMON_TEXT);
  await run('espeak-ng', ['-v', 'en-us', '-s', '150', '-f', textFile, '-w', wav]);
  const tmp = `${file}.tmp.webm`;
  await run('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=0x24406b:s=320x180:r=5', '-i', wav, '-map', '0:v', '-map', '1:a', '-shortest', '-c:v', 'libvpx', '-b:v', '60k', '-c:a', 'libopus', '-b:a', '48k', tmp]);
  fs.renameSync(tmp, file);
  fs.rmSync(textFile, { force: true });
  fs.rmSync(wav, { force: true });
  return file;
}

async function findDemo(origin: string, token: string): Promise<SermonSummary | undefined> {
  const { sermons } = await call<{ sermons: SermonSummary[] }>(origin, 'GET', '/api/sermons/sermons?limit=1000', token);
  return sermons.find((s) => s.title === DEMO_SERMON_TITLE);
}

async function upload(origin: string, token: string, workDir: string): Promise<string> {
  const file = await demoRecording(workDir);
  const bytes = fs.readFileSync(file);
  const created = await call<{ sermon: { id: string }; upload: { url: string; headers: Record<string, string> } }>(origin, 'POST', '/api/sermons/sermons', token, {
    title: DEMO_SERMON_TITLE,
    speaker: DEMO_SPEAKER,
    recordedAt: DEMO_RECORDED_ON,
    file: { name: 'loved-first.webm', size: bytes.length, contentType: 'video/webm' },
  });
  const put = await fetch(created.upload.url.replace(/^https?:\/\/[^/]+/, origin), { method: 'PUT', headers: created.upload.headers, body: bytes });
  if (!put.ok) throw new Error(`the recording upload answered ${put.status}: ${(await put.text()).slice(0, 300)}`);
  return created.sermon.id;
}

/**
 * Makes sure the demo church has its published sermon. Resolves with the sermon's final status
 * ('PUBLISHED' normally); never throws: a problem is logged and left for the next start.
 */
export async function ensureDemoSermon(options: DemoSermonOptions): Promise<string> {
  const { origin, log } = options;
  const deadline = Date.now() + (options.timeoutMs ?? 15 * 60_000);
  try {
    const signIn = () => signInAs(origin, options.email, options.password);
    let token = await signIn();
    let tokenAt = Date.now();
    let sermon = await findDemo(origin, token);
    if (sermon?.status === 'PUBLISHED') {
      log(`demo sermon '${DEMO_SERMON_TITLE}' is published`);
      return sermon.status;
    }
    if (!sermon) {
      log(`uploading the demo sermon '${DEMO_SERMON_TITLE}' as ${options.email}; the pipeline will process it`);
      const id = await upload(origin, token, options.workDir);
      sermon = { id, title: DEMO_SERMON_TITLE, status: 'PROCESSING' };
    }
    let retried = false;
    while (Date.now() < deadline) {
      // Access tokens live 15 minutes; the pipeline can take a while on a busy machine.
      if (Date.now() - tokenAt > 10 * 60_000) {
        token = await signIn();
        tokenAt = Date.now();
      }
      const { sermon: current } = await call<{ sermon: SermonSummary }>(origin, 'GET', `/api/sermons/sermons/${sermon.id}`, token);
      if (current.status === 'PUBLISHED') break;
      if (current.status === 'REVIEW') {
        await call(origin, 'POST', `/api/sermons/sermons/${sermon.id}/publish`, token);
        log(`demo sermon '${DEMO_SERMON_TITLE}' processed and published: sign in as member@… to read it`);
        return 'PUBLISHED';
      }
      if (current.status === 'FAILED') {
        if (retried) {
          log(`demo sermon: processing failed twice; see .lectern/logs/worker.log (it is retried on the next start)`);
          return 'FAILED';
        }
        retried = true;
        log('demo sermon: processing failed; retrying once');
        await call(origin, 'POST', `/api/sermons/sermons/${sermon.id}/retry`, token);
      }
      await sleep(3000);
    }
    const last = await findDemo(origin, token);
    if (last?.status !== 'PUBLISHED') log(`demo sermon still ${last?.status ?? 'missing'}; it is finished on the next start`);
    return last?.status ?? 'MISSING';
  } catch (error) {
    log(`demo sermon not seeded: ${(error as Error).message}`);
    return 'ERROR';
  }
}
