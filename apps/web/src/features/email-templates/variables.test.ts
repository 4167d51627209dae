import { describe, expect, it } from 'vitest';
import { previewDocument, previewSubject } from './preview-document';
import { sampleValues } from './sample-values';
import { variableList } from './template-types';
import { insertAtSelection, parseVariablesJson, unknownVariablesMessage, variableToken } from './variables';

describe('insertAtSelection: a variable goes where the cursor is', () => {
  it('at a caret in the middle, with the caret after the token', () => {
    const token = variableToken('name');
    expect(insertAtSelection('Dear , welcome', 5, 5, token)).toEqual({ value: 'Dear {{name}}, welcome', caret: 13 });
  });

  it('replaces a selected word', () => {
    expect(insertAtSelection('Booking XXX received', 8, 11, '{{reservationId}}').value).toBe('Booking {{reservationId}} received');
  });

  it('at the end when no position is known (a field never focused)', () => {
    expect(insertAtSelection('Your booking ', null, null, '{{reservationId}}')).toEqual({
      value: 'Your booking {{reservationId}}',
      caret: 30,
    });
  });

  it('keeps positions inside the text (a stale selection after the text shrank)', () => {
    expect(insertAtSelection('abc', 10, 12, '{{x}}').value).toBe('abc{{x}}');
    expect(insertAtSelection('abc', -3, 1, '{{x}}').value).toBe('{{x}}bc');
    // A backwards range is a caret at its start, never a lost character.
    expect(insertAtSelection('abcdef', 4, 2, '{{x}}').value).toBe('abcd{{x}}ef');
  });
});

describe("unknownVariablesMessage: the spec's 'Unknown variables used: {list}'", () => {
  it('lists what the type does not support, from the subject and the HTML, each once', () => {
    expect(unknownVariablesMessage('BOOKING_CANCELLATION', 'Cancelled {{foo}}', '<p>{{ name }} {{reservationId}} {{foo}}</p>')).toBe(
      'Unknown variables used: {{foo}}, {{reservationId}}',
    );
  });

  it('is null when every variable is supported (optional ones too)', () => {
    expect(unknownVariablesMessage('BOOKING_CONFIRMATION_ADMIN', 'New {{reservationId}}', '<p>{{admin_email}} {{couponCode}}</p>')).toBeNull();
  });

  it('knows which type allows what: admin_email only in the admin confirmation', () => {
    expect(unknownVariablesMessage('BOOKING_CONFIRMATION_USER', '', '{{admin_email}}')).toBe('Unknown variables used: {{admin_email}}');
  });
});

describe('parseVariablesJson: the optional variables of Send Test', () => {
  it('empty means no variables', () => {
    expect(parseVariablesJson('  ')).toEqual({ ok: true, variables: {} });
  });

  it('takes an object of texts and numbers', () => {
    expect(parseVariablesJson('{"name": "Rafi", "nights": 2}')).toEqual({ ok: true, variables: { name: 'Rafi', nights: 2 } });
  });

  it('refuses what is not JSON', () => {
    expect(parseVariablesJson('{name: Rafi}')).toEqual({ ok: false, error: 'invalid' });
    expect(parseVariablesJson('{"name": "Rafi",}')).toEqual({ ok: false, error: 'invalid' });
  });

  it('refuses JSON of another shape', () => {
    for (const text of ['[1,2]', 'null', '"name"', '{"name": {"first": "Rafi"}}', '{"paid": true}']) {
      expect(parseVariablesJson(text), text).toEqual({ ok: false, error: 'shape' });
    }
  });
});

describe('the variable list and the sample values', () => {
  it('marks the required variables and lists them first', () => {
    const list = variableList('BOOKING_CONFIRMATION_ADMIN');
    expect(list[0]).toEqual({ name: 'name', required: true });
    expect(list.find((v) => v.name === 'admin_email')).toEqual({ name: 'admin_email', required: false });
    expect(list.findIndex((v) => !v.required)).toBe(7);
  });

  it('lists rooms (issue 22) with the optional variables of both confirmations', () => {
    for (const type of ['BOOKING_CONFIRMATION_USER', 'BOOKING_CONFIRMATION_ADMIN'] as const) {
      expect(variableList(type)).toContainEqual({ name: 'rooms', required: false });
    }
    expect(variableList('BOOKING_STATUS_UPDATE').map((v) => v.name)).not.toContain('rooms');
  });

  it('previews the sample rooms on one line, in the language of the design', () => {
    expect(sampleValues('BOOKING_CONFIRMATION_USER', 'en').rooms).toBe(
      'Deluxe King 304 · 2 adults · 2 nights · ৳6,000; Family Room 210 · 2 adults · 1 child · 2 nights · ৳9,000',
    );
    expect(sampleValues('BOOKING_CONFIRMATION_ADMIN', 'bn').rooms).toBe(
      'Deluxe King ৩০৪ · ২ জন প্রাপ্তবয়স্ক · ২ রাত · ৳৬,০০০; Family Room ২১০ · ২ জন প্রাপ্তবয়স্ক · ১ জন শিশু · ২ রাত · ৳৯,০০০',
    );
  });

  it('previews the deposit (issue 22) and its deadline, day and clock time in the language of the design', () => {
    expect(variableList('BOOKING_CONFIRMATION_USER')).toContainEqual({ name: 'depositDueBy', required: false });
    const en = sampleValues('BOOKING_CONFIRMATION_USER', 'en');
    expect([en.deposit, en.depositDueBy]).toEqual(['৳8,538.75', 'Sat, Nov 21, 2026, 10:00']);
    const bn = sampleValues('BOOKING_CONFIRMATION_ADMIN', 'bn');
    expect(bn.deposit).toBe('৳৮,৫৩৮.৭৫');
    expect(bn.depositDueBy).toMatch(/^শনি, ২১ নভে, ২০২৬, ১০:০০$/);
  });

  it('fills every variable of every type, in Bengali digits for bn', () => {
    const en = sampleValues('BOOKING_CONFIRMATION_USER', 'en');
    expect(en.amount).toBe('৳17,077.50');
    expect(en.startDate).toBe('Tue, Dec 1, 2026');
    const bn = sampleValues('BOOKING_CONFIRMATION_USER', 'bn');
    expect(bn.amount).toMatch(/^৳[০-৯,.]+$/);
    expect(sampleValues('BOOKING_STATUS_UPDATE', 'bn').paymentStatus).toBe('বাকি');
    expect(Object.values(sampleValues('BOOKING_STATUS_UPDATE', 'en')).every((v) => v.length > 0)).toBe(true);
  });

  it('the preview escapes values and fills the subject', () => {
    const doc = previewDocument('<p>Dear {{name}}</p>', { name: '<script>x</script>' });
    expect(doc).toContain('<p>Dear &lt;script&gt;x&lt;/script&gt;</p>');
    expect(doc).toMatch(/^<!doctype html>/);
    expect(previewDocument('<html><body>{{name}}</body></html>', { name: 'A' })).toBe('<html><body>A</body></html>');
    expect(previewSubject('Booking {{reservationId}}', { reservationId: 'RSV-1' })).toBe('Booking RSV-1');
  });
});
