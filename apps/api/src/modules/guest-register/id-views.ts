import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { idViews } from '../../db/schema.ts';
import { principalOf } from '../../plugins/auth.ts';

/** What was viewed: a room's cards, one photo, a card's PDF, or the police register. */
export interface IdViewSubject {
  action: 'cards' | 'photo' | 'card_pdf' | 'register';
  bookingId?: string | null;
  cardId?: string | null;
  photoId?: string | null;
  guestName?: string | null;
  /** Anything else that says what was seen (the register's dates and format). */
  detail?: string | null;
}

/**
 * Logs a view of a card, a photo or the register (issue 34): who (and their role then), when and
 * from where. Written in the caller's transaction, before the bytes are answered, so nothing is
 * seen without its line; the log is kept when retention erases the cards.
 */
export async function recordIdView(executor: Executor, request: FastifyRequest, subjects: IdViewSubject | IdViewSubject[]): Promise<void> {
  const list = Array.isArray(subjects) ? subjects : [subjects];
  if (list.length === 0) return;
  const viewer = principalOf(request);
  const userAgent = request.headers['user-agent']?.slice(0, 300) ?? null;
  await executor.insert(idViews).values(
    list.map((s) => ({
      viewerId: viewer.id,
      viewerRole: viewer.role,
      action: s.action,
      bookingId: s.bookingId ?? null,
      cardId: s.cardId ?? null,
      photoId: s.photoId ?? null,
      guestName: s.guestName ?? null,
      detail: s.detail ?? null,
      ip: request.ip,
      userAgent,
    })),
  );
}
