import '@testing-library/jest-dom/vitest';
import type { THeroSlide } from '@residency/shared/hero-slides';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAntdDom } from '../../../test/antd-dom';
import { initTestI18n } from '../../../test/i18n';
import HeroSlideFormPage from './hero-slide-form-page';

// The page's ways out: the slide list it edits from, create, update and the upload. Stubbed, so
// the test sees exactly what would be sent.
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
  active: false,
  locale: 'en',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};
vi.mock('../api', () => ({
  useGetHeroSlidesQuery: () => ({ data: { success: true, data: [slide] }, isLoading: false, isError: false }),
  useCreateHeroSlideMutation: () => [createSlide],
  useUpdateHeroSlideMutation: () => [updateSlide],
}));
vi.mock('../../../lib/use-session', () => ({ useSession: () => ({ token: 't' }) }));
vi.mock('../../../lib/upload', async (original) => ({ ...(await original<object>()), uploadImage: (...args: unknown[]) => uploadImage(...args) }));

installAntdDom();
URL.createObjectURL = () => 'blob:preview';
URL.revokeObjectURL = () => {};

function renderAt(path: string) {
  render(
    <App>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin/hero-slides/new" element={<HeroSlideFormPage />} />
          <Route path="/admin/hero-slides/:id/edit" element={<HeroSlideFormPage />} />
          <Route path="/admin/hero-slides" element={<p>Slide list</p>} />
        </Routes>
      </MemoryRouter>
    </App>,
  );
  return userEvent.setup();
}

const photo = () => new File([new Uint8Array(2048)], 'river.jpg', { type: 'image/jpeg' });
const ok = (body: object) => ({ unwrap: () => Promise.resolve({ success: true, data: body }) });

describe('Admin › Hero slides: the form and the coercions of spec section 5', { timeout: 20_000 }, () => {
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

  it('title and image are required: nothing is sent without them', async () => {
    const u = renderAt('/admin/hero-slides/new');
    await u.click(screen.getByRole('button', { name: 'Create slide' }));
    expect(await screen.findByText('Title is required.')).toBeInTheDocument();
    expect(screen.getByText('Image is required.')).toBeInTheDocument();
    expect(uploadImage).not.toHaveBeenCalled();
    expect(createSlide).not.toHaveBeenCalled();
  });

  it("a button with only a label links to '#', a button with neither is not sent, an empty order is 0", async () => {
    const u = renderAt('/admin/hero-slides/new');
    await u.type(screen.getByLabelText('Title'), '  নদীর ধারে ঘুম ভাঙুক ');
    await u.upload(screen.getByTestId('hero-slide-image'), photo());
    await u.type(screen.getByLabelText('Main button label'), 'এখনই বুক করুন');
    await u.clear(screen.getByLabelText('Order'));
    await u.click(screen.getByText('Bengali'));
    await u.click(screen.getByRole('switch', { name: 'Active' }));
    // The preview shows the buttons that will be sent.
    expect(screen.getByTestId('hero-slide-preview')).toHaveTextContent('এখনই বুক করুন');
    await u.click(screen.getByRole('button', { name: 'Create slide' }));

    await waitFor(() => expect(createSlide).toHaveBeenCalledTimes(1));
    expect(createSlide).toHaveBeenCalledWith({
      title: 'নদীর ধারে ঘুম ভাঙুক',
      subtitle: '',
      description: '',
      imageUrl: STORED,
      ctaPrimary: { label: 'এখনই বুক করুন', href: '#' },
      ctaSecondary: null,
      order: 0,
      active: false,
      locale: 'bn',
    });
    expect(await screen.findByText('Slide list')).toBeInTheDocument();
  });

  it('a link without a label, or a javascript: link, is refused beside the field', async () => {
    const u = renderAt('/admin/hero-slides/new');
    await u.type(screen.getByLabelText('Title'), 'Spa week');
    await u.upload(screen.getByTestId('hero-slide-image'), photo());
    await u.type(screen.getByLabelText('Second button link'), '/events');
    await u.type(screen.getByLabelText('Main button label'), 'Book');
    await u.type(screen.getByLabelText('Main button link'), 'javascript:alert(1)');
    await u.click(screen.getByRole('button', { name: 'Create slide' }));
    expect(await screen.findByText('Give the button a label.')).toBeInTheDocument();
    expect(screen.getByText('Enter a page of this site (/…), an anchor (#…) or a web address (https://…).')).toBeInTheDocument();
    expect(createSlide).not.toHaveBeenCalled();
    expect(uploadImage).not.toHaveBeenCalled();
  });

  it('editing keeps the stored picture (no upload) and sends every field, the order as a number', async () => {
    const u = renderAt('/admin/hero-slides/s1/edit');
    expect(await screen.findByRole('heading', { name: 'Edit hero slide' })).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Wake up to the river');
    expect(screen.getByRole('switch', { name: 'Active' })).not.toBeChecked();
    await u.clear(screen.getByLabelText('Order'));
    await u.type(screen.getByLabelText('Order'), '5');
    await u.clear(screen.getByLabelText('Main button link'));
    await u.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(updateSlide).toHaveBeenCalledTimes(1));
    expect(uploadImage).not.toHaveBeenCalled();
    expect(updateSlide).toHaveBeenCalledWith({
      id: 's1',
      payload: {
        title: 'Wake up to the river',
        subtitle: 'Riverside rooms',
        description: '',
        imageUrl: STORED,
        ctaPrimary: { label: 'Book now', href: '#' },
        ctaSecondary: null,
        order: 5,
        active: false,
        locale: 'en',
      },
    });
  });

  it('an unknown slide says so instead of showing an empty form', async () => {
    renderAt('/admin/hero-slides/nope/edit');
    expect(await screen.findByText('This slide does not exist or was deleted.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Title')).toBeNull();
  });
});
