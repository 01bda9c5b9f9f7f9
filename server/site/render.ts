import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { fromRoot } from '../paths.ts';
import type { SiteApi } from './api.ts';
import { renderMeta, type PageMeta } from './meta.ts';

type Env = { SUPABASE_URL: string; SUPABASE_ANON_KEY: string };
type PublicApi = { url: string; anonKey: string; fetch: typeof fetch };
/** A refused no-JavaScript contact post, as the render bundle describes it (opaque here). */
export type ContactRefusal = { status: number };
/** A /login form post that signed nobody in, as the render bundle describes it (opaque here but for its status). */
export type LoginRefusal = { status: number };
/** What the render bundle made of a /login form post (src/features/auth/api/form-sign-in.ts). */
export type FormSignIn =
  | { kind: 'refused'; refusal: LoginRefusal }
  | { kind: 'signed-in'; session: { access_token: string; refresh_token: string }; secondStep: boolean };
/** One request's render: everything per-request is in here, nothing in the bundle's modules. */
export type RenderRequest = {
  api: PublicApi; env: Env; origin: string; siteUrl: string; contactRefusal?: ContactRefusal | null; loginRefusal?: LoginRefusal | null;
};
type RenderFn = (request: Request, options: RenderRequest) => Promise<{ html: string | null; state: string; head: PageMeta; status: number }>;
type SubmitContactFn = (form: Record<string, string> | null, api: PublicApi) => Promise<ContactRefusal | null>;
type SignInFn = (form: Record<string, string> | null, auth: PublicApi) => Promise<FormSignIn>;
type Entry = { render: RenderFn; submitContact: SubmitContactFn; signInWithForm: SignInFn };

const ENTRY = fromRoot('dist-ssr/entry-server.js');
const ROOT = '<div id="root"></div>';
const NEEDS_JAVASCRIPT = 'Aktifkan JavaScript untuk menampilkan halaman ini.';

/**
 * The server half of the app (`npm run build:ssr`), loaded once. Without it the browser renders
 * everything and the page keeps index.html's own title.
 */
export function createPageRenderer() {
  let loaded: Promise<Entry | undefined> | undefined;
  const entry = () => (loaded ??= existsSync(ENTRY)
    ? import(pathToFileURL(ENTRY).href) as Promise<Entry>
    : Promise.resolve(undefined));

  /**
   * index.html with the page's head, the rendered page in #root and the state the browser
   * hydrates with, and the status the page's route module answers with. `options.api` is the
   * render's own (server/site/api.ts forRender), which notes a failed read.
   */
  async function renderPage(template: string, request: Request, options: RenderRequest): Promise<{ html: string; status: number }> {
    const render = (await entry())?.render;
    const rendered = render ? await render(request, options) : null;
    const state = rendered?.state ?? JSON.stringify({ env: options.env }).replace(/</g, '\\u003c');
    // A replacer function: "$&" or "$'" in an article must stay text, not replacement patterns.
    // Only a page the browser must draw itself (the admin area) needs JavaScript and says so.
    const noscript = rendered?.html != null ? '' : `\n    <noscript>${NEEDS_JAVASCRIPT}</noscript>`;
    const page = rendered ? renderMeta(template, rendered.head) : template;
    const html = page.replace(
      ROOT,
      () => `<div id="root">${rendered?.html ?? ''}</div>${noscript}\n    <script type="application/json" id="ssr-state">${state}</script>`,
    );
    return { html, status: options.contactRefusal?.status ?? options.loginRefusal?.status ?? rendered?.status ?? 200 };
  }

  /** Checks and sends a contact form posted to the site; undefined when there is no render bundle. */
  async function submitContact(form: Record<string, string> | null, api: SiteApi): Promise<ContactRefusal | null | undefined> {
    const module = await entry();
    return module ? module.submitContact(form, api) : undefined;
  }

  /** Signs in with a /login form posted to the site; undefined when there is no render bundle. */
  async function signIn(form: Record<string, string> | null, auth: PublicApi): Promise<FormSignIn | undefined> {
    const module = await entry();
    return module ? module.signInWithForm(form, auth) : undefined;
  }

  return { renderPage, submitContact, signIn };
}
