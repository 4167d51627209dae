import { addDays } from '@residency/shared/dates';
import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../test/i18n';
import { EMPTY_EVENT_FORM, checkEventForm, eventTypeFromQuery, nextRequestValues, serverFieldProblems, type EventFormValues, type FieldProblem } from './event-form-rules';

const TODAY = '2026-12-01';

const filled: EventFormValues = {
  ...EMPTY_EVENT_FORM,
  name: 'Nusrat Jahan',
  email: 'Nusrat@Example.com',
  phone: '+880 1711-223344',
  eventType: 'Wedding',
  layout: 'Theater Style',
  date: '2027-02-14',
  startTime: '18:00',
  endTime: '23:00',
  guestCount: '250',
  foodPreference: 'buffet',
};

let en: TFunction;
let bn: TFunction;
beforeAll(async () => {
  const i18n = await initTestI18n('en');
  en = i18n.getFixedT('en', 'events');
  bn = i18n.getFixedT('bn', 'events');
});

/** What the person reads under each field, as the form writes it. */
const messages = (t: TFunction, problems: FieldProblem[]) =>
  Object.fromEntries(problems.map((p) => [p.field, p.key ? t(p.key, { defaultValue: p.message }) : p.message]));

function problemsOf(values: Partial<EventFormValues>) {
  const result = checkEventForm({ ...filled, ...values }, TODAY, 'en');
  expect(result.body).toBeNull();
  return result.problems;
}

describe('eventTypeFromQuery: the submenu preselects the type', () => {
  it('reads the three menu items of Meetings & Events', () => {
    expect(eventTypeFromQuery('corporate')).toBe('Corporate');
    expect(eventTypeFromQuery('private')).toBe('Other');
    expect(eventTypeFromQuery('wedding')).toBe('Wedding');
  });

  it("reads a type's own name in any case", () => {
    expect(eventTypeFromQuery('Birthday')).toBe('Birthday');
    expect(eventTypeFromQuery('CONFERENCE')).toBe('Conference');
  });

  it('preselects nothing for anything else', () => {
    for (const value of [null, undefined, '', 'gala', 'toString', '__proto__']) expect(eventTypeFromQuery(value)).toBeUndefined();
  });
});

describe('checkEventForm: what the person is told before anything is sent', () => {
  it('names every required field of an empty form, in order, in English and in Bengali', () => {
    const { body, problems } = checkEventForm(EMPTY_EVENT_FORM, TODAY, 'en');
    expect(body).toBeNull();
    expect(problems.map((p) => p.field)).toEqual(['name', 'email', 'phone', 'eventType', 'layout', 'date', 'startTime', 'endTime', 'guestCount']);
    expect(messages(en, problems)).toEqual({
      name: 'Please enter your name.',
      email: 'Please enter your e-mail address.',
      phone: 'Please enter a phone number we can call you on.',
      eventType: 'Choose the type of event.',
      layout: 'Choose a layout.',
      date: 'Choose the date of the event.',
      startTime: 'Choose the time the event starts.',
      endTime: 'Choose the time the event ends.',
      guestCount: 'Say how many guests are coming.',
    });
    const bengali = messages(bn, problems);
    expect(bengali.name).toBe('অনুগ্রহ করে আপনার নাম লিখুন।');
    expect(bengali.guestCount).toBe('কতজন অতিথি আসবেন, জানান।');
    // Every message is in Bengali, none fell back to the contract's English.
    for (const text of Object.values(bengali)) expect(text).toMatch(/[\u0980-\u09FF]/);
  });

  it('refuses a date before today at the hotel, and one more than two years ahead', () => {
    expect(messages(en, problemsOf({ date: addDays(TODAY, -1) }))).toEqual({ date: 'The event date cannot be in the past.' });
    expect(messages(bn, problemsOf({ date: addDays(TODAY, -1) }))).toEqual({ date: 'অনুষ্ঠানের তারিখ আজকের আগে হতে পারে না।' });
    expect(messages(en, problemsOf({ date: addDays(TODAY, 731) }))).toEqual({ date: 'We take event requests up to two years ahead.' });
    expect(checkEventForm({ ...filled, date: TODAY }, TODAY, 'en').body).not.toBeNull();
    expect(checkEventForm({ ...filled, date: addDays(TODAY, 730) }, TODAY, 'en').body).not.toBeNull();
  });

  it('wants the end after the start', () => {
    expect(messages(en, problemsOf({ startTime: '18:00', endTime: '18:00' }))).toEqual({ endTime: 'The end time must be after the start time.' });
  });

  it('says what is wrong with the guest count', () => {
    expect(messages(en, problemsOf({ guestCount: '0' }))).toEqual({ guestCount: 'At least one guest.' });
    expect(messages(en, problemsOf({ guestCount: '1001' }))).toEqual({ guestCount: 'At most 1000 guests; for more, please call us.' });
    expect(messages(en, problemsOf({ guestCount: '12.5' }))).toEqual({ guestCount: 'Give the number of guests as a whole number.' });
  });

  it('explains a bad e-mail and phone rather than calling them missing', () => {
    expect(messages(en, problemsOf({ email: 'nusrat@', phone: 'call me' }))).toEqual({
      email: 'Please enter a valid e-mail address, like name@example.com.',
      phone: 'Please enter a valid phone number (digits, spaces, +, - and brackets).',
    });
  });

  it('sends a complete form in the language of the site, with the count as a number', () => {
    const { body, problems } = checkEventForm(filled, TODAY, 'bn');
    expect(problems).toEqual([]);
    expect(body).toMatchObject({ eventType: 'Wedding', guestCount: 250, date: '2027-02-14', startTime: '18:00', language: 'bn' });
  });
});

describe('serverFieldProblems', () => {
  it("puts the server's field errors under their fields, in the reader's language when they are known", () => {
    const problems = serverFieldProblems([
      { path: 'date', message: 'The event date cannot be in the past.' },
      { path: 'body.phone', message: 'Enter a valid phone number.' },
      { path: 'unknownField', message: 'ignored' },
    ]);
    expect(messages(bn, problems)).toEqual({ phone: 'Enter a valid phone number.', date: 'অনুষ্ঠানের তারিখ আজকের আগে হতে পারে না।' });
  });
});

describe('nextRequestValues', () => {
  it('keeps who is asking and clears the event for a second request', () => {
    const next = nextRequestValues({ ...filled, company: 'Acme', additionalRequirements: 'Stage' }, 'Corporate');
    expect(next).toMatchObject({ name: 'Nusrat Jahan', email: 'Nusrat@Example.com', company: 'Acme', eventType: 'Corporate' });
    expect(next).toMatchObject({ date: '', guestCount: '', additionalRequirements: '', preferenceImage: '', layout: '' });
  });
});
