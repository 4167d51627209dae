import { addDays, todayAt } from '@residency/shared';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { conflictMail, feedFailingMail } from './modules/channels/channels.mails.ts';
import type { ConflictRow, FeedRow } from './modules/channels/channels.repository.ts';
import { outbox, useTestApp } from './test/app.ts';

/*
 * Issue 31, section 5: the hotel's own mails (copies and notices to the hotel) are in the hotel's
 * language, HOTEL_LANGUAGE, English by default; a guest's follow the guest's. The booking
 * confirmation's copy is tested with the booking mails (modules/reservations/one-reference.test.ts).
 */

const ctx = useTestApp({ env: { HOTEL_LANGUAGE: 'bn', HOTEL_EMAIL: 'frontdesk@residency.test' }, accounts: {} });
const day = (n: number) => addDays(todayAt('Asia/Dhaka'), n);

/** Any Bengali letter or digit (the Taka sign, U+09F3, is both languages'). */
const BENGALI = /[\u0980-\u09F2\u09F4-\u09FF]/;

describe('HOTEL_LANGUAGE', () => {
  it('is English by default, and refuses a language the mails are not written in', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).hotel.language).toBe('en');
    expect(loadConfig({ NODE_ENV: 'test', HOTEL_LANGUAGE: 'bn' }).hotel.language).toBe('bn');
    expect(() => loadConfig({ NODE_ENV: 'test', HOTEL_LANGUAGE: 'fr' })).toThrow(/HOTEL_LANGUAGE: must be 'en' or 'bn'/);
  });
});

describe('the hotel’s mails in Bengali (HOTEL_LANGUAGE=bn)', () => {
  it('POST /api/events: the requester’s mail in English, the hotel’s copy in Bengali', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/events',
      payload: {
        name: 'Farhana Akter',
        email: 'farhana@example.com',
        phone: '+880 1711-555666',
        eventType: 'Wedding',
        layout: 'Theater Style',
        date: day(40),
        startTime: '18:00',
        endTime: '23:30',
        guestCount: 180,
        foodPreference: 'buffet',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const reference = res.json().data.reference;
    const [toGuest, toHotel] = await outbox(ctx.app);
    expect(toGuest).toMatchObject({ to: 'farhana@example.com', subject: `We have received your event request ${reference}` });
    expect(toHotel!.to).toBe('frontdesk@residency.test');
    expect(toHotel!.subject).toMatch(new RegExp(`^নতুন ইভেন্ট অনুরোধ ${reference}: বিয়ে, .+, ১৮০ জন অতিথি$`));
    expect(toHotel!.text).toContain('ফোন: +880 1711-555666');
    expect(toHotel!.text).toContain('ভাষা: ইংরেজি');
    expect(toHotel!.html).toContain('<html lang="bn">');
  });

  it('POST /api/contact: the message to the front desk in Bengali', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Guest', email: 'guest@example.com', subject: 'Parking', message: 'Is there parking for two cars at the hotel?' },
    });
    expect(res.statusCode, res.body).toBe(202);
    const [mail] = await outbox(ctx.app);
    expect(mail).toMatchObject({ kind: 'contact', to: 'frontdesk@residency.test', subject: 'ওয়েবসাইট থেকে বার্তা: Parking' });
    expect(mail!.text).toContain('বিষয়: Parking');
  });

  it('a channel conflict and a failing feed, in Bengali with Bengali days and digits', () => {
    const feed = { channel: 'airbnb', lastError: 'HTTP 500' } as FeedRow;
    const conflict = { summary: 'Reserved', checkIn: '2026-12-15', checkOut: '2026-12-18', uid: 'c1@airbnb.com' } as ConflictRow;
    const clash = conflictMail(ctx.app.config, feed, [conflict], []);
    expect(clash.to).toBe('frontdesk@residency.test');
    expect(clash.subject).toBe('ডাবল বুকিং: Airbnb-এর ১টি বুকিং আগে থেকে নেওয়া রাতের সঙ্গে মিলে গেছে');
    expect(clash.text).toContain('Airbnb (Reserved): মঙ্গল, ১৫ ডিসে, ২০২৬ থেকে শুক্র, ১৮ ডিসে, ২০২৬, ইভেন্ট c1@airbnb.com। আগেই নেওয়া: মঙ্গল, ১৫ ডিসে, ২০২৬ থেকে শুক্র, ১৮ ডিসে, ২০২৬।');
    // The footer's phone in Bengali digits.
    expect(clash.html).toMatch(/\+৮৮০ [০-৯]/);
    const failing = feedFailingMail(ctx.app.config, feed, new Date('2026-12-01T04:30:00Z'));
    expect(failing.subject).toBe('Airbnb ক্যালেন্ডার মঙ্গল, ১ ডিসে, ২০২৬, ১০:৩০ থেকে সিঙ্ক হয়নি');
    expect(failing.text).toContain('সর্বশেষ ত্রুটি: HTTP 500');
    // In English (the default), as before.
    const english = loadConfig({ NODE_ENV: 'test' });
    expect(conflictMail(english, feed, [conflict], []).text).toContain('Airbnb (Reserved): 2026-12-15 to 2026-12-18, event c1@airbnb.com. Taken already: 2026-12-15 to 2026-12-18.');
    expect(feedFailingMail(english, feed, new Date('2026-12-01T04:30:00Z')).subject).toBe('The Airbnb calendar has not synced since 2026-12-01 04:30 UTC');
    expect(conflictMail(english, feed, [conflict], []).text).not.toMatch(BENGALI);
  });
});
