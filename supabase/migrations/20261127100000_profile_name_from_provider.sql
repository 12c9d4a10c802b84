-- A member who signs up through an identity provider (Keycloak, Google, ...) is named after the
-- provider's full name (`full_name`, else `name` in the metadata GoTrue copies from the provider)
-- before falling back to the e-mail's local part. Otherwise as 20261122100200_profiles.sql.
create or replace function private.create_profile_for_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  wanted_name text := coalesce(
    nullif(private.trim_text(new.raw_user_meta_data ->> 'display_name'), ''),
    nullif(private.trim_text(new.raw_user_meta_data ->> 'full_name'), ''),
    nullif(private.trim_text(new.raw_user_meta_data ->> 'name'), ''),
    split_part(coalesce(new.email, ''), '@', 1)
  );
  wanted_locale text := new.raw_user_meta_data ->> 'locale';
begin
  wanted_name := regexp_replace(wanted_name, '[\u0001-\u001f\u007f-\u009f\u2028\u2029]', '', 'g');
  wanted_name := private.trim_text(left(private.trim_text(wanted_name), 40));
  if wanted_name = '' then
    wanted_name := 'Member';
  end if;

  insert into public.profiles (id, display_name, locale)
  values (
    new.id,
    wanted_name,
    case when wanted_locale in ('en', 'de', 'fr', 'ar') then wanted_locale else 'en' end
  );
  return new;
end;
$$;

revoke all on function private.create_profile_for_new_user() from public;
