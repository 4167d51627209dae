export { eventTypeFromQuery } from './event-query';
import { addDays } from '@residency/shared/dates';
import {
  EVENT_DAYS_AHEAD_MAX,
  ZEventRequestCreate,
  type TEventLayout,
  type TEventRequestCreate,
  type TEventType,
  type TFoodPreference,
  type TLanguage,
} from '@residency/shared/events';
import { TEXT_NOT_ALLOWED_MESSAGE } from '@residency/shared/text';

/** The fields of the /events form, in the order they are shown (the first in error gets the focus). */
export const EVENT_FORM_FIELDS = [
  'name',
  'email',
  'phone',
  'company',
  'eventType',
  'layout',
  'date',
  'startTime',
  'endTime',
  'guestCount',
  'foodPreference',
  'additionalRequirements',
  'preferenceImage',
] as const;
export type EventFormField = (typeof EVENT_FORM_FIELDS)[number];

/** What the form holds: text as typed (the guest count too), '' for a choice not made yet. */
export interface EventFormValues {
  name: string;
  email: string;
  phone: string;
  company: string;
  eventType: TEventType | '';
  layout: TEventLayout | '';
  date: string;
  startTime: string;
  endTime: string;
  guestCount: string;
  foodPreference: TFoodPreference;
  additionalRequirements: string;
  preferenceImage: string;
}

export const EMPTY_EVENT_FORM: EventFormValues = {
  name: '',
  email: '',
  phone: '',
  company: '',
  eventType: '',
  layout: '',
  date: '',
  startTime: '',
  endTime: '',
  guestCount: '',
  foodPreference: 'none',
  additionalRequirements: '',
  preferenceImage: '',
};

/** The contact details survive "Send another request": a planner asking for a second hall types them once. */
export function nextRequestValues(sent: EventFormValues, type?: TEventType): EventFormValues {
  return { ...EMPTY_EVENT_FORM, name: sent.name, email: sent.email, phone: sent.phone, company: sent.company, eventType: type ?? '' };
}

const isEventFormField = (value: unknown): value is EventFormField => EVENT_FORM_FIELDS.includes(value as EventFormField);


/**
 * One problem with one field: `key` names its words in the `events` namespace; `message` is
 * the English of the contract (or the server's words), shown where there is no key or no
 * translation for it.
 */
export interface FieldProblem {
  field: EventFormField;
  key?: string;
  message: string;
}

const PAST = 'The event date cannot be in the past.';
const TOO_FAR = 'We take event requests up to two years ahead.';

/** The server's field messages we know, by their words (it sends no code per field). */
const SERVER_MESSAGE_KEYS: Record<string, string> = {
  [PAST]: 'form.errors.date.past',
  [TOO_FAR]: 'form.errors.date.tooFar',
  'The end time must be after the start time.': 'form.errors.endTime.custom',
};

/** The translation key of a contract issue: an empty field is "required", whatever check caught it. */
function issueKey(field: EventFormField, code: string, message: string, values: EventFormValues): string {
  if (message === TEXT_NOT_ALLOWED_MESSAGE) return 'form.errors.textNotAllowed';
  if (String(values[field]).trim() === '') return `form.errors.${field}.required`;
  return `form.errors.${field}.${code}`;
}

/** The body of `POST /api/events`, as the contract reads it: empty optional fields are "not given". */
function eventRequestBody(values: EventFormValues, language: TLanguage): TEventRequestCreate {
  const count = values.guestCount.trim();
  return {
    name: values.name,
    email: values.email,
    phone: values.phone,
    company: values.company,
    eventType: values.eventType as TEventType,
    layout: values.layout as TEventLayout,
    date: values.date,
    startTime: values.startTime,
    endTime: values.endTime,
    // A count that is not a number stays one for the contract to refuse ("Say how many guests…").
    guestCount: count === '' ? (undefined as unknown as number) : Number(count),
    foodPreference: values.foodPreference,
    additionalRequirements: values.additionalRequirements,
    preferenceImage: values.preferenceImage,
    language,
  };
}

/**
 * Checks the form with the shared contract (`ZEventRequestCreate`), then the date against
 * today at the hotel, as the server will (not in the past, at most two years ahead). Returns
 * the body to send, or the first problem of each field.
 */
export function checkEventForm(
  values: EventFormValues,
  today: string,
  language: TLanguage,
): { body: TEventRequestCreate; problems: [] } | { body: null; problems: FieldProblem[] } {
  const body = eventRequestBody(values, language);
  const parsed = ZEventRequestCreate.safeParse(body);
  const problems: FieldProblem[] = [];
  const add = (problem: FieldProblem) => {
    if (!problems.some((p) => p.field === problem.field)) problems.push(problem);
  };
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (isEventFormField(field)) add({ field, key: issueKey(field, issue.code, issue.message, values), message: issue.message });
    }
  }
  if (values.date && values.date < today) add({ field: 'date', key: SERVER_MESSAGE_KEYS[PAST]!, message: PAST });
  else if (values.date && values.date > addDays(today, EVENT_DAYS_AHEAD_MAX)) add({ field: 'date', key: SERVER_MESSAGE_KEYS[TOO_FAR]!, message: TOO_FAR });
  if (problems.length > 0) return { body: null, problems: sortByField(problems) };
  return { body, problems: [] };
}

/** The server's field errors (`errors: [{ path, message }]` of a 400) as problems of the form's fields. */
export function serverFieldProblems(errors: { path: string; message: string }[] | undefined): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const error of errors ?? []) {
    const field = error.path.split('.').pop();
    if (!isEventFormField(field) || problems.some((p) => p.field === field)) continue;
    problems.push({ field, key: SERVER_MESSAGE_KEYS[error.message], message: error.message });
  }
  return sortByField(problems);
}

const sortByField = (problems: FieldProblem[]) =>
  [...problems].sort((a, b) => EVENT_FORM_FIELDS.indexOf(a.field) - EVENT_FORM_FIELDS.indexOf(b.field));
