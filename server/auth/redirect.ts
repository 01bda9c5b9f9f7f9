/**
 * Which URLs an e-mail link may send the browser to: SITE_URL's origin (scheme, host and port,
 * stricter than GoTrue's IsRedirectURLValid, which accepts any port of the host: another port of
 * the same machine may be someone else's server), or a match of one allow-list pattern. Patterns are globs in GoTrue's
 * sense: `*` stays within one host label or path segment, `**` crosses them, `?` is one char.
 * Only http(s) targets are ever accepted, so `javascript:` and friends cannot slip through.
 */
export function isAllowedRedirect(target: string, siteUrl: string, allowList: string[]): boolean {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username || url.password) return false;
  try {
    if (new URL(siteUrl).origin === url.origin) return true;
  } catch {
    // an unparsable SITE_URL allows nothing by origin
  }
  return allowList.some((pattern) => globToRegExp(pattern).test(target));
}

const cache = new Map<string, RegExp>();

export function globToRegExp(pattern: string): RegExp {
  let re = cache.get(pattern);
  if (re) return re;
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === '*' && pattern[i + 1] === '*') {
      source += '.*';
      i++;
    } else if (ch === '*') {
      source += '[^./]*';
    } else if (ch === '?') {
      source += '[^./]';
    } else {
      source += ch.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
    }
  }
  re = new RegExp(`^${source}$`);
  cache.set(pattern, re);
  return re;
}

/** The first allowed candidate (redirect_to, then Referer), else SITE_URL. */
export function chooseRedirect(candidates: (string | undefined | null)[], siteUrl: string, allowList: string[]): string {
  for (const candidate of candidates) {
    if (candidate && isAllowedRedirect(candidate, siteUrl, allowList)) return candidate;
  }
  return siteUrl;
}
