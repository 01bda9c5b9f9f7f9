import { errors } from './errors.ts';
import { metadataField, stringField, type Body } from './request.ts';

/** GoTrue's AdminUserParams, read and checked for type (shape errors answer bad_json as GoTrue's decoder). */
export interface AdminUserParams {
  id: string;
  role: string;
  email: string;
  phone: string;
  password: string | undefined;
  passwordHash: string;
  emailConfirm: boolean;
  userMetadata: Body | undefined;
  appMetadata: Body | undefined;
  /** Seconds from now; 0 lifts a ban; undefined leaves it as it is. */
  banSeconds: number | undefined;
}

function boolField(body: Body, name: string): boolean {
  const value = body[name];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw errors.badJson(`field "${name}" must be a boolean`);
  return value;
}

const UNIT_SECONDS: Record<string, number> = { ns: 1e-9, us: 1e-6, 'µs': 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600 };

/** Go's time.ParseDuration ("24h", "1h30m", "90s"), which GoTrue uses for ban_duration. */
export function parseGoDuration(text: string): number {
  const invalid = () => errors.validation(`invalid format for ban duration: time: invalid duration "${text}"`);
  const match = /^([-+]?)((?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|ms|s|m|h))+$/.exec(text);
  if (!match) {
    if (text === '0') return 0;
    throw invalid();
  }
  let seconds = 0;
  for (const [, amount, unit] of text.matchAll(/(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h)/g)) {
    seconds += Number(amount) * UNIT_SECONDS[unit];
  }
  if (!Number.isFinite(seconds) || seconds > 9.2e9) throw invalid();
  return match[1] === '-' ? -seconds : seconds;
}

/**
 * GoTrue sets any `role` it is given, and the role becomes every access token's database role. Here
 * an account stays `authenticated`: a user token carrying service_role would pass RLS and the
 * site's second step for as long as its session lives, without any trace in the audit log.
 */
function accountRole(role: string): string {
  if (role !== '' && role !== 'authenticated') throw errors.validation('Only the authenticated role can be given to an account on this server');
  return role;
}

export function readAdminUserParams(body: Body): AdminUserParams {
  const password = body.password === undefined || body.password === null ? undefined : stringField(body, 'password');
  const ban = stringField(body, 'ban_duration');
  return {
    id: stringField(body, 'id'),
    role: accountRole(stringField(body, 'role')),
    email: stringField(body, 'email'),
    phone: stringField(body, 'phone'),
    password,
    passwordHash: stringField(body, 'password_hash'),
    emailConfirm: boolField(body, 'email_confirm'),
    userMetadata: metadataField(body, 'user_metadata'),
    appMetadata: metadataField(body, 'app_metadata'),
    banSeconds: ban === '' ? undefined : ban === 'none' ? 0 : parseGoDuration(ban),
  };
}

/** A bcrypt hash as GoTrue's NewUserWithPasswordHash accepts it (the other formats it knows are not used here). */
export function checkPasswordHash(hash: string): void {
  if (!/^\$2[abxy]?\$\d{2}\$[./A-Za-z0-9]{53}$/.test(hash)) {
    throw errors.validation('Invalid password hash format: only bcrypt hashes are accepted');
  }
}

/** GoTrue's metadata update: keys merge into the stored object; a key set to null is removed. */
export function mergeMetadata(current: Body | null, update: Body): Body {
  const merged: Body = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(update)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}
