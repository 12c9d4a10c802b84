-- Demo data for local development (never for production). Every demo account's password is
-- `polyglot-demo-2026`:
--   member@example.com     member (en)        second@example.com  member (de)
--   moderator@example.com  moderator (fr)     admin@example.com   admin (ar)
-- The moderator and the admin also have a second factor (an authenticator app, secrets below).
-- Accounts are created the way the Supabase CLI's seeds do it: auth.users + auth.identities with a
-- bcrypt hash from pgcrypto; the sign-up trigger creates their profiles. Article keys are the content's
-- translation group ids (`translation-metadata-article-<key>`, the `translation.metadata` document ids).

-- One bcrypt hash for all four accounts: hashing is slow, and the password is the same anyway.
with password as (
  select extensions.crypt('polyglot-demo-2026', extensions.gen_salt('bf', 10)) as hash
),
demo (id, email, display_name, locale) as (
  values
    ('5eed0000-0000-4000-8000-000000000001'::uuid, 'member@example.com', 'Mina Member', 'en'),
    ('5eed0000-0000-4000-8000-000000000002'::uuid, 'second@example.com', 'Jonas Zweiter', 'de'),
    ('5eed0000-0000-4000-8000-000000000003'::uuid, 'moderator@example.com', 'Camille Modératrice', 'fr'),
    ('5eed0000-0000-4000-8000-000000000004'::uuid, 'admin@example.com', 'أمل المديرة', 'ar')
)
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change
)
select
  '00000000-0000-0000-0000-000000000000', demo.id, 'authenticated', 'authenticated', demo.email,
  password.hash, now(),
  '{"provider": "email", "providers": ["email"]}'::jsonb,
  jsonb_build_object('display_name', demo.display_name, 'locale', demo.locale),
  now() - interval '30 days', now() - interval '30 days',
  '', '', '', ''
from demo, password
on conflict (id) do nothing;

insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select
  u.id::text, u.id,
  jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
  'email', now(), u.created_at, u.created_at
from auth.users as u
where u.id in (
  '5eed0000-0000-4000-8000-000000000001', '5eed0000-0000-4000-8000-000000000002',
  '5eed0000-0000-4000-8000-000000000003', '5eed0000-0000-4000-8000-000000000004'
)
on conflict (provider_id, provider) do nothing;

update public.profiles set role = 'moderator' where id = '5eed0000-0000-4000-8000-000000000003';
update public.profiles set role = 'admin' where id = '5eed0000-0000-4000-8000-000000000004';

-- Staff act only after a second factor (migration 20261127110000): the demo moderator and admin each
-- have a verified authenticator app with a known secret, which `npm start` prints. Add it to an
-- authenticator app (or compute codes with otpauth: SHA-1, 6 digits, 30 s) to moderate in a demo.
insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
values
  ('5eedfac0-0000-4000-8000-000000000003', '5eed0000-0000-4000-8000-000000000003',
   'Demo authenticator', 'totp', 'verified', now() - interval '30 days', now() - interval '30 days',
   'POLYGLOTPRESSMODERATORDEMO234567'),
  ('5eedfac0-0000-4000-8000-000000000004', '5eed0000-0000-4000-8000-000000000004',
   'Demo authenticator', 'totp', 'verified', now() - interval '30 days', now() - interval '30 days',
   'POLYGLOTPRESSADMINDEMOTOTP234567')
on conflict (id) do nothing;

-- A thread with a reply, comments in several languages, a comment reported and still visible, and a
-- hidden one whose report a moderator upheld.
insert into public.comments (id, article_key, parent_id, author_id, body, language, status, created_at)
values
  ('5eedc000-0000-4000-8000-000000000001', 'translation-metadata-article-unicode-explained', null,
   '5eed0000-0000-4000-8000-000000000001',
   'Finally an explanation of grapheme clusters that I can send to my team. Thank you!',
   'en', 'visible', now() - interval '3 days'),
  ('5eedc000-0000-4000-8000-000000000002', 'translation-metadata-article-unicode-explained',
   '5eedc000-0000-4000-8000-000000000001', '5eed0000-0000-4000-8000-000000000003',
   'Merci ! La partie sur la normalisation NFC/NFD m''a beaucoup aidée.',
   'fr', 'visible', now() - interval '2 days'),
  ('5eedc000-0000-4000-8000-000000000003', 'translation-metadata-article-unicode-explained', null,
   '5eed0000-0000-4000-8000-000000000002',
   'Schöner Artikel. Die Beispiele mit Umlauten in Dateinamen kenne ich leider aus der Praxis.',
   'de', 'visible', now() - interval '1 day'),
  ('5eedc000-0000-4000-8000-000000000004', 'translation-metadata-article-night-trains-of-europe', null,
   '5eed0000-0000-4000-8000-000000000002',
   'Cheap rail passes here!!! Best prices, click my profile!!!',
   'en', 'visible', now() - interval '20 hours'),
  ('5eedc000-0000-4000-8000-000000000005', 'translation-metadata-article-night-trains-of-europe', null,
   '5eed0000-0000-4000-8000-000000000001',
   'Took the Vienna–Brussels Nightjet last spring: the couchette was tiny, the sunrise over the Rhine was not.',
   'en', 'visible', now() - interval '18 hours'),
  ('5eedc000-0000-4000-8000-000000000006', 'translation-metadata-article-night-trains-of-europe', null,
   '5eed0000-0000-4000-8000-000000000002',
   'Everyone who takes night trains is an idiot.',
   'en', 'hidden', now() - interval '12 hours'),
  ('5eedc000-0000-4000-8000-000000000007', 'translation-metadata-article-why-languages-borrow-words', null,
   '5eed0000-0000-4000-8000-000000000004',
   'مقال رائع! كلمات مثل «قهوة» و«سكر» سافرت إلى أوروبا عبر العربية.',
   'ar', 'visible', now() - interval '6 hours')
on conflict (id) do nothing;

insert into public.comment_reports (id, comment_id, reporter_id, reason, note, status, created_at, resolved_by, resolved_at)
values
  ('5eedf000-0000-4000-8000-000000000001', '5eedc000-0000-4000-8000-000000000004',
   '5eed0000-0000-4000-8000-000000000001', 'spam', 'Advertising, not a comment on the article.',
   'open', now() - interval '19 hours', null, null),
  ('5eedf000-0000-4000-8000-000000000002', '5eedc000-0000-4000-8000-000000000006',
   '5eed0000-0000-4000-8000-000000000001', 'abuse', null,
   'resolved', now() - interval '11 hours', '5eed0000-0000-4000-8000-000000000003', now() - interval '10 hours')
on conflict (id) do nothing;

insert into public.reactions (article_key, user_id, kind, created_at)
values
  ('translation-metadata-article-unicode-explained', '5eed0000-0000-4000-8000-000000000001', 'insightful', now() - interval '3 days'),
  ('translation-metadata-article-unicode-explained', '5eed0000-0000-4000-8000-000000000002', 'like', now() - interval '1 day'),
  ('translation-metadata-article-unicode-explained', '5eed0000-0000-4000-8000-000000000003', 'like', now() - interval '2 days'),
  ('translation-metadata-article-unicode-explained', '5eed0000-0000-4000-8000-000000000003', 'insightful', now() - interval '2 days'),
  ('translation-metadata-article-night-trains-of-europe', '5eed0000-0000-4000-8000-000000000001', 'like', now() - interval '18 hours'),
  ('translation-metadata-article-why-languages-borrow-words', '5eed0000-0000-4000-8000-000000000004', 'funny', now() - interval '6 hours'),
  ('translation-metadata-article-why-languages-borrow-words', '5eed0000-0000-4000-8000-000000000001', 'like', now() - interval '5 hours')
on conflict do nothing;

insert into public.bookmarks (user_id, article_key, created_at)
values
  ('5eed0000-0000-4000-8000-000000000001', 'translation-metadata-article-night-trains-of-europe', now() - interval '18 hours'),
  ('5eed0000-0000-4000-8000-000000000002', 'translation-metadata-article-unicode-explained', now() - interval '1 day')
on conflict do nothing;
