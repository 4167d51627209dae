import type { TEventLayout, TEventRequest, TEventRequestUpdate, TEventStatus, TEventType, TFoodPreference } from '@residency/shared/events';
import dayjs, { type Dayjs } from 'dayjs';

/** What the Update modal's form holds: antd's pickers work with Dayjs values. */
export interface EventUpdateValues {
  status: TEventStatus;
  eventType: TEventType;
  layout: TEventLayout;
  date: Dayjs | null;
  startTime: Dayjs | null;
  endTime: Dayjs | null;
  guestCount: number | null;
  foodPreference: TFoodPreference;
  additionalRequirements: string;
}

/** 'HH:mm' as a TimePicker holds it (on today's date, which is never sent). */
const clock = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return dayjs()
    .hour(h ?? 0)
    .minute(m ?? 0)
    .second(0)
    .millisecond(0);
};

/** The form's values for a request as it is stored. */
export function eventUpdateValues(request: TEventRequest): EventUpdateValues {
  return {
    status: request.status,
    eventType: request.eventType,
    layout: request.layout,
    date: dayjs(request.date),
    startTime: clock(request.startTime),
    endTime: clock(request.endTime),
    guestCount: request.guestCount,
    foodPreference: request.foodPreference,
    additionalRequirements: request.additionalRequirements ?? '',
  };
}

/**
 * The body of `PUT /api/events/:id` from the checked form: the date as YYYY-MM-DD and the times
 * as HH:mm (spec section 5); emptied requirements are sent as null, which clears them.
 */
export function eventUpdateBody(values: EventUpdateValues): TEventRequestUpdate {
  const requirements = values.additionalRequirements.trim();
  return {
    status: values.status,
    eventType: values.eventType,
    layout: values.layout,
    date: values.date!.format('YYYY-MM-DD'),
    startTime: values.startTime!.format('HH:mm'),
    endTime: values.endTime!.format('HH:mm'),
    guestCount: values.guestCount!,
    foodPreference: values.foodPreference,
    additionalRequirements: requirements === '' ? null : requirements,
  };
}
