import type { Context } from 'hono';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { verifiedRole } from '../http/caller.ts';
import type { Keys } from '../keys.ts';
import { log } from './log.ts';
import type { Metrics, Service } from './metrics.ts';

/** What a proxy's request id may look like to be kept (Caddy's and nginx's uuids and hex ids fit). */
const KEPT_ID = /^[\w.:@+=/-]{1,128}$/;

/** Query parameters whose values are secrets: replaced before a path is logged. */
const SECRET_PARAM = /^(apikey|key|token|access_token|refresh_token|token_hash|code|password|secret|jwt|signature|sig)$/i;

const ids = new WeakMap<IncomingMessage, string>();

/** The id of the request a Hono handler answers (for the error lines services log). */
export function requestIdOf(c: Context): string | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming ? ids.get(incoming) : undefined;
}

export function serviceOf(url: string): Service {
  if (url.startsWith('/rest/v1')) return 'rest';
  if (url.startsWith('/auth/v1')) return 'auth';
  if (url.startsWith('/storage/v1')) return 'storage';
  if (url.startsWith('/realtime/v1')) return 'realtime';
  if (/^\/(metrics|healthz|readyz)(\?|$)/.test(url)) return 'ops';
  return 'site';
}

/** The path and query as logged: values of secret-looking parameters are replaced. */
export function loggedPath(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url.slice(q + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const name = eq < 0 ? pair : pair.slice(0, eq);
    return eq >= 0 && SECRET_PARAM.test(decodeURIComponentSafe(name)) ? `${name}=[redacted]` : pair;
  });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function peer(req: IncomingMessage): string {
  return (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
}

function bearer(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  if (header !== undefined) return /^bearer\s+(.*)$/i.exec(header.trim())?.[1].trim() || undefined;
  const apikey = req.headers.apikey;
  return typeof apikey === 'string' && apikey ? apikey : undefined;
}

async function roleOf(req: IncomingMessage, keys: Keys): Promise<string> {
  const token = bearer(req);
  if (!token || token === keys.anonKey) return 'anon';
  if (token === keys.serviceKey) return 'service_role';
  return verifiedRole(keys, token);
}

export interface RequestObserverOptions {
  metrics: Metrics;
  keys: Keys;
  /** Proxies whose X-Request-Id is kept (TRUST_PROXY). */
  trustProxy: readonly string[];
}

export interface RequestObserver {
  /** Called first for every request: gives it an id, times it, and logs and counts its answer. */
  (req: IncomingMessage, res: ServerResponse): void;
  /** Requests being answered now. */
  readonly inFlight: number;
  /** Resolves when no request is being answered, or after `timeoutMs`; true if all finished. */
  drained(timeoutMs: number): Promise<boolean>;
  /**
   * For a websocket upgrade, which never reaches the request listener: returns the call that logs
   * and counts it once its answer (101, or the refusal's status) and role are known.
   */
  upgrade(req: IncomingMessage): (status: number, role?: string) => void;
}

/**
 * Wraps the Node request before any handler runs, so the read cache's direct answers and Hono's
 * are observed alike and logging never changes which path answers. Headers, bodies and cookies
 * are never logged; a request's role is the one its token verifies to.
 */
export function observeRequests({ metrics, keys, trustProxy }: RequestObserverOptions): RequestObserver {
  let inFlight = 0;
  let idle: (() => void)[] = [];
  const requestId = (req: IncomingMessage) => {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && KEPT_ID.test(given) && trustProxy.includes(peer(req)) ? given : randomUUID();
    ids.set(req, id);
    return id;
  };
  const record = (id: string, method: string, url: string, status: number, ms: number, role: Promise<string>) => {
    const service = serviceOf(url);
    metrics.finished(service, method, status, ms / 1000);
    if (!log.isLevelEnabled('info')) return;
    void role.then((r) => {
      log.info({ reqId: id, method, path: loggedPath(url), status, ms: Math.round(ms * 10) / 10, role: r, service }, 'request');
    });
  };
  const observe = (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const id = requestId(req);
    res.setHeader('X-Request-Id', id);
    const url = req.url ?? '/';
    const service = serviceOf(url);
    const method = req.method ?? 'GET';
    inFlight++;
    metrics.started(service);
    res.once('close', () => {
      inFlight--;
      if (inFlight === 0) {
        for (const resolve of idle) resolve();
        idle = [];
      }
      const status = res.writableFinished ? res.statusCode : 499;
      record(id, method, url, status, performance.now() - started, log.isLevelEnabled('info') ? roleOf(req, keys) : Promise.resolve(''));
    });
  };
  const upgrade = (req: IncomingMessage) => {
    const started = performance.now();
    const id = requestId(req);
    const url = req.url ?? '/';
    metrics.started(serviceOf(url));
    let done = false;
    return (status: number, role = 'anon') => {
      if (done) return;
      done = true;
      record(id, req.method ?? 'GET', url, status, performance.now() - started, Promise.resolve(role));
    };
  };
  return Object.assign(observe, {
    upgrade,
    get inFlight() {
      return inFlight;
    },
    drained(timeoutMs: number): Promise<boolean> {
      if (inFlight === 0) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs);
        idle.push(() => {
          clearTimeout(timer);
          resolve(true);
        });
      });
    },
  });
}
