import type { TCategory, TRoom } from '@residency/shared';
import { defaultCategory, defaultRoomTemplate } from '@residency/shared/room-rules';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAntdDom } from '../../../test/antd-dom';
import { initTestI18n } from '../../../test/i18n';
import { roomDraftFromCategory, roomEditOf, type RoomDraft } from '../room-form-rules';
import { RoomForm, type RoomFormKind, type RoomFormValue } from './room-form';

installAntdDom();

const base = defaultCategory();
const category: TCategory = {
  ...base,
  _id: 'c1',
  name: 'Garden Twin',
  rackRate: 7000,
  offerPrice: 5500,
  room_features: { ...base.room_features, windows: 'Garden view' },
  roomCount: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};
const draft = roomDraftFromCategory(category);

/** The form as a screen holds it: its own state, the changes it reports applied. */
function Harness({ kind, initial, seen }: { kind: RoomFormKind; initial: RoomFormValue | null; seen?: (value: RoomFormValue | null) => void }) {
  const [value, setValue] = useState(initial);
  const [pending, setPending] = useState<File[]>([]);
  seen?.(value);
  return (
    <App>
      <RoomForm
        kind={kind}
        value={value}
        onChange={(update) => setValue((v) => (v ? update(v) : v))}
        categories={['Garden Twin', 'Deluxe King']}
        onCategory={(name) => setValue(roomDraftFromCategory({ ...category, name }))}
        errors={{ 'room_overview.room_number': 'Room number is required' }}
        pending={pending}
        onPending={setPending}
        busy={false}
      />
    </App>
  );
}

// Ant Design forms of some forty fields: slow to render in jsdom (as the blog and gallery forms).
describe('the room form of Add Room and Update Room', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await initTestI18n('en');
  });
  afterEach(cleanup);

  it('Add Room: only the category until one is chosen', () => {
    render(<Harness kind="add" initial={null} />);
    expect(screen.getByText('Choose a room category first: its template fills in the rest of the form.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Room Number')).toBeNull();
    expect(screen.getByTestId('add-room-form')).toBeInTheDocument();
  });

  it('Add Room: a chosen category fills in its template', () => {
    render(<Harness kind="add" initial={draft} />);
    expect(screen.getByLabelText('Room Name')).toHaveValue('Garden Twin');
    expect(screen.getByLabelText('Price Per Night')).toHaveValue('5500');
    expect(screen.getByLabelText('Windows')).toHaveValue('Garden view');
    for (const title of ['Room Overview', 'Special Benefits', 'Food & Beverages', 'Accessible Room Features', 'Price and Status', 'Room Images']) {
      expect(screen.getByText(title, { exact: true })).toBeInTheDocument();
    }
    expect(screen.getByText('Room number is required')).toBeInTheDocument();
    expect(screen.getByTestId('add-room-images')).toBeInTheDocument();
  });

  it('Add Room offers the statuses Available, Unavailable and Maintenance', async () => {
    render(<Harness kind="add" initial={draft} />);
    await userEvent.click(within(screen.getByTestId('add-room-status')).getByRole('combobox'));
    const options = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'));
    expect(options).toEqual(['Available', 'Unavailable', 'Maintenance']);
  });

  it('Update Room: the spec’s sections, and the typed values go to the screen', async () => {
    const seen = vi.fn();
    const room: TRoom = {
      ...defaultRoomTemplate(),
      _id: 'r1',
      category: 'Garden Twin',
      status: 'available',
      price: 5500,
      images: [],
      room_overview: { ...draft.room_overview, room_number: '101' },
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-01T00:00:00.000Z',
    };
    render(<Harness kind="update" initial={roomEditOf(room)} seen={seen} />);
    for (const title of ['Room Overview', 'Bed and Bedding', 'Room Features', 'Bathroom Features', 'Furniture', 'Price and Status', 'Room Images']) {
      expect(screen.getByText(title, { exact: true })).toBeInTheDocument();
    }
    // The Update modal edits a part of the template only.
    expect(screen.queryByText('Food & Beverages')).toBeNull();
    expect(screen.queryByLabelText('Windows')).toBeNull();
    expect(screen.getByText('Leave empty to fallback to category images.')).toBeInTheDocument();
    expect(screen.getByText('3 slots remaining')).toBeInTheDocument();
    const name = screen.getByLabelText('Room Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Quiet Twin');
    expect((seen.mock.lastCall![0] as RoomDraft).room_overview.name).toBe('Quiet Twin');
    expect(screen.getByTestId('update-room-form')).toBeInTheDocument();
  });
});
