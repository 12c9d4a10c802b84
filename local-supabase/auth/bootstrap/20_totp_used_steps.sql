-- Not GoTrue's: the last 30-second step whose TOTP code each factor accepted. A code is refused once
-- its step (or a later one) was accepted, so a code seen over a shoulder or caught in transit cannot
-- be used a second time, in any session (RFC 6238 §5.2). GoTrue accepts it again within its window.
create table auth.mfa_totp_used_steps (
  factor_id uuid not null primary key references auth.mfa_factors (id) on delete cascade,
  last_step bigint not null
);
comment on table auth.mfa_totp_used_steps is 'Local backend only: the last TOTP time step each factor accepted (no code is accepted twice).';

alter table auth.mfa_totp_used_steps owner to supabase_auth_admin;
alter table auth.mfa_totp_used_steps enable row level security;
grant all on auth.mfa_totp_used_steps to postgres, dashboard_user;
