import { describe, expect, it } from 'vitest';
import { chooseRedirect, isAllowedRedirect } from './redirect.ts';

const site = 'https://skadron.contoh.id';

describe('redirect allow-list', () => {
  it("allows SITE_URL's origin (scheme, host and port) on any path, http(s) only", () => {
    expect(isAllowedRedirect('https://skadron.contoh.id/login', site, [])).toBe(true);
    expect(isAllowedRedirect('https://skadron.contoh.id:443/login', site, [])).toBe(true);
    expect(isAllowedRedirect('http://skadron.contoh.id:5173/login', site, [])).toBe(false);
    expect(isAllowedRedirect('https://skadron.contoh.id:8443/login', site, [])).toBe(false);
    expect(isAllowedRedirect('http://skadron.contoh.id/login', site, [])).toBe(false);
    expect(isAllowedRedirect('javascript://skadron.contoh.id/%0aalert(1)', site, [])).toBe(false);
    expect(isAllowedRedirect('https://user:pw@skadron.contoh.id/', site, [])).toBe(false);
    expect(isAllowedRedirect('https://skadron.contoh.id.evil.net/', site, [])).toBe(false);
    expect(isAllowedRedirect('not a url', site, [])).toBe(false);
  });

  it('matches globs where * stays inside one label or segment and ** crosses them', () => {
    const list = ['https://*.contoh.id/login', 'http://localhost:5173/**'];
    expect(isAllowedRedirect('https://app.contoh.id/login', site, list)).toBe(true);
    expect(isAllowedRedirect('https://a.b.contoh.id/login', site, list)).toBe(false);
    expect(isAllowedRedirect('https://app.contoh.id/login/x', site, list)).toBe(false);
    expect(isAllowedRedirect('http://localhost:5173/a/b/c', site, list)).toBe(true);
    expect(isAllowedRedirect('http://localhost:5174/a', site, list)).toBe(false);
  });

  it('falls back to the Referer, then SITE_URL', () => {
    expect(chooseRedirect(['https://evil.net/', 'https://skadron.contoh.id/from'], site, [])).toBe('https://skadron.contoh.id/from');
    expect(chooseRedirect(['https://evil.net/', undefined], site, [])).toBe(site);
  });
});
