import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { findActiveUserByEmail } from '../lib/accounts.ts';
import { createUser, query, useTestApp } from '../test/app.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { seedDemoData } from './index.ts';

const ctx = useTestApp({ accounts: {} });

const demoAccountsOpen = async () =>
  (await Promise.all(DEMO_ACCOUNTS.map((a) => findActiveUserByEmail(ctx.app.db, a.email)))).filter(Boolean).length;

describe('seedDemoData', () => {
  it('leaves a database that is in use alone: no demo accounts appear next to real ones', async () => {
    await createUser(ctx.app, { role: 'admin', email: 'owner@hotel.example' });
    expect(await seedDemoData(ctx.app.dbHandle, ctx.app.storage, ctx.app.config)).toBe('not-empty');
    expect(await demoAccountsOpen()).toBe(0);
    expect(await query(ctx.app, sql`select 1 from room_categories`)).toHaveLength(0);
  });

  it('finishes a first seed that was cut off half-way, then never seeds again', async () => {
    // A first start died ten minutes ago after claiming the seed (on a database server, a claim
    // that fresh would be another process still at work).
    await ctx.app.db.execute(sql`insert into app_meta (key, value, updated_at) values ('demo-seed', 'started', now() - interval '10 minutes')`);
    expect(await seedDemoData(ctx.app.dbHandle, ctx.app.storage, ctx.app.config, { scale: 0.25 })).toBe('seeded');
    expect(await demoAccountsOpen()).toBe(DEMO_ACCOUNTS.length);
    expect(await query(ctx.app, sql`select 1 from room_categories`)).not.toHaveLength(0);
    const [state] = await query<{ value: string }>(ctx.app, sql`select value from app_meta where key = 'demo-seed'`);
    expect(state?.value).toBe('done');

    // The hotel closes a demo account; the next start does not bring it back.
    await ctx.app.db.execute(sql`update users set deleted_at = now() where email = ${DEMO_ACCOUNTS[0]!.email}`);
    expect(await seedDemoData(ctx.app.dbHandle, ctx.app.storage, ctx.app.config)).toBe('already-seeded');
    expect(await demoAccountsOpen()).toBe(DEMO_ACCOUNTS.length - 1);
  });
});
