import { describe, expect, it } from 'vitest';
import { getsSms, isBangladeshiMobile, smsLength, smsNumber, smsOptInOf } from './sms.ts';

const bn = 'ক'; // one Bengali letter: one UTF-16 code unit, never GSM-7

describe('smsLength: SMS segments at their boundaries', () => {
  it('counts no text as no SMS', () => {
    expect(smsLength('')).toEqual({ encoding: 'GSM-7', characters: 0, segments: 0, perSegment: 160 });
  });

  it('sends 160 GSM-7 characters as one SMS and 161 as two parts of 153', () => {
    expect(smsLength('a'.repeat(160))).toEqual({ encoding: 'GSM-7', characters: 160, segments: 1, perSegment: 160 });
    expect(smsLength('a'.repeat(161))).toEqual({ encoding: 'GSM-7', characters: 161, segments: 2, perSegment: 153 });
    expect(smsLength('a'.repeat(306)).segments).toBe(2);
    expect(smsLength('a'.repeat(307)).segments).toBe(3);
  });

  it('counts an extension character (€, {) as two septets', () => {
    expect(smsLength(`${'a'.repeat(158)}€`)).toMatchObject({ encoding: 'GSM-7', characters: 160, segments: 1 });
    expect(smsLength(`${'a'.repeat(159)}€`)).toMatchObject({ encoding: 'GSM-7', characters: 161, segments: 2 });
    expect(smsLength(`${'a'.repeat(159)}{`)).toMatchObject({ characters: 161, segments: 2 });
    expect(smsLength('{}[]~|^\\€').characters).toBe(18);
  });

  it('never splits an escape from its extension character between two parts', () => {
    // 152 septets, then € (2): 154 > 153, so € starts the second part. 306 septets would fit
    // two parts of 153, but the first part holds only 152, so the 306th makes a third.
    const text = `${'a'.repeat(152)}€${'a'.repeat(151)}`;
    expect(smsLength(text)).toMatchObject({ characters: 305, segments: 2 });
    expect(smsLength(`${text}a`)).toMatchObject({ characters: 306, segments: 3 });
  });

  it('sends Bengali as UCS-2: 70 characters in one SMS, 71 in two parts of 67', () => {
    expect(smsLength(bn.repeat(70))).toEqual({ encoding: 'UCS-2', characters: 70, segments: 1, perSegment: 70 });
    expect(smsLength(bn.repeat(71))).toEqual({ encoding: 'UCS-2', characters: 71, segments: 2, perSegment: 67 });
    expect(smsLength(bn.repeat(134)).segments).toBe(2);
    expect(smsLength(bn.repeat(135)).segments).toBe(3);
  });

  it('makes a whole English text UCS-2 for one character outside GSM-7 (৳)', () => {
    expect(smsLength(`${'a'.repeat(69)}৳`)).toMatchObject({ encoding: 'UCS-2', characters: 70, segments: 1 });
    expect(smsLength(`${'a'.repeat(70)}৳`)).toMatchObject({ encoding: 'UCS-2', characters: 71, segments: 2 });
  });

  it('counts a character outside the BMP (an emoji) as two code units, kept whole in one part', () => {
    expect(smsLength('😀')).toMatchObject({ encoding: 'UCS-2', characters: 2, segments: 1 });
    expect(smsLength(`${'a'.repeat(68)}😀`)).toMatchObject({ characters: 70, segments: 1 });
    expect(smsLength(`${'a'.repeat(69)}😀`)).toMatchObject({ characters: 71, segments: 2 });
    // 66 units then an emoji: it moves whole to part two, so 134 units (two parts of 67 otherwise) make three.
    expect(smsLength(`${'a'.repeat(66)}😀${'a'.repeat(65)}`)).toMatchObject({ characters: 133, segments: 2 });
    expect(smsLength(`${'a'.repeat(66)}😀${'a'.repeat(66)}`)).toMatchObject({ characters: 134, segments: 3 });
  });
});

describe('smsNumber: the number as a provider takes it', () => {
  it('gives a Bangladeshi number its 880, however it is written', () => {
    for (const written of ['01711234567', '01711-234567', '+880 1711-234567', '8801711234567', '008801711234567', '1711234567']) {
      expect(smsNumber(written), written).toBe('8801711234567');
    }
  });

  it('keeps another country’s number given with + or 00, and refuses what cannot be one', () => {
    expect(smsNumber('+44 20 7946 0958')).toBe('442079460958');
    expect(smsNumber('0044 20 7946 0958')).toBe('442079460958');
    expect(smsNumber('020 7946 0958')).toBeNull();
    expect(smsNumber('+12')).toBeNull();
    expect(smsNumber('+1234567890123456')).toBeNull();
  });

  it('tells Bangladeshi mobile numbers (013 to 019) from others', () => {
    expect(isBangladeshiMobile('01911-555666')).toBe(true);
    expect(isBangladeshiMobile('+8801311555666')).toBe(true);
    expect(isBangladeshiMobile('01211555666')).toBe(false);
    expect(isBangladeshiMobile('+44 20 7946 0958')).toBe(false);
    expect(isBangladeshiMobile(null)).toBe(false);
  });
});

describe('getsSms: who gets SMS', () => {
  it('sends to a guest without an e-mail always, when the number can receive SMS', () => {
    expect(getsSms({ email: null, phone: '01711234567', smsOptIn: false })).toBe(true);
    expect(getsSms({ email: null, phone: '+44 20 7946 0958', smsOptIn: null })).toBe(true);
    expect(getsSms({ email: null, phone: '020 7946', smsOptIn: null })).toBe(false);
    expect(getsSms({ email: null, phone: null, smsOptIn: true })).toBe(false);
  });

  it('sends to a guest with both by choice, on by default for a Bangladeshi number only', () => {
    expect(getsSms({ email: 'a@b.c', phone: '01711234567', smsOptIn: null })).toBe(true);
    expect(getsSms({ email: 'a@b.c', phone: '01711234567', smsOptIn: false })).toBe(false);
    expect(getsSms({ email: 'a@b.c', phone: '+44 20 7946 0958', smsOptIn: null })).toBe(false);
    expect(getsSms({ email: 'a@b.c', phone: '+44 20 7946 0958', smsOptIn: true })).toBe(true);
    expect(smsOptInOf(null, '01711234567')).toBe(true);
    expect(smsOptInOf(null, null)).toBe(false);
  });
});
