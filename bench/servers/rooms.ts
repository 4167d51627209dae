/** Child process of bench/api-rooms.ts: the app with 1,000 rooms in 5 categories, and the bare route. */
import { defaultCategory } from '../../packages/shared/src/room-rules.ts';
import { announce, benchApps } from './bench-app.ts';

const { app, bare } = await benchApps();
const admin = await app.inject({
  method: 'POST',
  url: '/api/auth/register',
  payload: { email: 'bench-admin@residency.local', password: 'bench-password', name: 'Bench Admin' },
});
const adminId = admin.json().data.user._id as string;
await app.db.execute(`update users set role = 'admin' where id = '${adminId}'` as never);
const token = app.jwt.sign({ sub: adminId, role: 'admin' });
for (let c = 1; c <= 5; c += 1) {
  const numbers = Array.from({ length: 200 }, (_, i) => `${c}${String(i + 1).padStart(3, '0')}`);
  const base = defaultCategory();
  const res = await app.inject({
    method: 'PUT',
    url: '/api/room-categories',
    headers: { authorization: `Bearer ${token}` },
    payload: {
      ...base,
      name: `Category ${c}`,
      description: 'A room for the benchmark.',
      room_features: { ...base.room_features, windows: 'City view' },
      roomNumbers: numbers.join(','),
    },
  });
  if (res.json().data.sync.created.length !== 200) throw new Error(`seeding failed: ${res.body.slice(0, 300)}`);
}
await announce(app, bare);
