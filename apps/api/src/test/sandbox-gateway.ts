import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SANDBOX_CREDENTIALS } from '../config.ts';
import { unusedPort } from './smtp.ts';

const entry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../sandbox-gateway/server.ts');

/**
 * The sandbox gateway as a process of its own on 127.0.0.1 (issue 33: tests talk to it over real
 * HTTP, as the API does): its base URL, the settings that point an API at it, and its control
 * routes, which make the guest's decision on the payment page and send an IPN again.
 */
export async function startSandboxGateway(extraEnv: Record<string, string> = {}) {
  const port = await unusedPort();
  const child: ChildProcess = spawn(process.execPath, [entry, String(port)], { env: { PATH: process.env.PATH ?? '', ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the sandbox gateway did not start: ${output}`)), 20_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('exit', (code) => reject(new Error(`the sandbox gateway exited (${code}): ${output}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  const post = async (url: string, body: unknown) => {
    const answer = await fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return (await answer.json()) as Record<string, unknown>;
  };
  return {
    base,
    /** The settings that send an API's payments to this sandbox. */
    env: {
      PAYMENT_SANDBOX: 'false',
      SSLCOMMERZ_STORE_ID: SANDBOX_CREDENTIALS.sslcommerz.storeId,
      SSLCOMMERZ_STORE_PASSWORD: SANDBOX_CREDENTIALS.sslcommerz.storePassword,
      SSLCOMMERZ_BASE_URL: `${base}/sslcommerz`,
      BKASH_APP_KEY: SANDBOX_CREDENTIALS.bkash.appKey,
      BKASH_APP_SECRET: SANDBOX_CREDENTIALS.bkash.appSecret,
      BKASH_USERNAME: SANDBOX_CREDENTIALS.bkash.username,
      BKASH_PASSWORD: SANDBOX_CREDENTIALS.bkash.password,
      BKASH_BASE_URL: `${base}/bkash`,
    },
    /** The guest's decision on SSLCommerz's page: where the browser is sent and what it posts; `ipn: false` holds the IPN back. */
    sslDecide: (sessionkey: string, decision: 'pay' | 'review' | 'fail' | 'cancel', options: { instrument?: string; ipn?: boolean } = {}) =>
      post('/_control/sslcommerz/decide', { sessionkey, decision, ...options }) as Promise<{ url: string; fields: Record<string, string> }>,
    /** Sends the session's IPN (again); answers the API's HTTP status. */
    sslIpn: async (tranId: string) => (await post('/_control/sslcommerz/ipn', { tranId })).status as number,
    sslSession: async (tranId: string) => (await fetch(`${base}/_control/sslcommerz/${encodeURIComponent(tranId)}`)).json() as Promise<Record<string, unknown> & { refunds: { amount: number }[] }>,
    /** The guest's decision on bKash's page: the callback address the browser goes to. */
    bkashDecide: async (paymentID: string, decision: 'pay' | 'insufficient' | 'fail' | 'cancel') => (await post('/_control/bkash/decide', { paymentID, decision })).callbackUrl as string,
    bkashPayment: async (paymentID: string) => (await fetch(`${base}/_control/bkash/${paymentID}`)).json() as Promise<Record<string, unknown> & { refunds: { amount: string }[] }>,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export type SandboxGateway = Awaited<ReturnType<typeof startSandboxGateway>>;

/** The sessionkey in an SSLCommerz GatewayPageURL. */
export const sessionKeyOf = (redirectUrl: string) => new URL(redirectUrl).searchParams.get('SESSIONKEY')!;
/** The paymentID in a bKash bkashURL. */
export const paymentIdOf = (redirectUrl: string) => redirectUrl.split('/').at(-1)!;
