/**
 * The deployment files at the repository root (Dockerfile, .dockerignore, compose.yaml) checked
 * against each other and against config.ts, without Docker: what a typo in one of them would
 * otherwise only show on the day someone runs `docker compose up`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ENV_VARIABLES, loadConfig } from './config.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

const APPS = ['app1', 'app2'] as const;
const LB = 'lb';
const SECRET = 'compose-test-secret-0123456789-abcdefghij';
const ID_KEY = 'ab'.repeat(32);

// ---- compose.yaml -------------------------------------------------------------------------

type Port = string | number | { target: number; published?: string | number; host_ip?: string };

interface Service {
  image?: string;
  build?: unknown;
  environment?: Record<string, string | number | boolean | null> | string[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: { test?: string | string[]; disable?: boolean };
  ports?: Port[];
  command?: string | string[];
  entrypoint?: string | string[];
  configs?: (string | { source: string; target?: string })[];
  volumes?: (string | { type?: string; source?: string; target: string })[];
  restart?: string;
}

interface Compose {
  services: Record<string, Service>;
  configs?: Record<string, { content?: string; file?: string }>;
  volumes?: Record<string, unknown>;
}

/**
 * Compose's interpolation: `$$`, `$VAR`, `${VAR}`, `${VAR:-default}`, `${VAR-default}`,
 * `${VAR:?error}` and `${VAR?error}` (the `:` forms also treat an empty value as unset).
 */
function interpolate(value: string, vars: Record<string, string | undefined>): string {
  return value.replace(
    /\$\$|\$\{([A-Za-z_]\w*)(?:(:?[-?])([^}]*))?\}|\$([A-Za-z_]\w*)/g,
    (match, braced: string | undefined, op: string | undefined, arg: string | undefined, bare: string | undefined) => {
      if (match === '$$') return '$';
      const name = (braced ?? bare) as string;
      const current = vars[name];
      const unset = op?.startsWith(':') ? !current : current === undefined;
      if (op?.endsWith('-')) return unset ? (arg ?? '') : (current as string);
      if (op?.endsWith('?')) {
        if (unset) throw new Error(`${name}: ${arg}`);
        return current as string;
      }
      return current ?? '';
    },
  );
}

function interpolateAll<T>(node: T, vars: Record<string, string | undefined>): T {
  if (typeof node === 'string') return interpolate(node, vars) as T;
  if (Array.isArray(node)) return node.map((item) => interpolateAll(item, vars)) as T;
  if (node && typeof node === 'object') {
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, interpolateAll(v, vars)])) as T;
  }
  return node;
}

const composeText = read('compose.yaml');

/** compose.yaml as Compose sees it: merge keys (`<<: *app`) applied, variables interpolated. */
function loadCompose(vars: Record<string, string | undefined> = { JWT_SECRET: SECRET }): Compose {
  return interpolateAll(parse(composeText, { merge: true }) as Compose, { ID_ENCRYPTION_KEY: ID_KEY, ...vars });
}

function environment(service: Service): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((entry) => {
        const at = entry.indexOf('=');
        return at < 0 ? [entry, ''] : [entry.slice(0, at), entry.slice(at + 1)];
      }),
    );
  }
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v == null ? '' : String(v)]));
}

function dependencies(service: Service): Record<string, string> {
  const deps = service.depends_on ?? {};
  if (Array.isArray(deps)) return Object.fromEntries(deps.map((name) => [name, 'service_started']));
  return Object.fromEntries(Object.entries(deps).map(([name, d]) => [name, d.condition ?? 'service_started']));
}

/** Host port → container port, from short (`127.0.0.1:3000:3000`) or long syntax. */
function publishedPorts(service: Service): Map<number, number> {
  const ports = new Map<number, number>();
  for (const port of service.ports ?? []) {
    if (typeof port === 'object') {
      ports.set(Number(port.published ?? port.target), port.target);
    } else {
      const parts = String(port).replace(/\/(tcp|udp)$/, '').split(':');
      const container = Number(parts.at(-1));
      ports.set(parts.length > 1 ? Number(parts.at(-2)) : container, container);
    }
  }
  return ports;
}

const asText = (command: string | string[] | undefined) => (Array.isArray(command) ? command.join(' ') : (command ?? ''));

// ---- Dockerfile ---------------------------------------------------------------------------

interface Instruction {
  keyword: string;
  args: string;
}

interface Stage {
  name?: string;
  image: string;
  instructions: Instruction[];
}

/** The stages of a Dockerfile, each with its instructions (continuations joined, comments left out). */
function parseDockerfile(text: string): Stage[] {
  const logical: string[] = [];
  let current = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#') || (!line && !current)) continue;
    if (line.endsWith('\\')) {
      current += `${line.slice(0, -1)} `;
      continue;
    }
    logical.push((current + line).trim());
    current = '';
  }
  if (current.trim()) logical.push(current.trim());

  const stages: Stage[] = [];
  for (const line of logical) {
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const upper = keyword.toUpperCase();
    if (upper === 'FROM') {
      const words = args.split(/\s+/).filter((w) => !w.startsWith('--'));
      const as = words.findIndex((w) => w.toUpperCase() === 'AS');
      stages.push({ image: words[0] ?? '', name: as >= 0 ? words[as + 1] : undefined, instructions: [] });
    } else if (stages.length > 0) {
      stages.at(-1)?.instructions.push({ keyword: upper, args });
    }
  }
  return stages;
}

const ofKind = (stage: Stage, keyword: string) => stage.instructions.filter((i) => i.keyword === keyword);

/** Exec form (`["node", "x"]`) or shell form, as words. */
function words(args: string): string[] {
  return args.trim().startsWith('[') ? (JSON.parse(args) as string[]) : args.trim().split(/\s+/);
}

interface Copy {
  from?: string;
  sources: string[];
  destination: string;
}

function copies(stage: Stage): Copy[] {
  return [...ofKind(stage, 'COPY'), ...ofKind(stage, 'ADD')].map(({ args }) => {
    const parts = words(args);
    const flags = parts.filter((p) => p.startsWith('--'));
    const paths = parts.filter((p) => !p.startsWith('--'));
    const from = flags.find((f) => f.startsWith('--from='))?.slice('--from='.length);
    return { from, sources: paths.slice(0, -1), destination: paths.at(-1) ?? '' };
  });
}

/** `ENV A=1 B=2` (and the old `ENV A 1`) of a stage, in order. */
function envOf(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { args } of ofKind(stage, 'ENV')) {
    const parts = args.split(/\s+/);
    if (!parts[0]?.includes('=')) {
      env[parts[0] ?? ''] = parts.slice(1).join(' ');
      continue;
    }
    for (const part of parts) {
      const at = part.indexOf('=');
      env[part.slice(0, at)] = part.slice(at + 1).replace(/^"(.*)"$/, '$1');
    }
  }
  return env;
}

const indexOf = (stage: Stage, keyword: string, matches: (args: string) => boolean = () => true) =>
  stage.instructions.findIndex((i) => i.keyword === keyword && matches(i.args));

// ---- .dockerignore ------------------------------------------------------------------------

function globToRegExp(glob: string): RegExp {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === '*' && glob[i + 1] === '*') {
      if (glob[i + 2] === '/') {
        source += '(?:.*/)?';
        i += 2;
      } else {
        source += '.*';
        i += 1;
      }
    } else if (c === '*') source += '[^/]*';
    else if (c === '?') source += '[^/]';
    else source += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** Whether Docker leaves a path of the build context out: it or a parent matches, last rule wins. */
function dockerignore(text: string): (file: string) => boolean {
  const rules = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const negate = line.startsWith('!');
      const pattern = path.posix.normalize((negate ? line.slice(1) : line).trim().replace(/^\/+/, ''));
      return { negate, re: globToRegExp(pattern.replace(/\/$/, '')) };
    });
  return (file) => {
    const parts = path.posix.normalize(file).replace(/^\.\//, '').split('/');
    const prefixes = parts.map((_, i) => parts.slice(0, i + 1).join('/'));
    let ignored = false;
    for (const rule of rules) {
      if (prefixes.some((p) => rule.re.test(p))) ignored = !rule.negate;
    }
    return ignored;
  };
}

// ---- the files ----------------------------------------------------------------------------

const stages = parseDockerfile(read('Dockerfile'));
const runtime = stages.at(-1) as Stage;
const isIgnored = dockerignore(read('.dockerignore'));

describe('compose.yaml', () => {
  it('runs two apps from one build behind a load balancer, with PostgreSQL, Redis, MinIO, its bucket init and Mailpit', () => {
    const { services } = loadCompose();
    expect(Object.keys(services)).toEqual(
      expect.arrayContaining([...APPS, LB, 'postgres', 'redis', 'minio', 'minio-init', 'mailpit']),
    );
    const [first, second] = APPS.map((name) => services[name] as Service);
    expect(first?.build).toBeDefined();
    expect(second?.build).toEqual(first?.build);
    expect(second?.image).toEqual(first?.image);
    // One configuration: the same JWT secret, database, Redis and bucket for every process.
    expect(environment(second as Service)).toEqual(environment(first as Service));
    expect(services.postgres?.image).toMatch(/^postgres:17/);
    expect(services.redis?.image).toMatch(/^redis:7/);
    expect(services.minio?.image).toMatch(/minio\/minio/);
    expect(services['minio-init']?.image).toMatch(/minio\/mc/);
    expect(services.mailpit?.image).toMatch(/mailpit/);
  });

  it('names only existing services in depends_on, and starts the apps once the database, Redis, MinIO and the bucket are ready', () => {
    const { services } = loadCompose();
    for (const [name, service] of Object.entries(services)) {
      for (const dependency of Object.keys(dependencies(service))) {
        expect(Object.keys(services), `${name} depends on ${dependency}`).toContain(dependency);
      }
    }
    for (const app of APPS) {
      const deps = dependencies(services[app] as Service);
      expect(deps).toMatchObject({
        postgres: 'service_healthy',
        redis: 'service_healthy',
        minio: 'service_healthy',
        'minio-init': 'service_completed_successfully',
      });
    }
    // service_healthy waits forever on a service without a healthcheck.
    for (const name of ['postgres', 'redis', 'minio']) {
      const check = services[name]?.healthcheck;
      expect(check?.disable, name).not.toBe(true);
      expect(asText(check?.test), name).not.toBe('');
    }
    // A one-shot service that restarts never "completes successfully".
    expect(services['minio-init']?.restart ?? 'no').toBe('no');
    expect(dependencies(services['minio-init'] as Service)).toMatchObject({ minio: 'service_healthy' });
  });

  it('refuses to start without JWT_SECRET', () => {
    expect(() => loadCompose({})).toThrow(/JWT_SECRET/);
    expect(() => loadCompose({ JWT_SECRET: '' })).toThrow(/JWT_SECRET/);
  });

  it('refuses to start without ID_ENCRYPTION_KEY (issue 34: the ID photos are encrypted with it)', () => {
    expect(() => loadCompose({ JWT_SECRET: SECRET, ID_ENCRYPTION_KEY: '' })).toThrow(/ID_ENCRYPTION_KEY/);
  });

  it('sets on the apps only variables that config.ts reads', () => {
    const env = environment(loadCompose().services.app1 as Service);
    expect(Object.keys(env).length).toBeGreaterThan(0);
    expect(Object.keys(env).filter((name) => !ENV_VARIABLES.includes(name))).toEqual([]);
    expect(env.NODE_ENV).toBe('production');
  });

  it.each([
    ['the defaults', { JWT_SECRET: SECRET }],
    ['passwords of its own', { JWT_SECRET: SECRET, POSTGRES_PASSWORD: 'pg-own-password', MINIO_ROOT_USER: 'own-user', MINIO_ROOT_PASSWORD: 'own-minio-password' }],
  ])('gives the apps a configuration loadConfig accepts, on the database, Redis, mail and bucket of this file (%s)', (_, vars) => {
    const { services } = loadCompose(vars);
    // What a container sees: the image's ENV, overridden by the compose file's.
    const env = { ...envOf(runtime), ...environment(services.app1 as Service) };
    const config = loadConfig(env);

    expect(config.env).toBe('production');
    expect(config.seedDemo).toBe(false);
    expect(config.jwtSecret).toBe(SECRET);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.host).toBe('0.0.0.0');

    const postgres = environment(services.postgres as Service);
    const database = new URL(config.databaseUrl ?? '');
    expect(database.hostname).toBe('postgres');
    expect(database.port || '5432').toBe('5432');
    expect(decodeURIComponent(database.username)).toBe(postgres.POSTGRES_USER);
    expect(decodeURIComponent(database.password)).toBe(postgres.POSTGRES_PASSWORD);
    expect(database.pathname).toBe(`/${postgres.POSTGRES_DB}`);

    const redis = new URL(config.redisUrl ?? '');
    expect(redis.hostname).toBe('redis');
    expect(redis.port || '6379').toBe('6379');

    const smtp = new URL(config.smtpUrl ?? '');
    expect(smtp.hostname).toBe('mailpit');
    expect(smtp.port).toBe('1025');

    const minio = environment(services.minio as Service);
    expect(config.storage).toMatchObject({
      kind: 's3',
      forcePathStyle: true,
      credentials: { accessKeyId: minio.MINIO_ROOT_USER, secretAccessKey: minio.MINIO_ROOT_PASSWORD },
    });
    if (config.storage.kind !== 's3') throw new Error('not S3 storage');
    const endpoint = new URL(config.storage.endpoint ?? '');
    expect(endpoint.hostname).toBe('minio');
    expect(endpoint.port).toBe('9000');
    // Browsers on the host load the objects through MinIO's published S3 port, bucket in the path.
    const minioPorts = publishedPorts(services.minio as Service);
    const hostPort = [...minioPorts].find(([, container]) => container === 9000)?.[0];
    expect(config.storage.publicUrl).toBe(`http://localhost:${hostPort}/${config.storage.bucket}`);

    // Behind the load balancer every request comes from its address: not trusting it would
    // count every guest as one for the rate limits, trusting everyone lets anyone dodge them.
    expect(config.trustProxy).not.toBe(false);
    expect(config.trustProxy).not.toBe(true);
  });

  it('creates the bucket of the apps and lets browsers download (not list) its objects', () => {
    const { services } = loadCompose();
    const bucket = environment(services.app1 as Service).S3_BUCKET;
    const script = `${asText(services['minio-init']?.entrypoint)} ${asText(services['minio-init']?.command)}`;
    expect(script).toMatch(new RegExp(`mc mb (--ignore-existing|-p) \\S+/${bucket}\\b`));
    expect(script).toMatch(new RegExp(`mc anonymous set download \\S+/${bucket}\\b`));
  });

  it('publishes the load balancer at PUBLIC_URL, and it forwards to both apps on their PORT and checks /api/health', () => {
    const compose = loadCompose();
    const env = environment(compose.services.app1 as Service);
    const lb = compose.services[LB] as Service;
    const publicPort = Number(new URL(env.PUBLIC_URL ?? '').port || 80);
    const listen = publishedPorts(lb).get(publicPort);
    expect(listen, `${LB} publishes port ${publicPort}`).toBeDefined();

    const mounted = (lb.configs ?? []).map((c) => (typeof c === 'string' ? c : c.source));
    const caddyfile = mounted.map((name) => compose.configs?.[name]?.content ?? '').join('\n');
    const site = new RegExp(`^\\s*:${listen}\\s*\\{`, 'm');
    expect(caddyfile).toMatch(site);
    const upstreams = /reverse_proxy\s+([^{\n]+)/.exec(caddyfile)?.[1]?.trim().split(/\s+/) ?? [];
    expect(upstreams.sort()).toEqual(APPS.map((app) => `${app}:${env.PORT}`).sort());
    expect(caddyfile).toMatch(/health_uri\s+\/api\/health\b/);
    expect(dependencies(lb)).toMatchObject(Object.fromEntries(APPS.map((app) => [app, 'service_healthy'])));
  });

  it('keeps PostgreSQL and MinIO data in named volumes', () => {
    const compose = loadCompose();
    const mounts = (service: Service) =>
      (service.volumes ?? []).map((v) => (typeof v === 'string' ? { source: v.split(':')[0], target: v.split(':')[1] } : v));
    const postgres = mounts(compose.services.postgres as Service);
    expect(postgres).toContainEqual(expect.objectContaining({ target: '/var/lib/postgresql/data' }));
    const minioData = asText(compose.services.minio?.command).match(/server\s+(\S+)/)?.[1];
    const minio = mounts(compose.services.minio as Service);
    expect(minio).toContainEqual(expect.objectContaining({ target: minioData }));
    for (const { source } of [...postgres, ...minio]) expect(Object.keys(compose.volumes ?? {})).toContain(source);
  });
});

describe('Dockerfile', () => {
  it('builds the web app in one stage and runs from another with production dependencies only', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const build = stages.find((s) => ofKind(s, 'RUN').some((r) => /npm run build\b/.test(r.args)));
    expect(build, 'a stage runs npm run build').toBeDefined();
    expect(build).not.toBe(runtime);
    const buildInstall = indexOf(build as Stage, 'RUN', (a) => /npm ci\b/.test(a) && !/--omit=dev/.test(a));
    expect(buildInstall, 'the build stage installs dev dependencies (vite)').toBeGreaterThanOrEqual(0);

    const runs = ofKind(runtime, 'RUN').map((r) => r.args);
    const install = indexOf(runtime, 'RUN', (a) => /npm ci\b/.test(a));
    expect(runs.find((a) => /npm ci\b/.test(a))).toMatch(/--omit=dev\b/);
    // sharp's prebuilt binary is an optional dependency.
    expect(runs.join('\n')).not.toMatch(/--omit=optional|--no-optional/);
    expect(runs.join('\n')).not.toMatch(/npm run build|npm (install|i)\b/);
    // No browser download, in either stage, from the install on.
    for (const stage of [build as Stage, runtime]) {
      const env = indexOf(stage, 'ENV', (a) => /PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1\b/.test(a));
      expect(env).toBeGreaterThanOrEqual(0);
      expect(env).toBeLessThan(indexOf(stage, 'RUN', (a) => /npm ci\b/.test(a)));
    }
    expect(install).toBeGreaterThanOrEqual(0);

    const fromBuild = copies(runtime).filter((c) => c.from === build?.name);
    expect(fromBuild.flatMap((c) => c.sources)).toContainEqual(expect.stringMatching(/apps\/web\/dist\/?$/));
  });

  it('runs the server as a non-root user in production mode', () => {
    expect(envOf(runtime).NODE_ENV).toBe('production');
    const cmd = indexOf(runtime, 'CMD');
    const user = runtime.instructions.findLastIndex((i, at) => i.keyword === 'USER' && at < cmd);
    expect(cmd).toBeGreaterThanOrEqual(0);
    expect(user, 'USER before CMD').toBeGreaterThanOrEqual(0);
    expect(runtime.instructions[user]?.args.trim()).not.toMatch(/^(root|0)(:|$)/);

    // With npm start's memory settings (scripts/start.ts): V8's old space capped here, malloc's in ENV.
    const command = words(runtime.instructions[cmd]?.args ?? '');
    expect(command).toEqual(['node', '--max-old-space-size=192', '--max-semi-space-size=8', 'apps/api/src/server.ts']);
    expect(existsSync(path.join(root, command[3] as string))).toBe(true);
    expect(envOf(runtime)).toMatchObject({ MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' });
    // Every other variable the image sets for the server is one config.ts reads.
    const memory = ['MALLOC_ARENA_MAX', 'MALLOC_MMAP_THRESHOLD_', 'PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD'];
    const serverEnv = Object.keys(envOf(runtime)).filter((name) => !memory.includes(name));
    expect(serverEnv.filter((name) => !ENV_VARIABLES.includes(name))).toEqual([]);
  });

  it('checks GET /api/health with node, and exposes the PORT the compose apps listen on', () => {
    const [healthcheck] = ofKind(runtime, 'HEALTHCHECK');
    expect(healthcheck?.args).toMatch(/\/api\/health\b/);
    expect(healthcheck?.args).toMatch(/CMD\s+(\[\s*"node"|node\b)/);
    expect(healthcheck?.args).not.toMatch(/\b(curl|wget)\b/);

    const exposed = ofKind(runtime, 'EXPOSE').flatMap((e) => e.args.split(/\s+/).map((p) => p.replace(/\/tcp$/, '')));
    const { services } = loadCompose();
    for (const app of APPS) {
      const port = environment(services[app] as Service).PORT ?? envOf(runtime).PORT ?? '3000';
      expect(exposed, app).toContain(port);
    }
    expect(exposed).toContain(envOf(runtime).PORT ?? '3000');
  });

  it('copies only what exists in the repository and .dockerignore lets through, and no tests, e2e or bench into the runtime', () => {
    for (const stage of stages) {
      for (const copy of copies(stage).filter((c) => !c.from)) {
        for (const source of copy.sources) {
          expect(existsSync(path.join(root, source)), `${source} exists`).toBe(true);
          expect(isIgnored(source), `${source} is not in .dockerignore`).toBe(false);
        }
      }
    }
    const copied = copies(runtime).filter((c) => !c.from).flatMap((c) => c.sources);
    for (const needed of ['package.json', 'package-lock.json', 'apps/api/src', 'packages/shared/src']) {
      expect(copied).toContainEqual(expect.stringMatching(new RegExp(`^${needed}/?$`)));
    }
    for (const source of copied) {
      expect(source).not.toMatch(/^(\.|\.\/|apps\/web\/?|apps\/web\/(e2e|src)\b|bench\b|scripts\b)\/?$/);
    }
  });
});

describe('.dockerignore', () => {
  it('keeps node_modules, local data, secrets and git history out of the build context', () => {
    for (const file of ['node_modules/x', 'apps/web/node_modules/x', 'data/pglite/PG_VERSION', '.env', '.git/HEAD', 'apps/web/dist/index.html']) {
      expect(isIgnored(file), file).toBe(true);
    }
  });

  it('keeps test files out, but not the sources the image runs', () => {
    expect(isIgnored('apps/api/src/config.test.ts')).toBe(true);
    expect(isIgnored('apps/web/e2e/accommodation.spec.ts')).toBe(true);
    for (const file of ['apps/api/src/server.ts', 'apps/api/src/db/migrations/0000_foundation.sql', 'packages/shared/src/index.ts', 'apps/web/index.html']) {
      expect(isIgnored(file), file).toBe(false);
    }
  });
});
