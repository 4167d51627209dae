/**
 * How the site writes amounts and dates, for the places that are not the browser (booking
 * e-mails) and must read the same. No zod and no dayjs: the web app may import it from
 * '@residency/shared/display'.
 */

const TAKA = '৳';
/** The minus sign of negative amounts and changes (U+2212). */
const MINUS = '\u2212';
const locale = (lng: string) => (lng === 'bn' ? 'bn-BD' : 'en-US');
/**
 * Numbers are grouped as Bangladesh writes them in both languages: three digits, then twos, in
 * lakh and crore (15,09,896.50; ১৫,০৯,৮৯৬.৫০). 'en-IN' groups so in English; 'bn-BD' already does
 * in Bengali. Dates keep `locale` ('en-US' writes "Tue, Dec 1, 2026").
 */
const numberLocale = (lng: string) => (lng === 'bn' ? 'bn-BD' : 'en-IN');

/**
 * Formatters made once per language and shape: building an Intl formatter costs a hundred
 * times more than using one (every booking mail writes a dozen amounts and dates).
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function formatter<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let made = formatters.get(key) as T | undefined;
  if (!made) {
    made = make();
    formatters.set(key, made);
  }
  return made;
}

/**
 * A bill amount in Taka as the booking pages write it: whole amounts without decimals
 * (৳24,035), others always with two (৳20,872.50, never ৳20,872.5); grouped in lakh and crore
 * (৳15,09,896.50, ৳1,50,00,000); Bengali digits in bn (৳১৫,০৯,৮৯৬.৫০). A refund is −৳500.
 *
 * A negative amount is written one way on every screen, mail and PDF (issue 31 found "-৳" and
 * "−৳" side by side): the minus sign U+2212 before the symbol (−৳500, not ৳-500 nor -৳500), as
 * typesetting writes a minus and screen readers read "minus". Build a negative amount with this
 * function (or formatSignedAmount), never by hand. CSV cells keep a plain ASCII "-" (csv.ts:
 * moneyCell) so that spreadsheets read a number.
 */
export function formatAmount(amount: number, lng = 'en'): string {
  const whole = Number.isInteger(amount);
  const format = formatter(`amount:${lng}:${whole}`, () =>
    new Intl.NumberFormat(
      numberLocale(lng),
      whole ? { maximumFractionDigits: 0 } : { minimumFractionDigits: 2, maximumFractionDigits: 2 },
    ),
  );
  const digits = format.format(Math.abs(amount));
  // No sign on an amount that rounds to nothing (−৳0.00 would read as a debt).
  return `${amount < 0 && /[1-9১-৯]/.test(digits) ? MINUS : ''}${TAKA}${digits}`;
}

/** A change of an amount with its sign either way, as the rate plans and the room supplement say it: +৳500, −৳200. */
export function formatSignedAmount(amount: number, lng = 'en'): string {
  return amount > 0 ? `+${formatAmount(amount, lng)}` : formatAmount(amount, lng);
}

/**
 * An ISO date (YYYY-MM-DD) with its weekday and year, `ddd, MMM D, YYYY` in English
 * ("Tue, Dec 1, 2026"). Read as a calendar day, in UTC, so no time zone can shift it a day.
 */
/** The short form of a day: 'ddd, MMM D' (Sun, Nov 22); Bengali words and digits in bn. */
export function formatShortDate(iso: string, lng = 'en'): string {
  const date = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  const format = formatter(`short-date:${lng}`, () =>
    new Intl.DateTimeFormat(locale(lng), { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }),
  );
  return format.format(date);
}

/**
 * The long form: 'ddd, MMM D, YYYY' (Sun, Nov 22, 2026); Bengali words and digits in bn. With the
 * short form above, the only two ways a day is written on every screen and in every mail.
 */
export function formatLongDate(iso: string, lng = 'en'): string {
  const date = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  const format = formatter(`long-date:${lng}`, () =>
    new Intl.DateTimeFormat(locale(lng), { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }),
  );
  return format.format(date);
}

/** A whole number in the reader's digits (১২০ in Bengali), grouped in lakh and crore like amounts. */
export function formatWholeNumber(value: number, lng = 'en'): string {
  return formatter(`whole:${lng}`, () => new Intl.NumberFormat(numberLocale(lng), { maximumFractionDigits: 0 })).format(value);
}

/** A clock time 'HH:mm' in the reader's digits, on the 24-hour clock as it is stored (১৪:৩০). */
export function formatClockTime(hhmm: string, lng = 'en'): string {
  if (lng !== 'bn') return hhmm;
  const digits = formatter('digits:bn', () => new Intl.NumberFormat('bn-BD', { useGrouping: false, minimumIntegerDigits: 2 }));
  return hhmm.replace(/\d{2}/g, (pair) => digits.format(Number(pair)));
}

/**
 * Digits inside a text in the reader's digits, the rest as it is: a room number (১০১), the
 * hotel's phone (+৮৮০ ১৭১১-০০০০০০), the footer's year. It neither groups nor rounds (a number to
 * format is formatWholeNumber's). Not for codes of letters and digits (RSV-7K3F9Q2M): those are
 * copied letter by letter, so they keep their digits.
 */
export function readerDigits(text: string, lng = 'en'): string {
  return lng === 'bn' ? text.replace(/[0-9]/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]!) : text;
}
