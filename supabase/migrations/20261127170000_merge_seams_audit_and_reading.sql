-- Issues 30, 32 and 36 were built side by side: 20261127120200 (integrity) and 20261127140000
-- (public documents) each re-declared the audit action list without the other's actions, and the
-- later one won. The list here is the union of both.
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
  'integrity.hold', 'integrity.release', 'integrity.reject',
  'document.create', 'document.update', 'document.publish', 'document.unpublish', 'document.delete',
  'document.restore', 'document.overwrite'));

-- Private reading needs the second step for enrolled accounts (decision 0024); the tables that
-- came with public documents and the integrity watch follow the same rule as article revisions.
create policy "Second step for reading revisions" on public.public_document_revisions as restrictive
  for select to authenticated using ((select private.second_step_for_reading()));
create policy "Second step for reading unpublished documents" on public.public_documents as restrictive
  for select to authenticated
  using ((published_at is not null and published_at <= now()) or (select private.second_step_for_reading()));
create policy "Second step for reading held items" on public.integrity_holds as restrictive
  for select to authenticated using ((select private.second_step_for_reading()));
create policy "Second step for reading integrity findings" on public.integrity_findings as restrictive
  for select to authenticated using ((select private.second_step_for_reading()));
