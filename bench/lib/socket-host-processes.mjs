import { readdirSync, readFileSync } from 'node:fs';

/**
 * This process's children that hold WebSockets for the backend it runs
 * (local-supabase/realtime/socket-hosts.ts), with their resident memory in bytes. Linux's /proc.
 * @returns {{ pid: number, rssBytes: number }[]}
 */
export function socketHostProcesses() {
  const hosts = [];
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      if (Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]) !== process.pid) continue;
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('socket-host.ts')) continue;
      const rssKb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
      hosts.push({ pid: Number(pid), rssBytes: rssKb * 1024 });
    } catch {
      // gone meanwhile
    }
  }
  return hosts;
}
