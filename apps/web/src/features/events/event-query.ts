import { EVENT_MENU_TYPES, EVENT_TYPES, type TEventType } from '@residency/shared/event-kinds';

/**
 * The event type that `?type=` preselects: the Meetings & Events submenu's words (`corporate`,
 * `private`, `wedding`), or a type's own name in any case (`?type=birthday`). Anything else
 * preselects nothing.
 */
export function eventTypeFromQuery(type: string | null | undefined): TEventType | undefined {
  const wanted = type?.trim().toLowerCase();
  if (!wanted) return undefined;
  if (Object.hasOwn(EVENT_MENU_TYPES, wanted)) return EVENT_MENU_TYPES[wanted as keyof typeof EVENT_MENU_TYPES];
  return EVENT_TYPES.find((t) => t.toLowerCase() === wanted);
}
