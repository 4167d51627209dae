import { createServer } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope recipients, as the SMTP client gave them (RCPT TO). */
  rcptTo: string[];
  raw: Buffer;
  parsed: Email;
  /** When the server accepted it (Date.now()). */
  at: number;
}

export interface TestSmtp {
  port: number;
  url: string;
  /** Every message accepted so far, oldest first. */
  received: ReceivedMail[];
  /** Resolves once `count` messages have arrived; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export interface SmtpOptions {
  /** Listen on this very port (e.g. after SMTP "comes back"); a free one by default. */
  port?: number;
  /**
   * How long the server works on each message before it accepts it (answers 250 to the end of
   * the data), as a slow mail server does; 0 by default. A client that is killed meanwhile has
   * sent the whole message: it still counts as received, as at a real server.
   */
  delayMs?: number;
}

/**
 * A real SMTP server on 127.0.0.1 that accepts every message (no auth, no STARTTLS) and keeps
 * it parsed. Pass a port (or `{ port }`) to listen on that very port (e.g. after SMTP "comes
 * back"), `{ delayMs }` for a slow server.
 */
export async function startSmtp(portOrOptions: number | SmtpOptions = 0): Promise<TestSmtp> {
  const { port = 0, delayMs = 0 } = typeof portOrOptions === 'number' ? { port: portOrOptions } : portOrOptions;
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const rcptTo = session.envelope.rcptTo.map((r) => r.address);
        const worked = delayMs > 0 ? new Promise((resolve) => setTimeout(resolve, delayMs)) : Promise.resolve();
        Promise.all([PostalMime.parse(raw), worked]).then(
          ([parsed]) => {
            received.push({ rcptTo, raw, parsed, at: Date.now() });
            for (const wake of waiters.splice(0)) wake();
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;

  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    received,
    async waitFor(count, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${count} mail(s) over SMTP, got ${received.length}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A TCP port on 127.0.0.1 where nothing listens (it was free a moment ago). */
export async function unusedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** The value of a header of a received mail (first occurrence; the name in any case). */
export function headerOf(mail: ReceivedMail, name: string): string | undefined {
  const key = name.toLowerCase();
  return mail.parsed.headers.find((h) => h.key === key)?.value;
}
