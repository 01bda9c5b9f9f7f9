-- The database catalog rules (tests/security/catalog.test.ts) applied to what issues 32 and 36
-- added side by side: helpers in policies through a sub-select (evaluated once, not per row where
-- they take no row value), one permissive policy per table, role and action, and no SECURITY
-- DEFINER function in the exposed schema (the work runs in private, the public name only calls it).

drop policy "Anyone can read published document files" on storage.objects;
create policy "Anyone can read published document files" on storage.objects
  for select to anon, authenticated
  using (bucket_id = 'documents' and (select private.document_file_published(objects.name)));
drop policy "Staff delete document files no document uses" on storage.objects;
create policy "Staff delete document files no document uses" on storage.objects
  for delete to authenticated
  using (bucket_id = 'documents' and (select private.is_staff())
    and not (select private.document_file_in_use(objects.name)));
drop policy "Visitors read only published document files" on storage.objects;
create policy "Visitors read only published document files" on storage.objects
  as restrictive for select to anon
  using (bucket_id = 'documents' and (select private.document_file_published(objects.name)));

drop policy "Anyone can read published documents" on public.public_documents;
drop policy "Staff can read every document" on public.public_documents;
create policy "Visitors read published documents" on public.public_documents
  for select to anon using (published_at is not null and published_at <= now());
create policy "Members read published documents, staff every document" on public.public_documents
  for select to authenticated
  using ((published_at is not null and published_at <= now()) or (select private.is_staff()));

drop policy "Superadmins change the guard's terms" on public.integrity_terms;
create policy "Superadmins add guard terms" on public.integrity_terms
  for insert to authenticated with check ((select private.is_superadmin()));
create policy "Superadmins change guard terms" on public.integrity_terms
  for update to authenticated using ((select private.is_superadmin())) with check ((select private.is_superadmin()));
create policy "Superadmins remove guard terms" on public.integrity_terms
  for delete to authenticated using ((select private.is_superadmin()));

alter function public.integrity_release(bigint) set schema private;
alter function public.integrity_reject(bigint) set schema private;
alter function public.integrity_summary() set schema private;

create function public.integrity_release(hold_id bigint) returns void
language sql security invoker set search_path = '' as $$ select private.integrity_release(hold_id) $$;
create function public.integrity_reject(hold_id bigint) returns void
language sql security invoker set search_path = '' as $$ select private.integrity_reject(hold_id) $$;
create function public.integrity_summary() returns jsonb
language sql stable security invoker set search_path = '' as $$ select private.integrity_summary() $$;

revoke execute on function public.integrity_release(bigint), public.integrity_reject(bigint),
  public.integrity_summary() from public, anon;
grant execute on function public.integrity_release(bigint), public.integrity_reject(bigint),
  public.integrity_summary() to authenticated, service_role;
