/**
 * A software security key for the tests: an ES256 key pair from node:crypto that answers a
 * registration with attestation 'none' and signs assertions with a counter, as a USB key does.
 * Registered with a user handle it is a passkey (a discoverable credential): its assertions name
 * the account. The caller may lie about the origin, the challenge or the counter to play an attacker.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

const b64url = (bytes: Buffer | Uint8Array) => Buffer.from(bytes).toString('base64url');

/** Just enough CBOR (RFC 8949) for an attestation object and a COSE key. */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (value instanceof Map) {
    return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
  }
  throw new Error(`cbor: unsupported ${typeof value}`);
}

export interface Ceremony {
  challenge: string;
  origin: string;
  rpId: string;
}

export class SoftwareKey {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  counter = 0;
  /** The account a discoverable credential keeps (base64url), returned with every assertion. */
  userHandle: string | null = null;

  constructor() {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    this.publicJwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private authData(rpId: string, flags: number, extra: Buffer = Buffer.alloc(0)): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([createHash('sha256').update(rpId).digest(), Buffer.from([flags]), count, extra]);
  }

  private clientData(type: string, { challenge, origin }: Ceremony): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create's answer, as auth-js serialises it; a user handle makes it a passkey. */
  register(ceremony: Ceremony, userHandle?: string): Record<string, unknown> {
    if (userHandle !== undefined) this.userHandle = userHandle;
    const cose = cbor(new Map<number, unknown>([
      [1, 2], [3, -7], [-1, 1],
      [-2, Buffer.from(this.publicJwk.x, 'base64url')], [-3, Buffer.from(this.publicJwk.y, 'base64url')],
    ]));
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, cose]);
    const attestation = cbor(new Map<string, unknown>([
      ['fmt', 'none'], ['attStmt', new Map()], ['authData', this.authData(ceremony.rpId, 0x41, attested)],
    ]));
    return {
      id: this.id, rawId: this.id, type: 'public-key', authenticatorAttachment: 'cross-platform', clientExtensionResults: {},
      response: { clientDataJSON: b64url(this.clientData('webauthn.create', ceremony)), attestationObject: b64url(attestation), transports: ['usb'] },
    };
  }

  /** navigator.credentials.get's answer; the counter moves on first unless `counter` says otherwise. */
  assert(ceremony: Ceremony, counter = this.counter + 1): Record<string, unknown> {
    this.counter = counter;
    const authData = this.authData(ceremony.rpId, 0x01);
    const clientData = this.clientData('webauthn.get', ceremony);
    const signature = sign('sha256', Buffer.concat([authData, createHash('sha256').update(clientData).digest()]), this.privateKey);
    return {
      id: this.id, rawId: this.id, type: 'public-key', authenticatorAttachment: 'cross-platform', clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientData), authenticatorData: b64url(authData), signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
    };
  }
}
