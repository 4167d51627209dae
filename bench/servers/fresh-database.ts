import pg from 'pg';

/** Drops and creates the database `residency_bench` on the server of `serverUrl`; returns its URL. */
export async function freshDatabase(serverUrl: string, name = 'residency_bench'): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
