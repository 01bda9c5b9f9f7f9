import { hostOf, pageLinks, TEMPLATE_HOSTS, visibleText } from './page-text.ts';
import type { WatchFinding } from './findings.ts';

/** How the site is asked: as a visitor, as Google's crawler, as a phone, and arriving from Google. */
export const VARIANTS = {
  pengunjung: { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36' },
  Googlebot: { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
  ponsel: { 'User-Agent': 'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36' },
  'rujukan Google': {
    'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
    Referer: 'https://www.google.com/',
  },
} satisfies Record<string, Record<string, string>>;

type Variant = keyof typeof VARIANTS;

export interface PageView {
  url: string;
  status: number;
  links: string[];
  text: string;
  /** The HTML as served, for reading it as a browser lays it out. */
  html: string;
}

async function view(url: string, headers: Record<string, string>): Promise<PageView> {
  const res = await fetch(url, { headers, redirect: 'manual', signal: AbortSignal.timeout(20_000) });
  const html = await res.text();
  return { url, status: res.status, links: pageLinks(html, url), text: visibleText(html), html };
}

function difference(a: string[], b: string[]): string[] {
  const other = new Set(b);
  return a.filter((item) => !other.has(item));
}

/**
 * The page as every variant sees it; a variant that differs from the visitor's is a finding.
 * Given `between`, the variants are fetched one after another and it is called after each with
 * the time it took (so the watch can rest there), else all at once.
 */
export async function comparePage(url: string, between?: (workedMs: number) => Promise<void>): Promise<{ visitor: PageView; findings: WatchFinding[] }> {
  const names = Object.keys(VARIANTS) as Variant[];
  const views: PageView[] = [];
  if (between) {
    for (const name of names) {
      const started = performance.now();
      views.push(await view(url, VARIANTS[name]));
      await between(performance.now() - started);
    }
  } else {
    views.push(...(await Promise.all(names.map((name) => view(url, VARIANTS[name])))));
  }
  const visitor = views[0];
  const findings: WatchFinding[] = [];
  views.slice(1).forEach((other, i) => {
    const extra = difference(other.links, visitor.links);
    const missing = difference(visitor.links, other.links);
    const parts = [
      other.status !== visitor.status ? `status ${other.status} (pengunjung ${visitor.status})` : '',
      extra.length > 0 ? `tautan tambahan: ${extra.slice(0, 5).join(', ')}` : '',
      missing.length > 0 ? `tautan hilang: ${missing.slice(0, 5).join(', ')}` : '',
      other.text !== visitor.text ? 'teks yang terlihat berbeda' : '',
    ].filter(Boolean);
    if (parts.length > 0) findings.push({ kind: 'cloaking', subject: url, detail: `Sebagai ${names[i + 1]}: ${parts.join('; ')}` });
  });
  return { visitor, findings };
}

/** Outbound links the database's content and the templates do not account for. */
export function unaccountedLinks(page: PageView, siteOrigin: string, accounted: (host: string) => boolean): WatchFinding[] {
  const own = hostOf(siteOrigin);
  const strangers = new Set<string>();
  for (const link of page.links) {
    if (!/^https?:/i.test(link)) continue;
    const host = hostOf(link);
    if (!host || host === own || TEMPLATE_HOSTS.some((t) => host === t || host.endsWith(`.${t}`)) || accounted(host)) continue;
    strangers.add(host);
  }
  return [...strangers].sort().map((host) => ({ kind: 'unaccounted', subject: page.url, detail: `Tautan ke ${host} yang tidak berasal dari isi situs maupun templat` }));
}
