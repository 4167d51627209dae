import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../../test/i18n';
import TermsPage from './terms-page';

const show = () =>
  render(
    <MemoryRouter>
      <TermsPage />
    </MemoryRouter>,
  );

describe('/terms says what the bill and the cancellation rules do', () => {
  afterEach(async () => {
    cleanup();
    await initTestI18n('en');
  });

  it('charges VAT on the room total and the service charge together, with a worked example (10 % and 15 %)', async () => {
    await initTestI18n('en');
    show();
    const prices = screen.getByRole('region', { name: /Prices and payment/ });
    // ৳10,000 + 10 % = ৳1,000; 15 % of ৳11,000 = ৳1,650.
    expect(prices).toHaveTextContent('VAT of 15 % on the room total and the service charge together');
    expect(prices).toHaveTextContent('a room total of ৳10,000 comes to ৳12,650: ৳1,000 service charge and ৳1,650 VAT');
  });

  it('gives the online cancellation cut-off of the hotel (48 hours before 2:00 PM by default)', async () => {
    await initTestI18n('en');
    show();
    expect(screen.getByRole('region', { name: /Cancellations and changes/ })).toHaveTextContent(
      'until 48 hours before check-in time (2:00 PM) on your day of arrival',
    );
  });

  it('in Bengali, with Bengali digits', async () => {
    await initTestI18n('bn');
    show();
    expect(screen.getByText(/রুমের মোট ভাড়া ৳১০,০০০ হলে সব মিলিয়ে হয় ৳১২,৬৫০/)).toBeInTheDocument();
  });
});
