import { createHash } from 'node:crypto';

/**
 * Content-Security-Policy sources for the inline scripts of the built index.html (the app loader
 * of scripts/vite/load-app-after-content.ts): each allowed by its hash, nothing else inline runs.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, source]) => `'sha256-${createHash('sha256').update(source!).digest('base64')}'`,
  );
}
