import { CHANNEL_NAMES } from '@residency/shared';
import type { Config } from '../../config.ts';
import { escapeHtml, hotelFooter, mailLayout } from '../../lib/mail-layout.ts';
import type { OutgoingMail } from '../../plugins/mailer.ts';
import type { ConflictRow, FeedRow } from './channels.repository.ts';

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

/** New conflicts of one sync: a channel sold nights that a stay or another block already holds. */
export function conflictMail(config: Config, feed: FeedRow, conflicts: ConflictRow[]): OutgoingMail {
  const channel = CHANNEL_NAMES[feed.channel];
  const lines = conflicts.map((c) => `${channel} (${c.summary}): ${c.checkIn} to ${c.checkOut}, event ${c.uid}`);
  return mail(
    config,
    'channel-conflict',
    `Double booking: ${conflicts.length} ${channel} ${conflicts.length === 1 ? 'stay overlaps' : 'stays overlap'} nights already taken`,
    `${channel} sold nights that are already taken`,
    [
      ...lines,
      'These stays were not imported. Move a guest, or close the nights on the channel, then mark each conflict resolved on the Channels screen.',
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
