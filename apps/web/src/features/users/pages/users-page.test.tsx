import type { TUserListItem } from '@residency/shared';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../../test/i18n';
import UsersPage from './users-page';
import { installAntdDom } from '../../../test/antd-dom';

// The page's ways out: the users API and the session. Stubbed, so the test sees exactly what is sent.
const updateRole = vi.fn();
const deleteUser = vi.fn();
const inviteUser = vi.fn();
const me: TUserListItem = { _id: 'me', name: 'Ayesha Rahman', email: 'admin@residency.local', role: 'admin', phone: null, membershipNumber: 'RS1', createdAt: '2026-11-01T00:00:00.000Z' };
const guest: TUserListItem = { ...me, _id: 'g1', name: 'Karim Chowdhury', email: 'karim@example.com', role: 'user', membershipNumber: 'RS2' };
vi.mock('../api', () => ({
  useGetUsersQuery: () => ({ data: { success: true, data: [guest, me], meta: { page: 1, limit: 10, total: 2 } }, isFetching: false, isError: false }),
  useUpdateUserRoleMutation: () => [updateRole],
  useDeleteUserMutation: () => [deleteUser],
  useInviteUserMutation: () => [inviteUser, { isLoading: false }],
}));
vi.mock('../../../lib/use-session', () => ({ useSession: () => ({ user: { _id: 'me' } }) }));

installAntdDom();

const renderPage = () =>
  render(
    <App>
      <UsersPage />
    </App>,
  );

/** Opens a row's role dropdown (by its accessible name) and picks an option. */
async function pickRole(user: ReturnType<typeof userEvent.setup>, label: string, role: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  // Only the open list's option: the invite form's select shows "Staff" too.
  const option = await waitFor(() => {
    const found = document.querySelector<HTMLElement>(`.ant-select-item-option[title="${role}"]`);
    if (!found) throw new Error(`no option ${role}`);
    return found;
  });
  await user.click(option);
}

describe('Admin › Users guardrails', () => {
  beforeEach(async () => {
    await initTestI18n('en');
    updateRole.mockReset();
    deleteUser.mockReset();
  });
  afterEach(cleanup);

  it("offers no role dropdown and no Delete on the admin's own row", async () => {
    renderPage();
    const own = (await screen.findByText('admin@residency.local')).closest('li')!;
    expect(within(own).getByText('You')).toBeInTheDocument();
    expect(within(own).getByText('This is you: another admin can change your role or close your account.')).toBeInTheDocument();
    expect(within(own).queryByRole('combobox')).toBeNull();
    expect(within(own).queryByRole('button')).toBeNull();
    // The other row has both.
    expect(screen.getByRole('combobox', { name: 'Update the role of Karim Chowdhury' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Karim Chowdhury' })).toBeInTheDocument();
  });

  it('asks before a role change; cancelling sends nothing and the dropdown goes back', async () => {
    const user = userEvent.setup();
    renderPage();
    await pickRole(user, 'Update the role of Karim Chowdhury', 'Staff');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Karim Chowdhury will change from User to Staff.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep User' }));
    const card = screen.getByText('karim@example.com').closest('li')!;
    await waitFor(() => expect(card.querySelector('.ant-select')).toHaveTextContent('User'));
    expect(card.querySelector('.ant-select')).not.toHaveTextContent('Staff');
    expect(updateRole).not.toHaveBeenCalled();
  });

  it('sends the role once confirmed', async () => {
    const user = userEvent.setup();
    updateRole.mockReturnValue({ unwrap: () => Promise.resolve({ message: 'ok' }) });
    renderPage();
    await pickRole(user, 'Update the role of Karim Chowdhury', 'Admin');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Make Admin' }));
    await waitFor(() => expect(updateRole).toHaveBeenCalledWith({ id: 'g1', role: 'admin' }));
    expect(await screen.findByText('User role updated successfully')).toBeInTheDocument();
  });

  it("shows the server's self-demote refusal, in Bengali too", async () => {
    await initTestI18n('bn');
    const user = userEvent.setup();
    updateRole.mockReturnValue({
      unwrap: () => Promise.reject({ status: 409, data: { success: false, code: 'SELF_DEMOTE', message: 'You cannot change your own role. Another admin can do it.' } }),
    });
    renderPage();
    await pickRole(user, 'Karim Chowdhury-এর ভূমিকা বদলান', 'স্টাফ');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'স্টাফ করুন' }));
    expect(await screen.findByText('নিজের ভূমিকা আপনি বদলাতে পারবেন না। অন্য একজন অ্যাডমিন তা করতে পারেন।')).toBeInTheDocument();
  });
});
