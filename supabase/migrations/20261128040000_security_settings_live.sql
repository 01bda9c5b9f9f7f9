-- Issue 33: admins already signed in learn at once that the superadmin required (or stopped
-- requiring) a second step: the one settings row is published to realtime, so the admin shell
-- sends them to enrol or to enter their code without signing out. Every signed-in user may read
-- the row (its select policy), so realtime's read check delivers it to them and to no one else.
-- The rule itself stays with the restrictive write policies of 20261124150000.
alter publication supabase_realtime add table public.security_settings;
