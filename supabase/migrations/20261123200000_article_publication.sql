-- Drafts and scheduling (issue 11): published_at null is a draft, a future time is scheduled.
-- The default keeps SPEC.md's create call (no published_at) publishing at once.
alter table public.articles add column published_at timestamptz default now();
comment on column public.articles.published_at is
  'null: draft; future: scheduled; past: published. Visibility is decided by row-level security, so a scheduled article appears on time without any job.';
create index articles_published_at_idx on public.articles (published_at desc);

-- Visitors and non-staff see only what is due; staff see drafts and scheduled articles too.
drop policy if exists "Anyone can read articles" on public.articles;
create policy "Visitors read published articles" on public.articles
  for select to anon using (published_at <= now());
create policy "Signed-in users read published articles, staff read all" on public.articles
  for select to authenticated using (published_at <= now() or (select private.is_staff()));
