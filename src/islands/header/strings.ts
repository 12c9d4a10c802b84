// The UI strings of the header island, resolved at build time for the page's locale. Two lists:
// what the header shows before anyone touches it goes into every page's HTML as a prop; what the
// sign-in dialog needs arrives with the dialog's code (dialog-strings.ts), so the error messages
// and form labels do not weigh on every page.
import { errorKeys } from '../shared/error-key-list';

export const headerKeys = [
  'header.signIn',
  'header.accountMenu',
  'header.account',
  'header.readingList',
  'header.moderation',
  'header.signOut',
  'auth.mfa.pending.finish',
  'header.sessionEnded',
  'header.dismiss',
  'header.localeOffer',
  'header.localeSwitch',
] as const;

export type HeaderKey = (typeof headerKeys)[number];

export const dialogKeys = [
  'header.signIn',
  'auth.dialog.close',
  'auth.back',
  'auth.continue',
  'auth.field.email',
  'auth.field.password',
  'auth.field.code',
  'auth.passwordRules',
  'auth.password.submit',
  'auth.email.instead',
  'auth.email.again',
  'auth.forgot.start',
  'auth.signUp.start',
  'auth.signUp.submit',
  'auth.signUp.sent',
  'auth.email.sent',
  'auth.code.submit',
  'auth.forgot.sent',
  'auth.otherWays',
  'auth.oauth.button',
  'auth.mfa.heading',
  'auth.mfa.explain',
  'auth.mfa.code',
  'auth.mfa.submit',
  'auth.mfa.useKey',
  'auth.mfa.cancel',
  'auth.passkey.button',
  'auth.busy',
  ...errorKeys,
] as const;

export type DialogKey = (typeof dialogKeys)[number];
