import type { Context } from 'hono';
import { readBodyText } from '../http/body.ts';
import { clientIp } from '../http/client-ip.ts';
import { errors } from './errors.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password.ts';
import type { ClientMeta } from './sessions.ts';

/** Largest request body the auth API reads (user metadata included). */
export const AUTH_BODY_LIMIT = 64 * 1024;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** badoux/checkmail's format, which GoTrue's validateEmail applies: no ':' or ';' in the local part. */
const CHECKMAIL_RE = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export type Body = Record<string, unknown>;

export async function readJson(c: Context): Promise<Body> {
  const text = await readBodyText(c.req.raw, AUTH_BODY_LIMIT, () => errors.tooLarge(AUTH_BODY_LIMIT));
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw errors.badJson((error as Error).message);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw errors.badJson('expected a JSON object');
  return parsed as Body;
}

export function stringField(body: Body, name: string): string {
  const value = body[name];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw errors.badJson(`field "${name}" must be a string`);
  return value;
}

export function validateEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (email === '') throw errors.validation('An email address is required');
  if (email.length > 255) throw errors.validation('An email address is too long');
  if (!EMAIL_RE.test(email) || !CHECKMAIL_RE.test(email)) throw errors.validation('Unable to validate email address: invalid format');
  return email;
}

/** GoTrue's validatePhone: E.164 once '+' and spaces are taken out. */
export function validatePhone(raw: string): string {
  const phone = raw.replace(/^\+/, '').replaceAll(' ', '');
  if (!/^[1-9][0-9]{1,14}$/.test(phone)) throw errors.validation('Invalid phone number format (E.164 required)');
  return phone;
}

export function checkPasswordStrength(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) throw errors.weakPassword(PASSWORD_MIN_LENGTH);
  if (password.length > PASSWORD_MAX_LENGTH) {
    throw errors.validation(`Password cannot be longer than ${PASSWORD_MAX_LENGTH} characters`);
  }
}

export function metadataField(body: Body, name: string): Body | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw errors.badJson(`field "${name}" must be an object`);
  return value as Body;
}

export function clientMeta(c: Context, trustProxy: readonly string[]): ClientMeta {
  return { ip: clientIp(c, trustProxy), userAgent: c.req.header('User-Agent') };
}
