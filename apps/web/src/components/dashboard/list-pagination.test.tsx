import { cleanup, render, screen } from '@testing-library/react';
import { Pagination } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { installAntdDom } from '../../test/antd-dom';
import { initTestI18n } from '../../test/i18n';
import { listPagination } from './list-pagination';

installAntdDom({ desktop: true });
afterEach(cleanup);

const meta = { page: 2, limit: 10, total: 120 };

describe('listPagination', () => {
  it('numbers the pages in Bengali digits on Bengali pages', async () => {
    await initTestI18n('bn');
    render(<Pagination {...listPagination(meta, 1, () => {})} />);
    const pager = screen.getByRole('list');
    expect(pager).toHaveTextContent('১');
    expect(pager).toHaveTextContent('১২');
    expect(pager.textContent).not.toMatch(/[0-9]/);
  });

  it('keeps Latin digits in English', async () => {
    await initTestI18n('en');
    render(<Pagination {...listPagination(meta, 1, () => {})} />);
    expect(screen.getByRole('list')).toHaveTextContent('12');
  });
});
