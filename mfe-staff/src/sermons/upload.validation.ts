// Upload form rules (spec 000 §5, §8, §9): one audio/video file up to 2 GB, or a sermons-raw signed
// URL when the flag allows it — never both, never neither.
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024 * 1024;
export const MIN_UPLOAD_BYTES = 1;
export const UPLOAD_TIMEOUT_MS = 10 * 60 * 1000;
export const VIDEO_EXTENSIONS = ['mp4', 'mov', 'avi', 'mkv', 'webm'] as const;
export const AUDIO_EXTENSIONS = ['mp3', 'wav', 'flac', 'm4a', 'aac'] as const;
export const MEDIA_EXTENSIONS: readonly string[] = [...AUDIO_EXTENSIONS, ...VIDEO_EXTENSIONS];

/** The file input's accept list. */
export const ACCEPT_ATTRIBUTE = MEDIA_EXTENSIONS.map((ext) => `.${ext}`).join(',');

export const MESSAGES = {
  neither: 'Choose a file or paste a signed URL to continue.',
  both: 'Please use either file upload or signed URL, not both.',
  badUrl:
    'The signed URL must be a valid sermons-raw signed URL ending in a supported audio/video extension.',
  tooMany: 'Too many files',
  fileType: `File type must be one of ${[...VIDEO_EXTENSIONS, ...AUDIO_EXTENSIONS].map((ext) => `.${ext}`).join(', ')}`,
  tooLarge: `File is larger than ${MAX_UPLOAD_BYTES} bytes`,
  tooSmall: `File is smaller than ${MIN_UPLOAD_BYTES} bytes`,
} as const;

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export interface FileLike {
  name: string;
  size: number;
}

/** The drop area's verdict on what was dropped or picked: the one file, or the first rule it breaks. */
export function validateDroppedFiles<F extends FileLike>(
  files: readonly F[],
): { file: F } | { error: string } {
  if (files.length === 0) return { error: MESSAGES.neither };
  if (files.length > 1) return { error: MESSAGES.tooMany };
  const file = files[0]!;
  if (!MEDIA_EXTENSIONS.includes(extensionOf(file.name))) return { error: MESSAGES.fileType };
  if (file.size > MAX_UPLOAD_BYTES) return { error: MESSAGES.tooLarge };
  if (file.size < MIN_UPLOAD_BYTES) return { error: MESSAGES.tooSmall };
  return { file };
}

/**
 * A signed URL must carry a token, be on the storage origin, point into sermons-raw's signed-object
 * path and end in an allowed extension. `storageOrigin` is the origin signed URLs are issued on.
 */
export function isValidSignedUrl(value: string, storageOrigin?: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  // The page does not know the storage origin in every deployment; the server checks it always.
  if (storageOrigin && url.origin !== new URL(storageOrigin).origin) return false;
  if (!url.searchParams.get('token')) return false;
  if (!/\/object\/sign\/sermons-raw\/.+/.test(url.pathname) && !/\/sermons-raw\/.+/.test(url.pathname))
    return false;
  return MEDIA_EXTENSIONS.includes(extensionOf(url.pathname));
}

export interface UploadFormValues {
  title: string;
  speaker: string;
  recordedAt: string;
  file: FileLike | null;
  signedUrl: string;
}

export type UploadFormErrors = Partial<Record<'title' | 'speaker' | 'recordedAt' | 'source', string>>;

export function validateUploadForm(
  values: UploadFormValues,
  options: { urlUploadEnabled: boolean; storageOrigin?: string },
): UploadFormErrors {
  const errors: UploadFormErrors = {};
  if (!values.title.trim()) errors.title = 'Title is required.';
  if (!values.speaker.trim()) errors.speaker = 'Speaker is required.';
  if (!values.recordedAt) errors.recordedAt = 'Recording date is required.';
  const url = options.urlUploadEnabled ? values.signedUrl.trim() : '';
  if (values.file && url) errors.source = MESSAGES.both;
  else if (!values.file && !url) errors.source = MESSAGES.neither;
  else if (url && !isValidSignedUrl(url, options.storageOrigin)) errors.source = MESSAGES.badUrl;
  return errors;
}

/** Start is disabled with no source, while submitting, or when the quota has nothing left. */
export function canStart(
  values: Pick<UploadFormValues, 'file' | 'signedUrl'>,
  state: { submitting: boolean; remaining: number | null },
): boolean {
  if (state.submitting) return false;
  if (state.remaining !== null && state.remaining <= 0) return false;
  return Boolean(values.file) || values.signedUrl.trim() !== '';
}
