import type { TAuthUser } from '@residency/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginUser } from '../features/auth/auth-slice';
import { roomsReadApi } from '../lib/rooms-api';
import { stubRelativeRequest } from '../test/relative-request';
import { makeStore } from './store';

const token = (payload: object) => `h.${btoa(JSON.stringify(payload)).replace(/=+$/, '')}.s`;
const guest: TAuthUser = {
  _id: 'u1',
  name: 'Farhana Akter',
  email: 'farhana@example.com',
  role: 'user',
  image: null,
  phone: null,
  address: null,
  membershipNumber: 'RS100001',
  phoneVerifiedAt: null,
  smsOptIn: false,
};

/** What the server answers, by path; every call is recorded as 'METHOD /path'. */
let answers: Record<string, { status: number; body: unknown }> = {};
let calls: string[] = [];

beforeEach(() => {
  calls = [];
  stubRelativeRequest();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string) => {
      const request = typeof input === 'string' ? new Request(new URL(input, 'http://localhost')) : input;
      const { pathname } = new URL(request.url);
      calls.push(`${request.method} ${pathname}`);
      const answer = answers[pathname] ?? { status: 404, body: { success: false, message: 'Not found', code: 'NOT_FOUND' } };
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

/** Signed in after the store was made (so the start-up check has nothing to ask). */
async function signedInStore() {
  const { store } = makeStore();
  store.dispatch(loginUser.fulfilled({ token: token({ role: 'user' }), user: guest }, 'test', { email: guest.email, password: 'x' }));
  return store;
}

/**
 * lib/api.ts knows no feature: app/store.ts gives it the auth feature's session check. These
 * follow a call the server refuses through that wiring.
 */
describe('a call the server refuses, on a signed-in store', () => {
  it('403: asks the server who is signed in, and signs out a person whose role changed', async () => {
    answers = {
      '/api/room/r1': { status: 403, body: { success: false, message: 'Forbidden', code: 'FORBIDDEN' } },
      '/api/auth/me': { status: 200, body: { success: true, data: { ...guest, role: 'staff' } } },
    };
    const store = await signedInStore();
    expect(calls).toEqual([]);
    await store.dispatch(roomsReadApi.endpoints.getRoom.initiate('r1'));
    await vi.waitFor(() => expect(store.getState().auth.token).toBeNull());
    expect(calls).toEqual(['GET /api/room/r1', 'GET /api/auth/me']);
  });

  it('401: signs out at once, and the API cache forgets what it held', async () => {
    answers = { '/api/room/r1': { status: 401, body: { success: false, message: 'Unauthorized', code: 'UNAUTHORIZED' } } };
    const store = await signedInStore();
    await store.dispatch(roomsReadApi.endpoints.getRoom.initiate('r1'));
    expect(store.getState().auth.token).toBeNull();
    expect(calls).not.toContain('GET /api/auth/me');
    expect(store.getState().api?.queries ?? {}).toEqual({});
  });
});
