import {
  decodeReservationRooms,
  EMAIL_TEMPLATE_TYPES,
  encodeNightlyLines,
  encodeReservationRooms,
  LANGUAGES,
  TEMPLATE_SAMPLE_VALUES,
  type MailRoom,
} from '@residency/shared';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { defaultTemplate } from './email-templates.defaults.ts';
import { htmlToText, MissingVariablesError, renderTemplate } from './email-templates.render.ts';

/* The one function that fills every booking e-mail: escaping, the reader's language, no holes. */

const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://hotel.example' });
const options = { publicUrl: config.publicUrl };

const cancellation = {
  name: 'Rahim Uddin',
  email: 'rahim@example.com',
  transactionId: 'RSV-7K3F9Q2M',
  room: 'Deluxe King (101)',
  startDate: '2026-12-01',
  endDate: '2026-12-03',
  amount: 17077.5,
  cancellationDate: '2026-11-25',
};

describe('renderTemplate', () => {
  it('keeps a <script> in a guest name as text, in the HTML, the plain text and the subject', () => {
    const name = '<script>alert("x")</script> & Co';
    const mail = renderTemplate(
      { subject: 'Dear {{name}}', html: '<p title="{{name}}">Dear {{name}}</p>' },
      'BOOKING_CANCELLATION',
      'en',
      { ...cancellation, name },
      options,
    );
    expect(mail.html).toBe('<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co">Dear &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co</p>');
    expect(mail.text).toBe(`Dear ${name}`);
    expect(mail.subject).toBe(`Dear ${name}`);
  });

  it('writes the subject on one line whatever a value holds', () => {
    const mail = renderTemplate({ subject: 'Booking {{transactionId}} for {{name}}', html: '<p>x</p>' }, 'BOOKING_CANCELLATION', 'en', { ...cancellation, name: 'Eve\r\nBcc: eve@evil.example' }, options);
    expect(mail.subject).toBe('Booking RSV-7K3F9Q2M for Eve Bcc: eve@evil.example');
  });

  it('writes amounts, days and counts as the booking pages do in English', () => {
    const mail = renderTemplate(
      { subject: '{{startDate}}', html: '<p>{{amount}} · {{perNightCost}} · {{nights}} · {{startDate}} · {{orderDate}}</p>' },
      'BOOKING_CONFIRMATION_USER',
      'en',
      { ...TEMPLATE_SAMPLE_VALUES, amount: 24035, perNightCost: '9487.5', nights: 12, orderDate: 'tomorrow' },
      options,
    );
    expect(mail.text).toBe('৳24,035 · ৳9,487.50 · 12 · Tue, Dec 1, 2026 · tomorrow');
    expect(mail.subject).toBe('Tue, Dec 1, 2026');
  });

  it('writes them with Bengali digits and month names in bn, and translates the fixed words', () => {
    const mail = renderTemplate(
      { subject: 'বুকিং {{transactionId}}: {{confirmation}}, পেমেন্ট: {{paymentStatus}}', html: '<p>{{amount}} | {{startDate}} | {{endDate}}</p>' },
      'BOOKING_STATUS_UPDATE',
      'bn',
      { ...cancellation, amount: 1234567.5, startDate: '2027-01-15', endDate: '2026-10-03', paymentStatus: 'Paid', confirmation: 'Not confirmed' },
      options,
    );
    expect(mail.text).toBe('৳১২,৩৪,৫৬৭.৫০ | শুক্র, ১৫ জানু, ২০২৭ | শনি, ৩ অক্টো, ২০২৬');
    expect(mail.subject).toBe('বুকিং RSV-7K3F9Q2M: নিশ্চিত নয়, পেমেন্ট: পরিশোধিত');
  });

  it('writes "why this price": identical nights grouped, then extra guests and meals, in English and in Bengali', () => {
    const nightlyLines = encodeNightlyLines([
      { date: '2026-12-01', price: 6600, extraAdults: 2000, extraChildren: 0, meals: 2400 },
      { date: '2026-12-02', price: 6600, extraAdults: 2000, extraChildren: 0, meals: 2400 },
      { date: '2026-12-03', price: 6600, extraAdults: 2000, extraChildren: 0, meals: 2400 },
      { date: '2026-12-04', price: 8000, extraAdults: 2000, extraChildren: 0, meals: 2400 },
    ]);
    const values = { ...TEMPLATE_SAMPLE_VALUES, nightlyLines };
    const source = { subject: 'x', html: '<p>{{nightlyLines}}</p>' };
    expect(renderTemplate(source, 'BOOKING_CONFIRMATION_USER', 'en', values, options).text).toBe(
      'Tue, Dec 1 – Thu, Dec 3: 3 nights × ৳6,600 · Fri, Dec 4: 1 night × ৳8,000 · Extra guests: ৳8,000 · Meals: ৳9,600',
    );
    expect(renderTemplate(source, 'BOOKING_CONFIRMATION_USER', 'bn', values, options).text).toBe(
      'মঙ্গল ১ ডিসে – বৃহস্পতি ৩ ডিসে: ৩ রাত × ৳৬,৬০০ · শুক্র ৪ ডিসে: ১ রাত × ৳৮,০০০ · অতিরিক্ত অতিথি: ৳৮,০০০ · খাবার: ৳৯,৬০০',
    );
    // Not given (a design that uses it, a booking from a channel): the row is left out, not written empty.
    const table = '<table><tr data-if="nightlyLines"><td>Nights</td><td>{{nightlyLines}}</td></tr></table>';
    expect(renderTemplate({ subject: 'x', html: table }, 'BOOKING_CONFIRMATION_USER', 'en', { ...values, nightlyLines: '' }, options).html).not.toContain('Nights');
  });

  describe('the rooms of a reservation of several (issue 22)', () => {
    const twoRooms: MailRoom[] = [
      { roomType: 'Deluxe King', roomNumber: '304', adults: 2, children: 0, nights: 3, amount: 24500 },
      { roomType: 'Family Room', roomNumber: '210', adults: 1, children: 2, nights: 3, amount: 31500.5 },
    ];
    const values = { ...TEMPLATE_SAMPLE_VALUES, rooms: encodeReservationRooms(twoRooms) };
    const table = { subject: 'Rooms: {{rooms}}', html: '<table><tr data-if="rooms"><td>Rooms</td><td>{{rooms}}</td></tr><tr><td>Total</td><td>{{amount}}</td></tr></table>' };

    it('lists every room in a table, a line each with its amount, in English', () => {
      const mail = renderTemplate(table, 'BOOKING_CONFIRMATION_USER', 'en', values, options);
      expect(mail.text).toBe(
        'Rooms:\nDeluxe King 304 · 2 adults · 3 nights: ৳24,500\nFamily Room 210 · 1 adult · 2 children · 3 nights: ৳31,500.50\n\nTotal: ৳17,077.50',
      );
      expect(mail.html).toContain(
        '<td>Rooms</td><td><table role="presentation" cellpadding="0" cellspacing="0" style="width:100%"><tr><td style="padding:2px 12px 2px 0">Deluxe King 304 · 2 adults · 3 nights</td><td style="padding:2px 0;text-align:right;white-space:nowrap">৳24,500</td></tr>',
      );
      // No table in a subject: the rooms on one line.
      expect(mail.subject).toBe('Rooms: Deluxe King 304 · 2 adults · 3 nights · ৳24,500; Family Room 210 · 1 adult · 2 children · 3 nights · ৳31,500.50');
    });

    it('in Bengali words and digits (room types as given, room numbers in Bengali digits: issue 31)', () => {
      const mail = renderTemplate(table, 'BOOKING_CONFIRMATION_ADMIN', 'bn', values, options);
      expect(mail.text).toBe(
        'Rooms:\nDeluxe King ৩০৪ · ২ জন প্রাপ্তবয়স্ক · ৩ রাত: ৳২৪,৫০০\nFamily Room ২১০ · ১ জন প্রাপ্তবয়স্ক · ২ জন শিশু · ৩ রাত: ৳৩১,৫০০.৫০\n\nTotal: ৳১৭,০৭৭.৫০',
      );
      expect(mail.subject).toBe('Rooms: Deluxe King ৩০৪ · ২ জন প্রাপ্তবয়স্ক · ৩ রাত · ৳২৪,৫০০; Family Room ২১০ · ১ জন প্রাপ্তবয়স্ক · ২ জন শিশু · ৩ রাত · ৳৩১,৫০০.৫০');
    });

    it('keeps what a room is called as text, and is one line inside a tag', () => {
      const rooms = encodeReservationRooms([{ ...twoRooms[0]!, roomType: '<img src=x onerror=alert(1)>' }]);
      const mail = renderTemplate({ subject: 'x', html: '<p title="{{rooms}}">{{rooms}}</p>' }, 'BOOKING_CONFIRMATION_USER', 'en', { ...values, rooms }, options);
      expect(mail.html).not.toContain('<img');
      expect(mail.html).toContain('<p title="&lt;img src=x onerror=alert(1)&gt; 304 · 2 adults · 3 nights · ৳24,500"><table');
      expect(mail.html).toContain('<td style="padding:2px 12px 2px 0">&lt;img src=x onerror=alert(1)&gt; 304 · 2 adults · 3 nights</td>');
      // A value that looks like a variable stays what it is.
      const named = renderTemplate({ subject: 'x', html: '<div>{{name}}</div>' }, 'BOOKING_CONFIRMATION_USER', 'en', { ...values, name: '{{rooms}}' }, options);
      expect(named.html).toBe('<div>{{rooms}}</div>');
    });

    it('leaves the row out when there is one room (rooms empty) or the value is not rooms', () => {
      for (const rooms of ['', undefined, 'Deluxe King 304', '[["Deluxe King","304",2,0,3,"24500"]]']) {
        const mail = renderTemplate(table, 'BOOKING_CONFIRMATION_USER', 'en', { ...values, rooms }, options);
        expect(mail.text, String(rooms)).toBe('Total: ৳17,077.50');
        expect(mail.subject, String(rooms)).toBe('Rooms:');
      }
    });
  });

  it('refuses to write a mail that lacks a required variable, naming every one missing', () => {
    const render = () =>
      renderTemplate({ subject: 'x', html: '<p>{{name}}</p>' }, 'BOOKING_CANCELLATION', 'en', { ...cancellation, name: '', cancellationDate: undefined }, options);
    expect(render).toThrow(MissingVariablesError);
    expect(render).toThrow('Missing required variables: name, cancellationDate');
    // An optional variable may be empty: its data-if row is left out.
    const mail = renderTemplate(
      { subject: 'x', html: '<table><tr data-if="discount"><td>Discount</td><td>{{discount}}</td></tr><tr><td>Total</td><td>{{amount}}</td></tr></table>' },
      'BOOKING_CONFIRMATION_USER',
      'en',
      { ...TEMPLATE_SAMPLE_VALUES, discount: '' },
      options,
    );
    expect(mail.text).toBe('Total: ৳17,077.50');
  });

  it('links our uploads with the public address, since a mail program has no page to resolve them against', () => {
    const mail = renderTemplate(
      { subject: 'x', html: '<img src="/uploads/logo.webp" alt=""><a href="//cdn.example/x">a</a><a href="https://hotel.example/rooms">b</a>' },
      'BOOKING_CANCELLATION',
      'en',
      cancellation,
      options,
    );
    expect(mail.html).toBe('<img src="https://hotel.example/uploads/logo.webp" alt=""><a href="//cdn.example/x">a</a><a href="https://hotel.example/rooms">b</a>');
  });
});

describe('the built-in designs', () => {
  for (const language of LANGUAGES) {
    for (const type of EMAIL_TEMPLATE_TYPES) {
      it(`${type} in ${language}: every variable filled from a booking, nothing left over`, () => {
        const mail = renderTemplate(defaultTemplate(config, type, language), type, language, TEMPLATE_SAMPLE_VALUES, options);
        for (const part of [mail.subject, mail.html, mail.text]) {
          expect(part).not.toMatch(/\{\{|\}\}|undefined|NaN/);
        }
        expect(mail.text).toContain('Ayesha Rahman');
        if (type.startsWith('BOOKING_CONFIRMATION')) {
          // The sample stay is of two rooms: the rooms block shows both, just above what they add up to.
          const [king, family] = language === 'bn'
            ? ['Deluxe King ৩০৪ · ২ জন প্রাপ্তবয়স্ক · ২ রাত: ৳৬,০০০', 'Family Room ২১০ · ২ জন প্রাপ্তবয়স্ক · ১ জন শিশু · ২ রাত: ৳৯,০০০']
            : ['Deluxe King 304 · 2 adults · 2 nights: ৳6,000', 'Family Room 210 · 2 adults · 1 child · 2 nights: ৳9,000'];
          expect(mail.text).toContain(`${language === 'bn' ? 'রুমগুলো' : 'Rooms'}:\n${king}\n${family}\n`);
        }
        if (language === 'bn') {
          expect(mail.text).toContain('বুকিং আইডি: RSV-7K3F9Q2M');
          expect(mail.text).toMatch(/সর্বমোট: ৳১৭,০৭৭\.৫০/);
          expect(mail.text).not.toMatch(/Check-in|Total|Dear/);
        } else {
          expect(mail.text).toContain('Booking ID: RSV-7K3F9Q2M');
          expect(mail.text).toContain('Total: ৳17,077.50');
        }
      });
    }
  }

  it('write a one-room booking as before: no rooms block when `rooms` is empty', () => {
    for (const language of LANGUAGES) {
      for (const type of ['BOOKING_CONFIRMATION_USER', 'BOOKING_CONFIRMATION_ADMIN'] as const) {
        const source = defaultTemplate(config, type, language);
        const oneRoom = { ...TEMPLATE_SAMPLE_VALUES, roomType: 'Deluxe King', roomNumber: '304', rooms: '' };
        const mail = renderTemplate(source, type, language, oneRoom, options);
        // The design without its rooms row, filled with the same values: the mail of before issue 22.
        const before = renderTemplate({ ...source, html: source.html.replace(/<tr data-if="rooms"[\s\S]*?<\/tr>/, '') }, type, language, oneRoom, options);
        expect(source.html).toContain('data-if="rooms"');
        expect(mail).toEqual(before);
        expect(mail.text).not.toMatch(/Rooms|রুমগুলো/);
      }
    }
  });

  it('use the same variables in Bengali as in English', () => {
    for (const type of EMAIL_TEMPLATE_TYPES) {
      const used = (language: 'en' | 'bn') => {
        const { subject, html } = defaultTemplate(config, type, language);
        return [...`${subject}${html}`.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      };
      expect(used('bn'), type).toEqual(used('en'));
    }
  });
});

describe('decodeReservationRooms', () => {
  const king: MailRoom = { roomType: 'Deluxe King', roomNumber: '304', adults: 2, children: 0, nights: 3, amount: 24500 };

  it('reads back what encodeReservationRooms wrote', () => {
    expect(decodeReservationRooms(encodeReservationRooms([king, { ...king, roomNumber: '', amount: 0.5 }]))).toEqual([king, { ...king, roomNumber: '', amount: 0.5 }]);
  });

  it('is [] for what is not rooms, and leaves out a room that is not whole', () => {
    for (const junk of ['', ' ', 'Deluxe King', 'null', '{}', '"[]"', '[1,2]', '{"0":["A","1",1,0,1,5]}', '[[', '\u0000']) {
      expect(decodeReservationRooms(junk), junk).toEqual([]);
    }
    const bad = [
      ['Deluxe King', '304', 2, 0, 3], // a field short
      ['Deluxe King', '304', 2, 0, 3, 24500, 'extra'],
      ['', '304', 2, 0, 3, 24500], // no room type
      ['Deluxe King', 304, 2, 0, 3, 24500], // a number where the room number is text
      ['Deluxe King', '304', '2', 0, 3, 24500],
      ['Deluxe King', '304', 1.5, 0, 3, 24500],
      ['Deluxe King', '304', 2, -1, 3, 24500],
      ['Deluxe King', '304', 2, 0, 3, '24500'],
      ['Deluxe King', '304', 2, 0, 3, null],
      { roomType: 'Deluxe King' },
    ];
    const encoded = `[${[...bad.map((r) => JSON.stringify(r)), '["Deluxe King","304",2,0,3,1e999]', JSON.stringify(Object.values(king))].join(',')}]`;
    expect(decodeReservationRooms(encoded)).toEqual([king]);
  });
});

describe('htmlToText', () => {
  it('reads entities once (an escaped &lt; stays written as &lt;) and leaves out styles', () => {
    expect(htmlToText('<style>p{color:red}</style><p>a &amp;lt; b &lt; c &#2547;</p>')).toBe('a &lt; b < c ৳');
  });
});
