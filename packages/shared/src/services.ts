import { z } from 'zod';
import { ZPageQuery } from './api.ts';
import { zText } from './text.ts';

/** What a guest may ask for during a stay (spec section 3, Service request: `service`). */
export const SERVICE_TYPES = [
  'housekeeping',
  'extra_towels',
  'room_service',
  'laundry',
  'maintenance',
  'wake_up_call',
  'other',
] as const;
export type TServiceType = (typeof SERVICE_TYPES)[number];

const SERVICE_STATES = ['pending', 'completed'] as const;

/**
 * Whether a stay can take service requests: not cancelled or a no-show, the guest not checked
 * out, and not over (check-out today or later at the hotel: on the day of departure a guest
 * still in the house may want a late wake-up call). The API enforces it; the web app uses it to
 * say why a guest cannot ask.
 */
export function takesServiceRequests(stay: { status: string; stage?: string; endDate: string }, today: string): boolean {
  return stay.status === 'active' && stay.stage !== 'checked_out' && stay.endDate >= today;
}

/** `POST /api/services`: a guest asks for a service for one of their current or upcoming stays. */
export const ZServiceRequestCreate = z
  .object({
    service: z.enum(SERVICE_TYPES, { message: 'Choose a service.' }),
    description: zText().trim().max(1000, 'At most 1000 characters.').default(''),
    /** The stay it is for; without it, the guest's current stay, else the next one. */
    bookingId: z.uuid({ message: 'Not a valid booking.' }).optional(),
  })
  .refine((r) => r.service !== 'other' || r.description.length > 0, {
    message: 'Tell us what you need.',
    path: ['description'],
  });
export type TServiceRequestCreate = z.input<typeof ZServiceRequestCreate>;

/** `PATCH /api/services/:id` (spec section 7). */
export const ZServiceRequestPatch = z.object({ isCompleted: z.literal(true, { message: 'Send {isCompleted: true}.' }) }).strict();

export const ZServiceListQuery = ZPageQuery.extend({
  searchTerm: zText().trim().max(100).optional(),
  status: z.enum(SERVICE_STATES).optional(),
});

export const ZServiceRequest = z.object({
  _id: z.string(),
  user: z.object({ _id: z.string(), name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
  room: z.object({ _id: z.string(), category: z.string(), roomNumber: z.string() }),
  /** The stay; `reservationId` is its reservation, whose folio a completed request is charged to. */
  booking: z.object({ _id: z.string(), transactionId: z.string(), startDate: z.string(), endDate: z.string(), reservationId: z.string() }),
  service: z.enum(SERVICE_TYPES),
  description: z.string(),
  isCompleted: z.boolean(),
  completedAt: z.string().nullable(),
  /** A charge on the folio is for this request (at most one: a second is refused). */
  chargedToFolio: z.boolean(),
  createdAt: z.string(),
});
export type TServiceRequest = z.infer<typeof ZServiceRequest>;
