import {
  ADULT_AGE,
  ageOn,
  COUNTRY_CODES,
  HOME_COUNTRY,
  missingOnCard,
  visaExpiresBeforeCheckOut,
  type TGuestCard,
  type TGuestCardInput,
  type TGuestRegistration,
  type TIdType,
} from '@residency/shared';

/*
 * The registration form's own model (issue 34): a card as the form edits it (every field a
 * string, '' for "not given"), what it sends, and what it still lacks, by the shared rule the
 * server applies at check-in.
 */

/** The text fields of an adult's card, in the form's order. */
export const TEXT_FIELDS = ['fullName', 'guardianName', 'address', 'nationality', 'dateOfBirth', 'phone', 'idType', 'idNumber', 'purpose', 'arrivingFrom', 'goingTo'] as const;
/** What a foreigner adds: passport and visa. */
export const FOREIGN_FIELDS = ['passportCountry', 'visaType', 'visaNumber', 'visaExpiry', 'enteredBangladesh'] as const;

type Field = (typeof TEXT_FIELDS)[number] | (typeof FOREIGN_FIELDS)[number] | 'age';

/** One guest as the form holds it. `key` is the form's own (a card not saved yet has no id). */
export type CardDraft = { key: string; id?: string; kind: 'adult' | 'child' } & Record<Field, string>;
export type DraftField = Field;

let nextKey = 0;
const newKey = () => `card-${(nextKey += 1)}`;

const EMPTY: Record<Field, string> = {
  fullName: '',
  guardianName: '',
  address: '',
  nationality: '',
  dateOfBirth: '',
  age: '',
  phone: '',
  idType: '',
  idNumber: '',
  purpose: '',
  arrivingFrom: '',
  goingTo: '',
  passportCountry: '',
  visaType: '',
  visaNumber: '',
  visaExpiry: '',
  enteredBangladesh: '',
};

/** A blank card of this kind. */
export function blankDraft(kind: 'adult' | 'child'): CardDraft {
  return { key: newKey(), kind, ...EMPTY };
}

type CardText = Pick<TGuestCard, Exclude<Field, 'age'>> & { age: number | null; kind: 'adult' | 'child' };

/** The text of a saved card (or of a suggestion to copy), as the form edits it. */
export function draftOf(card: CardText & { _id?: string }, keep?: Pick<CardDraft, 'key' | 'id'>): CardDraft {
  const text = (v: string | null | undefined) => v ?? '';
  return {
    key: keep?.key ?? newKey(),
    ...(keep ? (keep.id ? { id: keep.id } : {}) : card._id ? { id: card._id } : {}),
    kind: card.kind,
    fullName: text(card.fullName),
    guardianName: text(card.guardianName),
    address: text(card.address),
    nationality: text(card.nationality),
    dateOfBirth: text(card.dateOfBirth),
    age: card.age === null || card.age === undefined ? '' : String(card.age),
    phone: text(card.phone),
    idType: text(card.idType),
    idNumber: text(card.idNumber),
    purpose: text(card.purpose),
    arrivingFrom: text(card.arrivingFrom),
    goingTo: text(card.goingTo),
    passportCountry: text(card.passportCountry),
    visaType: text(card.visaType),
    visaNumber: text(card.visaNumber),
    visaExpiry: text(card.visaExpiry),
    enteredBangladesh: text(card.enteredBangladesh),
  };
}

/**
 * The form's cards for a room: the saved ones (adults first, then children), then blank ones up
 * to the room's adults and children, so the desk and the guest see one card per person.
 */
export function draftsFor(registration: Pick<TGuestRegistration, 'adults' | 'children' | 'guests'>): CardDraft[] {
  const saved = registration.guests.filter((g) => !g.erased);
  const adults = saved.filter((g) => g.kind === 'adult').map((g) => draftOf(g));
  const children = saved.filter((g) => g.kind === 'child').map((g) => draftOf(g));
  while (adults.length < registration.adults) adults.push(blankDraft('adult'));
  while (children.length < registration.children) children.push(blankDraft('child'));
  return [...adults, ...children];
}

/** A foreigner (any nationality but Bangladesh) adds passport and visa. */
export function isForeign(draft: Pick<CardDraft, 'nationality'>): boolean {
  return draft.nationality !== '' && draft.nationality !== HOME_COUNTRY;
}

const nothing = (v: string) => {
  const trimmed = v.trim();
  return trimmed === '' ? null : trimmed;
};

/** What `PUT …/guests` receives for a card: trimmed, '' as null, a Bangladeshi's visa fields dropped. */
export function inputOf(draft: CardDraft): TGuestCardInput {
  const base = { ...(draft.id ? { id: draft.id } : {}), kind: draft.kind, fullName: nothing(draft.fullName) };
  if (draft.kind === 'child') {
    const age = draft.age.trim() === '' ? null : Number(draft.age);
    return { ...base, age: age === null || Number.isNaN(age) ? null : age };
  }
  const foreign = isForeign(draft);
  const input: TGuestCardInput = { ...base };
  for (const field of TEXT_FIELDS) (input as Record<string, unknown>)[field] = nothing(draft[field]);
  for (const field of FOREIGN_FIELDS) (input as Record<string, unknown>)[field] = foreign ? nothing(draft[field]) : null;
  return input;
}

/** The card's facts as the shared completeness rule reads them. */
function factsOf(draft: CardDraft, photos: { document: boolean; portrait: boolean }) {
  const value = (v: string) => nothing(v);
  const age = draft.age.trim() === '' ? null : Number(draft.age);
  return {
    kind: draft.kind,
    fullName: value(draft.fullName),
    guardianName: value(draft.guardianName),
    address: value(draft.address),
    nationality: value(draft.nationality),
    dateOfBirth: value(draft.dateOfBirth),
    age: age === null || Number.isNaN(age) ? null : age,
    phone: value(draft.phone),
    idType: (value(draft.idType) as TIdType | null) ?? null,
    idNumber: value(draft.idNumber),
    purpose: value(draft.purpose),
    arrivingFrom: value(draft.arrivingFrom),
    goingTo: value(draft.goingTo),
    passportCountry: value(draft.passportCountry),
    visaType: value(draft.visaType),
    visaNumber: value(draft.visaNumber),
    visaExpiry: value(draft.visaExpiry),
    enteredBangladesh: value(draft.enteredBangladesh),
    hasDocumentPhoto: photos.document,
    hasPortraitPhoto: photos.portrait,
  };
}

/**
 * What the card still lacks (field names, `documentPhoto`, `portraitPhoto`), as it stands in the
 * form: the rule check-in applies (`missingOnCard`), so "complete" here is complete there.
 */
export function missingOf(draft: CardDraft, photos: { document: boolean; portrait: boolean }, checkIn: string): string[] {
  return missingOnCard(factsOf(draft, photos), checkIn);
}

/** Why the ID type is refused though one is chosen: a foreigner shows a passport, a birth certificate is for a minor. */
export function idTypeProblem(draft: CardDraft, checkIn: string): 'passport' | 'minor' | null {
  if (draft.kind !== 'adult' || !draft.idType) return null;
  if (isForeign(draft) && draft.idType !== 'passport') return 'passport';
  if (draft.idType === 'birth_certificate' && draft.dateOfBirth && /^\d{4}-\d{2}-\d{2}$/.test(draft.dateOfBirth) && ageOn(draft.dateOfBirth, checkIn) >= ADULT_AGE) {
    return 'minor';
  }
  return null;
}

/** A foreigner's visa that ends before check-out (the desk is warned). */
export function visaWarning(draft: CardDraft, checkOut: string): boolean {
  return draft.kind === 'adult' && visaExpiresBeforeCheckOut({ nationality: nothing(draft.nationality), visaExpiry: nothing(draft.visaExpiry) }, checkOut);
}

/**
 * The nationalities for the select: Bangladesh first, then the others by their name in the
 * reader's language (`Intl.DisplayNames`; the code where the browser has no name).
 */
export function countryOptions(lng: string): { value: string; label: string }[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([lng], { type: 'region' });
  } catch {
    names = null;
  }
  const nameOf = (code: string) => names?.of(code) ?? code;
  const collator = new Intl.Collator(lng);
  const others = COUNTRY_CODES.filter((c) => c !== HOME_COUNTRY)
    .map((code) => ({ value: code, label: nameOf(code) }))
    .sort((a, b) => collator.compare(a.label, b.label));
  return [{ value: HOME_COUNTRY, label: nameOf(HOME_COUNTRY) }, ...others];
}

/** A server field error's place: `guests.1.visaExpiry` → card 1, field visaExpiry. */
export function fieldOfPath(path: string): { index: number; field: string } | null {
  const match = /^(?:body\.)?guests\.(\d+)\.(\w+)/.exec(path);
  return match ? { index: Number(match[1]), field: match[2]! } : null;
}
