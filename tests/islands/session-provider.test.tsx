// @vitest-environment jsdom
// The session as islands see it, with a real auth client talking to the real local backend.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../src/islands/shared/client';
import { SessionProvider, useSession } from '../../src/islands/shared/SessionProvider';
import {
  nextSessionState,
  signedInSession,
  storedSession,
  type SessionState,
} from '../../src/islands/shared/session-state';
import { demoSecondFactors, totpCode } from '../backend/helpers/second-factor';
import { startBackend, type Backend } from './helpers/backend';
import { memoryStorage } from './helpers/memory-storage';

const demoPassword = 'polyglot-demo-2026';
let server: Backend;

beforeAll(async () => {
  server = await startBackend();
});
afterAll(() => server.stop());
afterEach(cleanup);

function newAuth(storage = memoryStorage()) {
  return createAuthClient(
    { url: server.url, anonKey: server.anonKey, storageKey: 'sb-test-auth-token' },
    storage,
  );
}

function Status() {
  const { state } = useSession();
  if (state.status === 'signedIn') return <p>in as {state.session.user.email}</p>;
  if (state.status === 'secondFactorPending') {
    return <p>owes a factor: {state.session.user.email}</p>;
  }
  if (state.status === 'signedOut') return <p>out{state.ended ? ' (ended)' : ''}</p>;
  return <p>loading</p>;
}

describe('SessionProvider', () => {
  it('restores a stored session when the page loads', async () => {
    const storage = memoryStorage();
    await newAuth(storage).signInWithPassword({
      email: 'member@example.com',
      password: demoPassword,
    });
    render(
      <SessionProvider auth={newAuth(storage)}>
        <Status />
      </SessionProvider>,
    );
    expect(await screen.findByText('in as member@example.com')).toBeTruthy();
  });

  it('shows a reader without a session as signed out, with no notice', async () => {
    render(
      <SessionProvider auth={newAuth()}>
        <Status />
      </SessionProvider>,
    );
    expect(await screen.findByText('out')).toBeTruthy();
  });

  it('ends a session revoked elsewhere ("sign out everywhere") with a notice', async () => {
    const storage = memoryStorage();
    await newAuth(storage).signInWithPassword({
      email: 'second@example.com',
      password: demoPassword,
    });
    const otherDevice = newAuth();
    await otherDevice.signInWithPassword({ email: 'second@example.com', password: demoPassword });
    await otherDevice.signOut({ scope: 'global' });
    render(
      <SessionProvider auth={newAuth(storage)} hadStoredSession>
        <Status />
      </SessionProvider>,
    );
    expect(await screen.findByText('out (ended)')).toBeTruthy();
  });

  it('signs out without a notice when the person asked for it', async () => {
    const auth = newAuth();
    await auth.signInWithPassword({ email: 'member@example.com', password: demoPassword });
    let signOut: (() => Promise<unknown>) | undefined;
    function SignOut() {
      const session = useSession();
      signOut = () => session.signOut();
      return null;
    }
    render(
      <SessionProvider auth={auth}>
        <Status />
        <SignOut />
      </SessionProvider>,
    );
    await screen.findByText('in as member@example.com');
    await act(async () => {
      await signOut?.();
    });
    expect(await screen.findByText('out')).toBeTruthy();
  });

  it('holds a password sign-in on an account with a second factor as pending until the code, in every provider', async () => {
    const storage = memoryStorage();
    const auth = newAuth(storage);
    render(
      <>
        <SessionProvider auth={auth}>
          <Status />
        </SessionProvider>
        <SessionProvider auth={auth}>
          <Status />
        </SessionProvider>
      </>,
    );
    await screen.findAllByText('out');
    await act(async () => {
      await auth.signInWithPassword({ email: 'moderator@example.com', password: demoPassword });
    });
    expect(await screen.findAllByText('owes a factor: moderator@example.com')).toHaveLength(2);
    expect(screen.queryByText(/^in as/)).toBeNull();

    await act(async () => {
      const { error } = await auth.mfa.challengeAndVerify({
        factorId: demoSecondFactors.moderator.factorId,
        code: totpCode(demoSecondFactors.moderator.secret),
      });
      expect(error).toBeNull();
    });
    expect(await screen.findAllByText('in as moderator@example.com')).toHaveLength(2);
  });

  it('finds the pending state again in the stored session when the page loads', async () => {
    const storage = memoryStorage();
    await newAuth(storage).signInWithPassword({
      email: 'moderator@example.com',
      password: demoPassword,
    });
    render(
      <SessionProvider auth={newAuth(storage)} hadStoredSession>
        <Status />
      </SessionProvider>,
    );
    expect(await screen.findByText('owes a factor: moderator@example.com')).toBeTruthy();
  });

  it('ends a pending sign-in on "Sign out" without the "you were signed out" notice', async () => {
    const storage = memoryStorage();
    await newAuth(storage).signInWithPassword({
      email: 'moderator@example.com',
      password: demoPassword,
    });
    const auth = newAuth(storage);
    let signOut: (() => Promise<unknown>) | undefined;
    function SignOut() {
      const session = useSession();
      signOut = () => session.signOut();
      return null;
    }
    render(
      <SessionProvider auth={auth} hadStoredSession>
        <Status />
        <SignOut />
      </SessionProvider>,
    );
    await screen.findByText('owes a factor: moderator@example.com');
    await act(async () => {
      await signOut?.();
    });
    expect(await screen.findByText('out')).toBeTruthy();
  });

  it('refuses to be used outside its provider with a clear error', () => {
    expect(() => {
      render(<Status />);
    }).toThrow(/inside <SessionProvider>/);
  });
});

/** A session whose access token says `aal`, for a user with these factor statuses. */
function sessionWith(aal: string | null, factors: { type: string; status: string }[]) {
  const payload = btoa(JSON.stringify(aal === null ? { sub: 'u' } : { sub: 'u', aal }))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return {
    access_token: `e30.${payload}.signature`,
    user: {
      id: 'u',
      factors: factors.map((factor, index) => ({
        id: `f${String(index)}`,
        factor_type: factor.type,
        status: factor.status,
      })),
    },
  } as never;
}

describe('nextSessionState', () => {
  const loading: SessionState = { status: 'loading' };

  it('counts a stored aal1 session with a verified factor as owing the second factor', () => {
    const session = sessionWith('aal1', [{ type: 'totp', status: 'verified' }]);
    const state = nextSessionState(loading, { event: 'INITIAL_SESSION', session });
    expect(state).toEqual({ status: 'secondFactorPending', session, recovery: false });
    expect(signedInSession(state)).toBeNull();
    expect(storedSession(state)).toBe(session);
  });

  it('counts a security key (webauthn) like an authenticator app', () => {
    const session = sessionWith('aal1', [{ type: 'webauthn', status: 'verified' }]);
    expect(nextSessionState(loading, { event: 'SIGNED_IN', session }).status).toBe(
      'secondFactorPending',
    );
  });

  it('signs in a member without factors, or with only an unfinished one, at aal1', () => {
    for (const factors of [[], [{ type: 'totp', status: 'unverified' }]]) {
      const session = sessionWith('aal1', factors);
      const state = nextSessionState(loading, { event: 'SIGNED_IN', session });
      expect(state.status).toBe('signedIn');
      expect(signedInSession(state)).toBe(session);
    }
  });

  it('treats a token without an aal claim as aal1', () => {
    const session = sessionWith(null, [{ type: 'totp', status: 'verified' }]);
    expect(nextSessionState(loading, { event: 'SIGNED_IN', session }).status).toBe(
      'secondFactorPending',
    );
  });

  it('stays pending on a token refresh at aal1 and signs in once the factor is verified', () => {
    const factors = [{ type: 'totp', status: 'verified' }];
    const pending = nextSessionState(loading, {
      event: 'SIGNED_IN',
      session: sessionWith('aal1', factors),
    });
    const refreshed = nextSessionState(pending, {
      event: 'TOKEN_REFRESHED',
      session: sessionWith('aal1', factors),
    });
    expect(refreshed.status).toBe('secondFactorPending');
    const aal2 = sessionWith('aal2', factors);
    expect(nextSessionState(refreshed, { event: 'MFA_CHALLENGE_VERIFIED', session: aal2 })).toEqual(
      { status: 'signedIn', session: aal2, recovery: false },
    );
    expect(nextSessionState(refreshed, { event: 'TOKEN_REFRESHED', session: aal2 }).status).toBe(
      'signedIn',
    );
  });

  it('ends a pending sign-in without the "you were signed out" notice', () => {
    const pending = nextSessionState(loading, {
      event: 'SIGNED_IN',
      session: sessionWith('aal1', [{ type: 'totp', status: 'verified' }]),
    });
    expect(nextSessionState(pending, { event: 'SIGNED_OUT', session: null })).toEqual({
      status: 'signedOut',
      ended: false,
    });
  });

  it('keeps a recovery sign-in through the second factor', () => {
    const factors = [{ type: 'totp', status: 'verified' }];
    const pending = nextSessionState(loading, {
      event: 'PASSWORD_RECOVERY',
      session: sessionWith('aal1', factors),
    });
    expect(pending).toMatchObject({ status: 'secondFactorPending', recovery: true });
    expect(
      nextSessionState(pending, {
        event: 'MFA_CHALLENGE_VERIFIED',
        session: sessionWith('aal2', factors),
      }),
    ).toMatchObject({ status: 'signedIn', recovery: true });
  });

  it('remembers a recovery sign-in until the session changes hands', () => {
    const session = sessionWith('aal1', []);
    const recovering = nextSessionState(
      { status: 'signedOut', ended: false },
      { event: 'PASSWORD_RECOVERY', session },
    );
    expect(recovering).toEqual({ status: 'signedIn', session, recovery: true });
    expect(nextSessionState(recovering, { event: 'TOKEN_REFRESHED', session })).toEqual(recovering);
  });
});
