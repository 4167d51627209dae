import type { TEventRequest, TServiceRequest, TVenue } from '@residency/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { findActiveUserByEmail } from '../lib/accounts.ts';
import { useTestApp } from '../test/app.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { DEMO_EVENT_REQUESTS, DEMO_HALLS } from './demo-events.ts';
import { seedDemoData } from './index.ts';

const tokenOf = async (role: 'admin' | 'user') => {
  const user = (await findActiveUserByEmail(ctx.app.db, DEMO_ACCOUNTS.find((a) => a.role === role)!.email))!;
  return { authorization: `Bearer ${ctx.app.jwt.sign({ sub: user.id, role: user.role })}` };
};

const ctx = useTestApp({ reset: 'file', accounts: {} });
beforeAll(async () => {
  // A first start in development: everything, at a quarter of the picture size.
  expect(await seedDemoData(ctx.app.dbHandle, ctx.app.storage, { ...ctx.app.config, env: 'development' }, { scale: 0.25 })).toBe('seeded');
}, 120_000);

describe('demo events', () => {
  it('presents two halls with pictures, seats per layout and Bengali names', async () => {
    const halls = (await ctx.app.inject({ url: '/api/venues' })).json().data as TVenue[];
    expect(halls.map((h) => h.name)).toEqual(DEMO_HALLS.map((h) => h.hall.name));
    for (const hall of halls) {
      expect(hall.images.length).toBeGreaterThan(0);
      expect(Object.keys(hall.capacities).length).toBeGreaterThan(2);
      expect(hall.translations.bn?.name).toMatch(/[\u0980-\u09FF]/);
      // Every picture is served.
      for (const url of hall.images) expect((await ctx.app.inject({ url })).statusCode).toBe(200);
    }
  });

  it('gives the staff screen requests in every state, from today on', async () => {
    const events = (await ctx.app.inject({ url: '/api/events?limit=50', headers: await tokenOf('admin') })).json().data as TEventRequest[];
    expect(events).toHaveLength(DEMO_EVENT_REQUESTS.length);
    expect(new Set(events.map((e) => e.status))).toEqual(new Set(['pending', 'confirmed', 'cancelled']));
    expect(new Set(events.map((e) => e.language))).toEqual(new Set(['en', 'bn']));
  });

  it("puts the demo guest's service requests on their current stay, one done and one waiting", async () => {
    const mine = (await ctx.app.inject({ url: '/api/services/my-services', headers: await tokenOf('user') })).json().data as TServiceRequest[];
    expect(mine.map((r) => [r.service, r.isCompleted])).toEqual([
      ['wake_up_call', false],
      ['extra_towels', true],
    ]);
    const today = new Date().toISOString().slice(0, 10);
    expect(mine[0]!.booking.startDate <= today && mine[0]!.booking.endDate >= today).toBe(true);
  });
});
