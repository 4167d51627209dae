import type { TUserListItem } from '@residency/shared';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
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
// Booked at the desk with a name and phone only.
const walkIn: TUserListItem = { ...me, _id: 'g2', name: 'Abdul Karim', email: null, role: 'user', phone: '01711-424242', membershipNumber: 'RS3' };
vi.mock('../api', () => ({
  useGetUsersQuery: () => ({ data: { success: true, data: [guest, walkIn, me], meta: { page: 1, limit: 10, total: 3 } }, isFetching: false, isError: false }),
  useUpdateUserRoleMutation: () => [updateRole],
  useDeleteUserMutation: () => [deleteUser],
  useInviteUserMutation: () => [inviteUser, { isLoading: false }],
}));
vi.mock('../../../lib/use-session', () => ({ useSession: () => ({ user: { _id: 'me' } }) }));

// Every width query answers no: a phone (the rows are cards).
installAntdDom({ desktop: false });

const renderPage = () =>
  render(
    <App>
      <MemoryRouter>
        <UsersPage />
      </MemoryRouter>
    </App>,
  );

/** Opens a row's role dropdown (by its accessible name, found in `scope`) and picks an option. */
async function pickRole(user: ReturnType<typeof userEvent.setup>, label: string, role: string, scope: Pick<typeof screen, 'getByRole'> = screen) {
  fireEvent.mouseDown(scope.getByRole('combobox', { name: label }));
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
    // Only the account's change history (issue 35): nothing that changes it.
    expect(within(own).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['History of Ayesha Rahman']);
    // The other row has both.
    expect(screen.getByRole('combobox', { name: 'Update the role of Karim Chowdhury' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Karim Chowdhury' })).toBeInTheDocument();
  });

  it('says "No e-mail" for a guest booked at the desk without one', async () => {
    renderPage();
    const card = (await screen.findByText('Abdul Karim')).closest('li')!;
    expect(within(card).getByText('No e-mail')).toBeInTheDocument();
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

  /** Admin › Users on a phone, in Bengali (was the Bengali half of admin-phone.spec.ts's Users test; the English cards and the role change stay there). */
  describe('in Bengali', { timeout: 20_000 }, () => {
    beforeEach(async () => {
      // After the English beforeEach above, which puts every other test back in English.
      await initTestI18n('bn');
      updateRole.mockReturnValue({ unwrap: () => Promise.resolve({ message: 'ok' }) });
    });

    it("a card shows the role in Bengali and changes it after the question; the admin's own card says so and offers no change", async () => {
      const user = userEvent.setup();
      renderPage();
      expect(screen.getByRole('heading', { name: 'সব ব্যবহারকারী' })).toBeInTheDocument();
      expect(document.querySelector('table')).toBeNull();
      const card = screen.getByText('karim@example.com').closest('li')!;
      expect(card).toHaveTextContent('Karim Chowdhury');
      expect(card).toHaveTextContent('ব্যবহারকারী');
      expect(within(card).getByRole('button', { name: /মুছুন/ })).toBeInTheDocument();

      await pickRole(user, 'Karim Chowdhury-এর ভূমিকা বদলান', 'স্টাফ', within(card));
      const dialog = await screen.findByRole('dialog');
      expect(dialog).toHaveTextContent('ভূমিকা বদলাবেন?');
      expect(dialog).toHaveTextContent('Karim Chowdhury-এর ভূমিকা ব্যবহারকারী থেকে স্টাফ হবে।');
      expect(within(dialog).getByRole('button', { name: 'ব্যবহারকারী রাখুন' })).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'স্টাফ করুন' }));
      await waitFor(() => expect(updateRole).toHaveBeenCalledWith({ id: 'g1', role: 'staff' }));
      expect(await screen.findByText('ব্যবহারকারীর ভূমিকা হালনাগাদ হয়েছে।')).toBeInTheDocument();

      const own = screen.getByText('admin@residency.local').closest('li')!;
      expect(within(own).getByText('আপনি', { exact: true })).toBeInTheDocument();
      expect(within(own).getByText('এটি আপনার নিজের অ্যাকাউন্ট: এর ভূমিকা বদলাতে বা অ্যাকাউন্টটি বন্ধ করতে পারবেন অন্য একজন অ্যাডমিন।')).toBeInTheDocument();
      expect(within(own).queryByRole('combobox')).toBeNull();
      expect(within(own).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Ayesha Rahman-এর ইতিহাস']);
    });
  });
});
