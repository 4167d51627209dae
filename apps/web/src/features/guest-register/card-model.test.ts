import { describe, expect, it } from 'vitest';
import { blankDraft, countryOptions, draftsFor, fieldOfPath, idTypeProblem, inputOf, isForeign, missingOf, visaWarning, type CardDraft } from './card-model';

const checkIn = '2026-12-01';
const checkOut = '2026-12-05';
const photos = { document: true, portrait: true };

/** A Bangladeshi adult's card with every field. */
function bangladeshi(overrides: Partial<CardDraft> = {}): CardDraft {
  return {
    ...blankDraft('adult'),
    fullName: 'Farhana Akter',
    guardianName: 'Abdul Karim',
    address: 'House 12, Road 5, Dhanmondi, Dhaka',
    nationality: 'BD',
    dateOfBirth: '1990-04-14',
    phone: '+880 1712-345678',
    idType: 'nid',
    idNumber: '1990123456789',
    purpose: 'Family visit',
    arrivingFrom: 'Chattogram',
    goingTo: 'Chattogram',
    ...overrides,
  };
}

/** A German adult's card with every field, the visa valid past check-out. */
function german(overrides: Partial<CardDraft> = {}): CardDraft {
  return bangladeshi({
    fullName: 'Anna Schmidt',
    nationality: 'DE',
    idType: 'passport',
    idNumber: 'C01X00T47',
    passportCountry: 'DE',
    visaType: 'Tourist',
    visaNumber: 'V1234567',
    visaExpiry: '2027-01-31',
    enteredBangladesh: '2026-11-28',
    ...overrides,
  });
}

describe('the registration form model', () => {
  it('a Bangladeshi with every field and both photos is complete; without photos the photos are missing', () => {
    expect(missingOf(bangladeshi(), photos, checkIn)).toEqual([]);
    expect(missingOf(bangladeshi(), { document: false, portrait: false }, checkIn)).toEqual(['documentPhoto', 'portraitPhoto']);
  });

  it('a foreigner also needs passport country, visa and date of entry', () => {
    const card = german({ visaType: '', visaNumber: '', visaExpiry: '', enteredBangladesh: '', passportCountry: '' });
    expect(isForeign(card)).toBe(true);
    expect(missingOf(card, photos, checkIn)).toEqual(['passportCountry', 'visaType', 'visaNumber', 'visaExpiry', 'enteredBangladesh']);
    expect(missingOf(german(), photos, checkIn)).toEqual([]);
  });

  it('a foreigner shows a passport; a birth certificate is only for a minor', () => {
    expect(idTypeProblem(german({ idType: 'nid' }), checkIn)).toBe('passport');
    expect(missingOf(german({ idType: 'nid' }), photos, checkIn)).toEqual(['idType']);
    expect(idTypeProblem(bangladeshi({ idType: 'birth_certificate' }), checkIn)).toBe('minor');
    expect(idTypeProblem(bangladeshi({ idType: 'birth_certificate', dateOfBirth: '2010-06-01' }), checkIn)).toBeNull();
    expect(missingOf(bangladeshi({ idType: 'birth_certificate', dateOfBirth: '2010-06-01' }), photos, checkIn)).toEqual([]);
  });

  it('warns when a foreigner’s visa ends before check-out, never for a Bangladeshi', () => {
    expect(visaWarning(german({ visaExpiry: '2026-12-04' }), checkOut)).toBe(true);
    expect(visaWarning(german({ visaExpiry: checkOut }), checkOut)).toBe(false);
    expect(visaWarning(bangladeshi({ visaExpiry: '2026-12-04' }), checkOut)).toBe(false);
  });

  it('sends a Bangladeshi without visa fields, empty fields as null, a child by name and age', () => {
    const input = inputOf(bangladeshi({ visaNumber: 'left from before', goingTo: '  ' }));
    expect(input).toMatchObject({ kind: 'adult', nationality: 'BD', visaNumber: null, passportCountry: null, goingTo: null });
    expect(inputOf(german())).toMatchObject({ nationality: 'DE', visaType: 'Tourist', visaExpiry: '2027-01-31', enteredBangladesh: '2026-11-28' });
    expect(inputOf({ ...blankDraft('child'), fullName: ' Nabil ', age: '7' })).toEqual({ kind: 'child', fullName: 'Nabil', age: 7 });
  });

  it('gives one card per adult and a line per child, the saved ones first', () => {
    const drafts = draftsFor({ adults: 2, children: 1, guests: [] });
    expect(drafts.map((d) => d.kind)).toEqual(['adult', 'adult', 'child']);
    expect(new Set(drafts.map((d) => d.key)).size).toBe(3);
  });

  it('lists Bangladesh first, then the countries by their name in the reader’s language', () => {
    const en = countryOptions('en');
    expect(en[0]).toEqual({ value: 'BD', label: 'Bangladesh' });
    expect(en[1]!.label).toBe('Afghanistan');
    expect(en.find((c) => c.value === 'DE')!.label).toBe('Germany');
    expect(countryOptions('bn')[0]!.label).toBe('বাংলাদেশ');
  });

  it('places a server field error on its card', () => {
    expect(fieldOfPath('guests.1.visaExpiry')).toEqual({ index: 1, field: 'visaExpiry' });
    expect(fieldOfPath('guests')).toBeNull();
  });
});
