import type { TCategory } from '@residency/shared';
import { defaultCategory } from '@residency/shared/room-rules';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAntdDom } from '../../../test/antd-dom';
import { initTestI18n } from '../../../test/i18n';
import CategoriesPage from './categories-page';

// The page's ways out: the categories API, stubbed.
const base = defaultCategory();
const loft: TCategory = {
  ...base,
  _id: 'c1',
  name: 'Phone Loft',
  rackRate: 9900,
  offerPrice: 8800,
  roomCount: 0,
  hiddenReason: 'NO_ROOMS',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};
vi.mock('../../../lib/categories-api', () => ({
  useGetCategoriesQuery: () => ({ data: { success: true, data: [loft] }, isFetching: false, isError: false }),
}));
vi.mock('../api', () => ({ useDeleteCategoryMutation: () => [vi.fn()] }));

// Every width query answers no: a phone.
installAntdDom({ desktop: false });

/**
 * Admin › Categories on a phone, in Bengali (was the Bengali half of admin-phone.spec.ts's
 * Categories test; the English card and its delete stay there).
 */
describe('Admin › Categories on a phone in Bengali', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await initTestI18n('bn');
  });
  afterEach(cleanup);

  it('a card names every column in Bengali, writes the prices in Bengali digits, says why guests do not see it, and asks before deleting', async () => {
    render(
      <App>
        <MemoryRouter>
          <CategoriesPage />
        </MemoryRouter>
      </App>,
    );
    expect(document.querySelector('table')).toBeNull();
    const card = screen.getByTestId('category-Phone Loft');
    expect(card.tagName).toBe('LI');
    for (const label of ['ধারণক্ষমতা', 'অফার মূল্য', 'র‍্যাক রেট']) expect(within(card).getByText(label).tagName).toBe('DT');
    expect(card).toHaveTextContent('৳৮,৮০০');
    expect(card).toHaveTextContent('৳৯,৯০০');
    expect(card).toHaveTextContent('০টি রুম');
    expect(card.textContent).not.toMatch(/[0-9]/);
    expect(within(card).getByTestId('category-hidden-Phone Loft')).toHaveTextContent('সাইটে দেখানো হচ্ছে না');
    expect(within(card).getByTestId('category-hidden-Phone Loft')).toHaveTextContent('অতিথিরা এটি দেখতে পাচ্ছেন না: এতে এখনো কোনো রুম নেই।');
    expect(within(card).getByRole('button', { name: /হালনাগাদ/ })).toBeInTheDocument();
    await userEvent.click(within(card).getByTestId('delete-category-Phone Loft'));
    expect(await screen.findByText('ক্যাটাগরি মুছবেন?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'মুছুন' })).toBeInTheDocument();
  });
});
