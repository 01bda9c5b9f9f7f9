import { randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import { requireAdmin } from './admin.ts';
import { mergeMetadata } from './admin-params.ts';
import { issueLink, linkMail, sendLater, type LinkType } from './code-mail.ts';
import type { AuthEnv } from './env.ts';
import { AuthError, errors } from './errors.ts';
import { hashPassword } from './password.ts';
import { checkPasswordStrength, metadataField, readJson, stringField, validateEmail } from './request.ts';
import { findUserByEmail, findUserById, insertAuthUser, userJson } from './users.ts';

const LINK_TYPES: readonly string[] = ['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new'];

/**
 * POST /admin/generate_link and POST /invite, as GoTrue's mail.go and invite.go, for the service
 * role. Accounts they create get the site's pending profile from the signup trigger, so an
 * administrator still approves them; invited accounts choose their password on the link.
 */
export function adminLinkRoutes(app: Hono, env: AuthEnv): void {
  const { ctx } = env;

  app.post('/admin/generate_link', async (c) => {
    const body = await readJson(c);
    let type = stringField(body, 'type');
    const email = validateEmail(stringField(body, 'email'));
    const data = metadataField(body, 'data');
    const password = stringField(body, 'password');
    const redirectTo = env.redirectFor(c, stringField(body, 'redirect_to') || c.req.query('redirect_to'));
    if (!LINK_TYPES.includes(type)) throw errors.validation(`Invalid email action link type requested: ${type}`);

    const result = await ctx.db.transaction(async (tx) => {
      let user = await findUserByEmail(tx, email);
      if (!user) {
        if (type === 'magiclink') type = 'signup';
        else if (type === 'recovery' || type.startsWith('email_change')) {
          throw new AuthError(404, 'user_not_found', 'User with this email not found');
        }
      }
      let newEmail = '';
      if (type === 'signup' || type === 'invite') {
        if (user?.email_confirmed_at) throw errors.emailExists();
        if (!user) {
          let passwordHash = '';
          if (type === 'signup') {
            const chosen = password || (stringField(body, 'type') === 'magiclink' ? randomBytes(48).toString('base64url') : '');
            if (chosen === '') throw errors.validation('Signup requires a valid password');
            checkPasswordStrength(chosen);
            passwordHash = await hashPassword(chosen);
          }
          const id = await insertAuthUser(tx, { email, passwordHash, data: data ?? {}, confirmed: false });
          user = (await findUserById(tx, id))!;
        } else if (type === 'signup' && data) {
          await tx.query('update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1',
            [user.id, JSON.stringify(mergeMetadata(user.raw_user_meta_data, data))]);
        }
      } else if (type.startsWith('email_change')) {
        newEmail = validateEmail(stringField(body, 'new_email'));
        const taken = await findUserByEmail(tx, newEmail);
        if (taken && taken.id !== user!.id) throw errors.emailExists();
      }
      const issued = await issueLink(env, tx, { id: user!.id, email }, type as LinkType, redirectTo, newEmail);
      return { user: (await findUserById(tx, user!.id))!, issued };
    });
    return c.json({
      ...userJson(result.user),
      action_link: result.issued.link,
      email_otp: result.issued.otp,
      hashed_token: result.issued.hash,
      verification_type: type,
      redirect_to: redirectTo,
    });
  });

  app.post('/invite', async (c) => {
    await requireAdmin(env, c);
    const body = await readJson(c);
    const email = validateEmail(stringField(body, 'email'));
    const data = metadataField(body, 'data') ?? {};
    const redirectTo = env.redirectFor(c, c.req.query('redirect_to'));
    const { user, mail } = await ctx.db.transaction(async (tx) => {
      const existing = await findUserByEmail(tx, email);
      if (existing?.email_confirmed_at) throw errors.emailExists();
      const id = existing?.id ?? (await insertAuthUser(tx, { email, passwordHash: '', data, confirmed: false }));
      const issued = await issueLink(env, tx, { id, email }, 'invite', redirectTo);
      return { user: (await findUserById(tx, id))!, mail: linkMail(env, email, 'invite', issued) };
    });
    sendLater(env, mail);
    return c.json(userJson(user));
  });
}
