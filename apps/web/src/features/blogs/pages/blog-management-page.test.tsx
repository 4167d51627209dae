import '@testing-library/jest-dom/vitest';
import type { TBlog } from '@residency/shared/blogs';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAntdDom } from '../../../test/antd-dom';
import { initTestI18n } from '../../../test/i18n';
import BlogManagementPage from './blog-management-page';

const IMG = '/uploads/2026/11/0c5b2a3e-1111-4a4a-9c9c-0123456789ab-1280.webp';
const blog: TBlog = {
  _id: 'b1',
  title: 'Five evenings by the river',
  description: '<p>The terrace opens at six.</p>',
  category: ['Dining', 'Dhaka'],
  images: [IMG, IMG.replace('0c5b', '1c5b')],
  locale: 'en',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-02T00:00:00.000Z',
};

// The page's ways out are the blogs API: the list query (its arguments recorded) and the calls.
const listArgs = vi.fn();
let rows: TBlog[] = [blog];
const updateBlog = vi.fn();
const deleteBlog = vi.fn();
vi.mock('../api', () => ({
  useGetBlogsQuery: (args: unknown) => {
    listArgs(args);
    return { data: { success: true, data: rows, meta: { page: 1, limit: 10, total: rows.length } }, isLoading: false, isFetching: false, isError: false };
  },
  useUpdateBlogMutation: () => [updateBlog],
  useDeleteBlogMutation: () => [deleteBlog],
}));
vi.mock('../../../lib/use-session', () => ({ useSession: () => ({ token: 't' }) }));

installAntdDom({ desktop: true });
document.elementFromPoint ??= () => null;
Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

function renderPage() {
  render(
    <App>
      <MemoryRouter>
        <BlogManagementPage />
      </MemoryRouter>
    </App>,
  );
  return userEvent.setup();
}

describe('Admin › Blogs: the list, Update and Delete', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await initTestI18n('en');
    rows = [blog];
    listArgs.mockReset();
    updateBlog.mockReset();
    deleteBlog.mockReset();
  });
  afterEach(cleanup);

  it('asks the server for the posts sorted by title, and searches there by title or tag', async () => {
    const u = renderPage();
    expect(listArgs).toHaveBeenLastCalledWith({ page: 1, searchTerm: undefined, locale: undefined, sort: 'title' });
    const row = screen.getByTestId('blog-b1');
    expect(within(row).getByTestId('blog-tags')).toHaveTextContent('DiningDhaka');
    expect(within(row).getByTestId('blog-images')).toHaveTextContent('2 images');
    expect(within(row).getByTestId('blog-locale')).toHaveTextContent('English');
    await u.type(screen.getByRole('textbox', { name: 'Search by title or tag' }), ' dining ');
    await waitFor(() => expect(listArgs).toHaveBeenLastCalledWith({ page: 1, searchTerm: 'dining', locale: undefined, sort: 'title' }));
  });

  it("says 'No blogs found.' when nothing matches", () => {
    rows = [];
    renderPage();
    expect(screen.getByText('No blogs found.')).toBeInTheDocument();
  });

  it('Update opens the post in a modal 1000 wide and sends the changed post with its tags and pictures', async () => {
    updateBlog.mockReturnValue({ unwrap: () => Promise.resolve({ success: true, data: blog }) });
    const u = renderPage();
    await u.click(screen.getByRole('button', { name: 'Update “Five evenings by the river”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Blog' });
    expect(dialog.closest('.ant-modal')).toHaveStyle({ width: '1000px' });
    const title = within(dialog).getByLabelText('Title');
    expect(title).toHaveValue('Five evenings by the river');
    expect(within(dialog).getByLabelText('Tags')).toHaveValue('Dining, Dhaka');
    // The editor is its own chunk: the first one takes a moment to arrive.
    expect(await within(dialog).findByRole('textbox', { name: 'Description' }, { timeout: 5_000 })).toHaveTextContent('The terrace opens at six.');
    await u.clear(title);
    await u.type(title, 'Six evenings by the river');
    await u.click(within(dialog).getByText('Bengali'));
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(updateBlog).toHaveBeenCalledTimes(1));
    expect(updateBlog).toHaveBeenCalledWith({
      id: 'b1',
      payload: {
        title: 'Six evenings by the river',
        description: '<p>The terrace opens at six.</p>',
        category: ['Dining', 'Dhaka'],
        images: blog.images,
        locale: 'bn',
      },
    });
    expect(await screen.findByText('Blog updated')).toBeInTheDocument();
  });

  it("an update the server refuses says 'Failed to update blog' when it gives no reason", async () => {
    updateBlog.mockReturnValue({ unwrap: () => Promise.reject({ status: 500, data: {} }) });
    const u = renderPage();
    await u.click(screen.getByRole('button', { name: 'Update “Five evenings by the river”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Blog' });
    await within(dialog).findByRole('textbox', { name: 'Description' }, { timeout: 5_000 });
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Failed to update blog')).toBeInTheDocument();
  });

  it("Delete asks 'Delete blog?' first, and says 'Delete failed' when the server refuses", async () => {
    deleteBlog.mockReturnValue({ unwrap: () => Promise.reject({ status: 500, data: {} }) });
    const u = renderPage();
    await u.click(screen.getByRole('button', { name: 'Delete “Five evenings by the river”' }));
    expect(await screen.findByText('Delete blog?')).toBeInTheDocument();
    expect(deleteBlog).not.toHaveBeenCalled();
    await u.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleteBlog).toHaveBeenCalledWith('b1'));
    expect(await screen.findByText('Delete failed')).toBeInTheDocument();
  });
});
