import pino, { type Level } from 'pino';

export const LOG_LEVELS: readonly string[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * The server's one logger: JSON lines on stdout (systemd's journal or any collector reads them).
 * Request lines are `info`, so LOG_LEVEL=warn keeps only problems. Headers are never logged and
 * the paths below are censored in case a caller passes a request or a config object by mistake.
 */
export const log = pino({
  serializers: { err: errorFields },
  level: process.env.LOG_LEVEL && LOG_LEVELS.includes(process.env.LOG_LEVEL) ? process.env.LOG_LEVEL : 'info',
  base: { pid: process.pid },
  redact: {
    paths: ['password', 'token', 'access_token', 'refresh_token', 'authorization', 'cookie', 'apikey', '*.password', '*.token', '*.authorization', '*.cookie', '*.apikey', 'headers'],
    censor: '[redacted]',
  },
});

/**
 * An error as logged: its kind, message, stack and SQLSTATE or errno code. Nothing else: errors
 * from node-postgres carry their client (connection settings, possibly a password in the URL),
 * and others carry request objects.
 */
export function errorFields(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const { code } = error as { code?: unknown };
  return {
    type: error.constructor.name,
    message: error.message,
    stack: error.stack,
    ...(typeof code === 'string' ? { code } : {}),
    ...(error.cause instanceof Error ? { cause: errorFields(error.cause) } : {}),
  };
}

/** The level every server in this process logs at (the last started server's LOG_LEVEL wins). */
export function setLogLevel(level: string): void {
  log.level = level as Level;
}
