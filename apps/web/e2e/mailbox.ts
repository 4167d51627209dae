import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { expect } from './fixtures';

/**
 * The e2e server's mailbox. It has no SMTP server configured, so the outbox writes each mail it
 * sends as a file, `<ISO time>-<id>-<kind>.eml`, under its data directory (see server.ts): the
 * specs read what a guest or a member of staff would have received.
 */
/** This worker's mail directory (set by the server fixture of fixtures.ts). */
const mailDir = () => process.env.E2E_MAIL_DIR ?? '';

export type Mail = Awaited<ReturnType<typeof PostalMime.parse>>;

/** The mails of `kind` sent to `to` at or after `since` (ms), oldest first: the file names start with the time. */
async function mailsTo(kind: string, to: string, since: number): Promise<Mail[]> {
  if (!existsSync(mailDir())) return [];
  const mails: Mail[] = [];
  for (const name of readdirSync(mailDir()).filter((n) => n.endsWith(`-${kind}.eml`)).sort()) {
    const mail = await PostalMime.parse(readFileSync(path.join(mailDir(), name)));
    // The Date header has whole seconds: a second's slack.
    if (mail.to?.some((t) => t.address === to) && new Date(mail.date ?? 0).getTime() >= since - 1000) mails.push(mail);
  }
  return mails;
}

/**
 * The newest mail of `kind` sent to `to` (at or after `since`), waiting for the outbox to send it.
 * With `matching`, the newest one whose text matches.
 */
export async function waitForMail(
  kind: string,
  to: string,
  { since = 0, timeout = 20_000, matching }: { since?: number; timeout?: number; matching?: RegExp } = {},
): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const mails = await mailsTo(kind, to, since);
        found = mails.filter((m) => !matching || matching.test(m.text ?? '')).at(-1);
        return Boolean(found);
      },
      { timeout, message: `a ${kind} mail to ${to}` },
    )
    .toBe(true);
  return found!;
}

/** The path and query of the first link in the newest mail of `kind` to `to` that matches `pattern`. */
export async function mailedLink(kind: string, to: string, pattern: RegExp): Promise<string> {
  const mail = await waitForMail(kind, to, { matching: pattern });
  const url = new URL(pattern.exec(mail.text ?? '')![0]);
  return url.pathname + url.search;
}
