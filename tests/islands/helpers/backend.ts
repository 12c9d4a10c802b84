// A real local backend for component tests, in a child process (inside a jsdom test the backend's
// crypto and URL handling would meet jsdom's globals instead of Node's).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface Backend {
  url: string;
  anonKey: string;
  mailboxUrl: string;
  /** E-mails to one address, newest first, from the mailbox's JSON API. */
  messages(to: string): Promise<{ subject: string; html: string }[]>;
  stop(): Promise<void>;
}

export async function startBackend(): Promise<Backend> {
  const child = spawn(process.execPath, ['tests/e2e/support/backend-server.ts'], {
    env: { ...process.env, E2E_SUPABASE_PORT: '0', E2E_MAILBOX_PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const ready = await new Promise<{ url: string; anonKey: string; mailboxUrl: string }>(
    (resolve, reject) => {
      child.once('exit', (code) => {
        reject(new Error(`The backend exited with ${code}`));
      });
      lines.on('line', (line) => {
        if (line.startsWith('READY ')) resolve(JSON.parse(line.slice(6)) as never);
      });
    },
  );
  return {
    ...ready,
    async messages(to) {
      const response = await fetch(`${ready.mailboxUrl}/api/messages?to=${encodeURIComponent(to)}`);
      return (await response.json()) as { subject: string; html: string }[];
    },
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => {
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
