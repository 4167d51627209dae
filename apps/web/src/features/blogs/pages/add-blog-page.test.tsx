import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAntdDom } from '../../../test/antd-dom';
import { initTestI18n } from '../../../test/i18n';
import AddBlogPage from './add-blog-page';

// The page's ways out: the create call and the upload of pictures. Both are stubbed, so the test
// sees exactly what would be sent (the real editor, form and rules run).
const createBlog = vi.fn();
const uploadImage = vi.fn();
vi.mock('../api', () => ({ useCreateBlogMutation: () => [createBlog] }));
vi.mock('../../../lib/use-session', () => ({ useSession: () => ({ token: 't' }) }));
vi.mock('../../../lib/upload', async (original) => ({ ...(await original<object>()), uploadImage: (...args: unknown[]) => uploadImage(...args) }));

installAntdDom();
// ProseMirror measures the caret; jsdom has no layout.
document.elementFromPoint ??= () => null;
Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();
// Previews of picked files (jsdom makes no blob URLs for the File class of the test).
URL.createObjectURL = () => 'blob:preview';
URL.revokeObjectURL = () => {};

function renderPage() {
  render(
    <App>
      <MemoryRouter initialEntries={['/admin/add-blog']}>
        <Routes>
          <Route path="/admin/add-blog" element={<AddBlogPage />} />
          <Route path="/admin/blog-management" element={<p>Blog list</p>} />
        </Routes>
      </MemoryRouter>
    </App>,
  );
  return userEvent.setup();
}

const photo = () => new File([new Uint8Array(2048)], 'terrace.jpg', { type: 'image/jpeg' });

// Typing into a real editor and antd form takes a few seconds on a busy machine.
describe('Admin › Add Blog: the rules of spec section 5', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await initTestI18n('en');
    createBlog.mockReset();
    uploadImage.mockReset();
    uploadImage.mockResolvedValue({ url: '/uploads/2026/11/0c5b2a3e-1111-4a4a-9c9c-0123456789ab-1280.webp' });
    createBlog.mockImplementation((body: { title: string }) => ({
      unwrap: () => Promise.resolve({ success: true, data: { ...body, _id: 'b1' } }),
    }));
  });
  afterEach(cleanup);

  it('an empty post shows every message and sends nothing', async () => {
    const u = renderPage();
    await screen.findByTestId('rich-text-editor', {}, { timeout: 5_000 });
    await u.click(screen.getByRole('button', { name: 'Publish post' }));
    expect(await screen.findByText('Please input the title!')).toBeInTheDocument();
    expect(screen.getByText('Please provide post description')).toBeInTheDocument();
    expect(screen.getByText('Please add at least one image.')).toBeInTheDocument();
    expect(screen.getByText('Please add at least one tag.')).toBeInTheDocument();
    // The editor itself says it is invalid, and why.
    const editor = screen.getByRole('textbox', { name: 'Description' });
    expect(editor).toHaveAttribute('aria-invalid', 'true');
    expect(editor.getAttribute('aria-describedby')).toBe('add-blog_description_help');
    expect(uploadImage).not.toHaveBeenCalled();
    expect(createBlog).not.toHaveBeenCalled();
  });

  it('tags of only commas and spaces are no tags', async () => {
    const u = renderPage();
    await u.type(screen.getByLabelText('Tags'), ' , ,, ');
    await u.click(screen.getByRole('button', { name: 'Publish post' }));
    expect(await screen.findByText('Please add at least one tag.')).toBeInTheDocument();
    expect(createBlog).not.toHaveBeenCalled();
  });

  it('a complete post uploads its picture, then sends the trimmed tags, the text and the language', async () => {
    const u = renderPage();
    await u.type(screen.getByLabelText('Title'), '  Five evenings by the river ');
    await u.click(screen.getByText('Bengali'));
    expect(screen.getByRole('radio', { name: 'Bengali' })).toBeChecked();
    await u.type(screen.getByLabelText('Tags'), ' Dining , Dhaka,, Dining ');
    // The tags as they will be saved, before saving.
    const preview = screen.getByTestId('add-blog-tags-preview');
    expect(within(preview).getAllByText(/Dining|Dhaka/).map((el) => el.textContent)).toEqual(['Dining', 'Dhaka']);
    await u.upload(screen.getByTestId('add-blog-images'), photo());
    expect(screen.getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    const editor = await screen.findByRole('textbox', { name: 'Description' }, { timeout: 5_000 });
    await u.click(editor);
    await u.keyboard('The terrace opens at six.');
    await u.click(screen.getByRole('button', { name: 'Publish post' }));

    await waitFor(() => expect(createBlog).toHaveBeenCalledTimes(1));
    expect(uploadImage).toHaveBeenCalledTimes(1);
    expect(uploadImage.mock.calls[0]?.[1]).toMatchObject({ purpose: 'content', token: 't' });
    expect(createBlog).toHaveBeenCalledWith({
      title: 'Five evenings by the river',
      description: '<p>The terrace opens at six.</p>',
      category: ['Dining', 'Dhaka'],
      images: ['/uploads/2026/11/0c5b2a3e-1111-4a4a-9c9c-0123456789ab-1280.webp'],
      locale: 'bn',
    });
    expect(await screen.findByText('Blog list')).toBeInTheDocument();
  });

  it("a failed upload says 'Failed to upload image' and creates nothing", async () => {
    uploadImage.mockRejectedValue(new Error('network'));
    const u = renderPage();
    await u.type(screen.getByLabelText('Title'), 'Monsoon menu');
    await u.type(screen.getByLabelText('Tags'), 'Dining');
    await u.upload(screen.getByTestId('add-blog-images'), photo());
    await u.click(await screen.findByRole('textbox', { name: 'Description' }, { timeout: 5_000 }));
    await u.keyboard('Hilsa season.');
    await u.click(screen.getByRole('button', { name: 'Publish post' }));
    expect(await screen.findByText('Failed to upload image')).toBeInTheDocument();
    expect(createBlog).not.toHaveBeenCalled();
  });
});

describe('Admin › Add Blog in Bengali', () => {
  afterEach(cleanup);

  it('writes every count of the pictures field in Bengali digits ("আরও ১০টি", not "আরও 10টি")', async () => {
    await initTestI18n('bn');
    renderPage();
    const slots = await screen.findByTestId('add-blog-images-slots');
    expect(slots).toHaveTextContent('আরও ১০টি ছবির জায়গা বাকি');
    // The field's hint, its slots and its label: no Latin digit.
    const field = slots.closest('.ant-form-item') as HTMLElement;
    expect(field.textContent).toContain('১০টি');
    expect(field.textContent).not.toMatch(/[0-9]/);
  });

  it('counts the title\'s characters in Bengali digits (০ / ২০০, not 0 / 200)', async () => {
    await initTestI18n('bn');
    const u = renderPage();
    const title = await screen.findByLabelText('শিরোনাম');
    const counter = () => title.closest('.ant-input-affix-wrapper')!.querySelector('.ant-input-show-count-suffix')!;
    expect(counter()).toHaveTextContent('০ / ২০০');
    await u.type(title, 'Rooftop');
    expect(counter()).toHaveTextContent('৭ / ২০০');
  });
});
