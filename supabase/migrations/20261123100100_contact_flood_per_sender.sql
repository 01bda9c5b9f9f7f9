-- The contact form's flood guard counts per sender, never site-wide: the old limit of 60 messages
-- a minute for the whole site let one visitor shut the form for everyone (issue 14).
-- A sender is the e-mail address and, when the API passes it, the client address in
-- request.headers' X-Forwarded-For (Supabase's gateway sets it; PostgREST hands the headers on):
-- 5 messages per e-mail and 60 per address in ten minutes, generous enough for a shared office address.
-- Where a message came from, for the per-address count; staff read it like the rest of the message.
alter table public.contacts add column sender_address text;
comment on column public.contacts.sender_address is
  'The client address the API reported (X-Forwarded-For), set by prepare_contact; never taken from the body.';
create index contacts_sender_address_idx on public.contacts (sender_address, created_at) where sender_address is not null;

create or replace function private.contact_flood_detected(sender text) returns boolean
language sql stable security definer set search_path = '' as $$
  with client as (
    select nullif(btrim(split_part(
      coalesce(current_setting('request.headers', true), '{}')::json ->> 'x-forwarded-for', ',', 1)), '') as address
  )
  select (select count(*) from public.contacts c
          where c.email = sender and c.created_at > now() - interval '10 minutes') >= 5
      or coalesce((select count(*) from public.contacts c, client
          where client.address is not null and c.sender_address = client.address
            and c.created_at > now() - interval '10 minutes') >= 60, false)
$$;

create or replace function public.prepare_contact() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.phone := nullif(btrim(new.phone), '');
  new.subject := nullif(btrim(new.subject), '');
  new.email := lower(btrim(new.email));
  new.created_at := now();
  new.sender_address := left(nullif(btrim(split_part(
    coalesce(current_setting('request.headers', true), '{}')::json ->> 'x-forwarded-for', ',', 1)), ''), 64);
  if public.is_api_request() then
    if private.contact_flood_detected(new.email) then
      raise exception 'Terlalu banyak pesan dikirim. Silakan coba lagi beberapa menit lagi.'
        using errcode = 'P0001', hint = 'rate_limited';
    end if;
  end if;
  return new;
end
$$;
revoke execute on function public.prepare_contact() from anon, authenticated, public;
