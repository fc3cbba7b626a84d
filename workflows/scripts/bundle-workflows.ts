// Builds the workflow bundle that production workers load (WORKFLOW_BUNDLE_PATH).
import { mkdir, writeFile } from 'node:fs/promises';
import { bundleWorkflowCode } from '@temporalio/worker';
import { workflowsPath } from '../src/create-worker.ts';

const outFile = new URL('../dist/workflow-bundle.js', import.meta.url);
const started = Date.now();
const { code } = await bundleWorkflowCode({ workflowsPath, logger: undefined });
await mkdir(new URL('../dist/', import.meta.url), { recursive: true });
await writeFile(outFile, code);
console.log(`workflow bundle: ${(code.length / 1024).toFixed(0)} KiB in ${Date.now() - started} ms → dist/workflow-bundle.js`);
