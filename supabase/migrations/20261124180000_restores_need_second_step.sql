-- Two changes of this round met here.
--
-- 1. Restoring from the trash or from a revision runs with its owner's rights (it must write rows
--    the trash keeps and bypass the version check), so the restrictive second-step policies on
--    articles and galleries never see it. The privileged bodies move to `private`; the API calls
--    invoker wrappers of the same names and arguments, which ask for the second step first. This
--    also keeps every SECURITY DEFINER function out of the exposed schema.
alter function public.restore_article_revision(uuid, bigint, integer) set schema private;
alter function public.restore_deleted_article(uuid) set schema private;
alter function public.restore_deleted_gallery(uuid) set schema private;
revoke execute on function private.restore_article_revision(uuid, bigint, integer), private.restore_deleted_article(uuid),
  private.restore_deleted_gallery(uuid) from public, anon;
grant execute on function private.restore_article_revision(uuid, bigint, integer), private.restore_deleted_article(uuid),
  private.restore_deleted_gallery(uuid) to authenticated, service_role;

create function private.require_second_step() returns void
language plpgsql stable set search_path = '' as $$
begin
  if not (select private.second_step_satisfied()) then
    raise exception 'Verifikasi dua langkah diperlukan untuk tindakan ini.' using errcode = '42501';
  end if;
end
$$;
revoke execute on function private.require_second_step() from public, anon;
grant execute on function private.require_second_step() to authenticated, service_role;

create function public.restore_article_revision(target_article uuid, revision_id bigint, expected_version integer)
returns integer language plpgsql security invoker set search_path = '' as $$
begin
  perform private.require_second_step();
  return private.restore_article_revision(target_article, revision_id, expected_version);
end
$$;

create function public.restore_deleted_article(target_article uuid) returns integer
language plpgsql security invoker set search_path = '' as $$
begin
  perform private.require_second_step();
  return private.restore_deleted_article(target_article);
end
$$;

create function public.restore_deleted_gallery(target_gallery uuid) returns integer
language plpgsql security invoker set search_path = '' as $$
begin
  perform private.require_second_step();
  return private.restore_deleted_gallery(target_gallery);
end
$$;
revoke execute on function public.restore_article_revision(uuid, bigint, integer), public.restore_deleted_article(uuid),
  public.restore_deleted_gallery(uuid) from public, anon;
grant execute on function public.restore_article_revision(uuid, bigint, integer), public.restore_deleted_article(uuid),
  public.restore_deleted_gallery(uuid) to authenticated, service_role;

-- 2. The second-step migration and the newsroom migration each rewrote the audit log's list of
--    actions; the later one dropped the second step's. Every action of both.
alter table public.audit_log drop constraint audit_log_action_check;
alter table public.audit_log add constraint audit_log_action_check check (action in (
  'user.approve', 'user.reject', 'user.suspend', 'user.restore', 'user.pending', 'user.role', 'user.delete',
  'user.mfa_reset', 'settings.mfa_required',
  'article.create', 'article.update', 'article.publish', 'article.unpublish', 'article.delete',
  'article.restore', 'article.overwrite',
  'gallery.create', 'gallery.update', 'gallery.delete', 'gallery.restore', 'gallery.overwrite'));
