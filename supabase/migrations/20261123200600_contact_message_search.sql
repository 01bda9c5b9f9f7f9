-- The contact inbox (issue 11) pages on the server: /admin/pesan asks for one page of a view
-- (`.range()` with an exact count) instead of the newest 500. Searching by the sender, address,
-- subject and text happens here, so no query text is ever built into a PostgREST filter; strpos
-- matches the words as written (a '%' or '_' is not a wildcard). Security invoker: row-level
-- security still gives the messages to staff only.
create function public.search_contact_messages(q text default null) returns setof public.contacts
language sql stable security invoker set search_path = '' as $$
  select c.*
  from public.contacts c
  where coalesce(btrim(q), '') = ''
    or strpos(lower(concat_ws(' ', c.name, c.email, c.subject, c.message)), lower(btrim(q))) > 0
$$;

revoke execute on function public.search_contact_messages(text) from public, anon;
grant execute on function public.search_contact_messages(text) to authenticated, service_role;
