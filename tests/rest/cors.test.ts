/** CORS as Supabase's gateway answers it: a site on another origin can call the APIs from a browser. */
import { describe, expect, test } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';

const t = useTestServer();

describe('CORS', () => {
  test('a preflight from another origin is allowed with the methods and the headers it asked for', async () => {
    const res = await fetch(`${t.url}/rest/v1/articles`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'PATCH', 'Access-Control-Request-Headers': 'apikey, authorization, content-type, x-client-info' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET,HEAD,POST,PUT,PATCH,DELETE,OPTIONS');
    expect(res.headers.get('access-control-allow-headers')).toBe('apikey,authorization,content-type,x-client-info');
    expect(res.headers.get('access-control-max-age')).toBe('86400');
    expect(res.headers.get('vary')).toBe('Origin, Access-Control-Request-Headers');
  });

  test('answers, errors included, name the caller origin and expose the headers supabase-js reads', async () => {
    for (const [path, status] of [['/rest/v1/articles?select=id', 200], ['/rest/v1/no_such_table', 404], ['/auth/v1/user', 401]] as const) {
      const res = await fetch(`${t.url}${path}`, { headers: { apikey: t.server.anonKey, Origin: 'https://skadron.example' } });
      expect(res.status).toBe(status);
      expect(res.headers.get('access-control-allow-origin')).toBe('https://skadron.example');
      expect(res.headers.get('access-control-expose-headers')).toContain('Content-Range');
      expect(res.headers.get('vary')).toContain('Origin');
    }
    const noOrigin = await fetch(`${t.url}/rest/v1/articles?select=id`, { headers: { apikey: t.server.anonKey } });
    expect(noOrigin.headers.get('access-control-allow-origin')).toBe('*');
  });
});
