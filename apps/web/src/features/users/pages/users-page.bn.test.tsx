import type { TUserListItem } from '@residency/shared';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAntdDom } from '../../../test/antd-dom';
import { initTestI18n } from '../../../test/i18n';
import UsersPage from './users-page';

// The page's ways out: the users API and the session, stubbed.
const updateRole = vi.fn();
const me: TUserListItem = { _id: 'me', name: 'Ayesha Rahman', email: 'admin@residency.local', role: 'admin', phone: null, membershipNumber: 'RS1', createdAt: '2026-11-01T00:00:00.000Z' };
const guest: TUserListItem = { ...me, _id: 'g1', name: 'Sadia Karim', email: 'sadia@example.com', role: 'user', membershipNumber: 'RS2' };
vi.mock('../api', () => ({
  useGetUsersQuery: () => ({ data: { success: true, data: [guest, me], meta: { page: 1, limit: 10, total: 2 } }, isFetching: false, isError: false }),
  useUpdateUserRoleMutation: () => [updateRole],
  useDeleteUserMutation: () => [vi.fn()],
  useInviteUserMutation: () => [vi.fn(), { isLoading: false }],
}));
vi.mock('../../../lib/use-session', () => ({ useSession: () => ({ user: { _id: 'me' } }) }));

// Every width query answers no: a phone.
installAntdDom({ desktop: false });

/**
 * Admin › Users on a phone, in Bengali (was the Bengali half of admin-phone.spec.ts's Users
 * test; the English cards and the role change stay there).
 */
describe('Admin › Users on a phone in Bengali', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await initTestI18n('bn');
    updateRole.mockReset();
    updateRole.mockReturnValue({ unwrap: () => Promise.resolve({ message: 'ok' }) });
  });
  afterEach(cleanup);

  it("a card shows the role in Bengali and changes it after the question; the admin's own card says so and offers no change", async () => {
    const user = userEvent.setup();
    render(
      <App>
        <UsersPage />
      </App>,
    );
    expect(screen.getByRole('heading', { name: 'সব ব্যবহারকারী' })).toBeInTheDocument();
    expect(document.querySelector('table')).toBeNull();
    const card = screen.getByText('sadia@example.com').closest('li')!;
    expect(card).toHaveTextContent('Sadia Karim');
    expect(card).toHaveTextContent('ব্যবহারকারী');
    expect(within(card).getByRole('button', { name: /মুছুন/ })).toBeInTheDocument();

    fireEvent.mouseDown(within(card).getByRole('combobox', { name: 'Sadia Karim-এর ভূমিকা বদলান' }));
    const option = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.ant-select-item-option[title="স্টাফ"]');
      if (!found) throw new Error('no option স্টাফ');
      return found;
    });
    await user.click(option);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('ভূমিকা বদলাবেন?');
    expect(dialog).toHaveTextContent('Sadia Karim-এর ভূমিকা ব্যবহারকারী থেকে স্টাফ হবে।');
    expect(within(dialog).getByRole('button', { name: 'ব্যবহারকারী রাখুন' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'স্টাফ করুন' }));
    await waitFor(() => expect(updateRole).toHaveBeenCalledWith({ id: 'g1', role: 'staff' }));
    expect(await screen.findByText('ব্যবহারকারীর ভূমিকা হালনাগাদ হয়েছে।')).toBeInTheDocument();

    const own = screen.getByText('admin@residency.local').closest('li')!;
    expect(within(own).getByText('আপনি', { exact: true })).toBeInTheDocument();
    expect(within(own).getByText('এটি আপনার নিজের অ্যাকাউন্ট: এর ভূমিকা বদলাতে বা অ্যাকাউন্টটি বন্ধ করতে পারবেন অন্য একজন অ্যাডমিন।')).toBeInTheDocument();
    expect(within(own).queryByRole('combobox')).toBeNull();
    expect(within(own).queryByRole('button')).toBeNull();
  });
});
