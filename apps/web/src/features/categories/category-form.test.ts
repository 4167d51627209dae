import type { TCategory } from '@residency/shared';
import { defaultCategory } from '@residency/shared/room-rules';
import { ZCategoryUpsertRequest } from '@residency/shared/rooms';
import { describe, expect, it } from 'vitest';
import { categoryDraft, englishOf, roomNumbersText, upsertRequest } from './category-form';

const saved: TCategory = {
  _id: 'c1',
  name: 'Family Suite',
  rackRate: 12000,
  offerPrice: 9500,
  description: '',
  images: ['/uploads/2026/11/a-1280.webp'],
  room_overview: { size: '60 sq m', description: 'Two rooms for a family.' },
  special_benefits: [],
  beds_and_bedding: { beds: '2 Queen beds', maximum_occupancy: 3 },
  room_features: { windows: 'Sea view' },
  bath_and_bathroom_features: {},
  furniture_and_furnishings: {},
  food_and_beverages: {},
  internet_and_phones: {},
  entertainment: {},
  accessible_room_features: {},
  translations: { bn: { name: 'ফ্যামিলি স্যুট' } },
  roomCount: 2,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

describe('categoryDraft', () => {
  it('starts a new category from defaultCategory()', () => {
    const draft = categoryDraft();
    const { translations: _t, ...defaults } = defaultCategory();
    expect(draft).toMatchObject(defaults);
    expect(draft.bn).toEqual({
      name: '',
      description: '',
      special_benefits: [],
      size: '',
      beds: '',
      wireless_internet: '',
      windows: '',
      room_service: '',
      bottled_water: '',
      minibar: '',
      phone_features: [],
      international_channels: [],
    });
  });

  it("fills an existing category's gaps with the defaults and keeps its values", () => {
    const draft = categoryDraft(saved);
    expect(draft.name).toBe('Family Suite');
    expect(draft.offerPrice).toBe(9500);
    expect(draft.special_benefits).toEqual([]);
    expect(draft.description).toBe('Two rooms for a family.');
    expect(draft.beds_and_bedding).toMatchObject({ beds: '2 Queen beds', maximum_occupancy: 3, maximum_adults: 2 });
    expect(draft.room_features.windows).toBe('Sea view');
    expect(draft.food_and_beverages.minibar).toBe('Stocked, charges apply');
    expect(draft.bn.name).toBe('ফ্যামিলি স্যুট');
  });
});

describe('upsertRequest', () => {
  it('builds a body the API accepts, numbers converted, empty Bengali left out', () => {
    const draft = categoryDraft();
    draft.name = '  Deluxe King ';
    draft.rackRate = '9000' as unknown as number;
    draft.description = 'A quiet room.';
    (draft.beds_and_bedding as Record<string, unknown>).maximum_adults = '2';
    const body = upsertRequest(draft, { images: ['/u/a.webp'], roomNumbers: '101a, 102', removeMissing: true });
    expect(body).toMatchObject({
      name: 'Deluxe King',
      rackRate: 9000,
      offerPrice: 5500,
      description: 'A quiet room.',
      images: ['/u/a.webp'],
      translations: {},
      roomNumbers: '101a, 102',
      removeMissing: true,
    });
    expect(body.room_overview?.description).toBe('A quiet room.');
    expect(body.beds_and_bedding?.maximum_adults).toBe(2);
    expect('bn' in body).toBe(false);
    expect(ZCategoryUpsertRequest.safeParse(body).success).toBe(true);
  });

  it('leaves the rooms alone when no room number is typed and the destructive switch is off', () => {
    const body = upsertRequest(categoryDraft(saved), { images: [], roomNumbers: ' , ', removeMissing: false });
    expect(body.roomNumbers).toBeUndefined();
    expect(body.removeMissing).toBe(false);
  });

  it('with the destructive switch on, sends the emptied Room Numbers so the server removes every room that may go', () => {
    const body = upsertRequest(categoryDraft(saved), { images: [], roomNumbers: '', removeMissing: true });
    expect(body).toMatchObject({ roomNumbers: '', removeMissing: true });
    const parsed = ZCategoryUpsertRequest.parse(body);
    expect(parsed.roomNumbers).toBe('');
    expect(parsed.removeMissing).toBe(true);
  });

  it('sends the Bengali texts that are filled in', () => {
    const draft = categoryDraft(saved);
    draft.bn.size = ' ৬০ বর্গমিটার ';
    const body = upsertRequest(draft, { images: [], roomNumbers: '', removeMissing: false });
    expect(body.translations).toEqual({ bn: { name: 'ফ্যামিলি স্যুট', size: '৬০ বর্গমিটার' } });
  });

  it('sends and reloads every Bengali free text of the room details', () => {
    const draft = categoryDraft(saved);
    Object.assign(draft.bn, {
      wireless_internet: 'বিনামূল্যে ওয়াইফাই',
      windows: ' সমুদ্রের দৃশ্য ',
      room_service: '২৪ ঘণ্টা',
      bottled_water: 'বিনামূল্যে',
      minibar: 'মূল্য প্রযোজ্য',
      phone_features: ['ভয়েসমেইল'],
      international_channels: ['নেটফ্লিক্স'],
    });
    const body = upsertRequest(draft, { images: [], roomNumbers: '', removeMissing: false });
    const bn = {
      name: 'ফ্যামিলি স্যুট',
      wireless_internet: 'বিনামূল্যে ওয়াইফাই',
      windows: 'সমুদ্রের দৃশ্য',
      room_service: '২৪ ঘণ্টা',
      bottled_water: 'বিনামূল্যে',
      minibar: 'মূল্য প্রযোজ্য',
      phone_features: ['ভয়েসমেইল'],
      international_channels: ['নেটফ্লিক্স'],
    };
    expect(body.translations).toEqual({ bn });
    expect(ZCategoryUpsertRequest.parse(body).translations).toEqual({ bn });
    // What was saved comes back into the form.
    const again = categoryDraft({ ...saved, translations: { bn } });
    expect(again.bn).toMatchObject({ ...bn, description: '', size: '' });
  });

  it("shows the English text of each Bengali field as its hint", () => {
    const draft = categoryDraft(saved);
    expect(englishOf(draft, 'windows')).toBe('Sea view');
    expect(englishOf(draft, 'minibar')).toBe('Stocked, charges apply');
    expect(englishOf(draft, 'phone_features')).toBe('Voicemail, Speaker');
  });
});

describe('roomNumbersText', () => {
  it('joins the room numbers for the Room Numbers field', () => {
    const rooms = ['101', '102', '103A'].map((room_number) => ({
      room_overview: { room_number, name: '', description: '', size: '', wireless_internet: '' },
    }));
    expect(roomNumbersText(rooms)).toBe('101, 102, 103A');
  });
});
