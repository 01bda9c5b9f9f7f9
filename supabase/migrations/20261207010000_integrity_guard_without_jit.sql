-- Issue 42 item 7: the guard stays fast on a stock PostgreSQL (decision 0038).
-- 20261128140000 planned private.read_pieces with `enable_seqscan = off`. That setting does not
-- forbid a sequential scan, it adds 1e10 to its cost, and the settings, term index and tables the
-- guard reads whole can only be scanned: every guard query then cost far above jit_above_cost
-- (100000), so a server with JIT (on by default in Debian's, Ubuntu's and most managed builds)
-- compiled each of them. Measured on Debian's PostgreSQL 15 with its default settings: a save took
-- 330 to 640 ms, and 200 articles in one request ran past the statement timeout.
--
-- - The setting goes. The look-up it kept on private.integrity_pieces' key is kept instead by
--   planning read_pieces' queries for each call (plan_cache_mode = force_custom_plan): a plan made
--   while the table was small (after a deploy, which empties it) is no longer kept as it grows.
-- - JIT is off in every function a save, a release, the stored-content scan or the watch enters
--   the guard through. Its queries are small and called once per row or piece, where compiling
--   costs tens of milliseconds and saves nothing; a function's setting holds for what it calls.

alter function private.read_pieces(text, jsonb) reset enable_seqscan;
alter function private.read_pieces(text, jsonb) set plan_cache_mode = force_custom_plan;

alter function private.read_pieces(text, jsonb) set jit = off;
alter function private.integrity_check() set jit = off;
alter function private.integrity_terms_changed() set jit = off;
alter function private.integrity_link_settings_changed() set jit = off;
alter function private.guard_reasons(text, text) set jit = off;
alter function private.guard_words(text, jsonb) set jit = off;
alter function private.stored_article_findings(uuid[]) set jit = off;
alter function private.stored_other_findings() set jit = off;
alter function private.stored_markup_findings() set jit = off;
alter function private.stored_word_findings() set jit = off;
alter function private.integrity_release(bigint) set jit = off;
alter function public.integrity_release(bigint) set jit = off;
alter function public.integrity_reject(bigint) set jit = off;
alter function public.integrity_summary() set jit = off;
