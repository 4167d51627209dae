import type { TEventRequest, TEventRequestCreate } from '@residency/shared/events';
import { apiRequest } from '../../lib/http';

/**
 * Sends a visitor's request for a hall (`POST /api/events`, no account needed). Throws an
 * ApiError carrying the server's message and, on a 400, the field errors (as the contact form).
 * Plain fetch, not the dashboards' data layer: /events stays light.
 */
export async function sendEventRequest(input: TEventRequestCreate): Promise<TEventRequest> {
  return (await apiRequest<{ success: true; data: TEventRequest }>('/events', { method: 'POST', body: input })).data;
}
