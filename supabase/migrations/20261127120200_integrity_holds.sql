-- Content integrity, part 3 (issue 32, decision 0026): holding, releasing and rejecting.
--
-- The guard runs before a row is written. A held article that was not public yet is saved as a
-- draft; a held change to something already public (a published article, a unit or information
-- page) keeps the public version as it was, and the change waits in integrity_holds.proposed. A
-- held new structure row is not inserted. Superadmins are told through the 'integrity_notices'
-- channel (the server mails them; on hosted Supabase a Database Webhook on integrity_holds does).

create function private.integrity_guard() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  columns text[] := private.guarded_columns(tg_table_name);
  old_row jsonb := case when tg_op = 'UPDATE' then to_jsonb(old) end;
  new_row jsonb := to_jsonb(new);
  html text := coalesce(new_row ->> 'content', new_row ->> 'body');
  reasons text[];
  was_public boolean;
  label text;
begin
  if current_setting('skadron.integrity_release', true) = 'on' then
    return new;
  end if;
  -- People writing through the API are guarded; a superadmin is the one who would release it,
  -- and owner SQL (seeding, operators, restores) is trusted here and scanned by the watch.
  if (select auth.uid()) is null or (select private.is_superadmin()) then
    perform private.remember_link_domains(html);
    return new;
  end if;
  -- only what is or becomes public, and only when something a reader sees changes
  if tg_table_name = 'articles' and new_row ->> 'published_at' is null then
    return new;
  end if;
  if tg_op = 'UPDATE' and not exists (select 1 from unnest(columns) as c where old_row -> c is distinct from new_row -> c) then
    return new;
  end if;
  reasons := private.guard_reasons(private.guard_words(tg_table_name, new_row), html);
  label := coalesce(new_row ->> 'title', new_row ->> 'name', new_row ->> 'key', '');
  if cardinality(reasons) = 0 then
    perform private.remember_link_domains(html);
    update public.integrity_holds h set status = 'superseded'
      where h.row_id = new.id and h.status = 'pending';
    return new;
  end if;

  update public.integrity_holds h set status = 'superseded' where h.row_id = new.id and h.status = 'pending';
  insert into public.integrity_holds (table_name, row_id, label, reasons, proposed, held_by)
  values (tg_table_name, new.id, label, reasons, new_row, (select auth.uid()));
  perform private.write_audit('integrity.hold', case when tg_table_name = 'articles' then 'article' else 'unit_page' end,
    new.id, label, jsonb_build_object('reasons', to_jsonb(reasons)));
  perform pg_notify('integrity_notices', '');

  if tg_op = 'INSERT' and tg_table_name <> 'articles' then
    return null;
  end if;
  was_public := tg_op = 'UPDATE' and (tg_table_name <> 'articles' or coalesce((old_row ->> 'published_at')::timestamptz <= now(), false));
  if not was_public then
    return jsonb_populate_record(new, '{"published_at": null}'::jsonb);
  end if;
  return jsonb_populate_record(new, (select jsonb_object_agg(c, old_row -> c) from unnest(columns) as c));
end
$$;

create trigger articles_integrity_2_guard before insert or update on public.articles
  for each row execute function private.integrity_guard();
create trigger unit_texts_integrity_2_guard before insert or update on public.unit_texts
  for each row execute function private.integrity_guard();
create trigger info_pages_integrity_2_guard before insert or update on public.info_pages
  for each row execute function private.integrity_guard();
create trigger unit_posts_integrity_2_guard before insert or update on public.unit_posts
  for each row execute function private.integrity_guard();
create trigger past_commanders_integrity_2_guard before insert or update on public.past_commanders
  for each row execute function private.integrity_guard();

create function private.pending_hold(hold_id bigint) returns public.integrity_holds
language plpgsql security definer set search_path = '' as $$
declare
  hold public.integrity_holds;
begin
  if not (select private.is_superadmin()) then
    raise exception 'Hanya superadmin yang dapat memutuskan isi yang ditahan.' using errcode = 'PT403';
  end if;
  select * into hold from public.integrity_holds h where h.id = hold_id for update;
  if not found then
    raise exception 'Isi yang ditahan tidak ditemukan.' using errcode = 'PT404';
  end if;
  if hold.status <> 'pending' then
    raise exception 'Isi ini sudah diputuskan atau digantikan oleh simpanan yang lebih baru.' using errcode = 'PT409';
  end if;
  return hold;
end
$$;

-- Publishes the held version as it was saved (a past publication time becomes now, so the
-- article appears at the top of the list). The version number moves on, as for any save.
create function public.integrity_release(hold_id bigint) returns void
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
  if written = 0 and hold.table_name = 'unit_posts' then
    insert into public.unit_posts select * from jsonb_populate_record(null::public.unit_posts, proposed);
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

create function public.integrity_reject(hold_id bigint) returns void
language plpgsql security definer set search_path = '' as $$
declare
  hold public.integrity_holds := private.pending_hold(hold_id);
begin
  update public.integrity_holds set status = 'rejected', decided_by = (select auth.uid()), decided_at = now() where id = hold.id;
  perform private.write_audit('integrity.reject', case when hold.table_name = 'articles' then 'article' else 'unit_page' end,
    hold.row_id, hold.label, jsonb_build_object('reasons', to_jsonb(hold.reasons)));
end
$$;

revoke execute on function private.html_link_hosts(text), private.host_allowed(text), private.guard_normalized(text, text),
  private.guard_terms(text), private.guard_reasons(text, text), private.remember_link_domains(text),
  private.guard_words(text, jsonb), private.guarded_columns(text), private.integrity_guard(),
  private.pending_hold(bigint) from public;
revoke execute on function public.integrity_release(bigint), public.integrity_reject(bigint) from public, anon;
grant execute on function public.integrity_release(bigint), public.integrity_reject(bigint) to authenticated, service_role;
grant execute on function private.guard_reasons(text, text), private.guard_words(text, jsonb), private.guard_terms(text)
  to service_role;

-- Stored text that reads like gambling spam, for the watch (rows changed outside the API).
create function private.stored_word_findings()
returns table (kind text, subject text, detail text)
language sql stable security definer set search_path = '' as $$
  select 'words', x.subject, array_to_string(x.reasons, '; ')
  from (
    select format('Artikel "%s" (%s)', a.title, a.id) as subject,
      private.guard_reasons(private.guard_words('articles', to_jsonb(a)), null) as reasons
    from public.articles a where a.published_at is not null
    union all
    select format('Teks profil "%s" (%s)', t.key, t.id), private.guard_reasons(private.guard_words('unit_texts', to_jsonb(t)), null)
    from public.unit_texts t
    union all
    select format('Halaman informasi "%s" (%s)', p.slug, p.id), private.guard_reasons(private.guard_words('info_pages', to_jsonb(p)), null)
    from public.info_pages p
    union all
    select format('Struktur "%s" (%s)', p.name, p.id), private.guard_reasons(private.guard_words('unit_posts', to_jsonb(p)), null)
    from public.unit_posts p
  ) as x
  where cardinality(x.reasons) > 0
$$;
revoke execute on function private.stored_word_findings() from public;
grant execute on function private.stored_word_findings() to service_role;

-- Links already in the content are known: only new ones hold an item.
insert into private.integrity_known_domains (domain)
select distinct h from (
  select unnest(private.html_link_hosts(a.content)) as h from public.articles a
  union select unnest(private.html_link_hosts(t.body)) from public.unit_texts t
  union select unnest(private.html_link_hosts(p.body)) from public.info_pages p
) as hosts where not private.host_allowed(h)
on conflict do nothing;

alter table public.audit_log drop constraint audit_log_action_check;
alter table public.audit_log add constraint audit_log_action_check check (action in (
  'user.approve', 'user.reject', 'user.suspend', 'user.restore', 'user.pending', 'user.role', 'user.delete',
  'user.mfa_reset', 'user.profile', 'settings.mfa_required',
  'article.create', 'article.update', 'article.publish', 'article.unpublish', 'article.delete',
  'article.restore', 'article.overwrite',
  'gallery.create', 'gallery.update', 'gallery.delete', 'gallery.restore', 'gallery.overwrite',
  'photo.create', 'photo.update', 'photo.delete',
  'message.update', 'message.delete',
  'file.upload', 'file.replace', 'file.delete',
  'unit_page.create', 'unit_page.update', 'unit_page.delete', 'unit_page.overwrite', 'unit_page.restore',
  'integrity.hold', 'integrity.release', 'integrity.reject'));
