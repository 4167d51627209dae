import '@testing-library/jest-dom/vitest';
import type { THeroSlide } from '@residency/shared/hero-slides';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, ConfigProvider } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAntdDom } from '../../../test/antd-dom';
import { initTestI18n } from '../../../test/i18n';
import HeroSlidesPage from './hero-slides-page';

// The list's ways out: its read, create, update, delete and the upload. Stubbed, so the test
// sees exactly what the modal would send.
const createSlide = vi.fn();
const updateSlide = vi.fn();
const uploadImage = vi.fn();
const STORED = '/uploads/2026/11/0c5b2a3e-1111-4a4a-9c9c-0123456789ab-1280.webp';
const slide: THeroSlide = {
  _id: 's1',
  title: 'Wake up to the river',
  subtitle: 'Riverside rooms',
  description: '',
  imageUrl: STORED,
  ctaPrimary: { label: 'Book now', href: '/view-rates' },
  ctaSecondary: null,
  order: 2,
  active: true,
  locale: 'en',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};
vi.mock('../api', () => ({
  useGetHeroSlidesQuery: () => ({ data: { success: true, data: [slide] }, isLoading: false, isError: false }),
  useCreateHeroSlideMutation: () => [createSlide],
  useUpdateHeroSlideMutation: () => [updateSlide],
  useDeleteHeroSlideMutation: () => [vi.fn(), { isLoading: false }],
}));
vi.mock('../../../lib/use-session', () => ({ useSession: () => ({ token: 't' }) }));
vi.mock('../../../lib/upload', async (original) => ({ ...(await original<object>()), uploadImage: (...args: unknown[]) => uploadImage(...args) }));

installAntdDom();
URL.createObjectURL = () => 'blob:preview';
URL.revokeObjectURL = () => {};

function renderList() {
  // Without motion, a closed modal leaves the page at once (jsdom runs no CSS animation).
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <App>
        <MemoryRouter initialEntries={['/admin/hero-slides']}>
          <Routes>
            <Route path="/admin/hero-slides" element={<HeroSlidesPage />} />
            <Route path="/admin/hero-slides/new" element={<p>New slide page</p>} />
            <Route path="/admin/hero-slides/:id/edit" element={<p>Edit slide page</p>} />
          </Routes>
        </MemoryRouter>
      </App>
    </ConfigProvider>,
  );
  return userEvent.setup();
}

const photo = () => new File([new Uint8Array(2048)], 'river.jpg', { type: 'image/jpeg' });
const ok = (body: object) => ({ unwrap: () => Promise.resolve({ success: true, data: body }) });
const dialog = () => screen.findByRole('dialog');

describe('Admin › Hero slides: the create/edit modal of the list', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await initTestI18n('en');
    createSlide.mockReset();
    updateSlide.mockReset();
    uploadImage.mockReset();
    uploadImage.mockResolvedValue({ url: STORED });
    createSlide.mockImplementation(ok);
    updateSlide.mockImplementation(ok);
  });
  afterEach(cleanup);

  it('by keyboard: Add Slide opens the form in the list; sent empty it says why, as the page does; filled in and sent with Enter it creates the slide and closes', async () => {
    const u = renderList();
    const add = screen.getByTestId('hero-slide-add');
    add.focus();
    await u.keyboard('{Enter}');
    const modal = await dialog();
    expect(within(modal).getByText('New hero slide')).toBeInTheDocument();
    await u.click(within(modal).getByRole('button', { name: 'Create slide' }));
    expect(await within(modal).findByText('Title is required.')).toBeInTheDocument();
    expect(within(modal).getByText('Image is required.')).toBeInTheDocument();
    expect(createSlide).not.toHaveBeenCalled();

    await u.upload(within(modal).getByTestId('hero-slide-modal-image'), photo());
    await u.type(within(modal).getByLabelText('Main button label'), 'এখনই বুক করুন');
    await u.click(within(modal).getByText('Bengali'));
    await u.type(within(modal).getByLabelText('Title'), '  নদীর ধারে ঘুম ভাঙুক {Enter}');

    await waitFor(() => expect(createSlide).toHaveBeenCalledTimes(1));
    expect(uploadImage).toHaveBeenCalledTimes(1);
    expect(createSlide).toHaveBeenCalledWith({
      title: 'নদীর ধারে ঘুম ভাঙুক',
      subtitle: '',
      description: '',
      imageUrl: STORED,
      ctaPrimary: { label: 'এখনই বুক করুন', href: '#' },
      ctaSecondary: null,
      order: 0,
      active: true,
      locale: 'bn',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Still on the list.
    expect(screen.getByRole('heading', { name: 'Hero Slides' })).toBeInTheDocument();
  });

  it("Edit opens the slide's values; the page's link rule applies; saved, the slide is replaced and the modal closes", async () => {
    const u = renderList();
    await u.click(screen.getByRole('button', { name: 'Edit slide “Wake up to the river”' }));
    const modal = await dialog();
    expect(within(modal).getByText('Edit hero slide')).toBeInTheDocument();
    expect(within(modal).getByLabelText('Title')).toHaveValue('Wake up to the river');
    await u.clear(within(modal).getByLabelText('Main button link'));
    await u.type(within(modal).getByLabelText('Main button link'), 'javascript:alert(1)');
    await u.click(within(modal).getByRole('button', { name: 'Save changes' }));
    expect(await within(modal).findByText('Enter a page of this site (/…), an anchor (#…) or a web address (https://…).')).toBeInTheDocument();
    expect(updateSlide).not.toHaveBeenCalled();

    await u.clear(within(modal).getByLabelText('Main button link'));
    await u.type(within(modal).getByLabelText('Main button link'), '/offers');
    await u.click(within(modal).getByRole('switch', { name: 'Active' }));
    await u.click(within(modal).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(updateSlide).toHaveBeenCalledTimes(1));
    expect(uploadImage).not.toHaveBeenCalled();
    expect(updateSlide).toHaveBeenCalledWith({
      id: 's1',
      payload: {
        title: 'Wake up to the river',
        subtitle: 'Riverside rooms',
        description: '',
        imageUrl: STORED,
        ctaPrimary: { label: 'Book now', href: '/offers' },
        ctaSecondary: null,
        order: 2,
        active: false,
        locale: 'en',
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('Escape closes it without sending, the focus back on Add Slide, and what was typed is gone the next time; it links to the form page', async () => {
    const u = renderList();
    await u.click(screen.getByTestId('hero-slide-add'));
    let modal = await dialog();
    await u.type(within(modal).getByLabelText('Title'), 'Half typed');
    await u.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(createSlide).not.toHaveBeenCalled();
    // The keyboard is back where it was.
    expect(document.activeElement).toBe(screen.getByTestId('hero-slide-add'));

    await u.click(screen.getByTestId('hero-slide-add'));
    modal = await dialog();
    expect(within(modal).getByLabelText('Title')).toHaveValue('');
    await u.click(within(modal).getByRole('link', { name: 'Open as a page' }));
    expect(await screen.findByText('New slide page')).toBeInTheDocument();
  });

  it('in Bengali: the title, the buttons and the messages', async () => {
    await initTestI18n('bn');
    const u = renderList();
    await u.click(screen.getByTestId('hero-slide-add'));
    const modal = await dialog();
    expect(within(modal).getByText('নতুন হিরো স্লাইড')).toBeInTheDocument();
    expect(within(modal).getByRole('link', { name: 'আলাদা পৃষ্ঠায় খুলুন' })).toHaveAttribute('href', '/admin/hero-slides/new');
    await u.click(within(modal).getByRole('button', { name: 'স্লাইড তৈরি করুন' }));
    expect(await within(modal).findByText('শিরোনাম আবশ্যক।')).toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: 'বাতিল' })).toBeInTheDocument();
  });
});
