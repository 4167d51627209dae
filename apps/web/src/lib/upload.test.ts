import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ApiError } from './http';
import {
  UPLOAD_ERROR_MESSAGE,
  UPLOAD_TOTAL_TIMEOUT_MS,
  uploadFailureMessage,
  uploadImage,
  type UploadedImage,
} from './upload';

const stored: UploadedImage = {
  url: '/uploads/2026/11/abc-1280.webp',
  secure_url: '/uploads/2026/11/abc-1280.webp',
  width: 1280,
  height: 853,
  variants: [320, 640, 960, 1280, 1920].map((width) => ({ width, url: `/uploads/2026/11/abc-${width}.webp` })),
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const created = () => json(201, { success: true, data: stored });
const serverError = () => json(500, { success: false, code: 'INTERNAL_ERROR', message: 'Something went wrong on our side. Please try again.' });

/** fetch that never answers, but stops when its request is aborted, as a browser's does. */
const hanging = (_url: RequestInfo | URL, init?: RequestInit) =>
  new Promise<Response>((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
  });

const file = () => new File([new Uint8Array(20_000)], 'me.jpg', { type: 'image/jpeg' });
const noOptimise = async (f: File) => f;

let fetchMock: Mock<(url: RequestInfo | URL, init?: RequestInit) => Promise<Response>>;
/** When each attempt started, in ms since the upload began (fake clock). */
let startedAt: number[];

beforeEach(() => {
  vi.useFakeTimers();
  const t0 = Date.now();
  startedAt = [];
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', (url: RequestInfo | URL, init?: RequestInit) => {
    startedAt.push(Date.now() - t0);
    return fetchMock(url, init);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** Starts an upload and records how it ends, so the fake clock can be moved meanwhile. */
function start(options: Partial<Parameters<typeof uploadImage>[1]> = {}) {
  const outcome: { value?: UploadedImage; error?: unknown; done: boolean } = { done: false };
  const promise = uploadImage(file(), { token: 'tkn', purpose: 'profile', optimize: noOptimise, ...options }).then(
    (value) => Object.assign(outcome, { value, done: true }),
    (error: unknown) => Object.assign(outcome, { error, done: true }),
  );
  return { outcome, promise };
}

describe('uploadImage', () => {
  it('optimises first, then posts the file and purpose as multipart with the bearer token', async () => {
    fetchMock.mockResolvedValueOnce(created());
    const optimised = new File([new Uint8Array(9000)], 'me.avif', { type: 'image/avif' });
    const optimize = vi.fn(async () => optimised);
    const { outcome, promise } = start({ optimize });
    await promise;
    expect(outcome.value).toEqual(stored);
    expect(optimize).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]! as [string, RequestInit];
    expect(url).toBe('/api/uploads');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer tkn');
    const body = init.body as FormData;
    expect(body.get('purpose')).toBe('profile');
    const sent = body.get('file') as File;
    expect(sent.name).toBe('me.avif');
    expect(sent.size).toBe(9000);
  });

  it('retries a network error twice, after 800 ms then 1600 ms, then gives up', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { outcome } = start();
    await vi.advanceTimersByTimeAsync(799);
    expect(startedAt).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(startedAt).toEqual([0, 800]);
    await vi.advanceTimersByTimeAsync(1599);
    expect(startedAt).toEqual([0, 800]);
    await vi.advanceTimersByTimeAsync(1);
    expect(startedAt).toEqual([0, 800, 2400]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(outcome.done).toBe(true);
    expect(outcome.error).toBeInstanceOf(ApiError);
    expect(outcome.error).toMatchObject({ status: 'FETCH_ERROR', message: UPLOAD_ERROR_MESSAGE });
  });

  it('retries a 5xx answer and succeeds on the next attempt', async () => {
    fetchMock.mockResolvedValueOnce(serverError()).mockResolvedValueOnce(created());
    const { outcome } = start();
    await vi.advanceTimersByTimeAsync(800);
    expect(outcome.value).toEqual(stored);
    expect(startedAt).toEqual([0, 800]);
  });

  it('never retries a 413: the server message is final', async () => {
    fetchMock.mockResolvedValue(
      json(413, { success: false, code: 'FILE_TOO_LARGE', message: 'File size too large. Maximum is 10MB.' }),
    );
    const { outcome, promise } = start();
    await promise;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(outcome.error).toMatchObject({ status: 413, code: 'FILE_TOO_LARGE', message: 'File size too large. Maximum is 10MB.' });
    expect(uploadFailureMessage(outcome.error, 'Fallback')).toBe('File size too large. Maximum is 10MB.');
  });

  it('never retries a 400 or a 403', async () => {
    fetchMock
      .mockResolvedValueOnce(json(400, { success: false, code: 'NOT_AN_IMAGE', message: 'This file is not a picture we can use.' }))
      .mockResolvedValueOnce(json(403, { success: false, code: 'FORBIDDEN', message: 'Only admin and staff can upload.' }));
    const first = start();
    await first.promise;
    expect(first.outcome.error).toMatchObject({ status: 400, code: 'NOT_AN_IMAGE' });
    const second = start({ purpose: 'content' });
    await second.promise;
    expect(second.outcome.error).toMatchObject({ status: 403 });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('refuses a file still over 10 MB after optimising, without calling the server', async () => {
    const huge = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' });
    const { outcome, promise } = start({ optimize: async () => huge });
    await promise;
    expect(fetchMock).not.toHaveBeenCalled();
    expect(outcome.error).toMatchObject({ status: 413, message: 'File size too large. Maximum is 10MB.' });
  });

  it('abandons an attempt after 30 s and retries it', async () => {
    fetchMock.mockImplementationOnce(hanging).mockResolvedValueOnce(created());
    const { outcome } = start();
    await vi.advanceTimersByTimeAsync(29_999);
    expect(startedAt).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1 + 800);
    expect(startedAt).toEqual([0, 30_800]);
    expect(outcome.value).toEqual(stored);
  });

  it('stops everything at 35 s overall, whatever attempt is running', async () => {
    fetchMock.mockImplementation(hanging);
    const { outcome } = start();
    await vi.advanceTimersByTimeAsync(UPLOAD_TOTAL_TIMEOUT_MS - 1);
    expect(outcome.done).toBe(false);
    expect(startedAt).toEqual([0, 30_800]);
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome.done).toBe(true);
    expect(outcome.error).toMatchObject({ status: 'TIMEOUT_ERROR', message: UPLOAD_ERROR_MESSAGE });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops when the caller aborts, without retrying', async () => {
    fetchMock.mockImplementation(hanging);
    const controller = new AbortController();
    const { outcome } = start({ signal: controller.signal });
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(outcome.error).toMatchObject({ name: 'AbortError' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('uploadFailureMessage', () => {
  it("shows the server's words for a refusal, the fallback for anything else", () => {
    expect(uploadFailureMessage(new ApiError(400, 'Not a picture.'), 'Error uploading image')).toBe('Not a picture.');
    expect(uploadFailureMessage(new ApiError(500, 'Error uploading image'), 'ছবি আপলোড করা যায়নি')).toBe('ছবি আপলোড করা যায়নি');
    expect(uploadFailureMessage(new ApiError('FETCH_ERROR', 'x'), 'Fallback')).toBe('Fallback');
    expect(uploadFailureMessage(new Error('boom'), 'Fallback')).toBe('Fallback');
  });
});
