import type { TCategory, TRoom } from '@residency/shared';
import { defaultRoomTemplate } from '@residency/shared/room-rules';
import { ZRoomInput, ZRoomPatch } from '@residency/shared/rooms';
import { describe, expect, it } from 'vitest';
import { addBenefit, numeric, splitList, takeWithinLimit, validationKey } from '../../components/room-template/template-rules';
import { changedSections, fieldErrors, roomDraftFromCategory, roomEditOf, roomInputFromDraft, statusColor } from './room-form-rules';
import { TEMPLATE_FIELDS } from '../../components/room-template/room-template';

function category(overrides: Partial<TCategory> = {}): TCategory {
  return {
    _id: 'c1',
    name: 'Deluxe King',
    rackRate: 9000,
    offerPrice: 7200,
    description: 'A quiet king room.',
    images: ['/uploads/2026/11/a-1280.webp'],
    room_overview: { size: '32 sq m', wireless_internet: 'Free WiFi' },
    special_benefits: ['Late checkout'],
    beds_and_bedding: { beds: '1 King bed', maximum_occupancy: 3, maximum_adults: 2, maximum_children: 1 },
    room_features: { windows: 'City view' },
    bath_and_bathroom_features: { robe: true },
    furniture_and_furnishings: {},
    food_and_beverages: {},
    internet_and_phones: {},
    entertainment: {},
    accessible_room_features: {},
    translations: {},
    roomCount: 0,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

function room(): TRoom {
  const t = defaultRoomTemplate();
  return {
    ...t,
    _id: 'r1',
    category: 'Deluxe King',
    status: 'available',
    price: 5500,
    images: ['/uploads/2026/11/x-1280.webp'],
    room_overview: { name: 'Deluxe King', description: 'Nice.', size: '40 sq m', wireless_internet: 'WiFi', room_number: '101' },
    room_features: { ...t.room_features, windows: 'Garden' },
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
  };
}

describe('roomDraftFromCategory', () => {
  it("copies the category's template, with its offer price as the room price", () => {
    const draft = roomDraftFromCategory(category());
    expect(draft.category).toBe('Deluxe King');
    expect(draft.price).toBe(7200);
    expect(draft.status).toBe('available');
    expect(draft.images).toEqual([]);
    expect(draft.special_benefits).toEqual(['Late checkout']);
    expect(draft.beds_and_bedding).toMatchObject({ beds: '1 King bed', maximum_occupancy: 3, maximum_children: 1 });
    expect(draft.room_features.windows).toBe('City view');
    expect(draft.bath_and_bathroom_features.robe).toBe(true);
    expect(draft.room_overview).toEqual({
      name: 'Deluxe King',
      description: 'A quiet king room.',
      size: '32 sq m',
      wireless_internet: 'Free WiFi',
      room_number: '',
    });
  });

  it('takes the spec defaults for whatever the category lacks', () => {
    const defaults = defaultRoomTemplate();
    const draft = roomDraftFromCategory(category());
    expect(draft.food_and_beverages).toEqual(defaults.food_and_beverages);
    expect(draft.internet_and_phones.phone_features).toEqual(['Voicemail', 'Speaker']);
    expect(draft.entertainment.international_channels).toEqual(['All TV Channels', 'Netflix']);
    expect(draft.beds_and_bedding.cribs_permitted).toBe(1);
    expect(draft.room_features.air_conditioned).toBe(true);
  });

  it('gives a room that passes the per-room rules once it has a number', () => {
    const draft = roomDraftFromCategory(category());
    expect(ZRoomInput.safeParse(roomInputFromDraft(draft, [])).success).toBe(false);
    draft.room_overview.room_number = '204b';
    const parsed = ZRoomInput.parse(roomInputFromDraft(draft, ['/uploads/2026/11/y-1280.webp']));
    expect(parsed.room_overview.room_number).toBe('204B');
    expect(parsed.images).toEqual(['/uploads/2026/11/y-1280.webp']);
  });
});

describe('roomInputFromDraft and fieldErrors', () => {
  it('converts numeric inputs and reports the spec messages by field', () => {
    const draft = roomDraftFromCategory(category({ room_features: {} }));
    const beds = draft.beds_and_bedding as Record<string, unknown>;
    beds.maximum_adults = '3';
    beds.maximum_occupancy = '2';
    beds.maximum_children = '';
    draft.room_overview.name = '  ';
    const input = roomInputFromDraft(draft, []);
    expect(input.beds_and_bedding.maximum_adults).toBe(3);
    const result = ZRoomInput.safeParse(input);
    expect(result.success).toBe(false);
    const errors = fieldErrors(result.error!.issues);
    expect(errors).toMatchObject({
      'room_overview.name': 'Room name is required',
      'room_overview.room_number': 'Room number is required',
      'room_features.windows': 'Windows are required',
      'beds_and_bedding.maximum_children': 'Maximum children must be a number',
    });
  });

  it('keeps the first message of a field', () => {
    expect(
      fieldErrors([
        { path: ['price'], message: 'Price must be a number' },
        { path: ['price'], message: 'Other' },
      ]),
    ).toEqual({ price: 'Price must be a number' });
  });
});

describe('numeric and splitList', () => {
  it('turns numeric text into numbers, empty into undefined, and leaves nonsense for validation', () => {
    expect(numeric('12')).toBe(12);
    expect(numeric(' 7.5 ')).toBe(7.5);
    expect(numeric(4)).toBe(4);
    expect(numeric('')).toBeUndefined();
    expect(numeric(null)).toBeUndefined();
    expect(numeric('abc')).toBe('abc');
  });

  it('splits comma-separated text, trimmed, without empty entries', () => {
    expect(splitList('Voicemail, , Speaker ,')).toEqual(['Voicemail', 'Speaker']);
    expect(splitList('')).toEqual([]);
  });
});

describe('changedSections', () => {
  it('sends nothing when nothing changed', () => {
    const r = room();
    expect(changedSections(r, roomEditOf(r), r.images)).toEqual({});
  });

  it('sends each changed section whole, numbers converted', () => {
    const r = room();
    const edit = roomEditOf(r);
    edit.price = '7000' as unknown as number;
    edit.beds_and_bedding = { ...edit.beds_and_bedding, maximum_children: '1' as unknown as number };
    edit.room_features = { ...edit.room_features, non_smoking: false };
    const patch = changedSections(r, edit, [...r.images, '/uploads/2026/11/new-1280.webp']);
    expect(Object.keys(patch).sort()).toEqual(['beds_and_bedding', 'images', 'price', 'room_features']);
    expect(patch.price).toBe(7000);
    expect(patch.beds_and_bedding).toEqual({ ...r.beds_and_bedding, maximum_children: 1 });
    expect(patch.room_features).toEqual({ ...r.room_features, non_smoking: false });
    expect(ZRoomPatch.safeParse(patch).success).toBe(true);
  });

  it("refuses a cleared price with the spec's 'Price must be a number' instead of keeping the old one", () => {
    const r = room();
    for (const cleared of [null, undefined, '', '  ']) {
      const edit = roomEditOf(r);
      edit.price = cleared as unknown as number;
      const patch = changedSections(r, edit, r.images);
      expect(patch).toEqual({ price: null });
      const check = ZRoomPatch.safeParse(patch);
      expect(check.success).toBe(false);
      expect(fieldErrors(check.error!.issues)).toEqual({ price: 'Price must be a number' });
    }
  });

  it('refuses a price that is not a number with the same message', () => {
    const r = room();
    const edit = roomEditOf(r);
    edit.price = '12a' as unknown as number;
    const check = ZRoomPatch.safeParse(changedSections(r, edit, r.images));
    expect(fieldErrors(check.error!.issues)).toEqual({ price: 'Price must be a number' });
  });

  it('sends the whole overview when the room number changes', () => {
    const r = room();
    const edit = roomEditOf(r);
    edit.room_overview = { ...edit.room_overview, room_number: '101a' };
    const patch = changedSections(r, edit, r.images);
    expect(patch).toEqual({ room_overview: { ...r.room_overview, room_number: '101a' } });
    expect(ZRoomPatch.parse(patch).room_overview?.room_number).toBe('101A');
  });
});

describe('takeWithinLimit', () => {
  it('cuts off the files beyond the limit of 3', () => {
    expect(takeWithinLimit(1, ['a', 'b', 'c'], 3)).toEqual({ accepted: ['a', 'b'], cut: true });
    expect(takeWithinLimit(0, ['a', 'b', 'c'], 3)).toEqual({ accepted: ['a', 'b', 'c'], cut: false });
    expect(takeWithinLimit(3, ['a'], 3)).toEqual({ accepted: [], cut: true });
  });

  it('takes everything without a limit (the category form)', () => {
    expect(takeWithinLimit(10, ['a', 'b'])).toEqual({ accepted: ['a', 'b'], cut: false });
  });
});

describe('addBenefit', () => {
  it('adds only a new, non-empty benefit', () => {
    const list = ['Complimentary Breakfast'];
    expect(addBenefit(list, ' Late checkout ')).toEqual(['Complimentary Breakfast', 'Late checkout']);
    expect(addBenefit(list, '   ')).toBe(list);
    expect(addBenefit(list, 'complimentary breakfast')).toBe(list);
  });
});

describe('statusColor and validationKey', () => {
  it('colours the statuses as the spec says, other statuses gray', () => {
    expect(['available', 'booked', 'maintenance', 'cleaning', 'unavailable'].map(statusColor)).toEqual([
      'green',
      'blue',
      'red',
      'orange',
      'default',
    ]);
  });

  it('knows the spec messages and nothing else', () => {
    expect(validationKey('Windows are required')).toBe('validation.windows');
    expect(validationKey('Too big')).toBeNull();
  });
});

describe('TEMPLATE_FIELDS', () => {
  it('lists every field of the default room template sections', () => {
    const defaults = defaultRoomTemplate();
    for (const [section, fields] of Object.entries(TEMPLATE_FIELDS)) {
      expect(fields.map((f) => f.name).sort(), section).toEqual(
        Object.keys(defaults[section as keyof typeof defaults]).sort(),
      );
    }
  });
});

describe('the English translations of the validation messages', () => {
  it('are the spec messages word for word', async () => {
    const { readFileSync } = await import('node:fs');
    const path = await import('node:path');
    const en = JSON.parse(readFileSync(path.resolve(__dirname, '../../../public/locales/en/rooms.json'), 'utf8')) as {
      validation: Record<string, string>;
    };
    const spec = [
      'Category is required',
      'Room name is required',
      'Room description is required',
      'Room size is required',
      'Wireless internet is required',
      'Room number is required',
      'Windows are required',
      'Room service is required',
      'Bottled water is required',
      'Minibar is required',
      'Beds are required',
      'Maximum occupancy must be a number',
      'Maximum adults must be a number',
      'Maximum children must be a number',
      'Maximum infants must be a number',
      'Maximum adults must be at least 1',
      'Maximum occupancy must be at least 1',
      'Maximum adults cannot exceed maximum occupancy',
      'Price must be a number',
      'Special benefits must be an array',
      'Phone features must be an array',
      'International channels must be an array',
    ];
    for (const message of spec) {
      const key = validationKey(message);
      expect(key, message).not.toBeNull();
      expect(en.validation[key!.replace('validation.', '')]).toBe(message);
    }
  });
});
