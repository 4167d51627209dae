import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../public/locales/en/common.json';
import bn from '../../public/locales/bn/common.json';
import { formatLongDate } from './format';
import { ApiError } from './http';
import { localizedError } from './server-error';

const i18n = i18next.createInstance();
await i18n.init({ lng: 'bn', fallbackLng: 'en', ns: ['common'], resources: { en: { common: en }, bn: { common: bn } } });

describe('localizedError', () => {
  const lastAdmin = { status: 409, data: { success: false, message: 'This is the last admin. Make another user an admin first.', code: 'LAST_ADMIN' } };

  it("keeps the server's own words in English", () => {
    expect(localizedError(lastAdmin, i18n.t, 'en', 'fallback')).toBe('This is the last admin. Make another user an admin first.');
  });

  it('says a known failure in Bengali, whether RTK Query returned it or apiRequest threw it', () => {
    expect(localizedError(lastAdmin, i18n.t, 'bn', 'fallback')).toBe(bn.serverErrors.LAST_ADMIN);
    const thrown = new ApiError(429, 'Too many attempts.', 'RATE_LIMITED');
    expect(localizedError(thrown, i18n.t, 'bn', 'fallback')).toBe(bn.serverErrors.RATE_LIMITED);
    expect(localizedError({ message: 'gone', code: 'ACCOUNT_GONE' }, i18n.t, 'bn', 'fallback')).toBe(bn.serverErrors.ACCOUNT_GONE);
  });

  it('names the day a DAY_CLOSED refusal names, as a Bengali reader reads a day (issue 35)', () => {
    const closed = { status: 409, data: { success: false, code: 'DAY_CLOSED', day: '2026-12-01', message: '2026-12-01 is closed by the night audit.' } };
    expect(localizedError(closed, i18n.t, 'bn', 'fallback')).toBe(bn.serverErrors.DAY_CLOSED.replace('{{day}}', formatLongDate('2026-12-01', 'bn')));
    expect(localizedError(closed, i18n.t, 'en', 'fallback')).toBe('2026-12-01 is closed by the night audit.');
  });

  it("falls back to the server's words for an unknown code, and to the screen's fallback without any", () => {
    expect(localizedError({ data: { message: 'Odd failure', code: 'NEW_CODE' } }, i18n.t, 'bn', 'fallback')).toBe('Odd failure');
    expect(localizedError({ status: 'FETCH_ERROR' }, i18n.t, 'bn', 'কিছু একটা সমস্যা হয়েছে')).toBe('কিছু একটা সমস্যা হয়েছে');
  });
});
