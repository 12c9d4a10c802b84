// Who can sign in at the development OpenID provider: the four demo people of supabase/seed.sql with
// the demo password (a first sign-in through the provider links to their account by the verified
// address), and people who exist only here (their first sign-in creates an account).

export interface Person {
  /** The provider's stable subject (`sub`), a UUID as Keycloak's. */
  sub: string;
  email: string;
  name: string;
  /** The language the person reads in (the `locale` claim). */
  locale: string;
}

export const DEMO_PASSWORD = 'polyglot-demo-2026';

export const PEOPLE: readonly Person[] = [
  {
    sub: '0a1d0000-0000-4000-8000-000000000001',
    email: 'member@example.com',
    name: 'Mina Member',
    locale: 'en',
  },
  {
    sub: '0a1d0000-0000-4000-8000-000000000002',
    email: 'second@example.com',
    name: 'Jonas Zweiter',
    locale: 'de',
  },
  {
    sub: '0a1d0000-0000-4000-8000-000000000003',
    email: 'moderator@example.com',
    name: 'Camille Modératrice',
    locale: 'fr',
  },
  {
    sub: '0a1d0000-0000-4000-8000-000000000004',
    email: 'admin@example.com',
    name: 'أمل المديرة',
    locale: 'ar',
  },
  // Only known here: the site has no account for them until they first sign in through the provider.
  {
    sub: '0a1d0000-0000-4000-8000-000000000011',
    email: 'lena@example.org',
    name: 'Lena Okafor',
    locale: 'en',
  },
  {
    sub: '0a1d0000-0000-4000-8000-000000000012',
    email: 'omar@example.org',
    name: 'Omar Haddad',
    locale: 'ar',
  },
  {
    sub: '0a1d0000-0000-4000-8000-000000000013',
    email: 'yuki@example.org',
    name: 'Yuki Tanaka',
    locale: 'de',
  },
];

export function findPersonBySub(sub: string): Person | undefined {
  return PEOPLE.find((person) => person.sub === sub);
}

export function findPersonByEmail(email: string): Person | undefined {
  const wanted = email.trim().toLowerCase();
  return PEOPLE.find((person) => person.email === wanted);
}
