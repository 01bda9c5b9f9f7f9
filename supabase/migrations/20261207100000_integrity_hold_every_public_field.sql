-- Issue 42 item 4, the part 20261207011000 left out: a gallery's name and description, a gallery
-- photo's caption and alt text and a public document's title and description are HELD, as an
-- article is, where that migration refused them. The writer is told the save waits for review
-- (the editor reads the hold, as for articles); visitors keep the public version, or see nothing
-- of a new gallery or photo (not inserted until released) or of a new document (saved as a draft,
-- as a held new article is); a superadmin releases or rejects it at Integritas Situs with the
-- evidence every hold has.
--
-- A profile's full name stays refused (integrity_refuse_text): it is the byline of every article
-- the person wrote, so a held name would have to keep the old byline on all of them, and it is
-- written at sign-up, before there is a person to hold it for. Past commanders are held by
-- integrity_check already; only superadmins write them, and a superadmin is never held.
--
-- What is judged is 20261207011000's reading (guard_may_hold, then guard_reasons_for_hosts with no
-- links: these fields are plain text); who is judged is the guard's rule (people writing through
-- the API, not a superadmin, not owner SQL, which the watch's stored-field scan reports).

alter table public.integrity_holds drop constraint integrity_holds_table_name_check;
alter table public.integrity_holds add constraint integrity_holds_table_name_check check (table_name in (
  'articles', 'unit_texts', 'unit_posts', 'past_commanders', 'info_pages', 'galleries', 'gallery_photos', 'public_documents'));

-- The columns a release writes back (and a held edit keeps as they were).
create or replace function private.guarded_columns(table_name text) returns text[]
language plpgsql immutable set search_path = '' as $$
begin
  return case table_name
    when 'articles' then array['title', 'category', 'content', 'image_captions', 'cover_image_url', 'image_gallery_urls', 'published_at']
    when 'unit_texts' then array['title', 'body', 'photo_url', 'photo_alt']
    when 'info_pages' then array['title', 'description', 'body']
    when 'unit_posts' then array['name', 'officer_title', 'officer_rank', 'officer_name', 'photo_url', 'sections', 'note']
    when 'galleries' then array['name', 'description']
    when 'gallery_photos' then array['caption', 'alt']
    when 'public_documents' then array['title', 'description', 'published_at']
    else array['rank', 'name', 'period', 'photo_url'] end;
end
$$;

-- The audit log's name for a held item's kind.
create function private.integrity_target_type(table_name text) returns text
language plpgsql immutable set search_path = '' as $$
begin
  return case table_name
    when 'articles' then 'article'
    when 'galleries' then 'gallery'
    when 'gallery_photos' then 'photo'
    when 'public_documents' then 'document'
    else 'unit_page' end;
end
$$;

-- The hold of integrity_check (20261128113000) for plain-text rows: the same holds row, audit
-- entry and notice, the same public version kept. A row with published_at (a document) is judged
-- as an article is: a draft is not, a held new one is saved as a draft.
create function private.integrity_hold_text() returns trigger
language plpgsql security definer set search_path = '' set jit = off as $$
declare
  old_row jsonb := case when tg_op = 'UPDATE' then to_jsonb(old) end;
  new_row jsonb := to_jsonb(new);
  columns text[] := private.guarded_columns(tg_table_name);
  dated boolean := new_row ? 'published_at';
  col text;
  changed boolean := false;
  words text;
  reasons text[] := '{}';
  label text;
begin
  if current_setting('skadron.integrity_release', true) = 'on' or auth.uid() is null then
    return new;
  end if;
  foreach col in array columns loop
    changed := changed or old_row is null or old_row -> col is distinct from new_row -> col;
    if col <> 'published_at' then
      words := concat_ws(E'\n', words, new_row ->> col);
    end if;
  end loop;
  if not changed or (dated and new_row ->> 'published_at' is null) then
    return new;
  end if;
  if words is not null and private.guard_may_hold(words) then
    reasons := private.guard_reasons_for_hosts(words, '{}');
  end if;
  if cardinality(reasons) = 0 or private.is_superadmin() then
    if exists (select 1 from public.integrity_holds h where h.row_id = new.id and h.status = 'pending')
      and not private.is_superadmin() then
      update public.integrity_holds h set status = 'superseded' where h.row_id = new.id and h.status = 'pending';
    end if;
    return new;
  end if;

  -- a photo has no name of its own: it is named by its gallery
  label := coalesce(new_row ->> 'title', new_row ->> 'name',
    (select g.name from public.galleries g where g.id = (new_row ->> 'gallery_id')::uuid), '');
  update public.integrity_holds h set status = 'superseded' where h.row_id = new.id and h.status = 'pending';
  insert into public.integrity_holds (table_name, row_id, label, reasons, proposed, held_by)
  values (tg_table_name, new.id, label, reasons, new_row, auth.uid());
  perform private.write_audit('integrity.hold', private.integrity_target_type(tg_table_name), new.id, label,
    jsonb_build_object('reasons', to_jsonb(reasons)));
  perform pg_notify('integrity_notices', '');

  if tg_op = 'INSERT' and not dated then
    return null;
  end if;
  -- a document that was not public yet stays (or becomes) a draft
  if dated and (tg_op = 'INSERT' or not coalesce((old_row ->> 'published_at')::timestamptz <= now(), false)) then
    return jsonb_populate_record(new, '{"published_at": null}'::jsonb);
  end if;
  return jsonb_populate_record(new, (select jsonb_object_agg(c, old_row -> c) from unnest(columns) as c));
end
$$;
revoke execute on function private.integrity_hold_text(), private.integrity_target_type(text) from public, anon, authenticated;

drop trigger galleries_integrity_refuse on public.galleries;
drop trigger gallery_photos_integrity_refuse on public.gallery_photos;
drop trigger public_documents_integrity_refuse on public.public_documents;
create trigger galleries_integrity_hold before insert or update of name, description on public.galleries
  for each row execute function private.integrity_hold_text();
create trigger gallery_photos_integrity_hold before insert or update of caption, alt on public.gallery_photos
  for each row execute function private.integrity_hold_text();
create trigger public_documents_integrity_hold before insert or update of title, description, published_at on public.public_documents
  for each row execute function private.integrity_hold_text();

-- As in 20261128073900, with a document's publication time moved to now as an article's is, and
-- the audit entry naming the item's kind.
create or replace function private.integrity_release(hold_id bigint) returns void
language plpgsql security definer set search_path = '' set jit = off as $$
declare
  hold public.integrity_holds := private.pending_hold(hold_id);
  columns text[] := private.guarded_columns(hold.table_name);
  proposed jsonb := hold.proposed;
  written integer;
begin
  if hold.table_name in ('articles', 'public_documents') and (proposed ->> 'published_at')::timestamptz < now() then
    proposed := proposed || jsonb_build_object('published_at', now());
  end if;
  perform set_config('skadron.integrity_release', 'on', true);
  execute format('update public.%I t set (%s) = (select %s from jsonb_populate_record(null::public.%I, $1) as r) where t.id = $2',
    hold.table_name,
    (select string_agg(format('%I', c), ', ') from unnest(columns) as c),
    (select string_agg(format('r.%I', c), ', ') from unnest(columns) as c),
    hold.table_name) using proposed, hold.row_id;
  get diagnostics written = row_count;
  if written = 0 and hold.table_name not in ('articles', 'public_documents') then
    execute format('insert into public.%I select * from jsonb_populate_record(null::public.%I, $1)',
      hold.table_name, hold.table_name) using proposed;
  elsif written = 0 then
    perform set_config('skadron.integrity_release', 'off', true);
    raise exception 'Isi yang ditahan sudah dihapus.' using errcode = 'PT404';
  end if;
  perform set_config('skadron.integrity_release', 'off', true);
  perform private.remember_link_domains(coalesce(proposed ->> 'content', proposed ->> 'body'));
  update public.integrity_holds set status = 'released', decided_by = (select auth.uid()), decided_at = now() where id = hold.id;
  perform private.write_audit('integrity.release', private.integrity_target_type(hold.table_name),
    hold.row_id, hold.label, jsonb_build_object('reasons', to_jsonb(hold.reasons)));
end
$$;

create or replace function private.integrity_reject(hold_id bigint) returns void
language plpgsql security definer set search_path = '' set jit = off as $$
declare
  hold public.integrity_holds := private.pending_hold(hold_id);
begin
  update public.integrity_holds set status = 'rejected', decided_by = (select auth.uid()), decided_at = now() where id = hold.id;
  perform private.write_audit('integrity.reject', private.integrity_target_type(hold.table_name),
    hold.row_id, hold.label, jsonb_build_object('reasons', to_jsonb(hold.reasons)));
end
$$;
