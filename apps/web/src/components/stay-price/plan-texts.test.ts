import { describe, expect, it } from 'vitest';
import { initTestI18n } from '../../test/i18n';
import { depositDueText, depositText } from './plan-texts';

/* A plan's deposit in the guest's words (issue 22), as the booking summary and My Bookings say it. */

describe('depositText', () => {
  it('says what the plan asks at booking, in English and Bengali', async () => {
    const i18n = await initTestI18n('en');
    const t = i18n.getFixedT('en', 'common');
    expect(depositText(t, { policy: 'first_night', percent: null }, 'en')).toBe('Deposit: the first night at booking');
    expect(depositText(t, { policy: 'percent', percent: 30 }, 'en')).toBe('Deposit: 30% of the total at booking');
    expect(depositText(t, undefined, 'en')).toBe('No deposit at booking');
    const bn = i18n.getFixedT('bn', 'common');
    expect(depositText(bn, { policy: 'first_night', percent: null }, 'bn')).toBe('অগ্রিম: বুকিংয়ের সময় প্রথম রাতের ভাড়া');
    expect(depositText(bn, { policy: 'percent', percent: 30 }, 'bn')).toBe('অগ্রিম: বুকিংয়ের সময় মোট বিলের ৩০%');
  });
});

describe('depositDueText', () => {
  it('says what is still due and by when at the hotel, and nothing once paid', async () => {
    const i18n = await initTestI18n('en');
    const due = { depositDue: 9487.5, depositDueBy: '2027-01-11T10:00:00.000Z' };
    expect(depositDueText(i18n.getFixedT('en', 'common'), due, 'en')).toBe('Deposit due: ৳9,487.50 by Jan 11, 2027, 16:00');
    expect(depositDueText(i18n.getFixedT('bn', 'common'), due, 'bn')).toMatch(/^অগ্রিম বাকি: .*১৬:০০-এর মধ্যে ৳৯,৪৮৭\.৫০$/);
    expect(depositDueText(i18n.getFixedT('en', 'common'), { depositDue: 0, depositDueBy: due.depositDueBy }, 'en')).toBeNull();
  });
});
