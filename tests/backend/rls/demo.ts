// The demo data of supabase/seed.sql that the RLS matrix and the schema tests act on and as.
import type { Claims } from '../../../local-supabase/db/database.ts';
import { anonClaims, secondFactorClaims, userClaims } from '../helpers/database.ts';

/** Every demo account's password (development only). */
export const demoPassword = 'polyglot-demo-2026';

/** The seeded accounts: two members, a moderator and an admin. */
export const demoUsers = {
  member: { id: '5eed0000-0000-4000-8000-000000000001', email: 'member@example.com' },
  otherMember: { id: '5eed0000-0000-4000-8000-000000000002', email: 'second@example.com' },
  moderator: { id: '5eed0000-0000-4000-8000-000000000003', email: 'moderator@example.com' },
  admin: { id: '5eed0000-0000-4000-8000-000000000004', email: 'admin@example.com' },
} as const;

export type SignedInActor = keyof typeof demoUsers;
export type Actor = 'anon' | SignedInActor;

export const actors: readonly Actor[] = ['anon', 'member', 'otherMember', 'moderator', 'admin'];

export const articles = {
  unicode: 'translation-metadata-article-unicode-explained',
  nightTrains: 'translation-metadata-article-night-trains-of-europe',
  borrowedWords: 'translation-metadata-article-why-languages-borrow-words',
} as const;

/** Seeded comments, by who wrote them and what state they are in. */
export const seededComments = {
  /** Top-level, visible, by the member, on the Unicode article; has a reply. */
  memberTopLevel: '5eedc000-0000-4000-8000-000000000001',
  /** The moderator's reply to `memberTopLevel`. */
  moderatorReply: '5eedc000-0000-4000-8000-000000000002',
  /** Visible, by the other member, on the Unicode article, not reported. */
  otherMemberVisible: '5eedc000-0000-4000-8000-000000000003',
  /** Visible spam by the other member, reported by the member (open report). */
  otherMemberSpam: '5eedc000-0000-4000-8000-000000000004',
  /** Visible, by the member, on the night trains article. */
  memberNightTrains: '5eedc000-0000-4000-8000-000000000005',
  /** Hidden by a moderator (resolved report), written by the other member. */
  otherMemberHidden: '5eedc000-0000-4000-8000-000000000006',
  /** Visible, by the admin, in Arabic. */
  adminArabic: '5eedc000-0000-4000-8000-000000000007',
} as const;

export const seededReports = {
  /** The member's open spam report on `otherMemberSpam`. */
  memberOpen: '5eedf000-0000-4000-8000-000000000001',
  /** The member's abuse report on `otherMemberHidden`, resolved by the moderator. */
  memberResolved: '5eedf000-0000-4000-8000-000000000002',
} as const;

/**
 * Avatar objects the storage cases expect (the seed stores no files): a runner creates them first,
 * with SQL as the superuser or by uploading as their owner.
 */
export const avatarFixtures = [
  { owner: 'member', name: `${demoUsers.member.id}/avatar.png` },
  { owner: 'otherMember', name: `${demoUsers.otherMember.id}/avatar.png` },
] as const satisfies readonly { owner: SignedInActor; name: string }[];

/**
 * The claims an access token of this actor carries (what the server sets as `request.jwt.claims`):
 * the moderator and the admin past their seeded second factor (aal2), the members at aal1.
 */
export function claimsFor(actor: Actor): Claims {
  if (actor === 'anon') return anonClaims;
  const user = demoUsers[actor];
  return actor === 'moderator' || actor === 'admin'
    ? secondFactorClaims(user.id, user.email)
    : userClaims(user.id, user.email);
}

/** The actor's user id; null for anon. */
export function idOf(actor: Actor): string | null {
  return actor === 'anon' ? null : demoUsers[actor].id;
}
