/**
 * How a sign-in made by the /login form without JavaScript reaches the app (issue 44): the site
 * server answers with an HttpOnly cookie holding a one-time code, sent only to HANDOFF_PATH, and a
 * readable marker telling the app there is a session to take. The app posts to HANDOFF_PATH, gets
 * the session once, and keeps it where supabase-js keeps every session.
 */
export const HANDOFF_PATH = '/login/sesi'
export const HANDOFF_CODE_COOKIE = 'sb-handoff-code'
export const HANDOFF_MARKER_COOKIE = 'sb-handoff'
/** How long a handed-over session waits for the app, in seconds. */
export const HANDOFF_TTL_SECONDS = 120
