import pg from 'pg';

/** Drops and creates the database `residency_bench` on the server of `serverUrl`; returns its URL. */
export async function freshDatabase(serverUrl: string, name = 'residency_bench'): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
    // bench/bookings.ts names where PostgreSQL's time goes, function by function (triggers included).
    if (process.env.BENCH_TRACK_FUNCTIONS) await admin.query(`ALTER DATABASE "${name}" SET track_functions = 'all'`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
