// The spec's messages (000 §5, §8) as errors; `reason` is the stable machine name (API.md).
import { AppError, ErrorCode } from '@lectern/service-kit';

export const ALLOWED_EXTENSIONS = ['mp4', 'mov', 'avi', 'mkv', 'webm', 'mp3', 'wav', 'flac', 'm4a', 'aac'] as const;
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024 * 1024;
export const FILE_TYPE_MESSAGE = `File type must be one of ${ALLOWED_EXTENSIONS.map((e) => `.${e}`).join(', ')}`;

export const sermonErrors = {
  notFound: () => new AppError(ErrorCode.NOT_FOUND, { detail: 'Sermon not found', extensions: { reason: 'not_found' } }),
  devotionalNotFound: () => new AppError(ErrorCode.NOT_FOUND, { detail: 'Devotional not found', extensions: { reason: 'not_found' } }),
  badCursor: () => new AppError(ErrorCode.BAD_REQUEST, { detail: 'The cursor is not valid: pass the nextCursor of the previous page unchanged.', extensions: { reason: 'bad_cursor' } }),
  invalidId: () => new AppError(ErrorCode.BAD_REQUEST, { detail: 'Invalid sermon ID', extensions: { reason: 'invalid_id' } }),
  noOrganization: () => new AppError(ErrorCode.FORBIDDEN, { detail: 'No organization associated with user', extensions: { reason: 'no_organization' } }),
  busy: () => new AppError(ErrorCode.RATE_LIMITED, { detail: 'Service is currently busy. Please try again in a few minutes.', extensions: { reason: 'busy' } }),
  nothingToUpload: () => new AppError(ErrorCode.BAD_REQUEST, { detail: 'Choose a file or paste a signed URL to continue.', extensions: { reason: 'nothing_to_upload' } }),
  fileAndUrl: () => new AppError(ErrorCode.BAD_REQUEST, { detail: 'Please use either file upload or signed URL, not both.', extensions: { reason: 'file_and_url' } }),
  fileType: () => new AppError(ErrorCode.BAD_REQUEST, { detail: FILE_TYPE_MESSAGE, extensions: { reason: 'file_type' } }),
  notMedia: () => new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, { detail: FILE_TYPE_MESSAGE, extensions: { reason: 'not_media' } }),
  tooLarge: () => new AppError(ErrorCode.PAYLOAD_TOO_LARGE, { detail: `File is larger than ${MAX_UPLOAD_BYTES} bytes`, extensions: { reason: 'file_too_large' } }),
  sizeMismatch: (declared: number) => new AppError(ErrorCode.PAYLOAD_TOO_LARGE, { detail: `Upload failed: the file must be exactly the ${declared} bytes declared when the sermon was created.`, extensions: { reason: 'size_mismatch', declared } }),
  tooSmall: () => new AppError(ErrorCode.BAD_REQUEST, { detail: 'File is smaller than 1 bytes', extensions: { reason: 'file_too_small' } }),
  uploadCanceled: () => new AppError(ErrorCode.CONFLICT, { detail: 'Upload canceled', extensions: { reason: 'upload_canceled' } }),
  uploadTimeout: () => new AppError(ErrorCode.BAD_REQUEST, { detail: 'Upload timeout', extensions: { reason: 'upload_timeout' } }),
  uploadToken: () => new AppError(ErrorCode.UNAUTHENTICATED, { detail: 'Upload failed: the upload link is invalid or has expired.', extensions: { reason: 'bad_upload_token' } }),
  uploadDone: (detail = 'Upload failed: this sermon already has its file.') => new AppError(ErrorCode.CONFLICT, { detail, extensions: { reason: 'upload_done' } }),
  badSignedUrl: () => new AppError(ErrorCode.BAD_REQUEST, { detail: 'The signed URL must be a valid sermons-raw signed URL ending in a supported audio/video extension.', extensions: { reason: 'bad_signed_url' } }),
  urlUploadDisabled: () => new AppError(ErrorCode.FORBIDDEN, { detail: 'Signed URL upload is not enabled.', extensions: { reason: 'url_upload_disabled' } }),
  notPublished: () => new AppError(ErrorCode.CONFLICT, { detail: 'Only a published sermon can be unpublished.', extensions: { reason: 'not_published' } }),
  notInReview: () => new AppError(ErrorCode.CONFLICT, { detail: 'Only a sermon ready for review can be published.', extensions: { reason: 'not_in_review' } }),
  stillProcessing: () => new AppError(ErrorCode.CONFLICT, { detail: 'Failed to save changes: the sermon is still processing.', extensions: { reason: 'processing' } }),
  missingMedia: () => new AppError(ErrorCode.BAD_REQUEST, { detail: 'Missing media path for retry. Please re-upload the sermon file.', extensions: { reason: 'missing_media' } }),
  notFailed: () => new AppError(ErrorCode.CONFLICT, { detail: 'Nothing to retry: the sermon is not failed.', extensions: { reason: 'not_failed' } }),
  role: () => new AppError(ErrorCode.FORBIDDEN, { detail: 'Only an admin or pastor can edit devotionals.', extensions: { reason: 'role' } }),
  noOutline: () => new AppError(ErrorCode.NOT_FOUND, { detail: 'No outline available', extensions: { reason: 'no_outline' } }),
  noMedia: () => new AppError(ErrorCode.NOT_FOUND, { detail: 'This sermon has no recording.', extensions: { reason: 'no_media' } }),
  createdThenRemoved: () => new AppError(ErrorCode.CONFLICT, { detail: 'The sermon this Idempotency-Key created has since been removed. Send a new key to create it again.', extensions: { reason: 'idempotency_key_spent' } }),
  noTranscript: () => new AppError(ErrorCode.NOT_FOUND, { detail: 'No transcription available', extensions: { reason: 'no_transcript' } }),
};

export function extensionOf(name: string): string | null {
  const match = /\.([A-Za-z0-9]+)$/.exec(name);
  const ext = match?.[1]?.toLowerCase();
  return ext && (ALLOWED_EXTENSIONS as readonly string[]).includes(ext) ? ext : null;
}
