import type { Hono } from 'hono';
import type { AuthEnv } from './env.ts';

/** GET /settings, /health and the JWKS document (GoTrue's settings.go, health and jwks). */
export function settingsRoutes(app: Hono, { ctx }: AuthEnv, passkeysEnabled: boolean): void {
  app.get('/settings', (c) =>
    c.json({
      external: {
        anonymous_users: ctx.config.authAnonymousSignIns, apple: false, azure: false, bitbucket: false, discord: false, facebook: false,
        figma: false, fly: false, github: false, gitlab: false, google: false, keycloak: false, kakao: false,
        linkedin: false, linkedin_oidc: false, notion: false, spotify: false, slack: false, slack_oidc: false,
        workos: false, twitch: false, twitter: false, zoom: false, email: true, phone: false,
      },
      disable_signup: false,
      mailer_autoconfirm: ctx.config.authAutoconfirm,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
      passkeys_enabled: passkeysEnabled,
    }));

  app.get('/health', (c) =>
    c.json({ version: 'skadron-auth', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' }));

  // the public keys of the current and previous signing keys; the legacy HS256 secret is never
  // published (GoTrue skips oct keys). Cached as GoTrue lets it be.
  app.get('/.well-known/jwks.json', (c) => {
    c.header('Cache-Control', 'public, max-age=600');
    return c.json(ctx.keys.jwks());
  });
}
