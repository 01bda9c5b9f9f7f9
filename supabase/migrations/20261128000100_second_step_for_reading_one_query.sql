-- Issue 30's goal (a staff REST list at most 1.1x with the session check): every private read asks
-- second_step_for_reading() once per statement, and it asked in two steps, a call of
-- session_is_live() (its own plan and executor start) and then the factor lookup. One query now
-- answers both; what it answers is the same: a live session of this token, and either an aal2
-- token or an account without a verified factor.
create or replace function private.second_step_for_reading() returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  return exists (
    select 1 from auth.sessions s
    where s.user_id = auth.uid()
      and s.id::text = auth.jwt() ->> 'session_id'
      and (s.not_after is null or s.not_after > now())
      and (
        coalesce(auth.jwt() ->> 'aal', '') = 'aal2'
        or not exists (select 1 from auth.mfa_factors f where f.user_id = s.user_id and f.status = 'verified')
      )
  );
end
$$;
