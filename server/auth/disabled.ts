import type { Hono } from 'hono';
import { authenticate } from './authenticate.ts';
import type { AuthEnv } from './env.ts';
import { AuthError, OAuthError } from './errors.ts';
import { readJson, stringField } from './request.ts';

const samlDisabled = () => new AuthError(404, 'saml_provider_disabled', 'SAML 2.0 is disabled');
const passkeysDisabled = () => new AuthError(404, 'passkey_disabled', 'Passkeys are disabled');
const oauthServerDisabled = () => new AuthError(404, 'feature_disabled', 'OAuth server is disabled');
const linkingDisabled = () => new AuthError(404, 'manual_linking_disabled', 'Manual linking is disabled');

/** The issuers GoTrue names for providers it knows (provider/*.go); none of them is enabled here. */
const FIXED_ISSUERS: Record<string, string> = {
  google: 'https://accounts.google.com',
  facebook: 'https://www.facebook.com',
  kakao: 'https://kauth.kakao.com',
  keycloak: '',
  snapchat: 'https://accounts.snapchat.com/accounts/oauth2/token',
  vercel_marketplace: 'https://marketplace.vercel.com',
};

/** The `iss` of an ID token, read without verifying it (as GoTrue's issuer detection does). */
function unverifiedIssuer(idToken: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { iss?: unknown };
    return typeof payload.iss === 'string' ? payload.iss : null;
  } catch {
    return null;
  }
}

const invalid = (message: string) => new AuthError(400, 'validation_failed', message);

/** GoTrue's IdTokenGrantParams.getProvider, for a server where every provider is off. */
function idTokenProviderError(provider: string, issuer: string, idToken: string): AuthError {
  const detected = (name: string, accepts: (iss: string) => boolean) => {
    const found = unverifiedIssuer(idToken);
    if (found === null) return invalid(`Unable to detect issuer in ID token for ${name} provider`);
    if (!accepts(found)) return invalid(`Detected ID token issuer is not an ${name} ID token issuer`);
    if (issuer !== '' && issuer !== found) return invalid('Provided issuer does not match ID token issuer');
    return new AuthError(400, 'provider_disabled', `Provider (issuer "${found}") is not enabled`);
  };
  const apple = (iss: string) => iss === 'https://appleid.apple.com' || iss === 'https://account.apple.com';
  const azure = (iss: string) => iss.startsWith('https://login.microsoftonline.com/') || iss.startsWith('https://sts.windows.net/');
  if (provider === 'apple' || apple(issuer)) return detected('Apple', apple);
  const fixed = Object.entries(FIXED_ISSUERS).find(([name, iss]) => provider === name || (iss !== '' && issuer === iss));
  if (fixed) return new AuthError(400, 'provider_disabled', `Provider (issuer "${fixed[1]}") is not enabled`);
  if (provider === 'azure' || azure(issuer)) return detected('Azure', azure);
  if (provider.startsWith('custom:')) return invalid('Custom OAuth providers are disabled');
  return invalid(`Custom OIDC provider "${provider}" not allowed`);
}

/**
 * What this server keeps off answers as GoTrue does with the feature disabled: SSO (SAML), passkeys
 * as a first factor (unless AUTH_PASSKEYS), the OAuth server, identity linking, and the id_token and web3 grants. Anonymous
 * sign-ins are refused in signup.ts (the same request is an e-mail signup otherwise).
 */
export function disabledRoutes(app: Hono, env: AuthEnv, on: { passkeys: boolean }): void {
  app.all('/sso', () => { throw samlDisabled(); });
  app.all('/sso/*', () => { throw samlDisabled(); });
  if (!on.passkeys) {
    app.all('/passkeys', () => { throw passkeysDisabled(); });
    app.all('/passkeys/*', () => { throw passkeysDisabled(); });
  }
  // this server is no OAuth 2.1 provider for other apps (GoTrue's OAuth server, off by default)
  app.all('/admin/oauth/*', () => { throw oauthServerDisabled(); });
  app.all('/oauth/*', () => { throw oauthServerDisabled(); });
  app.get('/.well-known/oauth-authorization-server', () => { throw oauthServerDisabled(); });
  app.on(['GET', 'DELETE'], '/user/oauth/grants', async (c) => {
    await authenticate(env.ctx, c, env.ctx.db);
    throw oauthServerDisabled();
  });

  // GoTrue authenticates the caller before it looks at the linking setting
  app.get('/user/identities/authorize', async (c) => {
    await authenticate(env.ctx, c, env.ctx.db);
    throw linkingDisabled();
  });
  app.delete('/user/identities/:id', async (c) => {
    await authenticate(env.ctx, c, env.ctx.db);
    throw linkingDisabled();
  });

  app.post('/token', async (c, next) => {
    const grant = c.req.query('grant_type');
    if (grant === 'web3') throw new AuthError(422, 'web3_provider_disabled', 'Web3 provider is disabled');
    if (grant !== 'id_token') return next();
    const body = await readJson(c);
    const idToken = stringField(body, 'id_token');
    const provider = stringField(body, 'provider');
    const issuer = stringField(body, 'issuer');
    if (idToken === '') throw new OAuthError('invalid request', 'id_token required');
    if (provider === '' && (stringField(body, 'client_id') === '' || issuer === '')) {
      throw new OAuthError('invalid request', 'provider or client_id and issuer required');
    }
    if (body.link_identity === true) {
      if (!c.req.header('Authorization')) throw new OAuthError('invalid request', 'Linking requires a valid user access token in Authorization');
      await authenticate(env.ctx, c, env.ctx.db);
    }
    throw idTokenProviderError(provider, issuer, idToken);
  });
}
