/** Child process of bench/api-me.ts: the app with one signed-up guest, and the bare route. */
import { announce, benchApps } from './bench-app.ts';

const { app, bare } = await benchApps();
const res = await app.inject({
  method: 'POST',
  url: '/api/auth/register',
  payload: { email: `bench-${Date.now()}@residency.local`, password: 'bench-password', name: 'Bench Guest' },
});
await announce(app, bare, { token: res.json().data.token as string });
