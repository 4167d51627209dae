import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installAntdDom } from '../../../test/antd-dom';
import { initTestI18n } from '../../../test/i18n';
import { AddGalleryImageModal } from './add-gallery-image-modal';

/**
 * The Add Image modal in Bengali (the browser test content-admin.spec fills it on a touch phone in
 * Bengali and adds a photo in English): a photo of the খাবার category is sent as `dining`, and
 * the message says it was added, in Bengali.
 */

const addItem = vi.fn();
const uploadImage = vi.fn();
vi.mock('../api', () => ({ useAddGalleryItemMutation: () => [addItem] }));
vi.mock('../../../lib/use-session', () => ({ useSession: () => ({ token: 't' }) }));
vi.mock('../../../lib/upload', async (original) => ({ ...(await original<object>()), uploadImage: (...args: unknown[]) => uploadImage(...args) }));

installAntdDom();
URL.createObjectURL = () => 'blob:preview';
URL.revokeObjectURL = () => {};

const URL_STORED = '/uploads/2026/11/0c5b2a3e-1111-4a4a-9c9c-0123456789ab-1280.webp';

describe('Admin › Gallery: the Add Image modal in Bengali', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await initTestI18n('bn');
  });
  afterEach(cleanup);

  it('sends a খাবার photo as dining and says it was added, in Bengali', async () => {
    uploadImage.mockResolvedValue({ url: URL_STORED });
    addItem.mockReturnValue({ unwrap: () => Promise.resolve({ success: true }) });
    render(
      <App>
        <AddGalleryImageModal open onClose={() => {}} />
      </App>,
    );
    await screen.findByRole('dialog', { name: 'ছবি যোগ করুন' });
    const u = userEvent.setup();
    await u.type(screen.getByLabelText('শিরোনাম'), 'ছাদের সুইমিং পুল');
    await u.click(screen.getByRole('combobox', { name: 'বিভাগ' }));
    await u.click(await screen.findByTitle('খাবার'));
    await u.upload(screen.getByTestId('gallery-file'), new File([new Uint8Array(4096)], 'pool.jpg', { type: 'image/jpeg' }));
    await u.click(screen.getAllByRole('button', { name: 'ছবি যোগ করুন' }).at(-1)!);
    await waitFor(() => expect(addItem).toHaveBeenCalledTimes(1));
    expect(addItem).toHaveBeenCalledWith({ title: 'ছাদের সুইমিং পুল', category: 'dining', url: URL_STORED });
    expect(await screen.findByText('“ছাদের সুইমিং পুল” গ্যালারিতে যোগ হয়েছে')).toBeInTheDocument();
  });
});
