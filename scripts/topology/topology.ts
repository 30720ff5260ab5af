import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildServer, COMPILED_SERVER } from '../../apps/server/build.ts';
import { SERVER_NODE_FLAGS } from '../../apps/server/src/node-flags.ts';

/*
 * The production topology on one machine (issue 20, docs/decisions/0027): nginx (Debian's package)
 * as load balancer and cache in front of two server instances on one PostgreSQL. `npm run topology`
 * starts it in the foreground; the tests and the dinner-rush bench start it through
 * `startTopology`. Dockerfile and compose.yaml beside this file describe the same thing for a
 * container host.
 */

export const repoRoot = path.resolve(import.meta.dirname, '../..');
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export interface TopologyOptions {
  /** Where nginx listens (loopback). The instances take port+1 and port+2, the stand-in PSP +10. */
  port: number;
  /** A PostgreSQL database for the two instances; created when missing. */
  databaseUrl: string;
  /** Extra environment for both instances. */
  env?: Record<string, string>;
  /** Where the instances' and nginx's logs go (default: a temporary directory). */
  logDir?: string;
}

export interface Topology {
  url: string;
  instances: { url: string; child: ChildProcess }[];
  logDir: string;
  stop(): Promise<void>;
}

/** Creates the database of `url` if it does not exist (connecting to the server's `postgres` db). */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z0-9_]{1,63}$/.test(name))
    throw new Error(`database name '${name}': lower case, digits and _ only`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

function nginxConf(dir: string, port: number, upstreams: number[]): string {
  const proxied = `
      proxy_pass http://comanda;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;`;
  return `
worker_processes 2;
daemon off;
error_log ${dir}/nginx-error.log warn;
pid ${dir}/nginx.pid;
events { worker_connections 4096; }
http {
  access_log off;
  server_tokens off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 2m;
  keepalive_requests 100000;
  # The menu replies say how long a shared cache may keep them (Cache-Control s-maxage, ETag,
  # Vary: Accept-Encoding); anything asked with a session is never cached nor answered from cache.
  proxy_cache_path ${dir}/cache levels=1:2 keys_zone=menu:10m max_size=100m inactive=10m use_temp_path=off;
  upstream comanda {
${upstreams.map((p) => `    server 127.0.0.1:${p};`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    # Order event streams: long-lived, never buffered or cached.
    location ~ /events$ {${proxied}
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 1h;
    }
    location / {${proxied}
      proxy_cache menu;
      proxy_cache_key $scheme$http_host$request_uri;
      proxy_cache_bypass $http_authorization;
      proxy_no_cache $http_authorization;
      proxy_cache_revalidate on;
      proxy_cache_lock on;
      proxy_cache_use_stale updating error timeout http_502 http_503;
      proxy_cache_background_update on;
      add_header X-Cache $upstream_cache_status always;
    }
  }
}
`;
}

async function waitFor(url: string, child: ChildProcess, what: string, logFile: string) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-2000) : '';
      throw new Error(`${what} exited with ${child.exitCode}\n${log}`);
    }
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`${what} did not answer ${url} in 90 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** Starts the two instances (one after the other: the first migrates and loads the demo), then nginx. */
export async function startTopology(options: TopologyOptions): Promise<Topology> {
  if (!existsSync(NGINX)) throw new Error(`nginx is not installed (${NGINX}): npm run bench:nginx`);
  if (!existsSync(path.join(repoRoot, 'apps/storefront/dist/index.html'))) {
    throw new Error('the storefront is not built: npm run build');
  }
  await ensureDatabase(options.databaseUrl);
  const logDir = options.logDir ?? mkdtempSync(path.join(tmpdir(), 'comanda-topology-'));
  mkdirSync(logDir, { recursive: true });
  chmodSync(logDir, 0o755);
  const { port } = options;
  const upstreams = [port + 1, port + 2];
  const standinPort = port + 10;
  // Both instances open the demo stores' sealed provider secrets with the same key.
  const secretsKey = randomBytes(32).toString('base64');
  const instances: Topology['instances'] = [];
  const common = {
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATABASE_URL: options.databaseUrl,
    DEMO_STORES: 'on',
    PAYMENT_SECRETS_KEY: secretsKey,
    TRUST_PROXY: '127.0.0.1',
    // Providers' notifications come in through the load balancer, as they would in production.
    PUBLIC_ORIGIN: `http://{store}.localhost:${port}`,
    ...options.env,
  };
  let nginx: ChildProcess | null = null;
  // A parent that crashes or exits without stop() takes its children with it: a leftover nginx or
  // instance would hold the ports of the next run.
  const killOnExit = () => {
    nginx?.kill('SIGQUIT');
    for (const instance of instances) instance.child.kill('SIGTERM');
  };
  process.once('exit', killOnExit);
  const stop = async () => {
    process.off('exit', killOnExit);
    if (nginx) await stopChild(nginx, 'SIGQUIT');
    await Promise.all(instances.map((instance) => stopChild(instance.child, 'SIGTERM')));
  };
  try {
    await buildServer();
    for (const [index, instancePort] of upstreams.entries()) {
      const logFile = path.join(logDir, `instance-${index + 1}.log`);
      const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, COMPILED_SERVER], {
        cwd: repoRoot,
        env: {
          ...common,
          PORT: String(instancePort),
          DATA_DIR: path.join(logDir, `data-${index + 1}`),
          // One stand-in PSP for the pair, run by the first instance.
          ...(index === 0
            ? {
                PSP_STANDIN: 'on',
                PSP_STANDIN_PORT: String(standinPort),
                PSP_STANDIN_TLS_PORT: String(standinPort + 1),
                // And one stand-in WhatsApp (docs/decisions/0072).
                WHATSAPP_STANDIN: 'on',
                WHATSAPP_STANDIN_PORT: String(standinPort + 2),
              }
            : {
                PSP_STANDIN: 'off',
                PSP_STANDIN_URL: `http://127.0.0.1:${standinPort}`,
                WHATSAPP_STANDIN: 'off',
                WHATSAPP_STANDIN_URL: `http://127.0.0.1:${standinPort + 2}`,
              }),
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      child.stderr?.on('data', (chunk: Buffer) => writeFileSync(logFile, chunk, { flag: 'a' }));
      const url = `http://127.0.0.1:${instancePort}`;
      instances.push({ url, child });
      await waitFor(`${url}/healthz`, child, `instance ${index + 1}`, logFile);
    }
    const conf = path.join(logDir, 'nginx.conf');
    writeFileSync(conf, nginxConf(logDir, port, upstreams));
    nginx = spawn(NGINX, ['-p', logDir, '-c', conf], { stdio: ['ignore', 'ignore', 'inherit'] });
    await waitFor(`http://127.0.0.1:${port}/healthz`, nginx, 'nginx', path.join(logDir, 'nginx-error.log'));
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${port}`, instances, logDir, stop };
}
