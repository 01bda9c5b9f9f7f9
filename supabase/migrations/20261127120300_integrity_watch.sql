-- Content integrity, part 4 (issue 32, decision 0026): what the integrity watch keeps.
--
-- The build writes a manifest of SHA-256 digests of every built file (client, server rendering,
-- server bundle). The first time a build starts, the server records that manifest here; the
-- watch then compares the files on disk with this record, not with the manifest on disk, so
-- whoever changes a file and the manifest together is still caught.

create table private.build_manifests (
  build_id text primary key check (build_id ~ '^[A-Za-z0-9._-]{8,100}$'),
  files jsonb not null check (jsonb_typeof(files) = 'object'),
  built_at timestamptz,
  recorded_at timestamptz not null default now()
);
revoke all on table private.build_manifests from public, anon, authenticated;
grant all on table private.build_manifests to service_role;

-- The watch's runs, for the dashboard ('last checked') and the doctor.
create table private.integrity_runs (
  id bigint generated always as identity primary key,
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  pages integer not null default 0,
  findings integer not null default 0,
  error text
);
revoke all on table private.integrity_runs from public, anon, authenticated;
grant all on table private.integrity_runs to service_role;

-- What the superadmin's screen and the dashboard show in one read.
create function public.integrity_summary() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  if not (select private.is_superadmin()) then
    raise exception 'Hanya superadmin yang dapat melihat Integritas Situs.' using errcode = 'PT403';
  end if;
  return jsonb_build_object(
    'open_findings', (select count(*) from public.integrity_findings where resolved_at is null),
    'pending_holds', (select count(*) from public.integrity_holds where status = 'pending'),
    'last_run', (select to_jsonb(r) - 'id' from private.integrity_runs r order by r.id desc limit 1));
end
$$;
revoke execute on function public.integrity_summary() from public, anon;
grant execute on function public.integrity_summary() to authenticated, service_role;
