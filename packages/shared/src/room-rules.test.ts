import { describe, expect, it } from 'vitest';
import { capacityLimits } from './guests.ts';
import {
  capacityOf,
  capacityText,
  defaultCategory,
  displayPrice,
  imageSrcSet,
  imageVariant,
  normalizeRoomNumbers,
  preSyncCheck,
  withCategoryDefaults,
} from './room-rules.ts';
import { ZCategoryUpsertRequest, ZRoomInput } from './rooms.ts';

describe('normalizeRoomNumbers', () => {
  it("turns '101a, 101A, 1-02,, 103 ' into 101A, 102, 103", () => {
    expect(normalizeRoomNumbers('101a, 101A, 1-02,, 103 ')).toEqual(['101A', '102', '103']);
  });
  it('drops numbers that are only punctuation and keeps the first of duplicates', () => {
    expect(normalizeRoomNumbers(' -, #, 7b, 7B ,b-7')).toEqual(['7B', 'B7']);
  });
  it('accepts a list as well as text', () => {
    expect(normalizeRoomNumbers(['201, 202', '202'])).toEqual(['201', '202']);
  });
});

describe('displayPrice', () => {
  it('strikes the rack rate through when it is higher than the offer price', () => {
    expect(displayPrice({ rackRate: 9000, offerPrice: 7500 })).toEqual({ price: 7500, struck: 9000 });
  });
  it('shows the offer price alone otherwise', () => {
    expect(displayPrice({ rackRate: 0, offerPrice: 5500 })).toEqual({ price: 5500, struck: null });
    expect(displayPrice({ rackRate: 5500, offerPrice: 5500 })).toEqual({ price: 5500, struck: null });
  });
  it('falls back to the room price', () => {
    expect(displayPrice({ price: 4200 })).toEqual({ price: 4200, struck: null });
  });
});

describe('capacityOf', () => {
  it('uses maximum occupancy, else adults plus children, else a dash', () => {
    expect(capacityOf({ maximum_occupancy: 3, maximum_adults: 2, maximum_children: 2 })).toBe(3);
    expect(capacityOf({ maximum_adults: 2, maximum_children: 1 })).toBe(3);
    expect(capacityOf({ maximum_adults: 2 })).toBe('-');
  });
});

describe('defaults of a new category or room (spec section 3)', () => {
  const d = defaultCategory();
  it('has the listed prices, guests, beds and amenities', () => {
    expect(d).toMatchObject({ offerPrice: 5500, rackRate: 0 });
    expect(d.special_benefits).toEqual(['Complimentary Breakfast']);
    expect(d.beds_and_bedding).toMatchObject({
      maximum_adults: 2,
      maximum_occupancy: 2,
      maximum_children: 0,
      beds: '1 King bed',
      cribs_permitted: 1,
      rollaway_beds_permitted: true,
      duvet: true,
    });
    expect(d.room_features).toMatchObject({ air_conditioned: true, non_smoking: true });
    expect(d.food_and_beverages).toMatchObject({
      room_service: '24-hour',
      bottled_water: 'Complimentary',
      minibar: 'Stocked, charges apply',
    });
    expect(d.internet_and_phones).toMatchObject({ phones: 2, phone_features: ['Voicemail', 'Speaker'] });
    expect(d.entertainment.international_channels).toEqual(['All TV Channels', 'Netflix']);
    expect(d.room_overview).toMatchObject({ wireless_internet: 'Complimentary high-speed WiFi', size: '40 sq m / 430 sq ft' });
  });
  it('needs windows before its rooms can be synced', () => {
    expect(preSyncCheck(d)).toBe('Missing required field: windows in room features');
    expect(preSyncCheck({ ...d, room_features: { ...d.room_features, windows: 'City view' } })).toBeNull();
  });
});

describe('withCategoryDefaults (a new category on the server)', () => {
  it('fills every part left out with the same defaults the web form starts from', () => {
    const { name: _name, ...defaults } = defaultCategory();
    expect(withCategoryDefaults(ZCategoryUpsertRequest.parse({ name: 'Bare' }))).toEqual(defaults);
  });
  it('keeps each part given as given, even empty, and takes nothing else from the request', () => {
    const given = ZCategoryUpsertRequest.parse({ name: 'X', offerPrice: 0, special_benefits: [], room_features: {}, roomNumbers: '1' });
    const filled = withCategoryDefaults(given);
    expect(filled).toMatchObject({ offerPrice: 0, special_benefits: [], room_features: {} });
    expect(filled.food_and_beverages).toEqual(defaultCategory().food_and_beverages);
    expect(Object.keys(filled)).not.toContain('name');
    expect(Object.keys(filled)).not.toContain('roomNumbers');
  });
  it('gives a fresh copy each time (a stored default is never shared)', () => {
    const a = withCategoryDefaults({});
    a.special_benefits.push('x');
    expect(withCategoryDefaults({}).special_benefits).toEqual(['Complimentary Breakfast']);
  });
});

describe('preSyncCheck messages (spec section 5)', () => {
  const full = {
    room_overview: { wireless_internet: 'Free' },
    room_features: { windows: 'Garden' },
    food_and_beverages: { room_service: '24-hour', bottled_water: 'Free', minibar: 'Stocked' },
  };
  it.each([
    [{ ...full, room_overview: {} }, 'Room overview data is incomplete. Please check all fields are filled.'],
    [{ ...full, room_features: { windows: ' ' } }, 'Missing required field: windows in room features'],
    [{ ...full, food_and_beverages: { ...full.food_and_beverages, room_service: '' } }, 'Missing required field: room service in food and beverages'],
    [{ ...full, food_and_beverages: { ...full.food_and_beverages, bottled_water: undefined } }, 'Missing required field: bottled water in food and beverages'],
    [{ ...full, food_and_beverages: { ...full.food_and_beverages, minibar: '' } }, 'Missing required field: minibar in food and beverages'],
  ])('%#', (input, message) => {
    expect(preSyncCheck(input)).toBe(message);
  });
});

describe('per-room validation messages (spec section 5)', () => {
  const messages = (input: unknown) => {
    const result = ZRoomInput.safeParse(input);
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };
  it('says what is missing, in the words of the spec', () => {
    const found = messages({
      room_overview: { room_number: '' },
      beds_and_bedding: { maximum_occupancy: 'two', maximum_adults: 0, maximum_children: 'x', maximum_infants: null },
      price: 'a lot',
      special_benefits: 'breakfast',
      room_features: {},
      food_and_beverages: {},
      internet_and_phones: { phone_features: 'voicemail' },
      entertainment: { international_channels: 'BBC' },
    });
    for (const expected of [
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
      'Maximum adults must be at least 1',
      'Maximum children must be a number',
      'Maximum infants must be a number',
      'Price must be a number',
      'Special benefits must be an array',
      'Phone features must be an array',
      'International channels must be an array',
    ]) {
      expect(found).toContain(expected);
    }
  });
  it('refuses more adults than the occupancy, and an occupancy of 0', () => {
    const base = {
      maximum_adults: 3,
      maximum_occupancy: 2,
      maximum_children: 0,
      maximum_infants: 0,
      beds: 'King',
      rollaway_beds_permitted: false,
      cribs_permitted: 0,
      duvet: true,
    };
    expect(messages({ beds_and_bedding: base })).toContain('Maximum adults cannot exceed maximum occupancy');
    expect(messages({ beds_and_bedding: { ...base, maximum_occupancy: 0 } })).toContain('Maximum occupancy must be at least 1');
    expect(messages({ beds_and_bedding: { ...base, maximum_adults: 'x' } })).toContain('Maximum adults must be a number');
  });
  it('allows at most 3 images on a room', () => {
    expect(messages({ images: ['a', 'b', 'c', 'd'] })).toContain('Maximum 3 images allowed');
  });
});

describe('image variants', () => {
  it('gives a srcset for our own uploads, on the disk or in an S3 bucket, and for nothing else', () => {
    const id = '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';
    expect(imageSrcSet(`/uploads/2026/11/${id}-1280.webp`)).toBe(
      [320, 640, 960, 1280, 1920].map((w) => `/uploads/2026/11/${id}-${w}.webp ${w}w`).join(', '),
    );
    const s3 = `https://cdn.example.com/pictures/2026/11/${id}-1280.webp`;
    expect(imageSrcSet(s3)).toContain(`https://cdn.example.com/pictures/2026/11/${id}-640.webp 640w`);
    expect(imageSrcSet('https://example.com/a.jpg')).toBeUndefined();
    expect(imageSrcSet('https://example.com/photo-1280.webp')).toBeUndefined();
    expect(imageVariant(`/uploads/2026/11/${id}-1280.webp`, 640)).toBe(`/uploads/2026/11/${id}-640.webp`);
    expect(imageVariant('https://example.com/a.jpg', 640)).toBe('https://example.com/a.jpg');
  });
});

describe('capacityLimits and capacityText', () => {
  const en: Parameters<typeof capacityText>[1] = (key, v) =>
    key === 'adults'
      ? `${v.n} adult${v.count === 1 ? '' : 's'}`
      : key === 'children'
        ? `${v.n} ${v.count === 1 ? 'child' : 'children'}`
        : key === 'withChildren'
          ? `${v.adults} + ${v.children} (${v.n} guests at most)`
          : key === 'upTo'
            ? `Up to ${v.n} guests (at most ${v.adults}, at most ${v.children})`
            : `Up to ${v.n} guests (at most ${v.children})`;

  it('reads the real limits, within the hotel limits', () => {
    expect(capacityLimits({ maximum_occupancy: 3, maximum_adults: 2, maximum_children: 1 })).toEqual({ adults: 2, children: 1, total: 3 });
    expect(capacityLimits({ maximum_occupancy: 3, maximum_adults: 2, maximum_children: 0 })).toEqual({ adults: 2, children: 0, total: 2 });
    expect(capacityLimits({ maximum_occupancy: 5, maximum_adults: 4, maximum_children: 4 })).toEqual({ adults: 3, children: 2, total: 3 });
    expect(capacityLimits({ maximum_occupancy: 1, maximum_adults: 2, maximum_children: 2 })).toEqual({ adults: 1, children: 0, total: 1 });
    expect(capacityLimits({})).toBeNull();
  });
  it("says '2 adults + 1 child (3 guests at most)', or '2 adults' for a room without children", () => {
    expect(capacityText({ maximum_occupancy: 3, maximum_adults: 2, maximum_children: 1 }, en)).toBe('2 adults + 1 child (3 guests at most)');
    expect(capacityText({ maximum_occupancy: 2, maximum_adults: 2, maximum_children: 0 }, en)).toBe('2 adults');
    expect(capacityText({ maximum_occupancy: 1, maximum_adults: 1, maximum_children: 0 }, en)).toBe('1 adult');
    expect(capacityText(null, en)).toBeNull();
  });
  it("never adds up to more than the room takes: the Family Room's 3 adults and 2 children share 3 places (issue 31)", () => {
    // Any of 3 adults, 2 + 1 or 1 + 2: not '3 adults + 2 children (3 guests at most)'.
    expect(capacityText({ maximum_occupancy: 3, maximum_adults: 3, maximum_children: 2 }, en)).toBe('Up to 3 guests (at most 2 children)');
    expect(capacityText({ maximum_occupancy: 3, maximum_adults: 2, maximum_children: 2 }, en)).toBe('Up to 3 guests (at most 2 adults, at most 2 children)');
    // The hotel's cap of 3 binds a room whose own total is larger.
    expect(capacityText({ maximum_occupancy: 4, maximum_adults: 3, maximum_children: 2 }, en)).toBe('Up to 3 guests (at most 2 children)');
  });
});
