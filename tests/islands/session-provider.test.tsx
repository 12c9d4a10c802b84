// @vitest-environment jsdom
// The session as islands see it, with a real auth client talking to the real local backend.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../src/islands/shared/client';
import { SessionProvider, useSession } from '../../src/islands/shared/SessionProvider';
import { nextSessionState } from '../../src/islands/shared/session-state';
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

  it('refuses to be used outside its provider with a clear error', () => {
    expect(() => {
      render(<Status />);
    }).toThrow(/inside <SessionProvider>/);
  });
});

describe('nextSessionState', () => {
  it('remembers a recovery sign-in until the session changes hands', () => {
    const session = { user: { id: 'u' } } as never;
    const recovering = nextSessionState(
      { status: 'signedOut', ended: false },
      { event: 'PASSWORD_RECOVERY', session },
    );
    expect(recovering).toEqual({ status: 'signedIn', session, recovery: true });
    expect(nextSessionState(recovering, { event: 'TOKEN_REFRESHED', session })).toEqual(recovering);
  });
});
