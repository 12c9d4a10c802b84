import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postComment, reportComment } from '../../../src/islands/comments/data/comments-api';
import {
  loadHiddenComments,
  loadOpenReports,
  moderate,
  searchMembers,
} from '../../../src/islands/moderation/moderation-api';
import { groupReports, suspensionEnd } from '../../../src/islands/moderation/queue';
import { startTestServer, type TestServer } from '../../backend/helpers/server.ts';
import { freshArticleKey, newMember, signedIn } from '../comments/support';

let server: TestServer;
let moderator: SupabaseClient;
let admin: SupabaseClient;

beforeAll(async () => {
  server = await startTestServer();
  moderator = await signedIn(server, 'moderator');
  admin = await signedIn(server, 'admin');
});
afterAll(() => server.stop());

/** A fresh member's comment, reported by two other fresh members. */
async function reportedComment(body: string) {
  const author = await newMember(server, `Author ${body}`);
  const id = randomUUID();
  const posted = await postComment(author.client, {
    id,
    articleKey: freshArticleKey(),
    parentId: null,
    body,
    language: 'en',
  });
  expect(posted.ok).toBe(true);
  for (const reason of ['spam', 'abuse'] as const) {
    const reporter = await newMember(server);
    expect((await reportComment(reporter.client, id, reason, 'see this')).ok).toBe(true);
  }
  return { id, author };
}

describe('the report queue', () => {
  it('moderators see each reported comment once, with all its reports and its author', async () => {
    const { id } = await reportedComment('queue me');
    const rows = await loadOpenReports(moderator);
    if (!rows.ok) throw new Error(JSON.stringify(rows.error));
    const entry = groupReports(rows.value).find((item) => item.comment.id === id);
    expect(entry?.reports.map((report) => report.reason).sort()).toEqual(['abuse', 'spam']);
    expect(entry?.comment.author?.display_name).toBe('Author queue me');
  });

  it('members see none of it and cannot resolve, hide or suspend', async () => {
    const { id, author } = await reportedComment('not for members');
    const member = (await newMember(server)).client;
    const rows = await loadOpenReports(member);
    expect(rows.ok && rows.value.some((row) => row.comment?.id === id)).toBe(false);
    const hidden = await moderate(member, { fn: 'hide_comment', args: { comment_id: id } });
    expect(hidden).toMatchObject({ ok: false, error: { code: '42501', message: 'not_allowed' } });
    const suspended = await moderate(member, {
      fn: 'suspend_commenting',
      args: { user_id: author.id, until: suspensionEnd(1) },
    });
    expect(suspended).toMatchObject({ ok: false, error: { message: 'not_allowed' } });
  });

  it('resolving hides the comment and closes every report on it', async () => {
    const { id } = await reportedComment('resolve me');
    const rows = await loadOpenReports(moderator);
    if (!rows.ok) throw new Error('queue failed');
    const reportId = rows.value.find((row) => row.comment?.id === id)?.id ?? '';
    expect(
      (await moderate(moderator, { fn: 'resolve_report', args: { report_id: reportId } })).ok,
    ).toBe(true);
    const after = await loadOpenReports(moderator);
    expect(after.ok && after.value.some((row) => row.comment?.id === id)).toBe(false);
    const hidden = await loadHiddenComments(moderator);
    expect(hidden.ok && hidden.value.some((comment) => comment.id === id)).toBe(true);
    const again = await moderate(moderator, {
      fn: 'dismiss_report',
      args: { report_id: reportId },
    });
    expect(again).toMatchObject({ ok: false, error: { message: 'report_closed' } });
  });
});

describe('suspensions and roles', () => {
  it('a suspended member cannot comment and learns until when', async () => {
    const member = await newMember(server);
    const until = suspensionEnd(7);
    expect(
      (await moderate(moderator, { fn: 'suspend_commenting', args: { user_id: member.id, until } }))
        .ok,
    ).toBe(true);
    const refused = await postComment(member.client, {
      id: randomUUID(),
      articleKey: freshArticleKey(),
      parentId: null,
      body: 'let me speak',
      language: 'en',
    });
    expect(refused).toMatchObject({ ok: false, error: { message: 'suspended' } });
    // The hint is the end of the suspension to the second.
    if (!refused.ok) {
      expect(Date.parse(refused.error.hint ?? '')).toBe(
        Math.floor(Date.parse(until) / 1000) * 1000,
      );
    }
  });

  it('only admins grant and revoke the moderator role', async () => {
    const member = await newMember(server, 'Future Moderator');
    const byModerator = await moderate(moderator, {
      fn: 'set_role',
      args: { user_id: member.id, role: 'moderator' },
    });
    expect(byModerator).toMatchObject({ ok: false, error: { message: 'not_allowed' } });
    const found = await searchMembers(admin, 'Future Mod');
    expect(found.ok && found.value.map((m) => m.id)).toEqual([member.id]);
    expect(
      (await moderate(admin, { fn: 'set_role', args: { user_id: member.id, role: 'moderator' } }))
        .ok,
    ).toBe(true);
    const promoted = await searchMembers(admin, 'Future Mod');
    expect(promoted.ok && promoted.value[0]?.role).toBe('moderator');
    expect(
      (await moderate(admin, { fn: 'set_role', args: { user_id: member.id, role: 'member' } })).ok,
    ).toBe(true);
  });
});
