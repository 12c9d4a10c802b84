// The UI strings the header island receives (resolved at build time for the page's locale).
import { errorKeys } from '../shared/error-key-list';

export const headerKeys = [
  'header.signIn',
  'header.accountMenu',
  'header.account',
  'header.moderation',
  'header.signOut',
  'header.sessionEnded',
  'header.dismiss',
  'header.localeOffer',
  'header.localeSwitch',
  'auth.dialog.close',
  'auth.tabs.label',
  'auth.tabs.password',
  'auth.tabs.signUp',
  'auth.tabs.email',
  'auth.tabs.forgot',
  'auth.field.email',
  'auth.field.password',
  'auth.field.code',
  'auth.passwordRules',
  'auth.password.submit',
  'auth.signUp.submit',
  'auth.signUp.sent',
  'auth.email.submit',
  'auth.email.sent',
  'auth.code.submit',
  'auth.forgot.submit',
  'auth.forgot.sent',
  'auth.oauth.label',
  'auth.oauth.button',
  'auth.busy',
  ...errorKeys,
] as const;

export type HeaderKey = (typeof headerKeys)[number];
