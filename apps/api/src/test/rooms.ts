import { defaultCategory, type TCategoryUpsertRequest } from '@residency/shared';
import type { FastifyInstance } from 'fastify';

/** A complete category template, ready for its rooms to be synced. */
export function categoryPayload(name: string, overrides: Partial<TCategoryUpsertRequest> = {}): TCategoryUpsertRequest {
  const base = defaultCategory();
  return {
    ...base,
    name,
    rackRate: 9000,
    offerPrice: 7500,
    description: `${name}: a calm room above the garden.`,
    room_overview: { ...base.room_overview, description: 'Quiet, bright and well kept.' },
    room_features: { ...base.room_features, windows: 'Floor-to-ceiling, city view' },
    ...overrides,
  };
}

/** Saves a category (and syncs rooms when `roomNumbers` is given) as the admin. */
export async function saveCategory(
  app: FastifyInstance,
  auth: Record<string, string>,
  name: string,
  overrides: Partial<TCategoryUpsertRequest> = {},
) {
  const res = await app.inject({ method: 'PUT', url: '/api/room-categories', headers: auth, payload: categoryPayload(name, overrides) });
  return res;
}

/** The active rooms of a category, by number. */
export async function roomNumbersOf(app: FastifyInstance, category: string): Promise<string[]> {
  const res = await app.inject({ url: `/api/room?categories=${encodeURIComponent(category)}&limit=1000` });
  return (res.json().data as { room_overview: { room_number: string } }[]).map((r) => r.room_overview.room_number);
}
