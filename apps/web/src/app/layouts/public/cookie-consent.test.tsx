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

describe('cookie consent and the focus under it', () => {
  beforeEach(() => localStorage.clear());

  /** A control whose lower half the banner covers (jsdom lays nothing out: the boxes are given). */
  function underTheBanner() {
    render(
      <MemoryRouter>
        <button type="button">Create account</button>
        <CookieConsent />
      </MemoryRouter>,
    );
    const control = screen.getByRole('button', { name: 'Create account' });
    const box = (top: number, bottom: number) => () => ({ top, bottom, left: 0, right: 300, width: 300, height: bottom - top, x: 0, y: top, toJSON: () => ({}) });
    control.getBoundingClientRect = box(620, 660);
    screen.getByTestId('cookie-consent').getBoundingClientRect = box(640, 788);
    const scrolls: unknown[] = [];
    const scrollBy = window.scrollBy;
    window.scrollBy = ((options: unknown) => void scrolls.push(options)) as typeof window.scrollBy;
    return { control, scrolls, restore: () => (window.scrollBy = scrollBy) };
  }

  it('scrolls a control the keyboard focuses under the banner up above it', async () => {
    const user = userEvent.setup();
    const { control, scrolls, restore } = underTheBanner();
    try {
      await user.tab();
      expect(document.activeElement).toBe(control);
      // 660 - 640 covered, and 16 px of room above the banner.
      expect(scrolls).toEqual([{ top: 36, behavior: 'instant' }]);
    } finally {
      restore();
    }
  });

  it('never moves the page under a pointer press, so the click lands where it was pressed', async () => {
    const user = userEvent.setup();
    let clicks = 0;
    const { control, scrolls, restore } = underTheBanner();
    control.addEventListener('click', () => (clicks += 1));
    try {
      await user.click(control);
      expect(document.activeElement).toBe(control);
      expect(scrolls).toEqual([]);
      expect(clicks).toBe(1);
      // A Tab after the click is the keyboard again.
      await user.tab({ shift: true });
      await user.tab();
      expect(scrolls).toHaveLength(1);
    } finally {
      restore();
    }
  });
});
