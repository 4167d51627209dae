import type { TAuthUser } from '@residency/shared';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../../test/i18n';
import { makeAuthOnlyStore } from '../../../test/store';
import { ChangePasswordSection } from './change-password-section';

const user: TAuthUser = {
  _id: 'u1',
  email: 'guest@example.com',
  name: 'Guest',
  role: 'user',
  image: null,
  phone: null,
  address: null,
  membershipNumber: 'RS100001',
  phoneVerifiedAt: null,
  smsOptIn: false,
};

let calls: { url: string; body: unknown; auth: string | null }[];
let answer: { status: number; body: unknown };

function setup() {
  const store = makeAuthOnlyStore(user, 'old-token');
  render(
    <Provider store={store}>
      <ChangePasswordSection />
    </Provider>,
  );
  return { store, u: userEvent.setup() };
}

async function fill(u: ReturnType<typeof userEvent.setup>, current: string, next: string, repeat: string) {
  if (current) await u.type(screen.getByLabelText('Current password'), current);
  if (next) await u.type(screen.getByLabelText('New password'), next);
  if (repeat) await u.type(screen.getByLabelText('Repeat the new password'), repeat);
  await u.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('/profile › Change password', () => {
  beforeEach(async () => {
    await initTestI18n('en');
    calls = [];
    answer = { status: 200, body: { success: true, message: 'ok', data: { token: 'new-token' } } };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, body: JSON.parse(String(init.body)), auth: new Headers(init.headers).get('authorization') });
        return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('checks the minimum length and the repeat before sending anything', async () => {
    const { u } = setup();
    await fill(u, '', 'short', 'shorter');
    expect(screen.getByText('Enter your current password.')).toBeInTheDocument();
    expect(screen.getByText('The password must be at least 8 characters.')).toBeInTheDocument();
    expect(screen.getByText('The two passwords are not the same.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('refuses a new password equal to the current one', async () => {
    const { u } = setup();
    await fill(u, 'same-password', 'same-password', 'same-password');
    expect(screen.getByText('Choose a password different from the current one.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sends both passwords with the session, keeps the new token and says other sign-ins ended', async () => {
    const { store, u } = setup();
    await fill(u, 'first-password', 'second-password', 'second-password');
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed. Your other sign-ins have ended.');
    expect(calls).toEqual([
      { url: '/api/auth/change-password', body: { currentPassword: 'first-password', newPassword: 'second-password' }, auth: 'Bearer old-token' },
    ]);
    expect(store.getState().auth.token).toBe('new-token');
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it("shows a wrong current password on that field, in the reader's language", async () => {
    await initTestI18n('bn');
    answer = {
      status: 400,
      body: {
        success: false,
        code: 'WRONG_PASSWORD',
        message: 'Your current password is not correct.',
        errors: [{ path: 'currentPassword', message: 'Your current password is not correct.' }],
      },
    };
    const { store, u } = setup();
    await u.type(screen.getByLabelText('বর্তমান পাসওয়ার্ড'), 'not-mine-1');
    await u.type(screen.getByLabelText('নতুন পাসওয়ার্ড'), 'second-password');
    await u.type(screen.getByLabelText('নতুন পাসওয়ার্ডটি আবার লিখুন'), 'second-password');
    await u.click(screen.getByRole('button', { name: 'পাসওয়ার্ড বদলান' }));
    const field = screen.getByLabelText('বর্তমান পাসওয়ার্ড');
    expect(await screen.findByText('আপনার বর্তমান পাসওয়ার্ডটি সঠিক নয়।')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(store.getState().auth.token).toBe('old-token');
  });
});
