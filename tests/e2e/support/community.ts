// Helpers for the community tests: readers signed in by putting a real session (from the local
// backend, through supabase-js) where the site's client keeps it, and the article page's comments.
import { createClient, type Session, type SupabaseClient } from '@supabase/supabase-js';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { storageKeyFor } from '../../../src/islands/shared/settings.ts';
import { passSecondFactor, staffFactor } from '../../backend/helpers/second-factor.ts';

export const demoPassword = 'polyglot-demo-2026';

/** The backend the site under test talks to, unless a test runs its own (`backendUrl`). */
function backend(backendUrl?: string): { url: string; anonKey: string } {
  const url = backendUrl ?? process.env['E2E_SUPABASE_URL'];
  if (!url) throw new Error('E2E_SUPABASE_URL is not set (playwright.config.ts sets it)');
  // The Supabase CLI's public demo anon key, which the local backend uses by default.
  const anonKey =
    process.env['PUBLIC_SUPABASE_ANON_KEY'] ??
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
  return { url, anonKey };
}

/**
 * A Node client of the backend the site under test talks to, signed in when `email` is given; the
 * demo moderator and admin past their seeded second factor (aal2), as staff must be to moderate.
 */
export async function nodeClient(email?: string, backendUrl?: string): Promise<SupabaseClient> {
  const { url, anonKey } = backend(backendUrl);
  const client = createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  if (!email) return client;
  const staff = staffFactor(email.split('@')[0] ?? '') !== null;
  const key = `${url} ${email}`;
  const kept = staffSessions.get(key);
  if (staff && kept && (kept.expires_at ?? 0) - Date.now() / 1000 > KEEP_FOR_S) {
    const { error } = await client.auth.setSession(kept);
    if (!error) return client;
  }
  await signIn(client, email);
  const { session } = (await client.auth.getSession()).data;
  if (staff && session) staffSessions.set(key, session);
  return client;
}

/**
 * Staff sessions past their second factor, by backend and address, in this worker process: as a
 * person stays signed in, the tests do. The backend takes each authenticator code once (RFC 6238
 * §5.2) and both workers share the demo staff's factors, so every further sign-in waited for a new
 * 30-second code: four in one spec could take more than a test's minute. A session is reused while
 * its token has more than half an hour left, so the site's client (which refreshes a token only
 * near its expiry) never rotates a refresh token that another context holds.
 */
const staffSessions = new Map<string, Session>();
const KEEP_FOR_S = 30 * 60;

/**
 * Password, then the seeded second factor for staff. A staff sign-in's first step can be ended by
 * another test signing in the same demo person at that moment: passing the factor ends that
 * person's other sessions still at aal1 (GoTrue). Then this sign-in starts again, once.
 */
async function signIn(client: SupabaseClient, email: string, again = true): Promise<void> {
  const { error } = await client.auth.signInWithPassword({ email, password: demoPassword });
  if (error) throw error;
  const factor = staffFactor(email.split('@')[0] ?? '');
  if (!factor) return;
  try {
    await passSecondFactor(client, factor);
  } catch (refused) {
    const { data } = await client.auth.getUser();
    if (!again || data.user !== null) throw refused;
    await signIn(client, email, false);
  }
}

/** A browser context whose site client finds this session stored (as after signing in). */
export async function signedInContext(browser: Browser, email: string): Promise<BrowserContext> {
  const client = await nodeClient(email);
  const { data } = await client.auth.getSession();
  return contextWithSession(browser, data.session);
}

export async function contextWithSession(
  browser: Browser,
  session: unknown,
  backendUrl?: string,
): Promise<BrowserContext> {
  const context = await browser.newContext();
  const key = storageKeyFor(backend(backendUrl).url);
  await context.addInitScript(
    ([storageKey, value]) => {
      if (!window.localStorage.getItem(storageKey)) window.localStorage.setItem(storageKey, value);
    },
    [key, JSON.stringify(session)] as const,
  );
  return context;
}

/** Opens an article and scrolls to its comments, which then load; resolves once they are live. */
export async function openComments(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('#comments').scrollIntoViewIfNeeded();
  await page.locator('#comments .comment-list').waitFor({ state: 'attached' });
  await page.locator('#comments [data-readers]').waitFor();
}

export function commentByText(page: Page, text: string) {
  return page.locator('#comments .comment', { hasText: text });
}
