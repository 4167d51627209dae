import type { RoomStatus } from '@residency/shared';
import { ROOM_STATUSES } from '@residency/shared/room-rules';

/** The housekeeping list's status filter: one status, or every room. */
export type StatusFilter = RoomStatus | 'all';

/** The status filter of the URL (`?status=cleaning`, as the staff dashboard links it); anything else is all rooms. */
export function statusFilterOf(params: URLSearchParams): StatusFilter {
  const value = params.get('status');
  return value && (ROOM_STATUSES as readonly string[]).includes(value) ? (value as RoomStatus) : 'all';
}
