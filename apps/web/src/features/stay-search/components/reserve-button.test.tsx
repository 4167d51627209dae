import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../../test/i18n';
import { makeStore } from '../../../test/store';
import { BookingBarSlot } from './booking-bar-slot';

// The button waits for the page's first paint, which jsdom never reports: here it has happened.
vi.mock('../../../lib/after-first-paint', () => ({
  afterFirstPaint: (task: () => void) => {
    task();
    return () => {};
  },
}));

/** The pages where booking is the next step, by their router paths (app/router.tsx). */
const SHOWN = ['/', '/accommodation', '/gallery', '/blog', '/blog/3f1c2a9e-0000-4000-8000-000000000001', '/our-city'];
/** Forms, messages and the rates page itself: the fixed button would cover them or lead nowhere new. */
const HIDDEN = [
  '/profile',
  '/login',
  '/sign-up',
  '/forgot-password',
  '/reset-password',
  '/events',
  '/contact',
  '/membership-benefits',
  '/terms',
  '/view-rates',
  '/booking',
  '/booking/3f1c2a9e-0000-4000-8000-000000000001',
  '/no-such-page',
];

const space = () => document.documentElement.style.getPropertyValue('--reserve-button-space');

/** The layout's slot on a phone at `path`, with a page under it. */
function renderAt(path: string, page: React.ReactNode = <h1>Page</h1>) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <BookingBarSlot pathname={path} />
            {page}
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  return render(
    <Provider store={makeStore().store}>
      <RouterProvider router={router} />
    </Provider>,
  );
}

beforeAll(async () => {
  await initTestI18n('en');
  // The button's own chunk, loaded once: a check that it stays away does not pass by its slowness.
  await import('./reserve-button');
});

beforeEach(() => {
  // A phone: 375 px, below the booking bar's 1024 px.
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the phones\' Reserve button', () => {
  it.each(SHOWN)('shows on %s, where booking is the next step, and the page keeps room for it at its end', async (path) => {
    const { unmount } = renderAt(path);
    const button = await screen.findByTestId('reserve-button');
    expect(button).toHaveTextContent('Reserve');
    expect(button).toHaveAttribute('href', '/view-rates');
    // The body's padding at the page's end (index.css) is the button's height, offset and a gap.
    expect(space()).toBe('calc(3rem + 1.25rem + 0.75rem)');
    unmount();
    expect(space()).toBe('');
  });

  it(`does not show on ${HIDDEN.join(', ')} (it would cover a form, a message or the footer), nor keep room`, async () => {
    render(
      <Provider store={makeStore().store}>
        <MemoryRouter>
          {HIDDEN.map((path) => (
            <BookingBarSlot key={path} pathname={path} />
          ))}
          <h1>Page</h1>
        </MemoryRouter>
      </Provider>,
    );
    await screen.findByRole('heading', { name: 'Page' });
    // The lazy button would have arrived by now (React shows a suspended part after at most 300 ms).
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.queryByTestId('reserve-button')).toBeNull();
    expect(space()).toBe('');
  });

  it('does not show on large screens, where the booking bar is the way to search', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener() {}, removeEventListener() {} }));
    renderAt('/', <h1>Page</h1>);
    await screen.findByRole('heading', { name: 'Page' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.queryByTestId('reserve-button')).toBeNull();
    expect(space()).toBe('');
  });
});
