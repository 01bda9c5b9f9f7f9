import { describe, expect, it, vi } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';
import { authFetch } from './helpers.ts';

vi.setConfig({ hookTimeout: 180_000 });

const t = useTestServer();

describe('features this server keeps off answer with GoTrue\'s disabled errors', () => {
  it('SSO: 404 saml_provider_disabled', async () => {
    const { error } = await t.anon().auth.signInWithSSO({ domain: 'example.com' });
    expect(error).toMatchObject({ status: 404, code: 'saml_provider_disabled', message: 'SAML 2.0 is disabled' });
    const metadata = await authFetch(t.server, '/sso/saml/metadata');
    expect(metadata.status).toBe(404);
  });

  it('anonymous sign-ins: 422 anonymous_provider_disabled, and no account is made', async () => {
    const before = await t.server.ctx.db.query('select count(*)::int as n from auth.users');
    const { error } = await t.anon().auth.signInAnonymously();
    expect(error).toMatchObject({ status: 422, code: 'anonymous_provider_disabled', message: 'Anonymous sign-ins are disabled' });
    const after = await t.server.ctx.db.query('select count(*)::int as n from auth.users');
    expect(after.rows[0]).toEqual(before.rows[0]);
  });

  it('ID tokens and web3: the provider is named disabled', async () => {
    const google = await t.anon().auth.signInWithIdToken({ provider: 'google', token: 'x.y.z' });
    expect(google.error).toMatchObject({ status: 400, code: 'provider_disabled', message: 'Provider (issuer "https://accounts.google.com") is not enabled' });
    const missing = await authFetch(t.server, '/token?grant_type=id_token', { method: 'POST', body: JSON.stringify({ provider: 'google' }) });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: 'invalid request', error_description: 'id_token required' });
    const web3 = await authFetch(t.server, '/token?grant_type=web3', { method: 'POST', body: JSON.stringify({ chain: 'solana' }) });
    expect(web3.status).toBe(422);
    expect(await web3.json()).toMatchObject({ code: 'web3_provider_disabled', message: 'Web3 provider is disabled' });
    const other = await authFetch(t.server, '/token?grant_type=bogus', { method: 'POST', body: '{}' });
    expect(await other.json()).toMatchObject({ code: 'invalid_credentials', message: 'unsupported_grant_type' });
  });

  it('identity linking: signed-in callers get 404 manual_linking_disabled, others are not let past authentication', async () => {
    const { client } = await t.signedIn();
    const link = await client.auth.linkIdentity({ provider: 'github', options: { skipBrowserRedirect: true } });
    expect(link.error).toMatchObject({ status: 404, code: 'manual_linking_disabled', message: 'Manual linking is disabled' });
    const { data } = await client.auth.getSession();
    const unlink = await authFetch(t.server, '/user/identities/00000000-0000-4000-8000-000000000000', {
      method: 'DELETE', token: data.session!.access_token });
    expect(unlink.status).toBe(404);
    expect(await unlink.json()).toMatchObject({ code: 'manual_linking_disabled' });
    const anonymous = await authFetch(t.server, '/user/identities/authorize?provider=github');
    expect(anonymous.status).toBe(403);
  });

  it('the OAuth server: 404 feature_disabled, for the service role too', async () => {
    const res = await authFetch(t.server, '/admin/oauth/clients', { token: t.server.serviceKey });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'feature_disabled', message: 'OAuth server is disabled' });
    const anon = await authFetch(t.server, '/admin/oauth/clients');
    expect(anon.status).toBe(403);
  });

  it('passkeys (AUTH_PASSKEYS off by default): 404 passkey_disabled on every /passkeys path, and none is stored', async () => {
    expect(t.server.ctx.config.authPasskeys).toBe(false);
    const { user, client } = await t.signedIn();
    const { data } = await client.auth.getSession();
    const token = data.session!.access_token;
    for (const [method, path] of [['POST', '/passkeys/authentication/options'], ['POST', '/passkeys/authentication/verify'],
      ['POST', '/passkeys/registration/options'], ['POST', '/passkeys/registration/verify'], ['GET', '/passkeys'],
      ['PATCH', `/passkeys/${user.id}`], ['DELETE', `/passkeys/${user.id}`]]) {
      const res = await authFetch(t.server, path, { method, token, body: method === 'GET' || method === 'DELETE' ? undefined : '{}' });
      expect(res.status, path).toBe(404);
      expect(await res.json(), path).toEqual({ code: 'passkey_disabled', message: 'Passkeys are disabled' });
    }
    expect((await (await authFetch(t.server, '/settings')).json()).passkeys_enabled).toBe(false);
    const { rows } = await t.server.ctx.db.query('select count(*)::int as n from auth.webauthn_challenges');
    expect(rows[0]).toEqual({ n: 0 });
  });
});
