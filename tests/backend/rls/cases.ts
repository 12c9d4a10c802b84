// The RLS matrix as data (PRODUCT.md §8): every actor × every table, view and the avatars bucket × select,
// insert, update, delete, each with the outcome the policies must give. Runners turn a case into SQL
// (run-sql-case.ts) or, for the REST suite, into a supabase-js call:
//   select → from(target).select('*', { count: 'exact' }).match(match)      allowed: count > 0
//   insert → from(target).insert(values)                                    allowed: no error
//   update → from(target).update(values, { count: 'exact' }).match(match)   allowed: count > 0
//   delete → from(target).delete({ count: 'exact' }).match(match)           allowed: count > 0
// Denied means an error (42501 and friends) or no row. Target `avatars` means storage.objects rows of
// that bucket, `match.name`/`values.name` being the object path (upload/download/remove in storage-js).
import { actors, articles, demoUsers, seededComments, seededReports, type Actor } from './demo.ts';

export type Target =
  | 'profiles'
  | 'public_profiles'
  | 'comments'
  | 'reactions'
  | 'reaction_counts'
  | 'bookmarks'
  | 'comment_reports'
  | 'avatars';

export type Operation = 'select' | 'insert' | 'update' | 'delete';

export interface RlsCase {
  /** The rule in words, e.g. "otherMember cannot edit the member's comment". */
  name: string;
  actor: Actor;
  target: Target;
  operation: Operation;
  /** Equality filters picking existing rows (select, update, delete). */
  match?: Readonly<Record<string, string>>;
  /** The row to insert, or the columns to change. */
  values?: Readonly<Record<string, unknown>>;
  allowed: boolean;
}

interface Scenario {
  target: Target;
  operation: Operation;
  /** What is acted on, completing "<actor> can <what>". */
  what: string;
  match?: Record<string, string>;
  values?: Record<string, unknown>;
  /** The actors the policies let through; everyone else is denied. */
  allowed: readonly Actor[];
}

const everyone = actors;
const signedIn: readonly Actor[] = ['member', 'otherMember', 'moderator', 'admin'];
const staff: readonly Actor[] = ['moderator', 'admin'];
const nobody: readonly Actor[] = [];
const { member, otherMember } = demoUsers;

const scenarios: Scenario[] = [
  // profiles: private rows, public view
  {
    target: 'profiles',
    operation: 'select',
    what: "read the member's profile",
    match: { id: member.id },
    allowed: ['member', ...staff],
  },
  {
    target: 'profiles',
    operation: 'insert',
    what: 'create a profile',
    values: { id: otherMember.id, display_name: 'Impostor' },
    allowed: nobody,
  },
  {
    target: 'profiles',
    operation: 'update',
    what: "rename the member's profile",
    match: { id: member.id },
    values: { display_name: 'Renamed' },
    allowed: ['member'],
  },
  {
    target: 'profiles',
    operation: 'update',
    what: 'make the member an admin',
    match: { id: member.id },
    values: { role: 'admin' },
    allowed: nobody,
  },
  {
    target: 'profiles',
    operation: 'update',
    what: "lift the member's commenting suspension",
    match: { id: member.id },
    values: { commenting_suspended_until: null },
    allowed: nobody,
  },
  {
    target: 'profiles',
    operation: 'delete',
    what: "delete the member's profile",
    match: { id: member.id },
    allowed: nobody,
  },
  {
    target: 'public_profiles',
    operation: 'select',
    what: "read the member's public profile",
    match: { id: member.id },
    allowed: everyone,
  },
  {
    target: 'public_profiles',
    operation: 'update',
    what: 'rename the member through the public view',
    match: { id: member.id },
    values: { display_name: 'Renamed' },
    allowed: nobody,
  },
  {
    target: 'public_profiles',
    operation: 'delete',
    what: 'delete through the public view',
    match: { id: member.id },
    allowed: nobody,
  },

  // comments
  {
    target: 'comments',
    operation: 'select',
    what: "read the member's visible comment",
    match: { id: seededComments.memberTopLevel },
    allowed: everyone,
  },
  {
    target: 'comments',
    operation: 'select',
    what: "read the other member's hidden comment",
    match: { id: seededComments.otherMemberHidden },
    allowed: ['otherMember', ...staff],
  },
  {
    target: 'comments',
    operation: 'insert',
    what: 'comment as themselves',
    values: { article_key: articles.borrowedWords, body: 'A new thought.', language: 'en' },
    allowed: signedIn,
  },
  {
    target: 'comments',
    operation: 'insert',
    what: "comment in the member's name",
    values: {
      article_key: articles.borrowedWords,
      body: 'Forged.',
      language: 'en',
      author_id: member.id,
    },
    allowed: ['member'],
  },
  {
    target: 'comments',
    operation: 'insert',
    what: 'post a comment that starts out hidden',
    values: {
      article_key: articles.borrowedWords,
      body: 'Sneaky.',
      language: 'en',
      status: 'hidden',
    },
    allowed: nobody,
  },
  {
    target: 'comments',
    operation: 'update',
    what: "edit the member's comment",
    match: { id: seededComments.memberTopLevel },
    values: { body: 'Edited text.' },
    allowed: ['member'],
  },
  {
    target: 'comments',
    operation: 'update',
    what: "withdraw the member's comment",
    match: { id: seededComments.memberTopLevel },
    values: { status: 'deleted' },
    allowed: ['member'],
  },
  {
    target: 'comments',
    operation: 'update',
    what: "hide the member's comment by writing its status",
    match: { id: seededComments.memberTopLevel },
    values: { status: 'hidden' },
    allowed: nobody,
  },
  {
    target: 'comments',
    operation: 'update',
    what: "restore the other member's hidden comment by writing its status",
    match: { id: seededComments.otherMemberHidden },
    values: { status: 'visible' },
    allowed: nobody,
  },
  {
    target: 'comments',
    operation: 'update',
    what: "move the member's comment to another article",
    match: { id: seededComments.memberTopLevel },
    values: { article_key: articles.nightTrains },
    allowed: nobody,
  },
  {
    target: 'comments',
    operation: 'delete',
    what: "delete the member's comment row",
    match: { id: seededComments.memberTopLevel },
    allowed: nobody,
  },

  // reactions and their counts
  {
    target: 'reactions',
    operation: 'select',
    what: "see the member's reaction",
    match: { article_key: articles.unicode, user_id: member.id, kind: 'insightful' },
    allowed: everyone,
  },
  {
    target: 'reactions',
    operation: 'insert',
    what: 'react as themselves',
    values: { article_key: articles.nightTrains, kind: 'funny' },
    allowed: signedIn,
  },
  {
    target: 'reactions',
    operation: 'insert',
    what: "react in the member's name",
    values: { article_key: articles.nightTrains, kind: 'insightful', user_id: member.id },
    allowed: ['member'],
  },
  {
    target: 'reactions',
    operation: 'update',
    what: "change the member's reaction",
    match: { article_key: articles.unicode, user_id: member.id, kind: 'insightful' },
    values: { kind: 'funny' },
    allowed: nobody,
  },
  {
    target: 'reactions',
    operation: 'delete',
    what: "take back the member's reaction",
    match: { article_key: articles.unicode, user_id: member.id, kind: 'insightful' },
    allowed: ['member'],
  },
  {
    target: 'reaction_counts',
    operation: 'select',
    what: 'read reaction counts',
    match: { article_key: articles.unicode, kind: 'like' },
    allowed: everyone,
  },

  // bookmarks: private to their owner, moderators included
  {
    target: 'bookmarks',
    operation: 'select',
    what: "see the member's bookmark",
    match: { user_id: member.id, article_key: articles.nightTrains },
    allowed: ['member'],
  },
  {
    target: 'bookmarks',
    operation: 'insert',
    what: 'bookmark as themselves',
    values: { article_key: articles.borrowedWords },
    allowed: signedIn,
  },
  {
    target: 'bookmarks',
    operation: 'insert',
    what: "bookmark in the member's name",
    values: { article_key: articles.borrowedWords, user_id: member.id },
    allowed: ['member'],
  },
  {
    target: 'bookmarks',
    operation: 'update',
    what: "change the member's bookmark",
    match: { user_id: member.id, article_key: articles.nightTrains },
    values: { article_key: articles.unicode },
    allowed: nobody,
  },
  {
    target: 'bookmarks',
    operation: 'delete',
    what: "remove the member's bookmark",
    match: { user_id: member.id, article_key: articles.nightTrains },
    allowed: ['member'],
  },

  // reports: reporters see their own, moderators all; only the moderation functions close them
  {
    target: 'comment_reports',
    operation: 'select',
    what: "read the member's report",
    match: { id: seededReports.memberOpen },
    allowed: ['member', ...staff],
  },
  {
    target: 'comment_reports',
    operation: 'insert',
    what: 'report a comment as themselves',
    values: { comment_id: seededComments.otherMemberVisible, reason: 'off_topic' },
    allowed: signedIn,
  },
  {
    target: 'comment_reports',
    operation: 'insert',
    what: "report a comment in the member's name",
    values: {
      comment_id: seededComments.otherMemberVisible,
      reason: 'spam',
      reporter_id: member.id,
    },
    allowed: ['member'],
  },
  {
    target: 'comment_reports',
    operation: 'update',
    what: "resolve the member's report by writing its status",
    match: { id: seededReports.memberOpen },
    values: { status: 'resolved' },
    allowed: nobody,
  },
  {
    target: 'comment_reports',
    operation: 'delete',
    what: "delete the member's report",
    match: { id: seededReports.memberOpen },
    allowed: nobody,
  },

  // the avatars bucket: public read, writes only in one's own folder
  {
    target: 'avatars',
    operation: 'select',
    what: "see the member's avatar",
    match: { name: `${member.id}/avatar.png` },
    allowed: everyone,
  },
  {
    target: 'avatars',
    operation: 'insert',
    what: "upload into the member's avatar folder",
    values: { name: `${member.id}/new.png` },
    allowed: ['member'],
  },
  {
    target: 'avatars',
    operation: 'insert',
    what: 'upload outside any member folder',
    values: { name: 'new.png' },
    allowed: nobody,
  },
  {
    target: 'avatars',
    operation: 'update',
    what: "replace the member's avatar",
    match: { name: `${member.id}/avatar.png` },
    values: { metadata: { size: 1 } },
    allowed: ['member'],
  },
  {
    target: 'avatars',
    operation: 'delete',
    what: "remove the member's avatar",
    match: { name: `${member.id}/avatar.png` },
    allowed: ['member'],
  },
];

function expand(scenario: Scenario): RlsCase[] {
  return actors.map((actor) => {
    const allowed = scenario.allowed.includes(actor);
    const name = `${actor} ${allowed ? 'can' : 'cannot'} ${scenario.what}`;
    const { target, operation, match, values } = scenario;
    return {
      name,
      actor,
      target,
      operation,
      allowed,
      ...(match && { match }),
      ...(values && { values }),
    };
  });
}

/** Every case of the matrix, five per scenario (one per actor). */
export const rlsCases: readonly RlsCase[] = scenarios.flatMap(expand);
