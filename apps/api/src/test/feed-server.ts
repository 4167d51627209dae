import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the feed server answers on a path: a calendar, or a way to fail. */
export type FeedAnswer =
  | { body: string; status?: number; type?: string }
  | { redirect: string }
  | { hang: true }
  | { bytes: number };

/**
 * A real HTTP server on 127.0.0.1 standing in for a channel's iCal feeds: each path answers what
 * the test set, and every request is counted, so a test sees how often a feed was fetched.
 */
export async function startFeedServer() {
  const answers = new Map<string, FeedAnswer>();
  const hits = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const answer = answers.get(path);
    if (!answer) {
      response.writeHead(404).end('not found');
      return;
    }
    if ('hang' in answer) return; // never answers: the client's timeout must end it
    if ('redirect' in answer) {
      response.writeHead(302, { location: answer.redirect }).end();
      return;
    }
    if ('bytes' in answer) {
      response.writeHead(200, { 'content-type': 'text/calendar' });
      const chunk = Buffer.alloc(64 * 1024, 'X');
      let sent = 0;
      const write = () => {
        while (sent < answer.bytes) {
          sent += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', write);
        }
        response.end();
      };
      write();
      return;
    }
    response.writeHead(answer.status ?? 200, { 'content-type': answer.type ?? 'text/calendar; charset=utf-8' }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    serve: (path: string, answer: FeedAnswer) => void answers.set(path, answer),
    hits: (path: string) => hits.get(path) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FeedServer = Awaited<ReturnType<typeof startFeedServer>>;

/** An iCal calendar of `events` (lines as given), with CRLF or LF line ends. */
export function calendar(events: string[][], options: { eol?: '\r\n' | '\n'; prodId?: string } = {}): string {
  const eol = options.eol ?? '\r\n';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${options.prodId ?? '-//Test//Feed//EN'}`,
    'CALSCALE:GREGORIAN',
    ...events.flatMap((e) => ['BEGIN:VEVENT', ...e, 'END:VEVENT']),
    'END:VCALENDAR',
  ];
  return lines.join(eol) + eol;
}

/** YYYY-MM-DD as iCal's YYYYMMDD. */
export const icalDay = (iso: string) => iso.replaceAll('-', '');
