// The UI strings the account island receives (resolved at build time for the page's locale).
import { errorKeys } from '../shared/error-key-list';

export const accountKeys = [
  'account.loading',
  'account.nav.label',
  'account.signedOut',
  'account.deleted',
  'account.saved',
  'account.profile.heading',
  'account.displayName',
  'account.displayNameHint',
  'account.profile.save',
  'account.language',
  'account.languageHint',
  'account.language.save',
  'account.avatar.heading',
  'account.avatar.choose',
  'account.avatar.hint',
  'account.avatar.preview',
  'account.avatar.current',
  'account.avatar.none',
  'account.avatar.upload',
  'account.avatar.remove',
  'account.email.heading',
  'account.email.current',
  'account.email.new',
  'account.email.submit',
  'account.email.sent',
  'account.password.heading',
  'account.password.new',
  'account.password.submit',
  'account.password.changed',
  'account.sessions.heading',
  'account.signOutHere',
  'account.signOutEverywhere',
  'account.signOutEverywhereHint',
  'account.bookmarks.heading',
  'account.bookmarks.empty',
  'account.bookmarks.remove',
  'account.bookmarks.removeShort',
  'account.bookmarks.unavailable',
  'account.data.heading',
  'account.export.hint',
  'account.export.submit',
  'account.delete.heading',
  'account.delete.explain',
  'account.delete.word',
  'account.delete.confirm',
  'account.delete.mismatch',
  'account.delete.submit',
  'header.signIn',
  'auth.passwordRules',
  'auth.busy',
  ...errorKeys,
] as const;

export type AccountKey = (typeof accountKeys)[number];

/** Title and path of each article readers of the page's locale can open, by article key. */
export type ArticleLinks = Readonly<Record<string, { title: string; path: string }>>;

/** The page's own path in each locale (where a new preferred language takes the member). */
export type LocalePaths = Readonly<Record<string, string>>;
