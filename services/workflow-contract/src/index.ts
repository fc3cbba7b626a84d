// The workflow contract: what the sermons and migration services (which start and steer runs)
// and the workers (which run them) share. No worker code: importing it never loads the Temporal
// worker or its native bridge. The Temporal client helper is `@lectern/workflow-contract/client`.
export * from './task-queues.ts';
export * from './sermon-pipeline.types.ts';
export * from './sermon-pipeline.messages.ts';
export * from './rss-migration.types.ts';
export * from './rss-migration.messages.ts';
