import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAntdDom } from '../../../test/antd-dom';
import { initTestI18n } from '../../../test/i18n';
import { checkTestForm } from '../test-form';
import EmailTemplateTestPage from './email-template-test-page';

// The page's way out is the test-send call: stubbed, so the test sees exactly what is sent.
const sendTest = vi.fn();
vi.mock('../api', () => ({ useSendTestEmailMutation: () => [sendTest, { isLoading: false }] }));
vi.mock('../../../lib/use-session', () => ({ useSession: () => ({ user: { email: 'admin@residency.local' } }) }));

installAntdDom();

const renderPage = (url = '/admin/email-templates/test?type=BOOKING_CANCELLATION') =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <App>
        <EmailTemplateTestPage />
      </App>
    </MemoryRouter>,
  );

describe('checkTestForm: what Send Test refuses before sending', () => {
  it("says 'Recipient email is required' for an empty or blank recipient", () => {
    expect(checkTestForm({ to: '   ', variables: '' })).toEqual({ ok: false, errors: { to: 'toRequired' } });
  });

  it('refuses an address that is not one, and variables that are not JSON, together', () => {
    expect(checkTestForm({ to: 'rafi@', variables: '{name: 1}' })).toEqual({ ok: false, errors: { to: 'toInvalid', variables: 'invalidJson' } });
  });

  it('passes a trimmed address and the parsed variables', () => {
    expect(checkTestForm({ to: ' rafi@example.com ', variables: '{"nights": 2}' })).toEqual({ ok: true, to: 'rafi@example.com', variables: { nights: 2 } });
  });
});

describe('Admin › Email templates › Send Test', () => {
  beforeEach(async () => {
    await initTestI18n('en');
    sendTest.mockReset();
  });
  afterEach(cleanup);

  it("starts with the admin's own address and the type of the link", () => {
    renderPage();
    expect(screen.getByLabelText('Recipient')).toHaveValue('admin@residency.local');
    expect(screen.getByText('Booking cancellation')).toBeInTheDocument();
  });

  it("says 'Recipient email is required' and sends nothing without a recipient", async () => {
    renderPage();
    await userEvent.clear(screen.getByLabelText('Recipient'));
    await userEvent.click(screen.getByRole('button', { name: 'Send Test' }));
    expect(await screen.findByText('Recipient email is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Recipient')).toHaveAttribute('aria-invalid', 'true');
    expect(sendTest).not.toHaveBeenCalled();
  });

  it("says 'Variables must be valid JSON' and sends nothing for broken JSON", async () => {
    renderPage();
    await userEvent.type(screen.getByLabelText('Variables (JSON, optional)'), '{{"name": "Rafi"');
    await userEvent.click(screen.getByRole('button', { name: 'Send Test' }));
    expect(await screen.findByText('Variables must be valid JSON')).toBeInTheDocument();
    expect(sendTest).not.toHaveBeenCalled();
  });

  it('sends the type, recipient, language and variables, then says where it went', async () => {
    sendTest.mockReturnValue({
      unwrap: () => Promise.resolve({ success: true, data: { to: 'admin@residency.local', subject: 'Your booking RSV-1 is cancelled', source: 'default' } }),
    });
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Insert the sample values' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send Test' }));
    await waitFor(() => expect(sendTest).toHaveBeenCalledTimes(1));
    const body = sendTest.mock.calls[0]![0];
    expect(body).toMatchObject({ type: 'BOOKING_CANCELLATION', to: 'admin@residency.local', language: 'en' });
    expect(body.variables).toMatchObject({ name: 'Ayesha Rahman', cancellationDate: '2026-11-25' });
    expect(await screen.findByText('Test e-mail sent to admin@residency.local.')).toBeInTheDocument();
    expect(screen.getByText('It used the built-in English design (no active saved design).')).toBeInTheDocument();
  });

  it("shows the server's refusal, or 'Failed to send test' when it gives no reason", async () => {
    sendTest.mockReturnValueOnce({
      unwrap: () => Promise.reject({ status: 429, data: { success: false, code: 'RATE_LIMITED', message: 'Too many test e-mails. Try again in a minute.' } }),
    });
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Send Test' }));
    expect(await screen.findByText('Too many test e-mails. Try again in a minute.')).toBeInTheDocument();

    sendTest.mockReturnValueOnce({ unwrap: () => Promise.reject({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }) });
    await userEvent.click(screen.getByRole('button', { name: 'Send Test' }));
    expect(await screen.findByText('Failed to send test')).toBeInTheDocument();
  });

  it('reads in Bengali, with the English messages of the spec translated', async () => {
    await initTestI18n('bn');
    renderPage();
    await userEvent.clear(screen.getByLabelText('প্রাপক'));
    await userEvent.click(screen.getByRole('button', { name: 'পরীক্ষামূলক পাঠান' }));
    expect(await screen.findByText('প্রাপকের ই-মেইল দিতেই হবে')).toBeInTheDocument();
  });
});
