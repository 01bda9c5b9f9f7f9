-- Issue 42 item 3 (decision 0038): a link's host as the WHATWG URL parser reads it, the rest of
-- what 20261207010300 left out. 'https://%65vil.example', 'https://EVIL.example' with a dotted
-- capital I, a full-width host and its 'xn--' form were each a host of their own to the guard
-- while a browser requests one: now the host is percent-decoded (UTF-8), mapped and turned to
-- punycode as IDNA's ToASCII does (private.host_to_ascii, generated), an IPv4 address written as
-- one number, in hexadecimal or octal is read as its dotted form, the user part ends at the last
-- '@', and what the parser refuses (a forbidden character, an invalid percent-encoding, a
-- disallowed letter) has no host: the renderer drops such a link (src/lib/sanitize.ts). The hosts
-- agree with `new URL(...).hostname` (src/lib/integrity/reader-view.ts' linkHost) over the corpus of
-- tests/security/integrity-link-hosts.test.ts.

-- An IPv4 address as the URL parser writes it, from a host whose last label is a number; null when
-- a part is not a number or the address is out of range (the parser then fails).
create function private.host_ipv4(host text) returns text
language plpgsql immutable strict set search_path = '' as $$
declare
  parts text[] := string_to_array(regexp_replace(host, '\.$', ''), '.');
  numbers numeric[] := '{}';
  part text;
  address numeric := 0;
  i integer;
begin
  if cardinality(parts) > 4 then
    return null;
  end if;
  foreach part in array parts loop
    numbers := numbers || case
      when part ~ '^0x0*[0-9a-f]{0,15}$' then ('x' || lpad(substring(part from '^0x0*([0-9a-f]*)$'), 16, '0'))::bit(64)::bigint::numeric
      when part ~ '^0[0-7]+$' then (select sum(substr(part, j, 1)::numeric * 8 ^ (length(part) - j)) from generate_series(1, length(part)) as j)
      when part ~ '^([1-9][0-9]*|0)$' then part::numeric
    end;
    if numbers[cardinality(numbers)] is null then
      return null;
    end if;
  end loop;
  for i in 1 .. cardinality(numbers) - 1 loop
    if numbers[i] > 255 then
      return null;
    end if;
    address := address + numbers[i] * 256 ^ (4 - i);
  end loop;
  if numbers[cardinality(numbers)] >= 256 ^ (5 - cardinality(numbers)) then
    return null;
  end if;
  address := address + numbers[cardinality(numbers)];
  return concat_ws('.', floor(address / 16777216), floor(address / 65536) % 256, floor(address / 256) % 256, address % 256);
end
$$;

-- The host a link's address leads to, lowered and without 'www.'; null for an address without a
-- host of its own (relative, mailto:) or one a browser cannot parse.
create function private.url_host(href text) returns text
language plpgsql stable strict set search_path = '' as $$
declare
  h text;
  parts text[];
  decoded bytea;
  i integer;
begin
  -- the parser's first steps (20261207010300); only ASCII is lowered here: IDNA maps the rest
  h := substring(replace(translate(regexp_replace(translate(href, E'\t\n\r', ''), '^[\x01-\x20]+|[\x01-\x20]+$', '', 'g'),
      'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'), '\', '/')
    from '^(?:(?:https?|wss?|ftp):/*|[a-z][a-z0-9+.-]*://|//)(?:[^/?#]*@)?([^/?#]*)');
  if h is null then
    return null;
  end if;
  -- a port above 65535 is refused
  if h ~ ':0*[1-9][0-9]{5,}$' or h ~ ':[0-9]+$' and substring(h from ':([0-9]+)$')::integer > 65535 then
    return null;
  end if;
  h := regexp_replace(h, ':[0-9]*$', '');
  if strpos(h, '%') > 0 then
    parts := string_to_array(h, '%');
    decoded := convert_to(parts[1], 'UTF8');
    for i in 2 .. cardinality(parts) loop
      decoded := decoded || case when parts[i] ~ '^[0-9a-f]{2}' then decode(left(parts[i], 2), 'hex') || convert_to(substr(parts[i], 3), 'UTF8')
        else convert_to('%' || parts[i], 'UTF8') end;
    end loop;
    begin
      h := convert_from(decoded, 'UTF8');
    exception when others then
      return null;
    end;
    h := translate(h, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz');
  end if;
  h := private.host_to_ascii(h);
  if h is null or h = '' or h ~ '[][\x01-\x20#%/:<>?@\\^|\x7f]' then
    return null;
  end if;
  if h ~ '(^|\.)(0x[0-9a-f]*|[0-9]+)\.?$' then
    return private.host_ipv4(h);
  end if;
  return regexp_replace(h, '^www\.', '');
end
$$;

create or replace function private.html_link_hosts(html text) returns text[]
language plpgsql stable strict set search_path = '' as $$
begin
  return (select coalesce(array_agg(h), '{}') from (
    -- the tags as written: html_start_tags lowers them, and IDNA maps a capital letter other than
    -- ASCII's its own way ('İ' is 'i' and a dot above)
    select private.url_host(private.html_attribute_decoded(coalesce(v[1], v[2], v[3], ''))) as h
    from regexp_matches(html, '<a(?:[\s/]+[^\s/>"''=]+(?:\s*=\s*(?:"[^"]*"|''[^'']*''|[^\s"''>]*))?)*[\s/]*>', 'gi') as tag,
      regexp_match(tag[1], '[\s/]href\s*=\s*(?:"([^"]*)"|''([^'']*)''|([^\s"''>]*))', 'i') as v
  ) as hosts where h is not null);
end
$$;

revoke execute on function private.host_ipv4(text), private.url_host(text) from public, anon, authenticated;

-- the hosts each piece was found to link to were read by the old rules
delete from private.integrity_pieces;
