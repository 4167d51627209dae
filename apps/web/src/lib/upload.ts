import type { TStoredImage, UploadPurpose } from '@residency/shared/uploads';
import { MESSAGES } from '@residency/shared/messages';
import { MAX_UPLOAD_BYTES } from '@residency/shared/room-rules';
import { ApiError } from './http';
import { optimizeImage } from './image-optimizer';

/** The spec's toast for a failed upload (section 8); screens show it translated. */
export const UPLOAD_ERROR_MESSAGE = 'Error uploading image';

/** The retry policy of spec sections 7 and 9. */
const UPLOAD_ATTEMPT_TIMEOUT_MS = 30_000;
export const UPLOAD_TOTAL_TIMEOUT_MS = 35_000;
const UPLOAD_RETRIES = 2;
const UPLOAD_RETRY_DELAY_MS = 800;

/** `data` of `POST /api/uploads`; `imageSrcSet(url)` builds the srcset from url alone. */
export type UploadedImage = TStoredImage;

export interface UploadOptions {
  purpose?: UploadPurpose;
  token: string | null | undefined;
  /** Stops the upload (e.g. the screen was left); the promise rejects with an AbortError. */
  signal?: AbortSignal;
  /** The optimiser (replaced in tests). */
  optimize?: (file: File) => Promise<File>;
}

/** A failure worth another attempt: no answer, a time-out, or a 5xx. */
class Retryable extends Error {
  readonly failure: ApiError;
  constructor(failure: ApiError) {
    super(failure.message);
    this.failure = failure;
  }
}

/**
 * Optimises the picture, then sends it to `POST /api/uploads` with the bearer token. Each
 * attempt has 30 s and the whole upload 35 s; network errors, time-outs and 5xx answers are
 * tried again twice, after 800 ms then 1600 ms. A 4xx answer (400 not an image, 403, 413 too
 * large) is final: the ApiError carries the server's message, which the screen shows.
 */
export async function uploadImage(file: File, options: UploadOptions): Promise<UploadedImage> {
  const ready = await (options.optimize ?? optimizeImage)(file);
  // Known to fail: say so without sending 10 MB over a phone connection.
  if (ready.size > MAX_UPLOAD_BYTES) throw new ApiError(413, MESSAGES.fileTooLarge, 'FILE_TOO_LARGE');

  const overall = new AbortController();
  const overallTimer = setTimeout(() => overall.abort(), UPLOAD_TOTAL_TIMEOUT_MS);
  const stopOnCallerAbort = () => overall.abort();
  options.signal?.addEventListener('abort', stopOnCallerAbort);
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await attemptUpload(ready, options, overall.signal);
      } catch (error) {
        if (options.signal?.aborted) throw abortError();
        if (!(error instanceof Retryable)) throw error;
        if (overall.signal.aborted) throw timeoutError();
        if (attempt >= UPLOAD_RETRIES) throw error.failure;
        await wait(UPLOAD_RETRY_DELAY_MS * 2 ** attempt, overall.signal);
        if (options.signal?.aborted) throw abortError();
        if (overall.signal.aborted) throw timeoutError();
      }
    }
  } finally {
    clearTimeout(overallTimer);
    options.signal?.removeEventListener('abort', stopOnCallerAbort);
  }
}

async function attemptUpload(file: File, options: UploadOptions, overall: AbortSignal): Promise<UploadedImage> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, UPLOAD_ATTEMPT_TIMEOUT_MS);
  const stop = () => controller.abort();
  overall.addEventListener('abort', stop);
  try {
    const form = new FormData();
    form.append('purpose', options.purpose ?? 'content');
    form.append('file', file, file.name);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let res: Response;
    try {
      res = await fetch('/api/uploads', {
        method: 'POST',
        headers,
        body: form,
        credentials: 'include',
        signal: controller.signal,
      });
    } catch {
      if (timedOut) throw new Retryable(timeoutError());
      throw new Retryable(new ApiError('FETCH_ERROR', UPLOAD_ERROR_MESSAGE));
    }
    let body: { success?: boolean; message?: string; code?: string; data?: UploadedImage } | undefined;
    try {
      body = (await res.json()) as typeof body;
    } catch {
      body = undefined;
    }
    if (res.status >= 500) throw new Retryable(new ApiError(res.status, UPLOAD_ERROR_MESSAGE, body?.code));
    if (!res.ok) throw new ApiError(res.status, body?.message ?? UPLOAD_ERROR_MESSAGE, body?.code);
    if (!body?.data?.url) throw new ApiError('PARSING_ERROR', UPLOAD_ERROR_MESSAGE);
    return body.data;
  } finally {
    clearTimeout(timer);
    overall.removeEventListener('abort', stop);
  }
}

/**
 * What to tell the person: the server's own words when it refused the picture (a 4xx such as
 * "File size too large. Maximum is 10MB."), otherwise `fallback` (the translated 'Error uploading image').
 */
export function uploadFailureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && typeof error.status === 'number' && error.status >= 400 && error.status < 500) {
    return error.message || fallback;
  }
  return fallback;
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}

const timeoutError = () => new ApiError('TIMEOUT_ERROR', UPLOAD_ERROR_MESSAGE);
const abortError = () => new DOMException('The upload was stopped.', 'AbortError');
