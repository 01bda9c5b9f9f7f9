-- The contact form's per-address flood count reads the client address as the reader statistics do
-- (private.request_address, 20261207150000): CF-Connecting-IP first. On a hosted project the API
-- sits behind Cloudflare, which overwrites that header with the real address but only appends to
-- X-Forwarded-For, so the first X-Forwarded-For entry is whatever the sender wrote: a flood from one
-- machine could name a new address per message. This server's gateway removes a CF-Connecting-IP a
-- client sends and writes X-Forwarded-For itself, so here nothing changes.
create or replace function private.contact_flood_detected(sender text) returns boolean
language sql stable security definer set search_path = '' as $$
  with client as (
    select nullif(private.request_address(coalesce(nullif(current_setting('request.headers', true), ''), '{}')::json), '') as address
  )
  select (select count(*) from public.contacts c
          where c.email = sender and c.created_at > now() - interval '10 minutes') >= 5
      or coalesce((select count(*) from public.contacts c, client
          where client.address is not null and c.sender_address = client.address
            and c.created_at > now() - interval '10 minutes') >= 60, false)
$$;

-- The trigger runs as the sender (anon), who may not call into private: the same reading, inline.
create or replace function public.prepare_contact() returns trigger
language plpgsql set search_path = '' as $$
declare
  v_headers json := coalesce(nullif(current_setting('request.headers', true), ''), '{}')::json;
begin
  new.phone := nullif(btrim(new.phone), '');
  new.subject := nullif(btrim(new.subject), '');
  new.email := lower(btrim(new.email));
  new.created_at := now();
  new.sender_address := left(nullif(coalesce(nullif(btrim(v_headers ->> 'cf-connecting-ip'), ''),
    btrim(split_part(coalesce(v_headers ->> 'x-forwarded-for', ''), ',', 1))), ''), 64);
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
