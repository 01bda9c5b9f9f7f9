-- Approval e-mail (issue 14): when a superadmin approves an account (or restores a suspended
-- one), the member is told by e-mail that they can sign in. The database queues the notice in an
-- outbox in the same transaction as the status change, so a notice is never sent for a change
-- that rolled back and never lost when mail is down; whoever sends the mail drains the outbox.
-- This project's server LISTENs on 'account_notices' and sends it. On hosted Supabase, where that
-- server does not run, a Database Webhook on this table (or a scheduled Edge Function) sends it:
-- docs/decisions/0006-accounts-approval-mail-and-audit-log.md.

create table private.account_notices (
  id bigint generated always as identity primary key,
  profile_id uuid not null references public.profiles (id) on delete cascade,
  kind text not null check (kind in ('approved')),
  created_at timestamptz not null default now(),
  attempts integer not null default 0,
  last_error text
);
create index account_notices_profile_id_idx on private.account_notices (profile_id);
revoke all on table private.account_notices from public, anon, authenticated;
grant all on table private.account_notices to service_role;

-- Only decisions a person makes through the API (a JWT subject) are mailed: an operator's
-- `npm run user -- create/set-status` or a migration does not write to the member.
create function private.queue_approval_notice() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.status = 'approved' and old.status is distinct from new.status and (select auth.uid()) is not null then
    insert into private.account_notices (profile_id, kind) values (new.id, 'approved');
    perform pg_notify('account_notices', '');
  end if;
  return new;
end
$$;
revoke execute on function private.queue_approval_notice() from public, anon, authenticated;

create trigger profiles_queue_approval_notice after update of status on public.profiles
  for each row execute function private.queue_approval_notice();
