import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getSite, siteAddress } from '../../../lib/site';
import { initTestI18n } from '../../../test/i18n';
import { Footer } from './footer';

// The hotel's facts as the server writes them into index.html (GET /api/site's answer).
const config = document.createElement('script');
beforeAll(() => {
  config.type = 'application/json';
  config.id = 'site-config';
  config.textContent = JSON.stringify({
    address: 'Plot 5, Road 2, Banani, Dhaka 1213',
    addressBn: 'প্লট ৫, রোড ২, বনানী, ঢাকা ১২১৩',
    phone: '+880 1711-000000',
  });
  document.head.append(config);
});
afterAll(() => config.remove());
afterEach(cleanup);

function renderFooter() {
  render(
    <MemoryRouter>
      <Footer />
    </MemoryRouter>,
  );
  return screen.getByTestId('footer-address');
}

describe("The footer's address", () => {
  it('is the Bengali address on Bengali pages, with no Latin digit', async () => {
    await initTestI18n('bn');
    const address = renderFooter();
    expect(address).toHaveTextContent('প্লট ৫, রোড ২, বনানী, ঢাকা ১২১৩');
    expect(address.textContent).not.toMatch(/[0-9]/);
  });

  it('is the English address on English pages', async () => {
    await initTestI18n('en');
    expect(renderFooter()).toHaveTextContent('Plot 5, Road 2, Banani, Dhaka 1213');
  });

  it('falls back to the English address where no Bengali one came', () => {
    expect(siteAddress({ ...getSite(), addressBn: '' }, 'bn')).toBe('Plot 5, Road 2, Banani, Dhaka 1213');
  });
});

describe("The footer's phone and year", () => {
  it('are written in Bengali digits on Bengali pages, the phone still dialling the same number', async () => {
    await initTestI18n('bn');
    renderFooter();
    expect(screen.getByTestId('footer-phone')).toHaveTextContent('+৮৮০ ১৭১১-০০০০০০');
    expect(screen.getByTestId('footer-phone').closest('a')).toHaveAttribute('href', 'tel:+8801711000000');
    expect(screen.getByTestId('footer-copyright').textContent).not.toMatch(/[0-9]/);
  });

  it('keep Latin digits on English pages', async () => {
    await initTestI18n('en');
    renderFooter();
    expect(screen.getByTestId('footer-phone')).toHaveTextContent('+880 1711-000000');
    expect(screen.getByTestId('footer-copyright')).toHaveTextContent(String(new Date().getFullYear()));
  });
});
