/**
 * Starts the real server (scripts/start.ts path: built web app + API) in this process on the
 * data directory and port from the environment; used by the page and start-up benchmarks.
 */
await import('../../apps/api/src/server.ts');
