/** What an error line and a request line's path may contain. */
import { describe, expect, test } from 'vitest';
import { errorFields } from '../../server/observability/log.ts';
import { loggedPath } from '../../server/observability/requests.ts';

describe('log fields', () => {
  test('an error keeps its kind, message, stack, code and cause, and drops what it carries (a database client with its URL)', () => {
    const cause = new Error('connect ECONNREFUSED');
    const error = Object.assign(new Error('relation "x" does not exist', { cause }), {
      code: '42P01',
      client: { connectionParameters: { password: 'pg-password-123', connectionString: 'postgres://u:pg-password-123@db/x' } },
    });
    const fields = errorFields(error) as Record<string, unknown>;
    expect(fields).toEqual({
      type: 'Error', message: 'relation "x" does not exist', stack: error.stack, code: '42P01',
      cause: { type: 'Error', message: 'connect ECONNREFUSED', stack: cause.stack },
    });
    expect(JSON.stringify(fields)).not.toContain('pg-password-123');
    expect(String(fields.stack)).toMatch(/\n\s+at /);
  });

  test('secret query values are replaced, other parameters kept as sent', () => {
    expect(loggedPath('/storage/v1/object/sign/b/a.png?token=eyJhbGciOi.x.y&download=1')).toBe('/storage/v1/object/sign/b/a.png?token=[redacted]&download=1');
    expect(loggedPath('/rest/v1/articles?select=id&apikey=eyJ.k.s&author_id=eq.5')).toBe('/rest/v1/articles?select=id&apikey=[redacted]&author_id=eq.5');
    expect(loggedPath('/auth/v1/verify?type=recovery&token_hash=abc&redirect_to=https%3A%2F%2Fx')).toBe('/auth/v1/verify?type=recovery&token_hash=[redacted]&redirect_to=https%3A%2F%2Fx');
    expect(loggedPath('/login?code=123&Password=hunter2&x')).toBe('/login?code=[redacted]&Password=[redacted]&x');
    expect(loggedPath('/berita/judul')).toBe('/berita/judul');
  });
});
