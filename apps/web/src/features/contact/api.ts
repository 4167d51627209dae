import type { TContactRequest } from '@residency/shared/contact';
import { apiRequest } from '../../lib/http';

/** The server's answer to a contact message (202). */
export interface ContactResponse {
  success: true;
  message: string;
}

/**
 * Sends the contact form to the hotel (`POST /api/contact`). Throws an ApiError carrying the
 * server's message and, on a 400, the field errors.
 */
export function sendContactMessage(input: TContactRequest): Promise<ContactResponse> {
  return apiRequest<ContactResponse>('/contact', { method: 'POST', body: input });
}
