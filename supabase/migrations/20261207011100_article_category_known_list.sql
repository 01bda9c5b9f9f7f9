-- Issue 42 item 4: an article's category is one of a known list, not free text (a category is
-- printed in capitals on every card and makes a filter button, so a free one was a public field
-- the guard had to read word by word). The list is the unit's own categories, the ones the editor
-- offers (src/features/admin-content/api/article-schema.ts, ARTICLE_CATEGORIES; a test keeps the
-- two equal), compared without case so 'bakti sosial' stays the filter's 'Bakti Sosial'.
--
-- A trigger, not a check: rows written before keep their category and can still be edited in their
-- other fields (only a write that sets the category is judged), and the refusal is in Indonesian.
-- Whom it judges is the guard's rule (its threat model is a stolen staff login): people writing
-- through the API who are not superadmins. Owner SQL (the demo seed, restores) and superadmins
-- (who decide what is released, and whose test fixtures keep each test's articles apart by a
-- category of their own) may set another.
-- It is named to run after articles_integrity_check (triggers run in name order), so a change the
-- guard holds keeps the public category.
create function public.known_article_categories() returns text[]
language sql immutable set search_path = '' as $$
  select array['Berita', 'Kegiatan', 'Latihan', 'Operasi', 'Pemeliharaan', 'Pembinaan', 'Sosial', 'Bakti Sosial', 'Teknik', 'Prestasi',
    'Pengumuman']
$$;
grant execute on function public.known_article_categories() to anon, authenticated, service_role;

create function private.article_category_known() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.category is not null and btrim(new.category) <> ''
    and (tg_op = 'INSERT' or new.category is distinct from old.category)
    and not lower(btrim(new.category)) = any (select lower(c) from unnest(public.known_article_categories()) as c)
    and auth.uid() is not null and not private.is_superadmin() then
    raise exception 'Kategori harus salah satu dari: %.', array_to_string(public.known_article_categories(), ', ')
      using errcode = 'PT400';
  end if;
  return new;
end
$$;
revoke execute on function private.article_category_known() from public, anon, authenticated;

create trigger articles_known_category before insert or update of category on public.articles
  for each row execute function private.article_category_known();
