// Media checks shared by the worker's activities and the sermons service's upload check.
export { probeMedia, InvalidMediaError, MediaToolError, type MediaInfo } from '@lectern/media-probe';
