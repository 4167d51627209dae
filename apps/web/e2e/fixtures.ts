import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  expect,
  test as base,
  type APIRequestContext,
  type Locator,
  type Page,
  type Request,
  type TestInfo,
} from '@playwright/test';
import { runDir, startWorkerServer, type RunningServer } from './support/servers';

export type Role = 'admin' | 'staff' | 'user';
export type Lng = 'en' | 'bn';
export interface Credentials {
  email: string;
  password: string;
}
/** An account as the API answers a sign-in: who it is and a token for the `Authorization` header. */
export interface Account extends Credentials {
  name: string;
  token: string;
  user: { _id: string; email: string; name: string; role: Role };
  headers: { authorization: string };
}

export const DEMO = {
  admin: { email: 'admin@residency.local', password: 'Admin#2026' },
  staff: { email: 'staff@residency.local', password: 'Staff#2026' },
  user: { email: 'user@residency.local', password: 'Guest#2026' },
} as const satisfies Record<Role, Credentials>;

/** Where the setup project saves each demo role's signed-in browser storage (auth.setup.ts). */
export const savedSignIn = (role: Role) => path.join(runDir(), 'auth', `${role}.json`);

/**
 * What the web app keeps in localStorage for a signed-in user: redux-persist's `persist:auth`,
 * each kept field JSON-encoded once more inside the JSON object.
 */
export function authStorageValue(user: Account['user'], token: string): string {
  return JSON.stringify({
    user: JSON.stringify(user),
    token: JSON.stringify(token),
    _persist: JSON.stringify({ version: -1, rehydrated: true }),
  });
}

/** A short, stable name for the running test: its title path and repetition. */
function testKey(info: TestInfo): string {
  const digest = createHash('sha1').update(info.titlePath.join(' › ')).digest('hex').slice(0, 8);
  return `w${info.workerIndex}-${digest}-r${info.repeatEachIndex}`;
}

const namesGiven = new WeakMap<TestInfo, number>();

/**
 * A name for data this test makes (an account, a coupon, a category), named by worker and test:
 * the same test makes the same names, two tests never meet, and a failure says whose data it was.
 */
export function uniqueName(prefix: string): string {
  const info = test.info();
  const n = (namesGiven.get(info) ?? 0) + 1;
  namesGiven.set(info, n);
  return `${prefix}-${testKey(info)}-${n}`;
}

/** A unique e-mail address for an account this test makes (see uniqueName). */
export function uniqueEmail(prefix = 'guest'): string {
  return `${uniqueName(prefix)}@example.com`;
}

/**
 * A day offset of this test's own, in [from, from + span): tests that book dates far ahead use
 * it so that two tests on one worker's database rarely ask for the same nights (and when they
 * do, freeRooms() finds them another room).
 */
export function testDayOffset(from: number, span: number): number {
  const info = test.info();
  const digest = createHash('sha1').update(`${info.titlePath.join(' › ')}#${info.repeatEachIndex}`).digest();
  return from + (digest.readUInt32BE(0) % span);
}

/** Requests a page has sent that have not ended yet (see settled()). */
const inFlight = new WeakMap<Page, Set<Request>>();

function trackRequests(page: Page) {
  const open = new Set<Request>();
  inFlight.set(page, open);
  page.on('request', (r) => open.add(r));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  page.on('close', () => open.clear());
}

/**
 * Resolves once the page has had no request in flight for `quietMs`: its data has arrived. The
 * same question as Playwright's 'networkidle', which waits a fixed 500 ms of quiet after the
 * last request; here the quiet asked for is short, because every request is seen.
 */
export async function settled(page: Page, { quietMs = 120, timeout = 20_000 } = {}): Promise<void> {
  const open = inFlight.get(page);
  if (!open) throw new Error('settled() needs the page fixture of ./fixtures');
  const deadline = Date.now() + timeout;
  let quietSince = open.size === 0 ? Date.now() : 0;
  while (Date.now() - quietSince < quietMs || quietSince === 0) {
    if (Date.now() > deadline) {
      throw new Error(`still loading after ${timeout} ms: ${[...open].map((r) => r.url()).join(', ')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (open.size > 0) quietSince = 0;
    else if (quietSince === 0) quietSince = Date.now();
  }
}

/** Calls to the API as a person of a given role, or as an account a test made. */
export class Api {
  private static tokens = new Map<string, Promise<Account>>();

  private readonly request: APIRequestContext;

  constructor(request: APIRequestContext) {
    this.request = request;
  }

  /** Signs in through the API (not the form); a demo role's sign-in is made once per worker. */
  async account(who: Role | Credentials | Account): Promise<Account> {
    // An account as a sign-in answers it; a test's own { email, password, token } signs in again.
    if (typeof who !== 'string' && 'token' in who && 'user' in who) return who;
    const credentials = typeof who === 'string' ? DEMO[who] : who;
    const key = `${credentials.email}\n${credentials.password}`;
    if (typeof who !== 'string') return this.login(credentials);
    let cached = Api.tokens.get(key);
    if (!cached) {
      cached = this.login(credentials);
      Api.tokens.set(key, cached);
      cached.catch(() => Api.tokens.delete(key));
    }
    return cached;
  }

  private async login(credentials: Credentials): Promise<Account> {
    const res = await this.request.post('/api/auth/login', { data: credentials });
    expect(res.status(), `sign-in of ${credentials.email}: ${await res.text()}`).toBe(200);
    const { user, token } = (await res.json()).data;
    return { ...credentials, name: user.name, user, token, headers: { authorization: `Bearer ${token}` } };
  }

  /** The `Authorization` header of a role or an account. */
  async headers(who: Role | Credentials): Promise<{ authorization: string }> {
    return (await this.account(who)).headers;
  }

  /** A new guest account of this test (registered through the API), signed in. */
  async newGuest(name = 'Test Guest', password = 'Guest#e2e-2026'): Promise<Account> {
    const email = uniqueEmail('guest');
    const res = await this.request.post('/api/auth/register', { data: { email, password, name } });
    expect(res.status(), await res.text()).toBe(201);
    const { user, token } = (await res.json()).data;
    return { email, password, name, user, token, headers: { authorization: `Bearer ${token}` } };
  }

  /** A new account of this test with `role`: registered, then given the role by the admin. */
  async newAccount(role: Role, name = `Test ${role}`): Promise<Account> {
    const guest = await this.newGuest(name);
    if (role === 'user') return guest;
    const res = await this.request.put(`/api/users/${guest.user._id}`, { headers: await this.headers('admin'), data: { role } });
    expect(res.ok(), await res.text()).toBe(true);
    return this.account(guest);
  }
}

interface TestFixtures {
  /** A first visit: no language chosen and the cookie question unanswered. */
  freshVisitor: boolean;
  /** Starts the test signed in as this demo role (the storage state saved by auth.setup.ts). */
  signedInAs: Role | undefined;
  api: Api;
}

interface WorkerFixtures {
  server: RunningServer;
}

/**
 * Every test runs against its worker's own server and database, starts in English with the
 * cookie question answered (unless `freshVisitor`), and signed out (unless `signedInAs`).
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  server: [
    // Playwright reads a fixture's dependencies from its first parameter: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const server = await startWorkerServer(workerInfo.workerIndex);
      // The mailbox reader (mailbox.ts) runs in this worker process.
      process.env.E2E_MAIL_DIR = server.mailDir;
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  freshVisitor: [false, { option: true }],
  signedInAs: [undefined, { option: true }],
  storageState: async ({ signedInAs, baseURL, storageState }, use) => {
    if (!signedInAs) return use(storageState);
    // Saved for the setup worker's address: the same sign-in holds on this worker's copy of
    // the database (same accounts, same signing secret), at this worker's address.
    const saved = JSON.parse(readFileSync(savedSignIn(signedInAs), 'utf8'));
    for (const origin of saved.origins) origin.origin = baseURL;
    await use(saved);
  },
  page: async ({ page, freshVisitor }, use) => {
    trackRequests(page);
    if (!freshVisitor) {
      await page.addInitScript(() => {
        if (!localStorage.getItem('lng')) localStorage.setItem('lng', 'en');
        localStorage.setItem('cookieConsent', 'true');
      });
    }
    await use(page);
  },
  api: async ({ request }, use) => use(new Api(request)),
});

export { expect };

/**
 * Signs `page` in as `who` from its next navigation on, through the API: what the web app
 * keeps after a sign-in is written into its storage. Only the login and sign-up specs type into
 * the form. Applied once per call, so a later logout or another signIn() holds.
 */
export async function signIn(page: Page, api: Api, who: Role | Credentials | Account): Promise<Account> {
  const account = await api.account(who);
  const value = authStorageValue(account.user, account.token);
  const nonce = `${Date.now()}-${Math.random()}`;
  await page.addInitScript(
    ({ value, nonce }) => {
      const applied: string[] = JSON.parse(sessionStorage.getItem('e2e-sign-ins') ?? '[]');
      if (applied.includes(nonce)) return;
      localStorage.setItem('persist:auth', value);
      sessionStorage.setItem('e2e-sign-ins', JSON.stringify([...applied, nonce]));
    },
    { value, nonce },
  );
  return account;
}

/**
 * Signs `page` in as `who` through the API (see signIn) and opens that person's dashboard: where
 * a sign-in through the form lands. For tests whose subject is what comes after the sign-in.
 */
export async function login(page: Page, who: Role | Credentials | Account): Promise<Account> {
  const account = await signIn(page, new Api(page.request), who);
  await page.goto(`/${account.user.role}/dashboard`);
  await expect(page).toHaveURL(new RegExp(`/${account.user.role}/dashboard$`));
  return account;
}

/**
 * Picks an option of an Ant Design Select (its options are not native <option>s), and checks the
 * select now shows it: a click on a drop-down still sliding in can miss its option (seen in CI,
 * where the form then said "Please select a category!"), so the pick is tried again until it shows.
 */
export async function chooseOption(page: Page, select: Locator, label: string) {
  // The Select itself when the locator is its root (a test id on the Select), else its nearest root above.
  const root = select.locator('xpath=ancestor-or-self::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
  let tries = 0;
  await expect(async () => {
    // A pick that took but showed late must not be made again: the choice may have opened a
    // question (Change this role?) that now covers the select (seen in CI under load).
    if (tries++ > 0 && ((await root.textContent()) ?? '').includes(label)) return;
    const open = page.locator('.ant-select-dropdown:visible');
    if ((await open.count()) === 0) await select.click();
    await open.locator(`.ant-select-item-option[title="${label}"]`).click({ timeout: 2_000 });
    await expect(root).toContainText(label, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/**
 * Reads the site in `lng` from now on: the stored choice, then a reload that shows it (set while
 * the page is still starting, the choice could be overwritten by the page's own first save).
 */
export async function useLanguage(page: Page, lng: Lng) {
  await expect(async () => {
    await page.evaluate((l) => localStorage.setItem('lng', l), lng);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', lng, { timeout: 2_000 });
  }).toPass();
}

/** How far the page scrolls sideways (0 when it fits the width). */
export async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** axe-core's own build, put into a page once per document (see seriousViolations). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Axe's serious and critical findings on the page, one line each (rule, where, and the first
 * node's reason), once every finite animation has ended: a dialog, drawer or drop-down still
 * fading is measured half-transparent, or without its name. `exclude` leaves parts out (CSS
 * selectors).
 *
 * axe-core runs in the page itself, asked for its violations only. @axe-core/playwright's
 * builder took 0.7 to 2.4 s a page here against 0.2 to 0.6 s for the same rules: it put axe into
 * the page again on every call and sent back every passed and inapplicable check with its nodes
 * (about 50 rules' worth). Frames are not entered: the site's own frames hold a blog post's or a
 * mail's HTML as its author wrote it, not the app's controls.
 */
export async function seriousViolations(page: Page, exclude: string[] = []): Promise<string[]> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (excluded) => {
    const { axe } = window as unknown as { axe: typeof import('axe-core') };
    const context = { include: [document.documentElement], exclude: excluded.map((selector) => [selector]) };
    const results = await axe.run(context as import('axe-core').ElementContext, { resultTypes: ['violations'], iframes: false });
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}) ${v.nodes[0]?.failureSummary ?? ''}`);
  }, exclude);
}

/**
 * Rooms free for these nights and guests, as the public search finds them (bookable, not under
 * maintenance, no stay overlapping). Specs book one of these, never a fixed room: two tests that
 * happened to draw overlapping dates would otherwise meet on the same room.
 */
export async function freeRooms(
  request: APIRequestContext,
  checkIn: string,
  checkOut: string,
  guests: { adults: number; children: number } = { adults: 1, children: 0 },
): Promise<{ _id: string; category: string; price: number; room_overview: { room_number: string } }[]> {
  const query = encodeURIComponent(JSON.stringify(guests));
  const res = await request.get(`/api/room?checkIn=${checkIn}&checkOut=${checkOut}&guests=${query}&limit=1000`);
  expect(res.ok()).toBe(true);
  return (await res.json()).data;
}
