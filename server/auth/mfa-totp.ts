import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** GoTrue's TOTP parameters (pquerna/otp defaults): SHA-1, 6 digits, 30 s, one step of drift. */
const PERIOD = 30;
const DIGITS = 6;
const DRIFT_STEPS = 1;
/** pquerna/otp's default secret size: 20 bytes, 32 base32 characters. */
const SECRET_BYTES = 20;

const CODE_RE = /^\d{6}$/;

export interface NewTotp {
  secret: string;
  uri: string;
  /** A standalone SVG, as GoTrue sends it (auth-js turns it into a data: URI). */
  qrCode: string;
}

function totpFor(secret: string, issuer = '', label = ''): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: DIGITS, period: PERIOD, secret: Secret.fromBase32(secret) });
}

export async function generateTotp(issuer: string, accountName: string): Promise<NewTotp> {
  const secret = new Secret({ size: SECRET_BYTES }).base32;
  const uri = totpFor(secret, issuer, accountName).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  // auth-js puts the SVG after "data:image/svg+xml;utf-8," unencoded, where a '#' would end the
  // URI: colours by name instead of hex
  const qrCode = svg.replace(/"#ffffff"/gi, '"white"').replace(/"#000000"/g, '"black"');
  return { secret, uri, qrCode };
}

/**
 * The time step `code` belongs to, if it is the right code for now or one step either side;
 * null otherwise. The caller refuses a step at or before the last one accepted (RFC 6238 5.2).
 */
export function acceptedStep(secret: string, code: string, now = Date.now()): number | null {
  if (!CODE_RE.test(code)) return null;
  const delta = totpFor(secret).validate({ token: code, timestamp: now, window: DRIFT_STEPS });
  if (delta === null) return null;
  return Math.floor(now / 1000 / PERIOD) + delta;
}

/**
 * Factor secrets at rest: AES-256-GCM under a key derived from the server's secret, bound to the
 * factor id (a secret copied onto another factor row does not decrypt).
 */
const PREFIX = 'aes-gcm:v1:';

export function sealSecret(key: Buffer, factorId: string, secret: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(factorId));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${PREFIX}${nonce.toString('base64url')}:${body.toString('base64url')}`;
}

export function openSecret(key: Buffer, factorId: string, stored: string): string {
  if (!stored.startsWith(PREFIX)) throw new Error('factor secret is not in the sealed format');
  const [nonce, body] = stored.slice(PREFIX.length).split(':').map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', key, nonce);
  decipher.setAAD(Buffer.from(factorId));
  decipher.setAuthTag(body.subarray(body.length - 16));
  return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString('utf8');
}
