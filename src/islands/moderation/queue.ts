import type { ModeratedComment, ReportRow } from './moderation-api';

/** One reported comment in the queue, with every open report about it (oldest first). */
export interface QueueEntry {
  comment: ModeratedComment;
  reports: Omit<ReportRow, 'comment'>[];
}

/**
 * Groups open reports by comment, so a comment reported by five members is one decision, in the
 * order of its first report. Reports whose comment the moderator cannot read (it was deleted
 * meanwhile) are left out.
 */
export function groupReports(rows: readonly ReportRow[]): QueueEntry[] {
  const entries = new Map<string, QueueEntry>();
  for (const { comment, ...report } of rows) {
    if (comment === null) continue;
    const entry = entries.get(comment.id) ?? { comment, reports: [] };
    entry.reports.push(report);
    entries.set(comment.id, entry);
  }
  return [...entries.values()];
}

/** Suspension lengths the page offers, in days. */
export const suspensionDays = [1, 7, 30] as const;

/** The end of a suspension that starts now. */
export function suspensionEnd(days: number, now: Date = new Date()): string {
  return new Date(now.getTime() + days * 24 * 60 * 60 * 1000).toISOString();
}
