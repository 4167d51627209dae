import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
const child = spawn(process.execPath, ['/tmp/prof-plain.mjs'], { stdio: ['ignore', 'pipe', 'inherit'], env: process.env, cwd: '/work/main' });
const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
const info = JSON.parse(line);
let n = 0;
const body = () => { n++; return JSON.stringify({ name: `R ${n}`, email: `r${n}@example.com`, phone: '+880 1711-000000', eventType: 'Wedding', layout: 'Theater Style', date: new Date(Date.now() + (10 + n % 300) * 86400000).toISOString().slice(0, 10), startTime: '10:00', endTime: '16:00', guestCount: 50, language: n % 2 ? 'bn' : 'en' }); };
for (const c of [1, 10, 50]) {
const r = await autocannon({ url: `http://127.0.0.1:${info.app}/api/events`, connections: c, duration: 5, headers: { 'content-type': 'application/json' }, requests: [{ method: 'POST', setupRequest: (req) => ({ ...req, body: body() }) }] });
console.log(c, 'conns: 2xx/s', r['2xx'] / 5, 'p50', r.latency.p50);
}
const r2 = await autocannon({ url: `http://127.0.0.1:${info.app}/api/site`, connections: 10, duration: 3 });
console.log('GET /api/site 2xx/s', r2['2xx'] / 3);
child.kill('SIGTERM'); await once(child, 'exit');
