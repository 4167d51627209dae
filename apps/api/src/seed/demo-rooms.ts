import {
  ZCategoryUpsertRequest,
  ZRoomPatch,
  type TCategoryTranslation,
  type TCategoryUpsertRequest,
  type TRoomPatch,
  type TRoomTemplate,
} from '@residency/shared';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../db/client.ts';
import { roomCategories } from '../db/schema.ts';
import { saveCategory } from '../modules/categories/categories.service.ts';
import { activeRoomsOfCategory } from '../modules/rooms/rooms.repository.ts';
import { patchRoom } from '../modules/rooms/rooms.service.ts';
import { storeImage } from '../modules/uploads/uploads.service.ts';
import type { Storage } from '../plugins/storage.ts';
import { roomSceneSvg, type SceneOptions } from './demo-room-scenes.ts';

/*
 * The demo hotel's rooms: five categories, 34 rooms numbered by floor, with honest Taka prices,
 * every guest-facing text in English and Bengali, and pictures drawn on this machine. Created on
 * a first start outside production, never when any category exists.
 */

/** A complete room template: every field a room needs, so each of the category's rooms is valid. */
type Template = TRoomTemplate;

interface DemoCategory {
  name: string;
  rackRate: number;
  offerPrice: number;
  description: string;
  /** Every text of the category in Bengali: what a guest reading Bengali sees in the room details. */
  bn: Required<TCategoryTranslation>;
  /** Room numbers, by floor. */
  rooms: string[];
  /** The category's pictures: the first is its cover. */
  scenes: SceneOptions[];
  template: Template;
}

/** What a few rooms have that their category does not: a state of today, a price, a picture. */
interface DemoRoom {
  status?: 'booked' | 'maintenance' | 'cleaning';
  price?: number;
  /** A picture of this very room, shown before the category's others. */
  scene?: SceneOptions;
}

const WIFI = 'Complimentary high-speed WiFi (300 Mbps)';
const WIFI_BN = 'বিনামূল্যে উচ্চগতির ওয়াইফাই (৩০০ এমবিপিএস)';

/** Everything a room offers that differs little between the categories; each category overrides. */
function base(): Template {
  return {
    room_overview: { name: '', description: '', size: '', wireless_internet: WIFI },
    special_benefits: [],
    beds_and_bedding: {
      maximum_occupancy: 2,
      maximum_adults: 2,
      maximum_children: 1,
      maximum_infants: 1,
      extra_adult_charge: 1500,
      beds: '',
      rollaway_beds_permitted: true,
      cribs_permitted: 1,
      duvet: true,
    },
    room_features: {
      air_conditioned: true,
      non_smoking: true,
      connecting_rooms_available: false,
      windows: '',
      hooks: true,
      usb_outlets: true,
    },
    bath_and_bathroom_features: {
      separate_bathtub_and_shower: false,
      lighted_makeup_mirror: false,
      hair_dryer: true,
      robe: false,
      slippers: true,
    },
    furniture_and_furnishings: {
      alarm_clock: true,
      safe_in_room: true,
      safe_fee: false,
      desk: false,
      electrical_outlet: true,
      iron_and_ironing_board: false,
      trouser_press: false,
    },
    food_and_beverages: {
      room_service: '24-hour',
      bottled_water: 'Complimentary, two bottles a day',
      coffee_tea_maker: true,
      instant_hot_water: true,
      minibar: 'Stocked, charges apply',
    },
    internet_and_phones: { phones: 1, phone_features: ['Voicemail', 'Speaker'], wireless_internet: WIFI },
    entertainment: {
      plug_in_high_tech_room: false,
      cable_satellite: true,
      international_channels: ['BBC World News', 'CNN International', 'Star Sports', 'Netflix'],
    },
    accessible_room_features: { mobility_accessible_rooms: false, roll_in_shower: false, hearing_accessible_rooms: false },
  };
}

/** The Bengali of the texts `base()` gives every category; each category overrides what it changes. */
function baseBn(): Pick<
  Required<TCategoryTranslation>,
  'wireless_internet' | 'room_service' | 'bottled_water' | 'minibar' | 'phone_features' | 'international_channels'
> {
  return {
    wireless_internet: WIFI_BN,
    room_service: '২৪ ঘণ্টা',
    bottled_water: 'বিনামূল্যে, দিনে দুই বোতল',
    minibar: 'পানীয় ও হালকা খাবারে সাজানো; মূল্য প্রযোজ্য',
    phone_features: ['ভয়েসমেইল', 'স্পিকারফোন'],
    international_channels: ['বিবিসি ওয়ার্ল্ড নিউজ', 'সিএনএন ইন্টারন্যাশনাল', 'স্টার স্পোর্টস', 'নেটফ্লিক্স'],
  };
}

const floor = (n: number, count: number) => Array.from({ length: count }, (_, i) => `${n}${String(i + 1).padStart(2, '0')}`);

export const DEMO_CATEGORIES: DemoCategory[] = [
  (() => {
    const t = base();
    return {
      name: 'Standard Queen',
      rackRate: 6800,
      offerPrice: 5500,
      description:
        'A calm, well-planned room for one or two guests: a plush queen bed, two nightstands with reading lamps and a wide window over the rooftops of Gulshan. Blackout curtains, quiet air conditioning and a rain shower make it an easy place to rest after a day in Dhaka.',
      bn: {
        name: 'স্ট্যান্ডার্ড কুইন',
        description:
          'এক বা দুজন অতিথির জন্য শান্ত ও সুপরিকল্পিত একটি কক্ষ: আরামদায়ক কুইন বেড, রিডিং ল্যাম্পসহ দুটি বেডসাইড টেবিল আর চওড়া জানালা দিয়ে গুলশানের ছাদের সারি। ব্ল্যাকআউট পর্দা, নিঃশব্দ শীতাতপ নিয়ন্ত্রণ আর রেইন শাওয়ার ঢাকায় সারাদিন কাটানোর পর বিশ্রামকে সহজ করে তোলে।',
        special_benefits: [
          'দুজনের জন্য বিনামূল্যে সকালের নাশতা',
          'আগমনে স্বাগত চা ও মৌসুমি ফল',
          'বিনামূল্যে উচ্চগতির ওয়াইফাই',
          'অনুরোধে দুপুর ২টা পর্যন্ত দেরিতে চেক-আউট',
        ],
        size: '২৮ বর্গমিটার / ৩০০ বর্গফুট',
        beds: '১টি কুইন বেড',
        ...baseBn(),
        windows: 'দুই স্তরের কাচের চওড়া জানালা, শহরের দৃশ্য',
      },
      rooms: floor(1, 8),
      scenes: [
        { kind: 'queen', palette: 'sand', view: 'skyline-day', seed: 11 },
        { kind: 'bath-shower', palette: 'sand', view: 'skyline-day', seed: 12 },
      ],
      template: {
        ...t,
        room_overview: {
          ...t.room_overview,
          name: 'Standard Queen',
          description: 'Queen bed, city view and a rain shower, on the first floor.',
          size: '28 sq m / 300 sq ft',
        },
        special_benefits: [
          'Complimentary breakfast for two',
          'Welcome tea and seasonal fruit',
          'Free high-speed WiFi',
          'Late check-out until 2 pm on request',
        ],
        beds_and_bedding: { ...t.beds_and_bedding, beds: '1 Queen bed', maximum_children: 1, maximum_occupancy: 3 },
        room_features: { ...t.room_features, windows: 'Wide double-glazed window, city view', connecting_rooms_available: true },
      },
    };
  })(),
  (() => {
    const t = base();
    return {
      name: 'Twin Garden',
      rackRate: 0,
      offerPrice: 6800,
      description:
        'Two single beds face a wide window onto our garden of coconut palms and flowering hedges. Made for friends and colleagues travelling together, with two reading lamps, a sitting corner and a bright bathroom with a walk-in shower.',
      bn: {
        name: 'টুইন গার্ডেন',
        description:
          'দুটি সিঙ্গেল বেড, সামনে চওড়া জানালা, বাইরে নারকেল গাছ আর ফুলে ভরা বাগান। একসঙ্গে ভ্রমণরত বন্ধু বা সহকর্মীদের জন্য তৈরি: দুটি রিডিং ল্যাম্প, বসার কোণ এবং ওয়াক-ইন শাওয়ারসহ আলো-ঝলমলে বাথরুম।',
        special_benefits: [
          'দুজনের জন্য বিনামূল্যে সকালের নাশতা',
          'বাগানমুখী জানালা',
          'লাউঞ্জে বিকেলের চা ও নাশতা',
          'বিনামূল্যে উচ্চগতির ওয়াইফাই',
        ],
        size: '৩০ বর্গমিটার / ৩২০ বর্গফুট',
        beds: '২টি সিঙ্গেল বেড',
        ...baseBn(),
        windows: 'বাগানমুখী জানালা, পাতলা পর্দা ও ব্ল্যাকআউট পর্দাসহ',
      },
      rooms: floor(2, 8),
      scenes: [
        { kind: 'twin', palette: 'sage', view: 'garden', seed: 21 },
        { kind: 'lounge', palette: 'sage', view: 'garden', seed: 22 },
        { kind: 'bath-shower', palette: 'sage', view: 'garden', seed: 23, mirror: true },
      ],
      template: {
        ...t,
        room_overview: {
          ...t.room_overview,
          name: 'Twin Garden',
          description: 'Two single beds and a garden view, on the second floor.',
          size: '30 sq m / 320 sq ft',
        },
        special_benefits: ['Complimentary breakfast for two', 'Garden view', 'Evening tea and snacks in the lounge', 'Free high-speed WiFi'],
        beds_and_bedding: { ...t.beds_and_bedding, beds: '2 Single beds', maximum_children: 0, maximum_occupancy: 2, cribs_permitted: 0 },
        room_features: { ...t.room_features, windows: 'Garden-facing window with sheer and blackout curtains' },
        furniture_and_furnishings: { ...t.furniture_and_furnishings, desk: true },
        accessible_room_features: { mobility_accessible_rooms: true, roll_in_shower: true, hearing_accessible_rooms: false },
      },
    };
  })(),
  (() => {
    const t = base();
    return {
      name: 'Deluxe King',
      rackRate: 12000,
      offerPrice: 9500,
      description:
        'Our most asked-for room: a generous king bed against a deep teal panelled wall, a writing desk by the window and sunset views over the Gulshan skyline. The bathroom has a deep soaking tub, a separate shower and a lighted make-up mirror.',
      bn: {
        name: 'ডিলাক্স কিং',
        description:
          'অতিথিদের সবচেয়ে পছন্দের কক্ষ: গাঢ় সবুজাভ নীল প্যানেলের দেয়ালের সামনে প্রশস্ত কিং বেড, জানালার পাশে লেখার ডেস্ক আর গুলশানের আকাশরেখায় সূর্যাস্তের দৃশ্য। বাথরুমে গভীর বাথটাব, আলাদা শাওয়ার এবং আলোকিত মেকআপ আয়না।',
        special_benefits: [
          'দুজনের জন্য বিনামূল্যে সকালের নাশতা',
          'আগমনে স্বাগত পানীয়',
          'প্রতিদিন সংবাদপত্র ও তাজা ফল',
          'ছাদের সুইমিং পুল ব্যবহারের সুযোগ',
          'বিনামূল্যে উচ্চগতির ওয়াইফাই',
        ],
        size: '৩৬ বর্গমিটার / ৩৯০ বর্গফুট',
        beds: '১টি কিং বেড',
        ...baseBn(),
        windows: 'মেঝে থেকে ছাদ পর্যন্ত জানালা, শহরের আকাশরেখার দৃশ্য',
        phone_features: ['ভয়েসমেইল', 'স্পিকারফোন', 'সরাসরি আন্তর্জাতিক কল'],
      },
      rooms: floor(3, 8),
      scenes: [
        { kind: 'king', palette: 'teal', view: 'skyline-dusk', seed: 31 },
        { kind: 'lounge', palette: 'teal', view: 'skyline-dusk', seed: 32 },
        { kind: 'bath-tub', palette: 'teal', view: 'skyline-dusk', seed: 33 },
      ],
      template: {
        ...t,
        room_overview: {
          ...t.room_overview,
          name: 'Deluxe King',
          description: 'King bed, desk and a soaking tub, with sunset over the skyline.',
          size: '36 sq m / 390 sq ft',
        },
        special_benefits: [
          'Complimentary breakfast for two',
          'Welcome drink on arrival',
          'Daily newspaper and fresh fruit',
          'Access to the rooftop pool',
          'Free high-speed WiFi',
        ],
        beds_and_bedding: { ...t.beds_and_bedding, beds: '1 King bed', maximum_occupancy: 3, maximum_children: 1 },
        room_features: { ...t.room_features, windows: 'Floor-to-ceiling window, skyline view', connecting_rooms_available: true },
        bath_and_bathroom_features: { separate_bathtub_and_shower: true, lighted_makeup_mirror: true, hair_dryer: true, robe: true, slippers: true },
        furniture_and_furnishings: { ...t.furniture_and_furnishings, desk: true, iron_and_ironing_board: true },
        internet_and_phones: { ...t.internet_and_phones, phones: 2, phone_features: ['Voicemail', 'Speaker', 'International direct dialling'] },
        entertainment: { ...t.entertainment, plug_in_high_tech_room: true },
      },
    };
  })(),
  (() => {
    const t = base();
    return {
      name: 'Family Room',
      rackRate: 12500,
      offerPrice: 12500,
      description:
        'Space for a family of three: a king bed and a single bed, a sitting area with a sofa and a view across Gulshan Lake. Cribs and a rollaway bed are free on request, and the minibar can be stocked with the juice and snacks the children like.',
      bn: {
        name: 'ফ্যামিলি রুম',
        description:
          'তিনজনের পরিবারের জন্য প্রশস্ত জায়গা: একটি কিং বেড ও একটি সিঙ্গেল বেড, সোফাসহ বসার জায়গা এবং গুলশান লেকের দৃশ্য। অনুরোধে শিশুদের খাট ও অতিরিক্ত বেড বিনামূল্যে দেওয়া হয়, আর মিনিবারে রাখা যায় শিশুদের পছন্দের জুস ও নাশতা।',
        special_benefits: [
          'পরিবারের সবার জন্য বিনামূল্যে সকালের নাশতা',
          'বিনামূল্যে শিশুদের খাট বা অতিরিক্ত বেড',
          'শিশুদের জন্য স্বাগত উপহার',
          'লেকমুখী দৃশ্য',
          'বিনামূল্যে উচ্চগতির ওয়াইফাই',
        ],
        size: '৪৫ বর্গমিটার / ৪৮৫ বর্গফুট',
        beds: '১টি কিং বেড ও ১টি সিঙ্গেল বেড',
        ...baseBn(),
        windows: 'দুটি বড় জানালা, লেকের দৃশ্য',
        minibar: 'জুস ও নাশতায় সাজানো; মূল্য প্রযোজ্য',
        international_channels: [...baseBn().international_channels, 'কার্টুন নেটওয়ার্ক', 'ডিজনি চ্যানেল'],
      },
      rooms: floor(4, 6),
      scenes: [
        { kind: 'family', palette: 'terracotta', view: 'lake', seed: 41 },
        { kind: 'lounge', palette: 'terracotta', view: 'lake', seed: 42, mirror: true },
        { kind: 'bath-shower', palette: 'terracotta', view: 'lake', seed: 43 },
      ],
      template: {
        ...t,
        room_overview: {
          ...t.room_overview,
          name: 'Family Room',
          description: 'A king bed, a single bed and a sofa, looking over Gulshan Lake.',
          size: '45 sq m / 485 sq ft',
        },
        special_benefits: [
          'Complimentary breakfast for the family',
          'Free crib or rollaway bed',
          "Children's welcome pack",
          'Lake view',
          'Free high-speed WiFi',
        ],
        beds_and_bedding: {
          ...t.beds_and_bedding,
          beds: '1 King bed and 1 Single bed',
          maximum_occupancy: 3,
          maximum_adults: 3,
          maximum_children: 2,
          maximum_infants: 1,
          cribs_permitted: 2,
        },
        room_features: { ...t.room_features, windows: 'Two large windows, lake view', connecting_rooms_available: true },
        bath_and_bathroom_features: { ...t.bath_and_bathroom_features, robe: true },
        furniture_and_furnishings: { ...t.furniture_and_furnishings, iron_and_ironing_board: true },
        food_and_beverages: { ...t.food_and_beverages, minibar: 'Stocked with juice and snacks, charges apply' },
        internet_and_phones: { ...t.internet_and_phones, phones: 2 },
        entertainment: { ...t.entertainment, international_channels: [...t.entertainment.international_channels, 'Cartoon Network', 'Disney Channel'] },
      },
    };
  })(),
  (() => {
    const t = base();
    return {
      name: 'Executive Suite',
      rackRate: 22000,
      offerPrice: 17500,
      description:
        'A suite on the top floor with a separate living room, a king bedroom and a marble bathroom with a freestanding tub. Floor-to-ceiling windows look over the lights of the city at night; a butler, evening drinks and airport transfers are included.',
      bn: {
        name: 'এক্সিকিউটিভ স্যুট',
        description:
          'সবচেয়ে উঁচু তলায় আলাদা বসার ঘরসহ একটি স্যুট: কিং বেডের শোবার ঘর এবং ফ্রিস্ট্যান্ডিং বাথটাবসহ মার্বেলের বাথরুম। মেঝে থেকে ছাদ পর্যন্ত জানালা দিয়ে রাতের শহরের আলো দেখা যায়; ব্যক্তিগত বাটলার, সন্ধ্যার পানীয় এবং বিমানবন্দরে আনা-নেওয়া অন্তর্ভুক্ত।',
        special_benefits: [
          'স্যুটে বা রেস্তোরাঁয় বিনামূল্যে সকালের নাশতা',
          'বিমানবন্দর থেকে আনা ও পৌঁছে দেওয়া',
          'বাটলার সেবা',
          'সন্ধ্যার পানীয় ও হালকা খাবার',
          'প্রতিদিন দুটি পোশাক ইস্ত্রি',
          'বিনামূল্যে উচ্চগতির ওয়াইফাই',
        ],
        size: '৬৫ বর্গমিটার / ৭০০ বর্গফুট',
        beds: '১টি কিং বেড, আলাদা বসার ঘর',
        ...baseBn(),
        windows: 'দুই দিকে মেঝে থেকে ছাদ পর্যন্ত জানালা, শহরের দৃশ্য',
        room_service: '২৪ ঘণ্টা, নিজস্ব ডাইনিং মেনুসহ',
        bottled_water: 'বিনামূল্যে, দিনে দুবার নতুন করে দেওয়া হয়',
        minibar: 'কোমল পানীয় বিনামূল্যে; অন্যান্য জিনিসের মূল্য আলাদা',
        phone_features: ['ভয়েসমেইল', 'স্পিকারফোন', 'সরাসরি আন্তর্জাতিক কল', 'বাটলারের সরাসরি লাইন'],
        international_channels: [
          'বিবিসি ওয়ার্ল্ড নিউজ',
          'সিএনএন ইন্টারন্যাশনাল',
          'আল জাজিরা',
          'স্টার স্পোর্টস',
          'নেটফ্লিক্স',
          'অ্যামাজন প্রাইম ভিডিও',
        ],
      },
      rooms: floor(5, 4),
      scenes: [
        { kind: 'lounge', palette: 'night', view: 'skyline-night', seed: 51 },
        { kind: 'king', palette: 'night', view: 'skyline-night', seed: 52, mirror: true },
        { kind: 'bath-tub', palette: 'night', view: 'skyline-night', seed: 53 },
      ],
      template: {
        ...t,
        room_overview: {
          ...t.room_overview,
          name: 'Executive Suite',
          description: 'Living room, king bedroom and a marble bathroom on the top floor.',
          size: '65 sq m / 700 sq ft',
        },
        special_benefits: [
          'Complimentary breakfast in the suite or the restaurant',
          'Airport transfers both ways',
          'Butler service',
          'Evening drinks and canapés',
          'Pressing of two garments a day',
          'Free high-speed WiFi',
        ],
        beds_and_bedding: { ...t.beds_and_bedding, beds: '1 King bed, separate living room', maximum_occupancy: 3, maximum_children: 1, extra_adult_charge: 2500 },
        room_features: { ...t.room_features, windows: 'Floor-to-ceiling windows on two sides, city view' },
        bath_and_bathroom_features: { separate_bathtub_and_shower: true, lighted_makeup_mirror: true, hair_dryer: true, robe: true, slippers: true },
        furniture_and_furnishings: {
          alarm_clock: true,
          safe_in_room: true,
          safe_fee: false,
          desk: true,
          electrical_outlet: true,
          iron_and_ironing_board: true,
          trouser_press: true,
        },
        food_and_beverages: {
          room_service: '24-hour, with a private dining menu',
          bottled_water: 'Complimentary, replenished twice a day',
          coffee_tea_maker: true,
          instant_hot_water: true,
          minibar: 'Complimentary soft drinks; other items charged',
        },
        internet_and_phones: { phones: 3, phone_features: ['Voicemail', 'Speaker', 'International direct dialling', 'Butler line'], wireless_internet: WIFI },
        entertainment: {
          plug_in_high_tech_room: true,
          cable_satellite: true,
          international_channels: ['BBC World News', 'CNN International', 'Al Jazeera', 'Star Sports', 'Netflix', 'Amazon Prime Video'],
        },
        accessible_room_features: { mobility_accessible_rooms: false, roll_in_shower: false, hearing_accessible_rooms: true },
      },
    };
  })(),
];

/** Rooms that are not simply their category: some are being cleaned, some repaired, a few occupied. */
export const DEMO_ROOMS: Record<string, DemoRoom> = {
  '103': { status: 'booked' },
  '105': { status: 'cleaning' },
  '108': { price: 6000, scene: { kind: 'queen', palette: 'sand', view: 'lake', seed: 18, mirror: true } },
  '202': { status: 'cleaning' },
  '206': { status: 'booked' },
  '302': { status: 'maintenance' },
  '304': { status: 'cleaning' },
  '308': { price: 10500, scene: { kind: 'king', palette: 'teal', view: 'skyline-day', seed: 38, mirror: true } },
  '403': { status: 'booked' },
  '406': { scene: { kind: 'family', palette: 'terracotta', view: 'garden', seed: 46 } },
  '502': { status: 'cleaning' },
  '504': { status: 'maintenance', price: 19500, scene: { kind: 'lounge', palette: 'night', view: 'skyline-dusk', seed: 54 } },
};

export interface DemoRoomsResult {
  categories: number;
  rooms: number;
  images: number;
  ms: number;
}

export interface DemoRoomsOptions {
  /** Size of the drawn pictures relative to 1920 × 1280 (tests draw them smaller). */
  scale?: number;
  /** Pictures drawn at once; each already uses every core while it is encoded. */
  concurrency?: number;
}

/**
 * Creates the demo categories, their rooms and their pictures, unless any category exists (a
 * hotel's own data, or the demo already made). The pictures are stored first; the rows follow
 * in one transaction, so a crash half-way leaves no half-made demo behind (only unused files).
 */
export async function seedDemoRooms(db: Database, storage: Storage, options: DemoRoomsOptions = {}): Promise<DemoRoomsResult | null> {
  const [existing] = await db.select({ n: count() }).from(roomCategories);
  if ((existing?.n ?? 0) > 0) return null;
  const started = performance.now();

  const scenes = [
    ...DEMO_CATEGORIES.flatMap((c) => c.scenes),
    ...Object.values(DEMO_ROOMS).flatMap((r) => (r.scene ? [r.scene] : [])),
  ];
  const urls = await mapLimit(scenes, options.concurrency ?? 2, async (scene) => {
    const picture = await drawScene(scene, options.scale ?? 1);
    return (await storeImage(storage, picture)).url;
  });
  const urlOf = new Map(scenes.map((scene, i) => [scene, urls[i]!]));

  let rooms = 0;
  await db.transaction(async (tx) => {
    for (const category of DEMO_CATEGORIES) {
      const images = category.scenes.map((s) => urlOf.get(s)!);
      const input = ZCategoryUpsertRequest.parse({
        ...category.template,
        name: category.name,
        rackRate: category.rackRate,
        offerPrice: category.offerPrice,
        description: category.description,
        images,
        translations: { bn: category.bn },
        roomNumbers: category.rooms,
      } satisfies TCategoryUpsertRequest);
      const { sync } = await saveCategory(tx, [], input);
      const problems = [...(sync?.invalid ?? []), ...(sync?.failed ?? [])];
      if (sync?.preSyncError || problems.length > 0) {
        throw new Error(`Demo category ${category.name} did not sync: ${sync?.preSyncError ?? JSON.stringify(problems)}`);
      }
      for (const room of await activeRoomsOfCategory(tx, category.name)) {
        rooms += 1;
        const demo = DEMO_ROOMS[room.roomNumber];
        if (!demo) continue;
        const patch: TRoomPatch = {};
        if (demo.status) patch.status = demo.status;
        if (demo.price) patch.price = demo.price;
        if (demo.scene) patch.images = [urlOf.get(demo.scene)!, ...images.slice(1, 3)];
        await patchRoom(tx, room.id, ZRoomPatch.parse(patch), { role: 'admin' });
      }
    }
  });
  return { categories: DEMO_CATEGORIES.length, rooms, images: scenes.length, ms: Math.round(performance.now() - started) };
}

/**
 * One scene as a picture for storeImage: rasterised from SVG and handed over as a high-quality
 * JPEG, which sharp decodes quickly (and shrinks on load) for each of the five WebP sizes.
 */
async function drawScene(scene: SceneOptions, scale: number): Promise<Buffer> {
  return sharp(Buffer.from(roomSceneSvg(scene)), { density: 72 * scale })
    .jpeg({ quality: 94, chromaSubsampling: '4:4:4' })
    .toBuffer();
}

async function mapLimit<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
