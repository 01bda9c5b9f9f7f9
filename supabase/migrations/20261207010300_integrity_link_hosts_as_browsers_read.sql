-- Issue 42 item 3 (decision 0038): a link's host as a browser reads the address (the WHATWG URL
-- rules). `https:evil.example` (no slashes), a tab or newline inside the scheme, `https:\\host`,
-- `/\host` and leading control characters all lead a browser to the host, but were not read as
-- links by 20261128000000's pattern, so they counted neither as a new domain nor toward the
-- outbound-link limit. Now, before the host is taken: tabs and newlines are removed anywhere,
-- control characters and spaces at the ends, the address is lowered, a backslash reads as a
-- slash, and a special scheme (http, https, ws, wss, ftp) takes its host after any number of
-- slashes. Not read: IDNA (a Unicode host stays as written, so it is a new domain until known)
-- and percent-encoded hosts.
create or replace function private.html_link_hosts(html text) returns text[]
language plpgsql immutable strict set search_path = '' as $$
begin
  return (select coalesce(array_agg(h), '{}') from (
    select regexp_replace(substring(replace(lower(regexp_replace(translate(private.html_tag_attribute(tag, 'href'), E'\t\n\r', ''),
        '^[\x01-\x20]+|[\x01-\x20]+$', '', 'g')), '\', '/')
      from '^(?:(?:https?|wss?|ftp):/*|[a-z][a-z0-9+.-]*://|//)(?:[^/?#@]*@)?([^/?#:]+)'), '^www\.', '') as h
    from unnest(private.html_start_tags(html)) as tag
    where tag ~ '^<a[\s/>]'
  ) as hosts where h is not null and h <> '');
end
$$;

-- the hosts each piece was found to link to were read by the old rules
delete from private.integrity_pieces;
