-- A visitor's contact message takes only what the form sends (issue 20): with a table-wide INSERT
-- privilege a visitor could send a message already marked read (read_at) or archived, hiding it
-- from the inbox's unread count, or pick its own id, time or sender address. The server's trigger
-- (prepare_contact) still sets created_at and sender_address itself.
revoke insert on public.contacts from anon, authenticated;
grant insert (name, email, phone, subject, message) on public.contacts to anon, authenticated;
