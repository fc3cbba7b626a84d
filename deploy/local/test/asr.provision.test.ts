import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import { promisify } from 'node:util';
import { asrModelSha256, ensureAsr } from '../src/provision/asr.ts';

const run = promisify(execFile);

test('the speech recogniser is provisioned once: a venv with faster-whisper and a verified Whisper model', async () => {
  const runtime = await ensureAsr(() => undefined);
  for (const file of ['config.json', 'tokenizer.json', 'vocabulary.txt', 'model.bin']) {
    assert.ok(fs.existsSync(path.join(runtime.modelDir, file)), `${file} in the model dir`);
  }
  const { stdout } = await run(runtime.python, ['-c', 'import faster_whisper, ctranslate2; print(faster_whisper.__version__)']);
  assert.equal(stdout.trim(), '1.2.1');
  if (!process.env.LECTERN_ASR_MODEL_DIR) {
    const hash = createHash('sha256');
    for await (const chunk of fs.createReadStream(path.join(runtime.modelDir, 'model.bin'))) hash.update(chunk as Buffer);
    assert.equal(hash.digest('hex'), asrModelSha256);
  }
  const started = Date.now();
  assert.deepEqual(await ensureAsr(() => undefined), runtime, 'second call returns the same installation');
  assert.ok(Date.now() - started < 1000, 'cached: no provisioning the second time');
}, 600_000);
