-- A sign-in made by the /login form without JavaScript (issue 44): the site server keeps the new
-- session here for at most two minutes, under the hash of a one-time code it gave the browser in
-- an HttpOnly cookie, until the app takes it into its own storage. A row in the database, not in
-- the server's memory, so the browser's next request may reach any server of the site. Only the
-- servers (the database owner) read it: no API role does.
create table private.sign_in_handoffs (
  code_hash bytea primary key,
  session jsonb not null,
  expires_at timestamptz not null
);
create index sign_in_handoffs_expires_at on private.sign_in_handoffs (expires_at);
alter table private.sign_in_handoffs enable row level security;
revoke all on table private.sign_in_handoffs from public, anon, authenticated, service_role;
