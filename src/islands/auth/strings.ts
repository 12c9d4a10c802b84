// The UI strings of the e-mail link page and the new-password page (resolved at build time).
import { errorKeys } from '../shared/error-key-list';

const shared = ['auth.field.email', 'auth.busy', 'auth.forgot.submit', ...errorKeys] as const;

export const confirmKeys = [
  'confirm.loading',
  'confirm.intro.email',
  'confirm.intro.recovery',
  'confirm.intro.emailChange',
  'confirm.why',
  'confirm.submit.email',
  'confirm.submit.recovery',
  'confirm.submit.emailChange',
  'confirm.exchanging',
  'confirm.done',
  'confirm.emailChangeHalf',
  'confirm.continue',
  'confirm.missing',
  'confirm.resend.heading',
  'confirm.resend.submit',
  'confirm.resend.sent',
  'confirm.emailChangeAgain',
  'confirm.signInAgain',
  ...shared,
] as const;

export type ConfirmKey = (typeof confirmKeys)[number];

export const resetPasswordKeys = [
  'confirm.loading',
  'resetPassword.intro',
  'resetPassword.field',
  'resetPassword.show',
  'resetPassword.submit',
  'resetPassword.done',
  'resetPassword.home',
  'resetPassword.signedOut',
  'auth.mfa.pending.resetPassword',
  'auth.mfa.pending.finish',
  'auth.passwordRules',
  'auth.forgot.sent',
  ...shared,
] as const;

export type ResetPasswordKey = (typeof resetPasswordKeys)[number];
