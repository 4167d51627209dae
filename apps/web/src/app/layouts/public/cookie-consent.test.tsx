import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../../test/i18n';
import { COOKIE_CONSENT_KEY, CookieConsent } from './cookie-consent';

afterEach(cleanup);
beforeAll(async () => {
  await initTestI18n('en');
});

const show = () =>
  render(
    <MemoryRouter>
      <CookieConsent />
    </MemoryRouter>,
  );

describe('cookie consent (spec section 4)', () => {
  beforeEach(() => localStorage.clear());

  it('Accept saves the flag as true and hides the pop-up for good', async () => {
    const first = show();
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(localStorage.getItem(COOKIE_CONSENT_KEY)).toBe('true');
    expect(screen.queryByTestId('cookie-consent')).toBeNull();
    first.unmount();
    show();
    expect(screen.queryByTestId('cookie-consent')).toBeNull();
  });

  it('Decline saves nothing, so the pop-up returns next visit', async () => {
    const first = show();
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(localStorage.getItem(COOKIE_CONSENT_KEY)).toBeNull();
    expect(screen.queryByTestId('cookie-consent')).toBeNull();
    first.unmount();
    show();
    expect(screen.getByTestId('cookie-consent')).toBeInTheDocument();
  });

  it('Escape closes it like Decline and gives the focus back to the control it was on', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <button type="button">Check in</button>
        <CookieConsent />
      </MemoryRouter>,
    );
    screen.getByRole('button', { name: 'Check in' }).focus();
    await user.tab({ shift: true });
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Check in' }));
    screen.getByRole('button', { name: 'Decline' }).focus();
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('cookie-consent')).toBeNull();
    expect(localStorage.getItem(COOKIE_CONSENT_KEY)).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Check in' }));
  });

  it("leaves Escape to another pop-up that has the focus", async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <div role="dialog" aria-label="Check-in date">
          <button type="button">Day</button>
        </div>
        <CookieConsent />
      </MemoryRouter>,
    );
    screen.getByRole('button', { name: 'Day' }).focus();
    await user.keyboard('{Escape}');
    expect(screen.getByTestId('cookie-consent')).toBeInTheDocument();
  });
});
