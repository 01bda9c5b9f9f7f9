-- Issue 23: a member the superadmin suspended (an approved account taken out of use) is no longer
-- told apart from a registration that was refused only by the audit log. Its own status value;
-- the next migration uses it (a new enum value cannot be used in the transaction that adds it).
alter type public.account_status add value if not exists 'suspended' after 'rejected';
