/**
 * Account management from the shell, for operators (no UI needed):
 *   npm run user -- create --email a@b.id --password ... [--role superadmin|admin|user]
 *                          [--status approved|pending|rejected|suspended] [--full-name "..."]
 *   npm run user -- set-password --email a@b.id --password ...
 *   npm run user -- set-role --email a@b.id --role admin
 *   npm run user -- set-status --email a@b.id --status approved
 *   npm run user -- reset-mfa --email a@b.id
 * Works on DATA_DIR (embedded database) or DATABASE_URL, like the server.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import type { Db } from '../db/adapter.ts';
import { hostedRefusal, openDb } from './open-db.ts';
import {
  ROLES, STATUSES, UserExistsError, UserNotFoundError, createUser, resetSecondStep, setPassword, setRole, setStatus,
  type AccountStatus, type AppRole,
} from '../auth/accounts.ts';

const USAGE = `Usage: npm run user -- <command> [options]

Commands:
  create        --email <e-mail> --password <password> [--role superadmin|admin|user]
                [--status approved|pending|rejected|suspended] [--full-name <name>]
                (defaults: role user, status approved; the e-mail counts as confirmed)
  set-password  --email <e-mail> --password <password>   (also signs the user out everywhere)
  set-role      --email <e-mail> --role superadmin|admin|user
  set-status    --email <e-mail> --status approved|pending|rejected|suspended
  reset-mfa     --email <e-mail>   (removes the two-step verification factors, e.g. a lost phone,
                and signs the user out everywhere; they enrol again after signing in)

Database: DATABASE_URL if set, else the embedded database in DATA_DIR (default ./data).
A server running on the same DATA_DIR is used as it is (its PostgreSQL answers both).`;

export class UsageError extends Error {}

function required(values: Record<string, string | boolean | undefined>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`Missing --${name}`);
  return value;
}

function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw new UsageError(`--${name} must be one of ${allowed.join(', ')} (got "${value}")`);
  }
  return value as T;
}

export async function run(argv: string[], env: NodeJS.ProcessEnv = process.env, log: (line: string) => void = console.log): Promise<void> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    log(USAGE);
    return;
  }
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        role: { type: 'string' },
        status: { type: 'string' },
        'full-name': { type: 'string' },
      },
      strict: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const values = parsed.values;
  const email = required(values, 'email').trim().toLowerCase();
  const config = loadConfig(env, { superadminEmail: undefined, superadminPassword: undefined });

  let action: (db: Db) => Promise<string>;
  switch (command) {
    case 'create': {
      const password = required(values, 'password');
      const role = oneOf<AppRole>('role', values.role ?? 'user', ROLES);
      const status = oneOf<AccountStatus>('status', values.status ?? 'approved', STATUSES);
      action = async (db) => {
        const { id } = await createUser(db, { email, password, role, status, fullName: values['full-name'], confirmed: true });
        return `Created ${email} (id ${id}, role ${role}, status ${status}).`;
      };
      break;
    }
    case 'set-password': {
      const password = required(values, 'password');
      action = async (db) => {
        await setPassword(db, email, password);
        return `Password of ${email} changed; all of its sessions were ended.`;
      };
      break;
    }
    case 'set-role': {
      const role = oneOf<AppRole>('role', required(values, 'role'), ROLES);
      action = async (db) => {
        await setRole(db, email, role);
        return `Role of ${email} is now ${role}.`;
      };
      break;
    }
    case 'set-status': {
      const status = oneOf<AccountStatus>('status', required(values, 'status'), STATUSES);
      action = async (db) => {
        await setStatus(db, email, status);
        return `Status of ${email} is now ${status}.`;
      };
      break;
    }
    case 'reset-mfa':
      action = async (db) => {
        const removed = await resetSecondStep(db, email);
        return `Two-step verification of ${email} reset (${removed} factor(s) and passkey(s) removed); all of its sessions were ended.`;
      };
      break;
    default:
      throw new UsageError(`Unknown command "${command}"`);
  }

  const database = await openDb(config, hostedRefusal('user', 'the project\'s Auth holds the accounts; create users, reset passwords and remove second steps in the Supabase dashboard, Authentication > Users, and approve or suspend members on /admin/users as a superadmin.'));
  try {
    log(await action(database.db));
  } finally {
    await database.close();
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  run(process.argv.slice(2)).then(
    () => process.exit(0),
    (error: unknown) => {
      if (error instanceof UsageError) {
        console.error(`Error: ${error.message}\n\n${USAGE}`);
        process.exit(2);
      }
      if (error instanceof UserExistsError || error instanceof UserNotFoundError) {
        console.error(`Error: ${error.message}`);
        process.exit(1);
      }
      console.error(`Error: ${(error as Error).message}`);
      process.exit(1);
    },
  );
}
