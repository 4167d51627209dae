/** Child process of benchmarks that need only the app (no accounts or rooms) and the bare route. */
import { announce, benchApps } from './bench-app.ts';

const { app, bare } = await benchApps();
await announce(app, bare);
