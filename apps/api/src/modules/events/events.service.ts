import {
  addDays,
  EVENT_DAYS_AHEAD_MAX,
  todayAt,
  ZEventRequestCreate,
  ZEventRequestUpdate,
  ZVenueInput,
  type TEventRequest,
  type TVenue,
} from '@residency/shared';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { newReference } from '../../lib/references.ts';
import { inTransaction } from '../../lib/transactions.ts';
import { WriteBatcher } from '../../lib/write-batcher.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import { eventReceivedMails, eventStatusMail } from './events.mails.ts';
import {
  deleteEventRequest,
  deleteVenue,
  findEventRequest,
  insertEventRequests,
  insertVenue,
  listEventRequests,
  listVenues,
  updateEventRequest,
  updateVenue,
  type EventFilter,
  type EventRequestRow,
  type NewEventRequest,
  type VenueRow,
} from './events.repository.ts';

export interface EventDeps {
  db: Database;
  mailer: Mailer;
  config: Config;
}

function presentEventRequest(row: EventRequestRow): TEventRequest {
  return {
    _id: row.id,
    reference: row.reference,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    eventType: row.eventType,
    layout: row.layout,
    date: row.date,
    startTime: row.startTime,
    endTime: row.endTime,
    guestCount: row.guestCount,
    foodPreference: row.foodPreference,
    additionalRequirements: row.additionalRequirements,
    preferenceImage: row.preferenceImage,
    status: row.status,
    language: row.language,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const notFound = () => AppError.notFound('This event request does not exist.', 'EVENT_NOT_FOUND');

/** An event is asked for from today (at the hotel) up to two years ahead. */
function checkEventDate(date: string, config: Config) {
  const today = todayAt(config.hotel.timeZone);
  if (date < today) {
    throw new AppError('VALIDATION_ERROR', 'The event date cannot be in the past.', 400, [
      { path: 'date', message: 'The event date cannot be in the past.' },
    ]);
  }
  if (date > addDays(today, EVENT_DAYS_AHEAD_MAX)) {
    throw new AppError('VALIDATION_ERROR', 'We take event requests up to two years ahead.', 400, [
      { path: 'date', message: 'We take event requests up to two years ahead.' },
    ]);
  }
}

const REFERENCE_ATTEMPTS = 5;

type NewRequest = Omit<NewEventRequest, 'reference'>;

/**
 * Writes requests and their mails (to the requester in their language, to the hotel) in one
 * transaction: one insert for the requests, one for the mails, whatever their number. A
 * reference found taken is drawn again.
 */
async function writeEventRequests(deps: EventDeps, requests: NewRequest[]): Promise<EventRequestRow[]> {
  const rows = await inTransaction(deps.db, async (tx) => {
    const written = new Map<number, EventRequestRow>();
    let todo = requests.map((request, index) => ({ index, values: { ...request, reference: newReference('EVT') } }));
    for (let attempt = 0; todo.length > 0; attempt += 1) {
      if (attempt === REFERENCE_ATTEMPTS) throw new Error(`No free event reference after ${REFERENCE_ATTEMPTS} draws`);
      const inserted = new Map((await insertEventRequests(tx, todo.map((t) => t.values))).map((row) => [row.reference, row]));
      for (const t of todo) {
        const row = inserted.get(t.values.reference);
        if (row) written.set(t.index, row);
      }
      todo = todo.filter((t) => !written.has(t.index)).map((t) => ({ ...t, values: { ...t.values, reference: newReference('EVT') } }));
    }
    const ordered = requests.map((_, index) => written.get(index)!);
    await deps.mailer.enqueue(tx, ordered.flatMap((row) => eventReceivedMails(deps.config, row)));
    return ordered;
  });
  deps.mailer.kick();
  return rows;
}

/** Visitors' requests arriving together are written together (see WriteBatcher). */
export function createEventRequestWriter(deps: EventDeps) {
  return new WriteBatcher<NewRequest, EventRequestRow>((requests) => writeEventRequests(deps, requests));
}

/**
 * A visitor's request for a hall: stored as pending with a reference, and both mails written to
 * the outbox in the same transaction.
 */
export async function createEventRequest(
  deps: EventDeps & { writer: ReturnType<typeof createEventRequestWriter> },
  input: z.output<typeof ZEventRequestCreate>,
): Promise<TEventRequest> {
  checkEventDate(input.date, deps.config);
  const row = await deps.writer.submit({
    name: input.name,
    email: input.email,
    phone: input.phone,
    company: input.company ?? null,
    eventType: input.eventType,
    layout: input.layout,
    date: input.date,
    startTime: input.startTime,
    endTime: input.endTime,
    guestCount: input.guestCount,
    foodPreference: input.foodPreference,
    additionalRequirements: input.additionalRequirements ?? null,
    preferenceImage: input.preferenceImage ?? null,
    language: input.language,
  });
  return presentEventRequest(row);
}

export async function getEventRequests(deps: EventDeps, filter: EventFilter) {
  const { data, total } = await listEventRequests(deps.db, filter);
  return { data: data.map(presentEventRequest), meta: { page: filter.page, limit: filter.limit, total } };
}

export async function getEventRequest(deps: EventDeps, id: string): Promise<TEventRequest> {
  const row = await findEventRequest(deps.db, id);
  if (!row) throw notFound();
  return presentEventRequest(row);
}

/**
 * Staff change a request (spec: status set freely, and the event's details). A change of status
 * mails the requester in their language; other changes are the staff's notes of what was agreed.
 */
export async function changeEventRequest(
  deps: EventDeps,
  id: string,
  change: z.output<typeof ZEventRequestUpdate>,
): Promise<TEventRequest> {
  const row = await inTransaction(deps.db, async (tx) => {
    const current = await findEventRequest(tx, id, true);
    if (!current) throw notFound();
    const startTime = change.startTime ?? current.startTime;
    const endTime = change.endTime ?? current.endTime;
    if (endTime <= startTime) {
      throw new AppError('VALIDATION_ERROR', 'The end time must be after the start time.', 400, [
        { path: 'endTime', message: 'The end time must be after the start time.' },
      ]);
    }
    const updated = await updateEventRequest(tx, id, change);
    if (change.status && change.status !== current.status) await deps.mailer.enqueue(tx, eventStatusMail(deps.config, updated));
    return updated;
  });
  deps.mailer.kick();
  return presentEventRequest(row);
}

export async function removeEventRequest(deps: EventDeps, id: string): Promise<void> {
  if (!(await deleteEventRequest(deps.db, id))) throw notFound();
}

function presentVenue(row: VenueRow): TVenue {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    area: row.area,
    capacities: row.capacities,
    images: row.images,
    translations: row.translations,
    sortOrder: row.sortOrder,
  };
}

export async function getVenues(db: Database): Promise<TVenue[]> {
  return (await listVenues(db)).map(presentVenue);
}

export async function createVenue(db: Database, input: z.output<typeof ZVenueInput>): Promise<TVenue> {
  return presentVenue(await insertVenue(db, input));
}

export async function changeVenue(db: Database, id: string, input: z.output<typeof ZVenueInput>): Promise<TVenue> {
  const row = await updateVenue(db, id, input);
  if (!row) throw AppError.notFound('This hall does not exist.', 'VENUE_NOT_FOUND');
  return presentVenue(row);
}

export async function removeVenue(db: Database, id: string): Promise<void> {
  if (!(await deleteVenue(db, id))) throw AppError.notFound('This hall does not exist.', 'VENUE_NOT_FOUND');
}
