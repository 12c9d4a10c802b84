// The UI strings of the unsubscribe page (resolved at build time).
import { errorKeys } from '../shared/error-key-list';

export const unsubscribeKeys = [
  'confirm.loading',
  'account.notifications.unsubscribe.explain',
  'account.notifications.unsubscribe.submit',
  'account.notifications.unsubscribe.done',
  'account.notifications.unsubscribe.invalid',
  'auth.busy',
  ...errorKeys,
] as const;

export type UnsubscribeKey = (typeof unsubscribeKeys)[number];
