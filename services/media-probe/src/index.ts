// Media checks shared by the worker's activities and the sermons service's upload check.
export { probeMedia, type MediaInfo } from './media.probe.ts';
export { InvalidMediaError, MediaToolError } from './media.errors.ts';
