/**
 * `npm run audit:verify` as an operator runs it (issue 35): on a hotel's data directory, it says
 * the trail is intact; after someone edits a record in SQL, it names that record and exits 1.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from './db/client.ts';

const dataDir = realpathSync(mkdtempSync(path.join(tmpdir(), 'residency-audit-')));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const run = (script: string, ...args: string[]) =>
  spawnSync(process.execPath, [path.join(import.meta.dirname, 'cli', script), ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' },
    encoding: 'utf8',
    timeout: 60_000,
  });

it('says the trail is intact, then names the record edited in SQL', async () => {
  expect(run('create-admin.ts', 'owner@example.com', 'Hotel Owner').status).toBe(0);
  const intact = run('audit-verify.ts');
  expect(intact.stdout).toMatch(/intact: 1 records checked/);
  expect(intact.status).toBe(0);

  // Someone with the data directory makes the account look created by someone else.
  const handle = await openDatabase({ dataDir });
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
    await tx.execute(sql`update audit_log set actor_label = 'someone-else' where seq = 1`);
    await tx.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
  });
  await handle.close();

  const broken = run('audit-verify.ts');
  expect(broken.stderr).toMatch(/broken at record 1: Record 1 does not match its hash/);
  expect(broken.status).toBe(1);
}, 120_000);
