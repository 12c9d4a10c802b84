-- Hosted GoTrue's indexes on a user's factors, by the same names: every sign-in, factor listing
-- and second-factor policy check looks the factors up by user, and without them each lookup read
-- the whole table (it only showed with many thousands of factors).
create index if not exists factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);
create index if not exists mfa_factors_user_id_idx on auth.mfa_factors (user_id);
