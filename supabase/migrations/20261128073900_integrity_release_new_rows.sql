-- Releasing a held new row. The guard does not insert a held new row of a unit or information page
-- table (20261127120200: it returns null), but the release re-inserted only unit_posts, so a held
-- new past commander (or information page) could never be released: 'Isi yang ditahan sudah
-- dihapus.' Every table whose held inserts are skipped now gets its row inserted on release.

create or replace function private.integrity_release(hold_id bigint) returns void
language plpgsql security definer set search_path = '' as $$
declare
  hold public.integrity_holds := private.pending_hold(hold_id);
  columns text[] := private.guarded_columns(hold.table_name);
  proposed jsonb := hold.proposed;
  written integer;
begin
  if hold.table_name = 'articles' and (proposed ->> 'published_at')::timestamptz < now() then
    proposed := proposed || jsonb_build_object('published_at', now());
  end if;
  perform set_config('skadron.integrity_release', 'on', true);
  execute format('update public.%I t set (%s) = (select %s from jsonb_populate_record(null::public.%I, $1) as r) where t.id = $2',
    hold.table_name,
    (select string_agg(format('%I', c), ', ') from unnest(columns) as c),
    (select string_agg(format('r.%I', c), ', ') from unnest(columns) as c),
    hold.table_name) using proposed, hold.row_id;
  get diagnostics written = row_count;
  if written = 0 and hold.table_name <> 'articles' then
    execute format('insert into public.%I select * from jsonb_populate_record(null::public.%I, $1)',
      hold.table_name, hold.table_name) using proposed;
  elsif written = 0 then
    perform set_config('skadron.integrity_release', 'off', true);
    raise exception 'Isi yang ditahan sudah dihapus.' using errcode = 'PT404';
  end if;
  perform set_config('skadron.integrity_release', 'off', true);
  perform private.remember_link_domains(coalesce(proposed ->> 'content', proposed ->> 'body'));
  update public.integrity_holds set status = 'released', decided_by = (select auth.uid()), decided_at = now() where id = hold.id;
  perform private.write_audit('integrity.release', case when hold.table_name = 'articles' then 'article' else 'unit_page' end,
    hold.row_id, hold.label, jsonb_build_object('reasons', to_jsonb(hold.reasons)));
end
$$;
