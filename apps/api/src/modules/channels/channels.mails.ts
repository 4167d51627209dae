import { CHANNEL_NAMES, wallClockAt, type TLanguage } from '@residency/shared';
import { formatClockTime, formatLongDate, formatWholeNumber } from '@residency/shared/display';
import type { Config } from '../../config.ts';
import { escapeHtml, hotelFooter, mailLayout } from '../../lib/mail-layout.ts';
import type { OutgoingMail } from '../../plugins/mailer.ts';
import type { ConflictRow, FeedRow } from './channels.repository.ts';
import { subtractRuns, type Nights } from './hold-plan.ts';

/**
 * The hotel's own mails about channel sync, to HOTEL_EMAIL, written in the sync's transaction,
 * in the hotel's language (HOTEL_LANGUAGE, issue 31). The English mail keeps ISO days and UTC
 * (what the desk copies into the channel's extranet); the Bengali one writes them for the reader.
 */
const TEXTS = {
  en: {
    stay: (channel: string, c: ConflictRow) => `${channel} (${c.summary}): ${c.checkIn} to ${c.checkOut}, event ${c.uid}`,
    conflictSubject: (n: number, channel: string) => `Double booking: ${n} ${channel} ${n === 1 ? 'stay overlaps' : 'stays overlap'} nights already taken`,
    conflictHeading: (channel: string) => `${channel} sold nights that are already taken`,
    stop: '.',
    nights: (runs: Nights[]) => runs.map((n) => `${n.checkIn} to ${n.checkOut}`).join(', '),
    taken: (runs: string) => ` Taken already: ${runs}.`,
    held: (channel: string, runs: string) => ` Held for ${channel} now: ${runs}.`,
    more: (n: number) => `…and ${n.toLocaleString('en')} more, listed on the Channels screen.`,
    conflictWhat: (channel: string) =>
      `Every night of these stays that nobody else held is now held for ${channel}'s guest. For the nights taken already, move a guest or close the nights on the channel, then mark each conflict resolved on the Channels screen. When the taken nights come free, they are held for ${channel}'s guest at once.`,
    failingSubject: (channel: string, since: Date) => `The ${channel} calendar has not synced since ${since.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    failingHeading: (channel: string) => `The ${channel} feed is failing`,
    lastError: (error: string | null) => `The last error: ${error ?? 'unknown'}`,
    failingRisk: (channel: string) => `Until it works again, nights sold on ${channel} are not blocked here, and a guest could book them.`,
  },
  bn: {
    stay: (channel: string, c: ConflictRow) =>
      `${channel} (${c.summary}): ${formatLongDate(c.checkIn, 'bn')} থেকে ${formatLongDate(c.checkOut, 'bn')}, ইভেন্ট ${c.uid}`,
    conflictSubject: (n: number, channel: string) => `ডাবল বুকিং: ${channel}-এর ${formatWholeNumber(n, 'bn')}টি বুকিং আগে থেকে নেওয়া রাতের সঙ্গে মিলে গেছে`,
    conflictHeading: (channel: string) => `${channel} এমন রাত বিক্রি করেছে যা আগেই নেওয়া`,
    stop: '।',
    nights: (runs: Nights[]) => runs.map((n) => `${formatLongDate(n.checkIn, 'bn')} থেকে ${formatLongDate(n.checkOut, 'bn')}`).join(', '),
    taken: (runs: string) => ` আগেই নেওয়া: ${runs}।`,
    held: (channel: string, runs: string) => ` এখন ${channel}-এর জন্য ধরে রাখা: ${runs}।`,
    more: (n: number) => `…আরও ${formatWholeNumber(n, 'bn')}টি, চ্যানেল পাতায় তালিকা আছে।`,
    conflictWhat: (channel: string) =>
      `এই বুকিংগুলোর যে রাত আর কারও দখলে ছিল না, তা এখন ${channel}-এর অতিথির জন্য ধরে রাখা হয়েছে। আগেই নেওয়া রাতগুলোর জন্য কোনো অতিথিকে অন্য রুমে সরান, অথবা চ্যানেলে রাতগুলো বন্ধ করুন, তারপর চ্যানেল পাতায় প্রতিটি দ্বন্দ্ব মীমাংসিত হিসেবে চিহ্নিত করুন। নেওয়া রাতগুলো খালি হলে সঙ্গে সঙ্গে ${channel}-এর অতিথির জন্য ধরে রাখা হয়।`,
    failingSubject: (channel: string, since: Date, timeZone: string) => {
      const { date, time } = wallClockAt(since, timeZone);
      return `${channel} ক্যালেন্ডার ${formatLongDate(date, 'bn')}, ${formatClockTime(time, 'bn')} থেকে সিঙ্ক হয়নি`;
    },
    failingHeading: (channel: string) => `${channel} ফিড কাজ করছে না`,
    lastError: (error: string | null) => `সর্বশেষ ত্রুটি: ${error ?? 'অজানা'}`,
    failingRisk: (channel: string) => `আবার কাজ না করা পর্যন্ত ${channel}-এ বিক্রি হওয়া রাতগুলো এখানে আটকানো হচ্ছে না, ফলে কোনো অতিথি সেগুলো বুক করে ফেলতে পারেন।`,
  },
} as const;

function mail(config: Config, kind: string, subject: string, heading: string, lines: string[]): OutgoingMail {
  const language: TLanguage = config.hotel.language;
  const bodyHtml = lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('');
  return {
    kind,
    to: config.hotel.email,
    subject,
    html: mailLayout({ hotelName: config.hotel.name, heading, bodyHtml, footer: hotelFooter(config.hotel, language) }).replace('<html>', `<html lang="${language}">`),
    text: [heading, '', ...lines].join('\n'),
  };
}

/** At most this many conflicts are written out in one mail. */
const CONFLICTS_LISTED = 50;

/** New conflicts of one sync: a channel sold nights that a stay or another block already holds. */
export function conflictMail(config: Config, feed: FeedRow, conflicts: ConflictRow[], clashes: { event: { uid: string }; clashing: Nights[] }[]): OutgoingMail {
  const t = TEXTS[config.hotel.language];
  const channel = CHANNEL_NAMES[feed.channel];
  const clashingOf = new Map(clashes.map((c) => [c.event.uid, c.clashing]));
  // A feed of thousands of clashing stays still makes a mail a person reads: the first ones, and how many more.
  const lines = conflicts.slice(0, CONFLICTS_LISTED).map((c) => {
    const clashing = clashingOf.get(c.uid) ?? [{ checkIn: c.checkIn, checkOut: c.checkOut }];
    const held = subtractRuns(c, clashing);
    return `${t.stay(channel, c)}${t.stop}${t.taken(t.nights(clashing))}${held.length > 0 ? t.held(channel, t.nights(held)) : ''}`;
  });
  return mail(config, 'channel-conflict', t.conflictSubject(conflicts.length, channel), t.conflictHeading(channel), [
    ...lines,
    ...(conflicts.length > CONFLICTS_LISTED ? [t.more(conflicts.length - CONFLICTS_LISTED)] : []),
    t.conflictWhat(channel),
    `${config.publicUrl}/admin/channels`,
  ]);
}

/** A feed that has not synced for 24 hours (sent once, until it works and fails again). */
export function feedFailingMail(config: Config, feed: FeedRow, since: Date): OutgoingMail {
  const channel = CHANNEL_NAMES[feed.channel];
  const subject = config.hotel.language === 'bn' ? TEXTS.bn.failingSubject(channel, since, config.hotel.timeZone) : TEXTS.en.failingSubject(channel, since);
  const t = TEXTS[config.hotel.language];
  return mail(config, 'channel-feed-failing', subject, t.failingHeading(channel), [t.lastError(feed.lastError), t.failingRisk(channel), `${config.publicUrl}/admin/channels`]);
}
