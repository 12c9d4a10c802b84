// GoTrue's default e-mails, used when config.toml names no template or its file does not exist yet.
import type { EmailTemplateType } from '../config/config.ts';

export const FALLBACK_SUBJECTS: Record<EmailTemplateType, string> = {
  invite: "You've been invited",
  confirmation: 'Confirm your email address',
  recovery: 'Reset your password',
  magic_link: 'Your sign-in link',
  email_change: 'Confirm your new email address',
  reauthentication: '{{ .Token }} is your verification code',
};

export const FALLBACK_BODIES: Record<EmailTemplateType, string> = {
  invite: `<h2>You've been invited</h2>
<p>You've been invited to create an account. Follow the link below to accept.</p>
<p><a href="{{ .ConfirmationURL }}">Accept invitation</a></p>`,
  confirmation: `<h2>Confirm your email address</h2>
<p>Follow the link below to confirm this email address and finish signing up.</p>
<p><a href="{{ .ConfirmationURL }}">Confirm email address</a></p>
<p>Or enter this code: {{ .Token }}</p>`,
  recovery: `<h2>Reset your password</h2>
<p>We received a request to reset your password. Follow the link below to choose a new one.</p>
<p><a href="{{ .ConfirmationURL }}">Reset password</a></p>
<p>Or enter this code: {{ .Token }}</p>
<p>If you didn't request this, you can safely ignore this email.</p>`,
  magic_link: `<h2>Your sign-in link</h2>
<p>Follow the link below to sign in. This link expires shortly and can only be used once.</p>
<p><a href="{{ .ConfirmationURL }}">Sign in</a></p>
<p>Or enter this code: {{ .Token }}</p>`,
  email_change: `<h2>Confirm your new email address</h2>
<p>Follow the link below to confirm {{ .NewEmail }} as your new email address.</p>
<p><a href="{{ .ConfirmationURL }}">Confirm new email address</a></p>
<p>Or enter this code: {{ .Token }}</p>
<p>If you didn't request this change, you can safely ignore this email.</p>`,
  reauthentication: `<h2>Your verification code</h2>
<p>Use the code below to verify your identity. It expires shortly.</p>
<p>{{ .Token }}</p>`,
};
