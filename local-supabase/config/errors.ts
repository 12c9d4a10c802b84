import type { z } from 'zod';

/** A configuration problem, reported at start before anything listens. */
export class ConfigError extends Error {
  readonly problems: string[];

  constructor(source: string, problems: string[]) {
    super(`Invalid configuration (${source}):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

function describeIssue(issue: z.core.$ZodIssue): string[] {
  const at = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map(
      (key) => `${at ? `${at}.` : ''}${key}: not a setting the Supabase CLI knows (a typo?)`,
    );
  }
  return [`${at || '(top level)'}: ${issue.message}`];
}

export function describeIssues(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.flatMap(describeIssue);
}
