-- private.integrity_pieces (20261128070000) is a cache of what reading each paragraph found, keyed
-- by the paragraph's digest, and nothing removed rows from it: every edited paragraph of every save
-- added one for good. A piece's facts follow from its text and the terms alone, so a piece dropped
-- early costs only one more reading on the next save that holds it; the cache is kept to a week.
-- The pruning runs in the same statement-level step as the insert that grows the table, so it needs
-- no scheduler and a hosted project gets it too.

alter table private.integrity_pieces add column kept_at timestamptz not null default now();
create index integrity_pieces_kept_at on private.integrity_pieces (kept_at);

create function private.prune_integrity_pieces() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  delete from private.integrity_pieces where kept_at < now() - interval '7 days';
  return null;
end
$$;
revoke execute on function private.prune_integrity_pieces() from public, anon, authenticated;

create trigger integrity_pieces_pruned after insert on private.integrity_pieces
  for each statement execute function private.prune_integrity_pieces();
