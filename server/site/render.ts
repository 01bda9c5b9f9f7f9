import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { fromRoot } from '../paths.ts';
import type { SiteApi } from './api.ts';

type Env = { SUPABASE_URL: string; SUPABASE_ANON_KEY: string };
type RenderFn = (
  request: Request,
  options: { api: { url: string; anonKey: string; fetch: typeof fetch }; env: Env; origin: string },
) => Promise<{ html: string; state: string; status?: number }>;

const ENTRY = fromRoot('dist-ssr/entry-server.js');
const ROOT = '<div id="root"></div>';

/**
 * The server half of the app (`npm run build:ssr`), loaded once. Without it the site still works
 * as before: the browser renders everything.
 */
export function createPageRenderer() {
  let loaded: Promise<RenderFn | undefined> | undefined;
  const entry = () => (loaded ??= existsSync(ENTRY)
    ? import(pathToFileURL(ENTRY).href).then((module: { render: RenderFn }) => module.render)
    : Promise.resolve(undefined));

  /**
   * index.html with the rendered page in #root and the state the browser hydrates with, and the
   * status the page asked for (a 404 rendered inside the layout). `api` is the render's own
   * (server/site/api.ts forRender), which notes a failed read.
   */
  return async function renderPage(template: string, request: Request, env: Env, origin: string, ssr: boolean, api: SiteApi): Promise<{ html: string; status?: number }> {
    const render = ssr ? await entry() : undefined;
    const rendered = render ? await render(request, { api, env, origin }) : null;
    const state = rendered?.state ?? JSON.stringify({ env }).replace(/</g, '\\u003c');
    // A replacer function: "$&" or "$'" in an article must stay text, not replacement patterns.
    const html = template.replace(
      ROOT,
      () => `<div id="root">${rendered?.html ?? ''}</div>\n    <script type="application/json" id="ssr-state">${state}</script>`,
    );
    return { html, status: rendered?.status };
  };
}
