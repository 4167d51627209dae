import { rmSync } from 'node:fs';
import { runDir, startServer, templateDir } from './support/servers';

/**
 * Seeds the demo data once, into a template data directory that every worker's server copies
 * (support/servers.ts): seeding draws some forty pictures and takes seconds; a copy takes
 * milliseconds. Named in playwright.config.ts (globalSetup).
 *
 * @public
 */
export default async function globalSetup() {
  // One directory per run: two runs on one machine never share or remove each other's data.
  process.env.E2E_RUN_ID ??= String(process.pid);
  rmSync(runDir(), { recursive: true, force: true });
  const started = Date.now();
  const seeding = await startServer(templateDir(), 180_000);
  await seeding.stop();
  console.log(`e2e: demo data seeded into ${templateDir()} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return async () => rmSync(runDir(), { recursive: true, force: true });
}
