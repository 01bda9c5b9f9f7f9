-- The unit and information pages (20261124200000) are staff writes like articles: for an account
-- with a verified factor, or any admin once the superadmin requires one, they need aal2 too. The
-- same restrictive policies through the one helper of 20261124150000 (photos in `unit_photos`
-- are storage objects, already covered there).
do $$
declare
  t text;
begin
  foreach t in array array['unit_texts', 'unit_posts', 'past_commanders', 'info_pages'] loop
    execute format('create policy "Second step for writes" on public.%I as restrictive
      for insert to authenticated with check ((select private.second_step_satisfied()))', t);
    execute format('create policy "Second step for updates" on public.%I as restrictive
      for update to authenticated using ((select private.second_step_satisfied()))', t);
    execute format('create policy "Second step for deletes" on public.%I as restrictive
      for delete to authenticated using ((select private.second_step_satisfied()))', t);
  end loop;
end
$$;
