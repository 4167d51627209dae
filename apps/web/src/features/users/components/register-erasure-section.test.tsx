import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../test/api-stub';
import { initTestI18n } from '../../../test/i18n';
import { makeStore } from '../../../test/store';
import { RegisterErasureSection } from './register-erasure-section';

let posts: string[];

function renderSection() {
  const { store } = makeStore();
  render(
    <Provider store={store}>
      <RegisterErasureSection />
    </Provider>,
  );
  return userEvent.setup();
}

describe('/profile › Your registration data (issue 34)', () => {
  beforeEach(() => {
    posts = [];
    stubApi(async (request, path) => {
      if (path === '/api/users/me/erasure-request' && request.method === 'POST') {
        posts.push(path);
        return json(200, {
          success: true,
          data: { deletedCards: 1, deletedPhotos: 2, kept: [{ reference: 'RSV-AB12CD34', roomNumber: '204', checkIn: '2026-12-01', checkOut: '2026-12-03', what: 'register', until: '2027-12-03' }] },
        });
      }
      return json(404, { success: false, code: 'NOT_FOUND', message: 'Not found' });
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks twice, then says what went and what the register keeps until when; Keep them sends nothing', async () => {
    await initTestI18n('en');
    const u = renderSection();
    await u.click(screen.getByRole('button', { name: 'Ask to delete my registration data' }));
    await u.click(screen.getByRole('button', { name: 'Keep them' }));
    expect(posts).toEqual([]);

    await u.click(screen.getByRole('button', { name: 'Ask to delete my registration data' }));
    expect(screen.getByText('Delete your registration cards and ID photos now? This cannot be undone.')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Yes, delete them' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Deleted 1 card(s) and 2 photo(s).');
    expect(status).toHaveTextContent('RSV-AB12CD34, room 204, from Tue, Dec 1, 2026: until Fri, Dec 3, 2027');
    expect(posts).toHaveLength(1);
  });

  it('reads in Bengali with Bengali digits', async () => {
    await initTestI18n('bn');
    const u = renderSection();
    await u.click(screen.getByRole('button', { name: 'আমার নিবন্ধন তথ্য মুছে ফেলার অনুরোধ' }));
    await u.click(screen.getByRole('button', { name: 'হ্যাঁ, মুছে ফেলুন' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('১টি কার্ড ও ২টি ছবি মুছে ফেলা হয়েছে।');
    expect(status).toHaveTextContent('কক্ষ ২০৪');
  });
});
