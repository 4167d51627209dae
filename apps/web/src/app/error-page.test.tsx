import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BookingBarSlot } from '../features/stay-search/components/booking-bar-slot';
import { initTestI18n } from '../test/i18n';
import { makeStore } from '../test/store';
import ErrorPage from './error-page';

// The Reserve button waits for the page's first paint, which jsdom never reports: here it has happened.
vi.mock('../lib/after-first-paint', () => ({
  afterFirstPaint: (task: () => void) => {
    task();
    return () => {};
  },
}));

beforeAll(async () => {
  await initTestI18n('en');
  // The button's own chunk, loaded once: a check that it stays away does not pass by its slowness.
  await import('../features/stay-search/components/reserve-button');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the 404 page', () => {
  it('keeps the phones\' Reserve button away, also at a blog address (an unknown post)', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }));
    const path = '/blog/no-such-post';
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <>
              <BookingBarSlot pathname={path} />
              <ErrorPage forceNotFound />
            </>
          ),
        },
      ],
      { initialEntries: [path] },
    );
    render(
      <Provider store={makeStore().store}>
        <RouterProvider router={router} />
      </Provider>,
    );
    expect(await screen.findByTestId('error-page')).toHaveTextContent('404');
    // The lazy button would have arrived by now (React shows a suspended part after at most 300 ms).
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.queryByTestId('reserve-button')).toBeNull();
    expect(document.documentElement.style.getPropertyValue('--reserve-button-space')).toBe('');
  });
});
