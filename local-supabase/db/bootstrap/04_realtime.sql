-- Supabase creates this publication empty; migrations add the tables clients may watch.
create publication supabase_realtime;
grant usage on schema realtime to postgres, anon, authenticated, service_role;
