import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../../test/i18n';
import { COOKIE_CONSENT_KEY, CookieConsent } from './cookie-consent';

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
});
