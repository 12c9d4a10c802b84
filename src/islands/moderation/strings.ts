// The UI strings the moderation island receives (resolved at build time for the page's locale).
import { errorKeys } from '../shared/error-key-list';

export const moderationKeys = [
  'moderation.loading',
  'moderation.signedOut',
  'moderation.notModerator',
  'moderation.reports',
  'moderation.noReports',
  'moderation.reportReason',
  'moderation.reportCount',
  'moderation.byAuthor',
  'moderation.onArticle',
  'moderation.resolve',
  'moderation.dismiss',
  'moderation.hidden',
  'moderation.noHidden',
  'moderation.restore',
  'moderation.suspend',
  'moderation.suspendFor',
  'moderation.suspended',
  'moderation.done',
  'moderation.roles',
  'moderation.memberSearch',
  'moderation.search',
  'moderation.noMembers',
  'moderation.role.member',
  'moderation.role.moderator',
  'moderation.role.admin',
  'moderation.grant',
  'moderation.revoke',
  'moderation.secondFactor.none',
  'moderation.secondFactor.link',
  'auth.mfa.heading',
  'auth.mfa.explain',
  'auth.mfa.code',
  'auth.mfa.submit',
  'auth.mfa.useKey',
  'auth.busy',
  'comments.report.spam',
  'comments.report.abuse',
  'comments.report.off_topic',
  'comments.report.other',
  'comments.deletedAuthor',
  'comments.signIn',
  ...errorKeys,
] as const;

export type ModerationKey = (typeof moderationKeys)[number];

/** Title and path of each article in the page's locale, by article key, for links from the queue. */
export type ArticleLinks = Readonly<Record<string, { title: string; path: string }>>;
