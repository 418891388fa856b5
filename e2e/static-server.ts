// A static file server on 127.0.0.1 for one test: its own port (chosen by the
// system) and so its own origin, so a test's service worker, caches and
// files never meet another test's. It serves `root` as it is on disk at each
// request, so a test can change a file to stand for a new build.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { TYPES as CONTENT_TYPES } from '../scripts/content-types.mjs';

const TYPES: Record<string, string> = CONTENT_TYPES;

export interface StaticServer {
  /** `http://127.0.0.1:PORT/` */
  readonly url: string;
  /** Paths asked for that were not there (a 404), in order. */
  readonly missing: string[];
  close(): Promise<void>;
}

export async function serveDirectory(root: string): Promise<StaticServer> {
  const missing: string[] = [];
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const base = path.resolve(root);
    let file = path.join(base, pathname);
    if (!file.startsWith(base)) {
      res.writeHead(403).end();
      return;
    }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) {
      if (!pathname.endsWith('/')) {
        res.writeHead(301, { Location: `${pathname}/` }).end();
        return;
      }
      file = path.join(file, 'index.html');
    }
    if (!fs.existsSync(file)) {
      missing.push(pathname);
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'Cache-Control': 'no-cache',
    });
    res.end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    missing,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Every file under `dir`, relative to it, `/`-separated, sorted. */
export function filesUnder(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix + entry.name;
    if (entry.isDirectory()) out.push(...filesUnder(path.join(dir, entry.name), `${rel}/`));
    else out.push(rel);
  }
  return out.sort();
}
