// The file PUT to the signed upload URL. XMLHttpRequest, not fetch: only XHR reports upload
// progress. Errors carry the spec's messages (000 §8).
import { UPLOAD_TIMEOUT_MS } from './upload.validation.ts';

export interface UploadProgress {
  loaded: number;
  total: number;
}

export class UploadError extends Error {
  readonly aborted: boolean;
  constructor(message: string, aborted = false) {
    super(message);
    this.name = 'UploadError';
    this.aborted = aborted;
  }
}

export interface RunningUpload<T> {
  done: Promise<T>;
  abort(): void;
}

/** The message for a finished PUT that failed: the server's detail, else 'Upload failed: Status {code}'. */
export function uploadFailureMessage(status: number, responseText: string): string {
  try {
    const problem = JSON.parse(responseText) as { detail?: unknown };
    if (typeof problem.detail === 'string' && problem.detail) return problem.detail;
  } catch {
    // not JSON: fall back to the status
  }
  return `Upload failed: Status ${status}`;
}

export function putFile<T>(
  target: { url: string; method?: string; headers: Record<string, string> },
  file: Blob,
  onProgress: (p: UploadProgress) => void,
  token?: string | null,
): RunningUpload<T> {
  const xhr = new XMLHttpRequest();
  const done = new Promise<T>((resolve, reject) => {
    xhr.open(target.method ?? 'PUT', target.url);
    for (const [name, value] of Object.entries(target.headers)) xhr.setRequestHeader(name, value);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.upload.onprogress = (event) =>
      onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress({ loaded: file.size, total: file.size });
        try {
          resolve((xhr.responseText ? JSON.parse(xhr.responseText) : undefined) as T);
        } catch {
          resolve(undefined as T);
        }
      } else reject(new UploadError(uploadFailureMessage(xhr.status, xhr.responseText)));
    };
    xhr.onerror = () => reject(new UploadError('Network error during upload'));
    xhr.onabort = () => reject(new UploadError('Upload aborted', true));
    xhr.ontimeout = () => reject(new UploadError('Upload timeout'));
    xhr.send(file);
  });
  return { done, abort: () => xhr.abort() };
}
