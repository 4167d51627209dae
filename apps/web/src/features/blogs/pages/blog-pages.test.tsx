import '@testing-library/jest-dom/vitest';
import type { TBlog } from '@residency/shared/blogs';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAntdDom } from '../../../test/antd-dom';
import { initTestI18n } from '../../../test/i18n';
import AddBlogPage from './add-blog-page';
import BlogManagementPage from './blog-management-page';

/**
 * The blog screens of an admin who works in Bengali, on a phone (the browser test
 * content-admin.spec writes, updates and deletes a post once, in English at 1280 px): Add Blog
 * says what is missing in Bengali and writes the post in Bengali unless told otherwise; the list
 * is cards, each with its language and picture count in Bengali, and Delete asks first.
 */

const IMG = '/uploads/2026/11/0c5b2a3e-1111-4a4a-9c9c-0123456789ab-1280.webp';
const TITLE = 'নদীর ধারের সন্ধ্যা';
const post: TBlog = {
  _id: 'b1',
  title: TITLE,
  description: '<p>ইলিশের মৌসুমে ছাদের রেস্তোরাঁ।</p>',
  category: ['খাবার', 'ঢাকা'],
  images: [IMG],
  locale: 'bn',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-02T00:00:00.000Z',
};

// The screens' ways out: the blogs API and the upload of pictures, stubbed.
let rows: TBlog[] = [];
const createBlog = vi.fn();
const deleteBlog = vi.fn();
const uploadImage = vi.fn();
vi.mock('../api', () => ({
  useGetBlogsQuery: () => ({ data: { success: true, data: rows, meta: { page: 1, limit: 10, total: rows.length } }, isLoading: false, isFetching: false, isError: false }),
  useCreateBlogMutation: () => [createBlog],
  useUpdateBlogMutation: () => [vi.fn()],
  useDeleteBlogMutation: () => [deleteBlog],
}));
vi.mock('../../../lib/use-session', () => ({ useSession: () => ({ token: 't' }) }));
vi.mock('../../../lib/upload', async (original) => ({ ...(await original<object>()), uploadImage: (...args: unknown[]) => uploadImage(...args) }));

// A phone: every width query answers no.
installAntdDom({ desktop: false });
// ProseMirror measures the caret; jsdom has no layout.
document.elementFromPoint ??= () => null;
Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();
URL.createObjectURL = () => 'blob:preview';
URL.revokeObjectURL = () => {};

function renderAt(path: string) {
  render(
    <App>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin/add-blog" element={<AddBlogPage />} />
          <Route path="/admin/blog-management" element={<BlogManagementPage />} />
        </Routes>
      </MemoryRouter>
    </App>,
  );
  return userEvent.setup();
}

describe('Admin › Blogs in Bengali on a phone', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await initTestI18n('bn');
  });
  beforeEach(() => {
    rows = [];
    createBlog.mockReset();
    deleteBlog.mockReset();
    uploadImage.mockReset();
    uploadImage.mockResolvedValue({ url: IMG });
    createBlog.mockImplementation((body: Omit<TBlog, '_id'>) => {
      rows = [{ ...post, ...body }];
      return { unwrap: () => Promise.resolve({ success: true, data: { ...body, _id: 'b1' } }) };
    });
    deleteBlog.mockImplementation(() => {
      rows = [];
      return { unwrap: () => Promise.resolve({ message: 'deleted' }) };
    });
  });
  afterEach(cleanup);

  it('Add Blog says what is missing in Bengali, and publishes a post in Bengali by default', async () => {
    const u = renderAt('/admin/add-blog');
    const editor = await screen.findByRole('textbox', { name: 'বিবরণ' }, { timeout: 5_000 });
    // Written in the language the admin works in, unless changed.
    expect(screen.getByRole('radio', { name: 'বাংলা' })).toBeChecked();
    await u.click(screen.getByRole('button', { name: 'লেখাটি প্রকাশ করুন' }));
    expect(await screen.findByText('অনুগ্রহ করে শিরোনাম লিখুন!')).toBeInTheDocument();
    expect(screen.getByText('অনুগ্রহ করে লেখার বিবরণ দিন')).toBeInTheDocument();
    expect(createBlog).not.toHaveBeenCalled();

    await u.type(screen.getByLabelText('শিরোনাম', { exact: true }), TITLE);
    await u.type(screen.getByLabelText('ট্যাগ'), 'খাবার, ঢাকা');
    await u.upload(screen.getByTestId('add-blog-images'), new File([new Uint8Array(2048)], 'ilish.jpg', { type: 'image/jpeg' }));
    await u.click(editor);
    await u.keyboard('ইলিশের মৌসুমে ছাদের রেস্তোরাঁ।');
    await u.click(screen.getByRole('button', { name: 'লেখাটি প্রকাশ করুন' }));
    await waitFor(() => expect(createBlog).toHaveBeenCalledTimes(1));
    expect(createBlog).toHaveBeenCalledWith(expect.objectContaining({ title: TITLE, category: ['খাবার', 'ঢাকা'], locale: 'bn' }));
    expect(await screen.findByText(`“${TITLE}” প্রকাশিত হয়েছে।`)).toBeInTheDocument();
  });

  it('the list is cards with the language and the picture count in Bengali, and Delete asks first', async () => {
    rows = [post];
    const u = renderAt('/admin/blog-management');
    expect(screen.getByRole('heading', { name: 'ব্লগ', level: 2 })).toBeInTheDocument();
    expect(document.querySelector('.ant-table')).toBeNull();
    const card = screen.getByTestId('blog-b1');
    expect(within(card).getByTestId('blog-locale')).toHaveTextContent('বাংলা');
    expect(within(card).getByTestId('blog-images')).toHaveTextContent('১টি ছবি');

    await u.click(within(card).getByRole('button', { name: `“${TITLE}” মুছুন` }));
    expect(await screen.findByText('ব্লগটি মুছবেন?')).toBeInTheDocument();
    expect(deleteBlog).not.toHaveBeenCalled();
    await u.click(screen.getByRole('button', { name: 'মুছুন' }));
    await waitFor(() => expect(deleteBlog).toHaveBeenCalledWith('b1'));
  });
});
