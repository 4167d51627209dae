import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** GET /api/site with these settings: the facts the web app's header and footer show. */
async function siteWith(env: Record<string, string>) {
  app = await buildTestApp(env, { reset: false });
  const res = await app.inject({ method: 'GET', url: '/api/site' });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { address: string; addressBn: string } }>().data;
}

describe("GET /api/site: the hotel's address in both languages", () => {
  it('serves HOTEL_ADDRESS_BN as the Bengali address beside the English one', async () => {
    const site = await siteWith({ HOTEL_ADDRESS: 'Plot 5, Road 2, Banani, Dhaka 1213', HOTEL_ADDRESS_BN: 'প্লট ৫, রোড ২, বনানী, ঢাকা ১২১৩' });
    expect(site.address).toBe('Plot 5, Road 2, Banani, Dhaka 1213');
    expect(site.addressBn).toBe('প্লট ৫, রোড ২, বনানী, ঢাকা ১২১৩');
  });

  it('falls back to the English address when no Bengali one is set', async () => {
    const site = await siteWith({ HOTEL_ADDRESS: 'Plot 5, Road 2, Banani, Dhaka 1213', HOTEL_ADDRESS_BN: '' });
    expect(site.addressBn).toBe('Plot 5, Road 2, Banani, Dhaka 1213');
  });

  it("writes the demo hotel's default address in Bengali", async () => {
    const site = await siteWith({});
    expect(site.address).toBe('House 12, Road 71, Gulshan 2, Dhaka 1212, Bangladesh');
    expect(site.addressBn).toBe('বাড়ি ১২, রোড ৭১, গুলশান ২, ঢাকা ১২১২, বাংলাদেশ');
  });
});
