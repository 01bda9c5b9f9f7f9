-- Issue 42 item 5, the stored side (decision 0046): a picture in an article, unit text or
-- information page is fetched from an address, never drawn by the HTML itself. A `data:` SVG
-- reading "SLOT GACOR MAXWIN" was published: no file, so no scan of the storage sees it, and no
-- term search reads its letters. Every writer (the editor, a direct API call, owner SQL on a hosted
-- project) is refused a body whose image source is not http(s) or relative; rows stored before this
-- are reported by the stored-content scan, as hiding markup is.

-- The scheme ('data:', 'javascript:', 'blob:'...) of the first image source in this HTML that is
-- not an http(s) or relative address, or null. The address is read as a browser reads it: character
-- references decoded, leading spaces and controls skipped, tabs and newlines removed, any case.
create function private.inline_image_source(html text) returns text
language plpgsql immutable set search_path = '' as $$
declare
  tag text;
  attr text;
  value text;
  candidate text;
  scheme text;
begin
  if html is null or html !~* '(src|srcset|poster|data|href)\s*=' then
    return null;
  end if;
  foreach tag in array private.html_start_tags(html) loop
    foreach attr in array array['src', 'srcset', 'poster', 'data']
        || case when tag ~ '^<(image|feimage)[\s/>]' then array['href', 'xlink:href'] else '{}'::text[] end loop
      value := private.html_tag_attribute(tag, attr);
      continue when value is null;
      foreach candidate in array case when attr = 'srcset' then string_to_array(value, ',') else array[value] end loop
        scheme := substring(lower(regexp_replace(regexp_replace(candidate, '^[\x01-\x20]+', ''), '[\t\n\r]', '', 'g'))
          from '^([a-z][a-z0-9+.-]*):');
        if scheme is not null and scheme not in ('http', 'https') then
          return scheme || ':';
        end if;
      end loop;
    end loop;
  end loop;
  return null;
end
$$;

-- Only a body that changes is judged, so an older row can still be edited in its other fields.
create function private.refuse_inline_images() returns trigger
language plpgsql security definer set search_path = '' set jit = off as $$
declare
  html text := to_jsonb(new) ->> tg_argv[0];
  scheme text := private.inline_image_source(html);
begin
  if scheme is null or (tg_op = 'UPDATE' and to_jsonb(old) ->> tg_argv[0] is not distinct from html) then
    return new;
  end if;
  raise exception '% berisi gambar yang tidak diambil dari alamat web (%).',
    case tg_table_name when 'articles' then 'Isi artikel' when 'info_pages' then 'Isi halaman' else 'Isi teks' end, scheme
    using errcode = 'PT400', hint = 'Hapus gambar itu lalu unggah fotonya melalui tombol gambar di editor, kemudian simpan lagi.';
end
$$;

-- named to run before the integrity check, so a body it refuses is never held for review
create trigger articles_image_sources before insert or update of content on public.articles
  for each row execute function private.refuse_inline_images('content');
create trigger unit_texts_image_sources before insert or update of body on public.unit_texts
  for each row execute function private.refuse_inline_images('body');
create trigger info_pages_image_sources before insert or update of body on public.info_pages
  for each row execute function private.refuse_inline_images('body');

-- The stored rows that carry one, for the watch's scan (kind 'markup', as hiding markup): the
-- articles a page of ids at a time, as the rest of its article scan, and the few unit and
-- information rows at once.
create function private.stored_image_source_findings(ids uuid[])
returns table (kind text, subject text, detail text)
language sql stable security definer set search_path = '' set jit = off as $$
  select 'markup', format('Artikel "%s" (%s)', a.title, a.id), format('Gambar yang tidak diambil dari alamat web (%s)', s.scheme)
  from public.articles a, lateral (select private.inline_image_source(a.content) as scheme) as s
  where a.id = any(ids) and s.scheme is not null
$$;

create function private.stored_page_image_source_findings()
returns table (kind text, subject text, detail text)
language sql stable security definer set search_path = '' set jit = off as $$
  select 'markup', x.subject, format('Gambar yang tidak diambil dari alamat web (%s)', x.scheme)
  from (
    select format('Teks profil "%s" (%s)', t.key, t.id) as subject, private.inline_image_source(t.body) as scheme from public.unit_texts t
    union all select format('Halaman informasi "%s" (%s)', p.slug, p.id), private.inline_image_source(p.body) from public.info_pages p
  ) as x
  where x.scheme is not null
$$;

revoke execute on function private.inline_image_source(text), private.refuse_inline_images(), private.stored_image_source_findings(uuid[]),
  private.stored_page_image_source_findings() from public, anon, authenticated;
grant execute on function private.stored_image_source_findings(uuid[]), private.stored_page_image_source_findings() to service_role;
