import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../../test/i18n';
import { InviteStaffModal } from './invite-staff-modal';
import { installAntdDom } from '../../../test/antd-dom';

// The modal's only way out is the invite call: stubbed, so the test sees exactly what is sent.
const inviteUser = vi.fn();
vi.mock('../api', () => ({ useInviteUserMutation: () => [inviteUser, { isLoading: false }] }));

installAntdDom();

function renderModal(onClose = vi.fn()) {
  render(
    <App>
      <InviteStaffModal open onClose={onClose} />
    </App>,
  );
  return { onClose, u: userEvent.setup() };
}

describe('the Invite staff modal', () => {
  beforeEach(async () => {
    await initTestI18n('en');
    inviteUser.mockReset();
  });
  afterEach(cleanup);

  it("shows the contract's messages beside the fields and sends nothing", async () => {
    const { u } = renderModal();
    await u.click(screen.getByRole('button', { name: 'Send the invitation' }));
    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    expect(screen.getByText('E-mail is required.')).toBeInTheDocument();
    await u.type(screen.getByLabelText('E-mail'), 'nobody-at-example');
    await u.click(screen.getByRole('button', { name: 'Send the invitation' }));
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(inviteUser).not.toHaveBeenCalled();
  });

  it('sends name, e-mail (as the contract keeps it) and the staff role, and says the link was e-mailed', async () => {
    inviteUser.mockReturnValue({ unwrap: () => Promise.resolve({ success: true, data: { email: 'nusrat@example.com' } }) });
    const { onClose, u } = renderModal();
    await u.type(screen.getByLabelText('Full name'), '  Nusrat Jahan ');
    await u.type(screen.getByLabelText('E-mail'), 'Nusrat@Example.com');
    await u.click(screen.getByRole('button', { name: 'Send the invitation' }));
    await waitFor(() => expect(inviteUser).toHaveBeenCalledWith({ name: 'Nusrat Jahan', email: 'nusrat@example.com', role: 'staff' }));
    expect(await screen.findByText(/Invitation sent\. nusrat@example\.com has been e-mailed a link/)).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it('puts a taken e-mail on the e-mail field and stays open', async () => {
    inviteUser.mockReturnValue({
      unwrap: () =>
        Promise.reject({
          status: 409,
          data: { success: false, code: 'EMAIL_TAKEN', message: 'This e-mail already has an account. Find it on the list and change its role instead.' },
        }),
    });
    const { onClose, u } = renderModal();
    await u.type(screen.getByLabelText('Full name'), 'Someone');
    await u.type(screen.getByLabelText('E-mail'), 'taken@example.com');
    await u.click(screen.getByRole('button', { name: 'Send the invitation' }));
    const email = screen.getByLabelText('E-mail');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    // Ant Design shows the field's message a frame after it marks the field invalid: wait for it.
    expect((await screen.findAllByText('This e-mail already has an account. Find it on the list and change its role instead.')).length).toBeGreaterThanOrEqual(1);
    expect(onClose).not.toHaveBeenCalled();
  });
});
