import '@testing-library/jest-dom/vitest';
import { GALLERY_IMAGE_MAX_BYTES } from '@residency/shared/gallery';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAntdDom } from '../../../test/antd-dom';
import { initTestI18n } from '../../../test/i18n';
import { AddGalleryImageModal } from './add-gallery-image-modal';

/**
 * The Add Image modal, in English and in Bengali (the browser test content-admin.spec fills it
 * on a touch phone in Bengali and adds a photo in English).
 */

// The modal's ways out: the upload and the add call, stubbed so the test sees what is sent.
const addItem = vi.fn();
const uploadImage = vi.fn();
vi.mock('../api', () => ({ useAddGalleryItemMutation: () => [addItem] }));
vi.mock('../../../lib/use-session', () => ({ useSession: () => ({ token: 't' }) }));
vi.mock('../../../lib/upload', async (original) => ({ ...(await original<object>()), uploadImage: (...args: unknown[]) => uploadImage(...args) }));

installAntdDom();
URL.createObjectURL = () => 'blob:preview';
URL.revokeObjectURL = () => {};

const URL_STORED = '/uploads/2026/11/0c5b2a3e-1111-4a4a-9c9c-0123456789ab-1280.webp';

/** A picture of `bytes` (the size is what the rule reads; the content stays small). */
function picture(bytes: number, name = 'pool.jpg', type = 'image/jpeg') {
  const file = new File([new Uint8Array(16)], name, { type });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
}

/** Renders the modal and waits for its dialog, named `title` (its heading in the reader's language). */
async function renderModal(title = 'Add Image') {
  const onClose = vi.fn();
  render(
    <App>
      <AddGalleryImageModal open onClose={onClose} />
    </App>,
  );
  await screen.findByRole('dialog', { name: title });
  return { onClose, u: userEvent.setup() };
}

const submit = (u: ReturnType<typeof userEvent.setup>, label = 'Add Image') => u.click(screen.getAllByRole('button', { name: label }).at(-1)!);

describe('Admin › Gallery: the Add Image modal (spec sections 5 and 9)', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await initTestI18n('en');
    addItem.mockReset();
    uploadImage.mockReset();
    uploadImage.mockResolvedValue({ url: URL_STORED });
    addItem.mockReturnValue({ unwrap: () => Promise.resolve({ success: true }) });
  });
  afterEach(cleanup);

  it("an empty form says 'Please input the title!' and 'Please select a category!' and sends nothing", async () => {
    const { u } = await renderModal();
    await submit(u);
    expect(await screen.findByText('Please input the title!')).toBeInTheDocument();
    expect(screen.getByText('Please select a category!')).toBeInTheDocument();
    expect(screen.getByText('Please choose an image.')).toBeInTheDocument();
    expect(uploadImage).not.toHaveBeenCalled();
    expect(addItem).not.toHaveBeenCalled();
  });

  it('a file over 10 MB is refused at once, before any upload', async () => {
    const { u } = await renderModal();
    await u.upload(screen.getByTestId('gallery-file'), picture(GALLERY_IMAGE_MAX_BYTES + 1));
    expect(await screen.findByText('File size too large. Maximum is 10MB.')).toBeInTheDocument();
    // Not taken: nothing to remove, and the form still lacks its picture.
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    await u.type(screen.getByLabelText('Title'), 'Rooftop pool');
    await submit(u);
    expect(await screen.findByText('Please choose an image.')).toBeInTheDocument();
    expect(uploadImage).not.toHaveBeenCalled();
    expect(addItem).not.toHaveBeenCalled();
  });

  it('a picture of exactly 10 MB is taken; the item is sent with its category and uploaded URL', async () => {
    const { u } = await renderModal();
    await u.type(screen.getByLabelText('Title'), '  Rooftop pool ');
    await u.click(screen.getByRole('combobox', { name: 'Category' }));
    await u.click(await screen.findByTitle('Nearby'));
    const file = picture(GALLERY_IMAGE_MAX_BYTES);
    await u.upload(screen.getByTestId('gallery-file'), file);
    expect(screen.queryByText('File size too large. Maximum is 10MB.')).toBeNull();
    await submit(u);
    await waitFor(() => expect(addItem).toHaveBeenCalledTimes(1));
    expect(uploadImage).toHaveBeenCalledWith(file, expect.objectContaining({ purpose: 'content', token: 't' }));
    expect(addItem).toHaveBeenCalledWith({
      title: 'Rooftop pool',
      category: 'others',
      url: URL_STORED,
    });
    expect(await screen.findByText('“Rooftop pool” added to the gallery')).toBeInTheDocument();
  });

  it("the server's refusal is shown ('Failed to add image' when it gives no reason)", async () => {
    addItem.mockReturnValue({ unwrap: () => Promise.reject({ status: 500, data: {} }) });
    const { onClose, u } = await renderModal();
    await u.type(screen.getByLabelText('Title'), 'Lobby');
    await u.click(screen.getByRole('combobox', { name: 'Category' }));
    await u.click(await screen.findByTitle('Hotel'));
    await u.upload(screen.getByTestId('gallery-file'), picture(4096));
    await submit(u);
    expect(await screen.findByText('Failed to add image')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  /** A photo of the খাবার category is sent as `dining`, and the message says it was added, in Bengali. */
  describe('in Bengali', () => {
    beforeEach(async () => {
      // After the English beforeEach above, which puts every other test back in English.
      await initTestI18n('bn');
    });

    it('sends a খাবার photo as dining and says it was added, in Bengali', async () => {
      const { u } = await renderModal('ছবি যোগ করুন');
      await u.type(screen.getByLabelText('শিরোনাম'), 'ছাদের সুইমিং পুল');
      await u.click(screen.getByRole('combobox', { name: 'বিভাগ' }));
      await u.click(await screen.findByTitle('খাবার'));
      await u.upload(screen.getByTestId('gallery-file'), picture(4096));
      await submit(u, 'ছবি যোগ করুন');
      await waitFor(() => expect(addItem).toHaveBeenCalledTimes(1));
      expect(addItem).toHaveBeenCalledWith({ title: 'ছাদের সুইমিং পুল', category: 'dining', url: URL_STORED });
      expect(await screen.findByText('“ছাদের সুইমিং পুল” গ্যালারিতে যোগ হয়েছে')).toBeInTheDocument();
    });
  });
});
