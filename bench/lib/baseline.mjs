/**
 * The site as it was at a git commit, for building "before" and "after" in one benchmark run on
 * the same machine load: the commit's files are extracted with `git archive` (no worktree, no
 * change to the repository) and the project's node_modules is linked in.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Extracts `ref` of the repository at `repoRoot` into `dir` and returns the full commit hash.
 *
 * @example await extractCommit('/work/main', 'HEAD~3', '/tmp/bench/baseline')
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
