// @lectern/shell-kit/testing: helpers for the front ends' component tests (never imported by app code).
export { startAnalyticsForTests } from './analytics.testing.ts';
export type { CollectedEvent, CollectorReader, RecordedRequest } from './analytics.testing.ts';
