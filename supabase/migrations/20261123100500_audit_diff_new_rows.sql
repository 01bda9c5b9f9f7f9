-- A new row's entry listed every column, null ones included (SQL null against JSON null): the
-- diff now compares JSON values, so a create lists only what the row sets.
create or replace function private.audit_diff(old_row jsonb, new_row jsonb) returns jsonb
language sql immutable set search_path = '' as $$
  select coalesce(jsonb_object_agg(key, jsonb_build_object('old', private.audit_cut(old_row -> key), 'new', private.audit_cut(new_row -> key))), '{}'::jsonb)
  from jsonb_object_keys(coalesce(new_row, '{}'::jsonb) || coalesce(old_row, '{}'::jsonb)) as key
  where key not in ('id', 'created_at', 'updated_at')
    and coalesce(old_row -> key, 'null'::jsonb) is distinct from coalesce(new_row -> key, 'null'::jsonb)
$$;
revoke execute on function private.audit_diff(jsonb, jsonb) from public, anon, authenticated;
