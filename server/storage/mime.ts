import { fileTypeFromBuffer } from 'file-type';

/** Bytes kept from the start of an upload to recognise its type (file-type needs ~4 KiB). */
export const SNIFF_BYTES = 8192;

/**
 * The type of an upload judged from its bytes, never from its name or the client's claim. Binary
 * formats come from file-type; text is inspected so HTML or SVG posing as an image is named as
 * what it is in the error message.
 */
export async function detectMimeType(head: Uint8Array): Promise<string | undefined> {
  if (head.length === 0) return undefined;
  const found = await fileTypeFromBuffer(head);
  // file-type names any XML application/xml; SVG (script-capable) must be told apart
  if (found && found.mime !== 'application/xml' && !found.mime.startsWith('text/')) return found.mime;
  return sniffText(head) ?? found?.mime;
}

function sniffText(head: Uint8Array): string | undefined {
  if (head.includes(0)) return undefined;
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head).replace(/^\uFEFF/, '').trimStart().toLowerCase();
  if (/<svg[\s>]/.test(text)) return 'image/svg+xml';
  if (/^<!doctype html|<html[\s>]|<script[\s>]|<head[\s>]|<body[\s>]|<iframe[\s>]/.test(text)) return 'text/html';
  if (text.startsWith('<?xml')) return 'application/xml';
  return 'text/plain';
}

/** `image/png; charset=x` -> `image/png`. */
export function baseMimeType(value: string | undefined | null): string {
  return (value ?? '').split(';')[0].trim().toLowerCase();
}

/** Supabase's rule: a null or empty list allows everything; `image/*` allows any image subtype. */
export function isMimeTypeAllowed(mime: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  const base = baseMimeType(mime);
  return allowed.some((entry) => {
    const rule = baseMimeType(entry);
    if (rule === '*/*' || rule === '*') return true;
    if (rule.endsWith('/*')) return base.startsWith(rule.slice(0, -1));
    return base === rule;
  });
}
