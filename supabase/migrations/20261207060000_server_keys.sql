-- The legacy JWT secret and the signing keys, shared by every server of a site that runs over one
-- PostgreSQL (DATABASE_URL). Only the servers (the database owner) read them: no API role does.
create table private.server_keys (
  name text primary key check (name in ('jwt_secret', 'signing_keys')),
  value jsonb not null,
  updated_at timestamptz not null default now()
);
alter table private.server_keys enable row level security;
revoke all on table private.server_keys from public, anon, authenticated, service_role;
