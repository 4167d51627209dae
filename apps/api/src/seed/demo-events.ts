import {
  addDays,
  todayAt,
  ZVenueInput,
  type TEventLayout,
  type TEventStatus,
  type TEventType,
  type TFoodPreference,
  type TLanguage,
  type TServiceType,
  type TVenueInput,
} from '@residency/shared';
import { and, count, eq, gte, lte } from 'drizzle-orm';
import sharp from 'sharp';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { bookings, eventRequests, serviceRequests, venues } from '../db/schema.ts';
import { findActiveUserByEmail } from '../lib/accounts.ts';
import { newReference } from '../lib/references.ts';
import { insertVenue } from '../modules/events/events.repository.ts';
import { storeImage } from '../modules/uploads/uploads.service.ts';
import type { Storage } from '../plugins/storage.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { hallSceneSvg } from './demo-hall-scenes.ts';

/*
 * The demo hotel's halls, a few event requests in each state, and service requests on the demo
 * guest's current stay, so /events and the request screens show a working hotel on a first
 * start. Written directly (no mails are sent for them).
 */

type HallScene = Parameters<typeof hallSceneSvg>[0];

interface DemoHall {
  hall: Omit<TVenueInput, 'images'>;
  scenes: HallScene[];
}

export const DEMO_HALLS: DemoHall[] = [
  {
    hall: {
      name: 'Padma Hall',
      description:
        'Our grand ballroom on the first floor: a high ceiling with crystal chandeliers, a stage for the couple or the speakers, and its own entrance from the lobby. Weddings, receptions and gala dinners.',
      area: 520,
      capacities: { 'Theater Style': 400, 'Classroom Setup': 220, 'U-Shape Layout': 90, 'Custom Layout': 320 },
      translations: {
        bn: {
          name: 'পদ্মা হল',
          description:
            'দোতলায় আমাদের বড় বলরুম: ঝাড়বাতি ঝোলানো উঁচু ছাদ, বর-কনে বা বক্তাদের জন্য মঞ্চ, আর লবি থেকে আলাদা প্রবেশপথ। বিয়ে, সংবর্ধনা ও নৈশভোজের জন্য।',
        },
      },
      sortOrder: 1,
    },
    scenes: [
      { kind: 'ballroom', seed: 11 },
      { kind: 'ballroom-wedding', seed: 12 },
    ],
  },
  {
    hall: {
      name: 'Jamuna Room',
      description:
        'A daylight meeting room with a view over Gulshan Lake: a projector and screen, a sound system, fast Wi-Fi and a coffee station. Board meetings, trainings and workshops.',
      area: 140,
      capacities: { 'Classroom Setup': 48, 'U-Shape Layout': 30, 'I-Shape Layout': 24, 'Theater Style': 80 },
      translations: {
        bn: {
          name: 'যমুনা রুম',
          description:
            'গুলশান লেকের দিকে খোলা দিনের আলোয় ভরা মিটিং রুম: প্রজেক্টর ও পর্দা, সাউন্ড সিস্টেম, দ্রুত ওয়াই-ফাই আর কফি কর্নার। বোর্ড মিটিং, প্রশিক্ষণ ও কর্মশালার জন্য।',
        },
      },
      sortOrder: 2,
    },
    scenes: [{ kind: 'boardroom', seed: 21 }],
  },
];

/** An event request as a visitor made it; its date in days from today. */
interface DemoEventRequest {
  name: string;
  email: string;
  phone: string;
  company?: string;
  eventType: TEventType;
  layout: TEventLayout;
  inDays: number;
  startTime: string;
  endTime: string;
  guestCount: number;
  foodPreference: TFoodPreference;
  additionalRequirements?: string;
  language: TLanguage;
  status: TEventStatus;
}

/** Event requests in every state. */
export const DEMO_EVENT_REQUESTS: DemoEventRequest[] = [
  {
    name: 'Sabrina Chowdhury',
    email: 'sabrina.chowdhury@example.com',
    phone: '+880 1711-240011',
    eventType: 'Wedding',
    layout: 'Custom Layout',
    inDays: 45,
    startTime: '18:00',
    endTime: '23:00',
    guestCount: 300,
    foodPreference: 'buffet',
    additionalRequirements: 'Holud stage with marigolds, and a separate family dining area.',
    language: 'bn',
    status: 'pending',
  },
  {
    name: 'Tanvir Ahmed',
    email: 'tanvir.ahmed@example.com',
    phone: '+880 1819-550022',
    company: 'Bengal Software Ltd.',
    eventType: 'Conference',
    layout: 'Theater Style',
    inDays: 18,
    startTime: '09:00',
    endTime: '17:00',
    guestCount: 160,
    foodPreference: 'plated',
    additionalRequirements: 'Two wireless microphones and a livestream connection.',
    language: 'en',
    status: 'confirmed',
  },
  {
    name: 'Nabila Haque',
    email: 'nabila.haque@example.com',
    phone: '+880 1912-330033',
    eventType: 'Birthday',
    layout: 'U-Shape Layout',
    inDays: 9,
    startTime: '16:00',
    endTime: '20:00',
    guestCount: 40,
    foodPreference: 'snacks',
    language: 'en',
    status: 'cancelled',
  },
  {
    name: 'Imran Kabir',
    email: 'imran.kabir@example.com',
    phone: '+880 1713-770044',
    company: 'Meghna Traders',
    eventType: 'Corporate',
    layout: 'Classroom Setup',
    inDays: 27,
    startTime: '10:00',
    endTime: '13:30',
    guestCount: 36,
    foodPreference: 'none',
    additionalRequirements: 'A flip chart and printed name cards.',
    language: 'en',
    status: 'pending',
  },
];

/** Service requests on the demo guest's current stay: one done this morning, one waiting. */
const DEMO_SERVICE_REQUESTS: { service: TServiceType; description: string; completed: boolean; hoursAgo: number }[] = [
  { service: 'extra_towels', description: 'Two more bath towels, please.', completed: true, hoursAgo: 20 },
  { service: 'wake_up_call', description: 'Tomorrow at 6:30, please.', completed: false, hoursAgo: 2 },
];

export interface DemoEventsResult {
  halls: number;
  requests: number;
  services: number;
}

/**
 * The halls (with their pictures) when there is none; outside the browser tests' server, the
 * event requests and the demo guest's service requests too. Does nothing where halls exist.
 */
export async function seedDemoEvents(
  db: Database,
  storage: Storage,
  config: Config,
  options: { scale?: number } = {},
): Promise<DemoEventsResult | null> {
  const [existing] = await db.select({ n: count() }).from(venues);
  if ((existing?.n ?? 0) > 0) return null;
  const pictures: string[][] = [];
  for (const { scenes } of DEMO_HALLS) {
    const urls: string[] = [];
    for (const scene of scenes) {
      const jpeg = await sharp(Buffer.from(hallSceneSvg(scene)), { density: 72 * (options.scale ?? 1) })
        .jpeg({ quality: 92, chromaSubsampling: '4:4:4' })
        .toBuffer();
      urls.push((await storeImage(storage, jpeg)).url);
    }
    pictures.push(urls);
  }

  const today = todayAt(config.hotel.timeZone);
  let requests = 0;
  let services = 0;
  await db.transaction(async (tx) => {
    for (const [i, { hall }] of DEMO_HALLS.entries()) await insertVenue(tx, ZVenueInput.parse({ ...hall, images: pictures[i] }));
    // The browser tests start without requests: each test makes its own.
    if (config.env === 'test') return;

    for (const [i, request] of DEMO_EVENT_REQUESTS.entries()) {
      const { inDays, status, ...fields } = request;
      const asked = new Date(Date.now() - (i + 1) * 26 * 3_600_000);
      await tx.insert(eventRequests).values({
        ...fields,
        company: fields.company ?? null,
        additionalRequirements: fields.additionalRequirements ?? null,
        reference: newReference('EVT'),
        date: addDays(today, inDays),
        status,
        createdAt: asked,
        updatedAt: asked,
      });
      requests += 1;
    }

    const guest = await findActiveUserByEmail(tx, DEMO_ACCOUNTS.find((a) => a.role === 'user')!.email);
    if (!guest) return;
    const [stay] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.userId, guest.id), eq(bookings.status, 'active'), lte(bookings.checkIn, today), gte(bookings.checkOut, today)))
      .limit(1);
    if (!stay) return;
    for (const request of DEMO_SERVICE_REQUESTS) {
      const asked = new Date(Date.now() - request.hoursAgo * 3_600_000);
      await tx.insert(serviceRequests).values({
        userId: guest.id,
        bookingId: stay.id,
        service: request.service,
        description: request.description,
        isCompleted: request.completed,
        completedAt: request.completed ? new Date(asked.getTime() + 40 * 60_000) : null,
        createdAt: asked,
        updatedAt: asked,
      });
      services += 1;
    }
  });
  return { halls: DEMO_HALLS.length, requests, services };
}
