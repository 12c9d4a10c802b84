/**
 * Two versions of the site, built from the same temp path, for "before" and "after" in one
 * benchmark run on the same machine load: a commit's files (`git archive`: no worktree, no change
 * to the repository) and the working tree's (tracked and untracked, ignored files left out), each
 * with the project's node_modules linked in. The same path matters: Astro's island `uid` is a hash
 * that includes the component's absolute file path, so the same code built in two folders differs.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Extracts `ref` of the repository at `repoRoot` into `dir` and returns the full commit hash.
 *
 * @example await extractCommit('/work/main', 'HEAD~3', '/tmp/bench/project')
 */
export async function extractCommit(repoRoot, ref, dir) {
  const commit = execFileSync('git', ['-C', repoRoot, 'rev-parse', '--verify', `${ref}^{commit}`], {
    encoding: 'utf8',
  }).trim();
  await mkdir(dir, { recursive: true });
  const archive = execFileSync('git', ['-C', repoRoot, 'archive', '--format=tar', commit], {
    maxBuffer: 1024 ** 3,
  });
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  await symlink(join(repoRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return commit;
}

/**
 * Copies the working tree of `repoRoot` (what `git ls-files --cached --others --exclude-standard`
 * lists and exists) into `dir`.
 */
export async function copyWorkingTree(repoRoot, dir) {
  const files = execFileSync(
    'git',
    ['-C', repoRoot, 'ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    { encoding: 'utf8', maxBuffer: 1024 ** 3 },
  )
    .split('\0')
    .filter((file) => file !== '' && existsSync(join(repoRoot, file)));
  for (const file of files) await cp(join(repoRoot, file), join(dir, file));
  await symlink(join(repoRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
}
