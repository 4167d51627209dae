import type { TCategory, TCategoryUpsertRequest, TRoom, TRoomSyncResult } from '@residency/shared';
import { defaultCategory } from '@residency/shared/room-rules';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAntdDom } from '../../../test/antd-dom';
import { initTestI18n } from '../../../test/i18n';
import { stubRelativeRequest } from '../../../test/relative-request';
import { makeStore } from '../../../test/store';
import CategoryFormPage from './category-form-page';

/**
 * Admin › Add Category and Edit Category against a stubbed server (issue 19, sections 3 and 4):
 * the question whether a new offer price goes to the rooms too, the fields room sync needs,
 * the typed room numbers, and the question before the destructive switch deletes rooms.
 */

installAntdDom({ desktop: true });

const base = defaultCategory();
const deluxe: TCategory = {
  ...base,
  _id: 'c1',
  name: 'Deluxe King',
  rackRate: 14000,
  offerPrice: 9500,
  description: 'A calm room above the garden.',
  room_features: { ...base.room_features, windows: 'Floor-to-ceiling, city view' },
  roomCount: 3,
  fromPrice: 12900,
  hiddenReason: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};
const room = (number: string, price: number) =>
  ({
    _id: `r-${number}`,
    category: 'Deluxe King',
    status: 'available',
    price,
    images: [],
    room_overview: { ...base.room_overview, name: 'Deluxe King', description: 'A calm room.', room_number: number },
  }) as unknown as TRoom;
const rooms = [room('101', 12900), room('102', 13500), room('103A', 13500)];

/** The bodies the form sent to PUT /api/room-categories. */
let saved: TCategoryUpsertRequest[];
/** What the server says the next save did to the rooms (null: no rooms were synced). */
let nextSync: TRoomSyncResult | null;

beforeEach(() => {
  saved = [];
  nextSync = null;
  stubRelativeRequest();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const { pathname } = new URL(request.url);
      const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (pathname === '/api/room-categories/Deluxe%20King') return json(200, { success: true, data: deluxe });
      if (pathname === '/api/room') return json(200, { success: true, data: rooms, meta: { page: 1, limit: 1000, total: rooms.length } });
      if (pathname === '/api/room-categories' && request.method === 'PUT') {
        const body = (await request.json()) as TCategoryUpsertRequest;
        saved.push(body);
        return json(200, { success: true, message: 'Saved', data: { category: { ...deluxe, name: body.name }, sync: nextSync } });
      }
      return json(404, { success: false, code: 'NOT_FOUND', message: 'Not found' });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm(path: string) {
  const { store } = makeStore();
  return render(
    <Provider store={store}>
      <App>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/admin/add-category" element={<CategoryFormPage />} />
            <Route path="/admin/edit-category/:name" element={<CategoryFormPage />} />
            <Route path="/admin/categories" element={<p>Categories list</p>} />
          </Routes>
        </MemoryRouter>
      </App>
    </Provider>,
  );
}

/** Opens Deluxe King for editing and waits until its values are in the form. */
async function editDeluxe() {
  renderForm('/admin/edit-category/Deluxe%20King');
  await waitFor(() => expect(screen.getByLabelText('Room Numbers')).toHaveValue('101, 102, 103A'));
}

async function setOfferPrice(user: ReturnType<typeof userEvent.setup>, price: string) {
  const input = screen.getByLabelText('Offer Price');
  await user.clear(input);
  await user.type(input, price);
}

const saveButton = () => screen.getAllByRole('button', { name: /Save/ })[0]!;

describe('Edit Category: a new offer price and the rooms (section 3)', { timeout: 60_000 }, () => {
  beforeEach(async () => {
    await initTestI18n('en');
  });

  it('asks whether to apply the new price to the rooms, naming them, and applies it when told', async () => {
    const user = userEvent.setup();
    await editDeluxe();
    await setOfferPrice(user, '12500');
    await user.click(saveButton());

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent("Apply the new price to this category's rooms?");
    expect(dialog).toHaveTextContent('Its 3 rooms (101, 102, 103A) keep their own prices unless you apply ৳12,500 a night to them too.');
    expect(saved).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Apply to rooms' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ name: 'Deluxe King', offerPrice: 12500, applyPriceToRooms: true });
    expect(await screen.findByText('Categories list')).toBeInTheDocument();
  });

  it('keeps the rooms\' prices when told so, and saves nothing when the question is cancelled', async () => {
    const user = userEvent.setup();
    await editDeluxe();
    await setOfferPrice(user, '12500');
    await user.click(saveButton());
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(saved).toHaveLength(0);
    expect(screen.getByLabelText('Offer Price')).toHaveValue('12500');

    await user.click(saveButton());
    // The first question may still be fading out: the new one is the last.
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Keep room prices' })).toHaveLength(2));
    await user.click(screen.getAllByRole('button', { name: 'Keep room prices' }).at(-1)!);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ offerPrice: 12500, applyPriceToRooms: false });
  });

  it('does not ask when the price is unchanged', async () => {
    const user = userEvent.setup();
    await editDeluxe();
    await user.click(saveButton());
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ offerPrice: 9500, applyPriceToRooms: false });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks in Bengali', async () => {
    await initTestI18n('bn');
    const user = userEvent.setup();
    renderForm('/admin/edit-category/Deluxe%20King');
    await waitFor(() => expect(screen.getByLabelText('রুম নম্বরগুলো')).toHaveValue('101, 102, 103A'));
    const input = screen.getByLabelText('অফার মূল্য');
    await user.clear(input);
    await user.type(input, '12500');
    await user.click(screen.getAllByRole('button', { name: /সংরক্ষণ/ })[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('নতুন মূল্য কি এই ক্যাটাগরির রুমগুলোতেও বসাবেন?');
    expect(dialog).toHaveTextContent('এর ৩টি রুম (১০১, ১০২, ১০৩A)');
    expect(dialog).toHaveTextContent('৳১২,৫০০');
    expect(within(dialog).getByRole('button', { name: 'রুমগুলোতেও বসান' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'রুমের মূল্য রাখুন' })).toBeInTheDocument();
  });
});

const labelOf = (id: string) => document.querySelector(`label[for="${id}"]`)!;

describe('Category form: the fields rooms need, the typed room numbers, the destructive switch (section 4)', { timeout: 60_000 }, () => {
  beforeEach(async () => {
    await initTestI18n('en');
  });

  it("marks the fields room sync needs required and refuses a save with the defaults, with the spec's messages, keeping the typed numbers", async () => {
    const user = userEvent.setup();
    renderForm('/admin/add-category');
    await user.type(screen.getByLabelText('Category Name'), 'Sky Suite');
    await user.type(screen.getByLabelText('Room Numbers'), '601, 602a, 603');
    for (const id of [
      'category-overview-size',
      'category-overview-wireless_internet',
      'category-description',
      'category-beds_and_bedding-beds',
      'category-room_features-windows',
      'category-food_and_beverages-room_service',
      'category-food_and_beverages-bottled_water',
      'category-food_and_beverages-minibar',
    ]) {
      expect(labelOf(id), id).toHaveClass('ant-form-item-required');
    }

    await user.click(saveButton());
    // The spec's pre-sync message, and each empty field says what it lacks. Nothing is sent.
    expect(await screen.findByText('Missing required field: windows in room features')).toBeInTheDocument();
    expect(screen.getByText('Windows are required')).toBeInTheDocument();
    expect(screen.getByText('Room description is required')).toBeInTheDocument();
    expect(saved).toHaveLength(0);
    expect(screen.getByLabelText('Room Numbers')).toHaveValue('601, 602a, 603');

    await user.type(screen.getByLabelText('Windows'), 'Sea view');
    await user.type(screen.getByLabelText('Description'), 'Bright.');
    await waitFor(() => expect(screen.queryByText('Windows are required')).toBeNull());
    nextSync = { preSyncError: null, created: ['601', '602A', '603'], deleted: [], kept: [], failed: [], invalid: [] };
    await user.click(saveButton());
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({
      name: 'Sky Suite',
      roomNumbers: '601, 602a, 603',
      description: 'Bright.',
      room_features: { windows: 'Sea view' },
    });
    expect(await screen.findByText('Categories list')).toBeInTheDocument();
  });

  it('stays on the form with the typed room numbers when the server could not make the rooms', async () => {
    const user = userEvent.setup();
    renderForm('/admin/add-category');
    await user.type(screen.getByLabelText('Category Name'), 'Sky Suite');
    await user.type(screen.getByLabelText('Room Numbers'), '601, 602a, 603');
    await user.type(screen.getByLabelText('Windows'), 'Sea view');
    await user.type(screen.getByLabelText('Description'), 'Bright.');
    nextSync = { preSyncError: 'Missing required field: minibar in food and beverages', created: [], deleted: [], kept: [], failed: [], invalid: [] };
    await user.click(saveButton());
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(await screen.findByText('Missing required field: minibar in food and beverages')).toBeInTheDocument();
    // The page leaves (or not) before the save ends: once Save is pressable again, it has decided.
    await waitFor(() => expect(saveButton()).toBeEnabled());
    expect(screen.queryByText('Categories list')).toBeNull();
    expect(screen.getByLabelText('Room Numbers')).toHaveValue('601, 602a, 603');
  });

  it('asks before the destructive switch deletes rooms, naming them; Cancel sends nothing', async () => {
    const user = userEvent.setup();
    await editDeluxe();
    const numbers = screen.getByLabelText('Room Numbers');
    await user.clear(numbers);
    await user.type(numbers, '101');
    await user.click(screen.getByTestId('remove-missing'));
    await user.click(saveButton());

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete 2 rooms?');
    expect(dialog).toHaveTextContent('saving deletes rooms 102, 103A, which are not in Room Numbers');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(saved).toHaveLength(0);
    expect(screen.getByLabelText('Room Numbers')).toHaveValue('101');

    await user.click(saveButton());
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Delete the rooms and save' })).toHaveLength(2));
    await user.click(screen.getAllByRole('button', { name: 'Delete the rooms and save' }).at(-1)!);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ roomNumbers: '101', removeMissing: true });
  });

  it('says it in Bengali: the missing field and the rooms the switch deletes', async () => {
    await initTestI18n('bn');
    const user = userEvent.setup();
    renderForm('/admin/edit-category/Deluxe%20King');
    await waitFor(() => expect(screen.getByLabelText('রুম নম্বরগুলো')).toHaveValue('101, 102, 103A'));
    const numbers = screen.getByLabelText('রুম নম্বরগুলো');
    await user.clear(screen.getByLabelText('জানালা'));
    await user.click(screen.getAllByRole('button', { name: /সংরক্ষণ/ })[0]!);
    expect(await screen.findByText('রুমের বৈশিষ্ট্য অংশে জানালার তথ্য দিন।')).toBeInTheDocument();
    expect(screen.getByText('জানালার তথ্য লিখুন')).toBeInTheDocument();
    await user.type(screen.getByLabelText('জানালা'), 'সমুদ্রের দিকে');

    await user.clear(numbers);
    await user.type(numbers, '101');
    await user.click(screen.getByTestId('remove-missing'));
    await user.click(screen.getAllByRole('button', { name: /সংরক্ষণ/ })[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('২টি রুম মুছবেন?');
    expect(dialog).toHaveTextContent('রুম ১০২, ১০৩A মুছে যাবে');
    expect(within(dialog).getByRole('button', { name: 'বাতিল' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'রুমগুলো মুছে সংরক্ষণ করুন' })).toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });
});
