import { CHANNEL_NAMES } from '@residency/shared';
import type { Config } from '../../config.ts';
import { escapeHtml, hotelFooter, mailLayout } from '../../lib/mail-layout.ts';
import type { OutgoingMail } from '../../plugins/mailer.ts';
import type { ConflictRow, FeedRow } from './channels.repository.ts';
import { subtractRuns, type Nights } from './hold-plan.ts';

/** The hotel's own mails about channel sync: in English, to HOTEL_EMAIL, written in the sync's transaction. */

function mail(config: Config, kind: string, subject: string, heading: string, lines: string[]): OutgoingMail {
  const bodyHtml = lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('');
  return {
    kind,
    to: config.hotel.email,
    subject,
    html: mailLayout({ hotelName: config.hotel.name, heading, bodyHtml, footer: hotelFooter(config.hotel, 'en') }),
    text: [heading, '', ...lines].join('\n'),
  };
}

/** At most this many conflicts are written out in one mail. */
const CONFLICTS_LISTED = 50;

/** New conflicts of one sync: a channel sold nights that a stay or another block already holds. */
export function conflictMail(config: Config, feed: FeedRow, conflicts: ConflictRow[], clashes: { event: { uid: string }; clashing: Nights[] }[]): OutgoingMail {
  const channel = CHANNEL_NAMES[feed.channel];
  const clashingOf = new Map(clashes.map((c) => [c.event.uid, c.clashing]));
  // A feed of thousands of clashing stays still makes a mail a person reads: the first ones, and how many more.
  const lines = conflicts.slice(0, CONFLICTS_LISTED).map((c) => {
    const clashing = clashingOf.get(c.uid) ?? [{ checkIn: c.checkIn, checkOut: c.checkOut }];
    const held = subtractRuns(c, clashing);
    const runs = (list: Nights[]) => list.map((n) => `${n.checkIn} to ${n.checkOut}`).join(', ');
    return `${channel} (${c.summary}): ${c.checkIn} to ${c.checkOut}, event ${c.uid}. Taken already: ${runs(clashing)}.${
      held.length > 0 ? ` Held for ${channel} now: ${runs(held)}.` : ''
    }`;
  });
  return mail(
    config,
    'channel-conflict',
    `Double booking: ${conflicts.length} ${channel} ${conflicts.length === 1 ? 'stay overlaps' : 'stays overlap'} nights already taken`,
    `${channel} sold nights that are already taken`,
    [
      ...lines,
      ...(conflicts.length > CONFLICTS_LISTED ? [`…and ${(conflicts.length - CONFLICTS_LISTED).toLocaleString('en')} more, listed on the Channels screen.`] : []),
      `Every night of these stays that nobody else held is now held for ${channel}'s guest. For the nights taken already, move a guest or close the nights on the channel, then mark each conflict resolved on the Channels screen. When the taken nights come free, they are held for ${channel}'s guest at once.`,
      `${config.publicUrl}/admin/channels`,
    ],
  );
}

/** A feed that has not synced for 24 hours (sent once, until it works and fails again). */
export function feedFailingMail(config: Config, feed: FeedRow, since: Date): OutgoingMail {
  const channel = CHANNEL_NAMES[feed.channel];
  return mail(config, 'channel-feed-failing', `The ${channel} calendar has not synced since ${since.toISOString().slice(0, 16).replace('T', ' ')} UTC`, `The ${channel} feed is failing`, [
    `The last error: ${feed.lastError ?? 'unknown'}`,
    `Until it works again, nights sold on ${channel} are not blocked here, and a guest could book them.`,
    `${config.publicUrl}/admin/channels`,
  ]);
}
