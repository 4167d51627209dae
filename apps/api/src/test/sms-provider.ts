import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One message the test provider received: its form fields and when it arrived. */
export interface ReceivedSms {
  fields: Record<string, string>;
  at: number;
}

export interface TestSmsProvider {
  url: string;
  received: ReceivedSms[];
  /** What the provider answers each message: a status and a body (by default 202 and a message id). */
  answer: (sms: ReceivedSms, index: number) => { status: number; body: string };
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedSms[]>;
  close(): Promise<void>;
}

/**
 * A real HTTP server playing a Bangladeshi bulk-SMS provider: it takes form posts (api_key,
 * senderid, number, message, type) and answers JSON `{ response_code: 202, message_id }`, or what
 * the test sets in `answer`. `delayMs` makes it work on each message that long before answering.
 */
export async function startSmsProvider(options: { delayMs?: number } = {}): Promise<TestSmsProvider> {
  const provider: TestSmsProvider = {
    url: '',
    received: [],
    answer: (_sms, index) => ({ status: 200, body: JSON.stringify({ response_code: 202, message_id: `msg-${index + 1}`, success_message: 'SMS Submitted Successfully' }) }),
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (provider.received.length < count) {
        if (Date.now() > deadline) throw new Error(`The SMS provider received ${provider.received.length} of ${count} messages`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return provider.received;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const respond = () => {
        const sms = { fields: Object.fromEntries(new URLSearchParams(body)), at: Date.now() };
        const index = provider.received.length;
        provider.received.push(sms);
        const { status, body: answer } = provider.answer(sms, index);
        response.writeHead(status, { 'content-type': 'application/json' }).end(answer);
      };
      if (options.delayMs) setTimeout(respond, options.delayMs);
      else respond();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  provider.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/smsapi`;
  return provider;
}
