import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/*
 * nginx (Debian's package) as the menu calls' yardstick (issue 20): one worker, serving the same
 * compressed bytes the API answers, with the same headers, in its own process. Installed by
 * `npm run bench:nginx` (apt-get); without it the menu bench says so and measures the API alone.
 */

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export const nginxAvailable = () => existsSync(NGINX);

export interface RunningNginx {
  url: string;
  stop(): Promise<void>;
}

/** Headers the API sets that nginx sets by itself, or that differ per reply. */
const OWN_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'content-type',
  'content-encoding',
  'transfer-encoding',
  'etag',
]);

/**
 * nginx serving `body` (already gzip-encoded) at /reply.json with `headers` (the API reply's, less
 * those nginx writes itself), one worker process.
 */
export async function startNginxWith(
  port: number,
  body: Buffer,
  headers: Record<string, string>,
): Promise<RunningNginx> {
  const dir = mkdtempSync(path.join(tmpdir(), 'comanda-nginx-'));
  // nginx's worker runs as another user: it must be able to read what it serves.
  chmodSync(dir, 0o755);
  writeFileSync(path.join(dir, 'reply.json.gz'), body, { mode: 0o644 });
  writeFileSync(path.join(dir, 'reply.json'), '', { mode: 0o644 });
  const added = Object.entries(headers)
    .filter(([name]) => !OWN_HEADERS.has(name))
    .map(([name, value]) => `      add_header ${name} '${value.replace(/'/g, "\\'")}' always;`)
    .join('\n');
  const conf = `
worker_processes 1;
daemon off;
error_log ${dir}/error.log warn;
pid ${dir}/nginx.pid;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server_tokens off;
  keepalive_requests 100000;
  server {
    listen 127.0.0.1:${port};
    root ${dir};
    location = /reply.json {
      default_type 'application/json; charset=utf-8';
      gzip_static always;
      etag off;
      add_header etag '${headers.etag ?? ''}' always;
${added}
    }
  }
}
`;
  writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      const log = existsSync(path.join(dir, 'error.log'))
        ? readFileSync(path.join(dir, 'error.log'), 'utf8')
        : '';
      throw new Error(`nginx exited with ${child.exitCode}: ${log}`);
    }
    try {
      if ((await fetch(`${url}/reply.json`, { headers: { 'accept-encoding': 'gzip' } })).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('nginx did not start in 10 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGQUIT');
      }),
  };
}
