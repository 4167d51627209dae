import type { TEventRequest } from '@residency/shared/events';
import { describe, expect, it } from 'vitest';
import { eventUpdateBody, eventUpdateValues } from './event-update-values';

const request: TEventRequest = {
  _id: 'e1',
  reference: 'EVT-7K3F9Q2M',
  name: 'Nusrat Jahan',
  email: 'nusrat@example.com',
  phone: '+880 1711-223344',
  company: null,
  eventType: 'Wedding',
  layout: 'Theater Style',
  date: '2027-02-14',
  startTime: '09:05',
  endTime: '23:30',
  guestCount: 250,
  foodPreference: 'buffet',
  additionalRequirements: 'A stage',
  preferenceImage: null,
  status: 'pending',
  language: 'bn',
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:00:00.000Z',
};

describe('the Update modal of an event request', () => {
  it('sends what it was opened with unchanged: the date as YYYY-MM-DD, the times as HH:mm', () => {
    expect(eventUpdateBody(eventUpdateValues(request))).toEqual({
      status: 'pending',
      eventType: 'Wedding',
      layout: 'Theater Style',
      date: '2027-02-14',
      startTime: '09:05',
      endTime: '23:30',
      guestCount: 250,
      foodPreference: 'buffet',
      additionalRequirements: 'A stage',
    });
  });

  it('clears the requirements when they are emptied, and sends the new status and date', () => {
    const values = eventUpdateValues(request);
    const body = eventUpdateBody({ ...values, status: 'confirmed', date: values.date!.add(1, 'day'), additionalRequirements: '  ' });
    expect(body).toMatchObject({ status: 'confirmed', date: '2027-02-15', additionalRequirements: null });
  });
});
