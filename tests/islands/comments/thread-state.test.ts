import { describe, expect, it } from 'vitest';
import {
  initialThreadState,
  threadReducer,
  type ThreadEvent,
  type ThreadState,
} from '../../../src/islands/comments/state/thread-state';
import { threadView } from '../../../src/islands/comments/state/thread-view';
import { aComment, aReply } from './builders';

function run(events: ThreadEvent[], start: ThreadState = initialThreadState()): ThreadState {
  return events.reduce(threadReducer, start);
}

/** The bodies the thread shows, replies indented with "> ". */
function shown(state: ThreadState): string[] {
  return threadView(state).flatMap((item) => [
    item.comment.status === 'deleted' ? '(withdrawn)' : item.comment.body,
    ...item.replies.map((reply) => `> ${reply.body}`),
  ]);
}

describe('loading the thread', () => {
  it('shows a loaded page newest first, with replies oldest first under their comment', () => {
    const first = aComment({ body: 'first' });
    const second = aComment({ body: 'second' });
    const reply1 = aReply(first, { body: 'reply 1' });
    const reply2 = aReply(first, { body: 'reply 2' });
    const state = run([
      {
        type: 'pageLoaded',
        comments: [reply2, second, first, reply1],
        hasMore: false,
        reset: true,
      },
    ]);
    expect(shown(state)).toEqual(['second', 'first', '> reply 1', '> reply 2']);
  });

  it('lists oldest first when the reader chooses it, and starts the listing again', () => {
    const first = aComment({ body: 'first' });
    const second = aComment({ body: 'second' });
    const state = run([
      { type: 'pageLoaded', comments: [second, first], hasMore: false, reset: true },
      { type: 'orderChanged', order: 'oldest' },
    ]);
    expect(state.comments).toEqual({});
    const reloaded = threadReducer(state, {
      type: 'pageLoaded',
      comments: [first, second],
      hasMore: false,
      reset: true,
    });
    expect(shown(reloaded)).toEqual(['first', 'second']);
  });

  it('"load more" appends the next page after the last loaded comment', () => {
    const older = aComment({ body: 'older' });
    const newer = aComment({ body: 'newer' });
    const page1 = run([{ type: 'pageLoaded', comments: [newer], hasMore: true, reset: true }]);
    expect(page1.cursor?.id).toBe(newer.id);
    const page2 = threadReducer(page1, {
      type: 'pageLoaded',
      comments: [older],
      hasMore: false,
      reset: false,
    });
    expect(shown(page2)).toEqual(['newer', 'older']);
    expect(page2.cursor?.id).toBe(older.id);
    expect(page2.hasMore).toBe(false);
  });

  it('the language filter keeps threads started in that language, with all their replies', () => {
    const english = aComment({ body: 'english', language: 'en' });
    const german = aComment({ body: 'deutsch', language: 'de' });
    const frenchReply = aReply(german, { body: 'français', language: 'fr' });
    const all = run([
      { type: 'pageLoaded', comments: [english, german, frenchReply], hasMore: false, reset: true },
    ]);
    expect(shown(all)).toEqual(['deutsch', '> français', 'english']);
    const filtered = run(
      [{ type: 'pageLoaded', comments: [german, frenchReply], hasMore: false, reset: true }],
      threadReducer(all, { type: 'languageFilterChanged', filter: 'de' }),
    );
    expect(shown(filtered)).toEqual(['deutsch', '> français']);
    // A live English comment arriving while filtered to German stays out of sight.
    const live = threadReducer(filtered, {
      type: 'commentReceived',
      comment: aComment({ body: 'live english', language: 'en' }),
      live: true,
    });
    expect(shown(live)).toEqual(['deutsch', '> français']);
  });
});

describe('changes from me and from others go through the same events', () => {
  const first = aComment({ body: 'first' });
  const loaded = run([{ type: 'pageLoaded', comments: [first], hasMore: false, reset: true }]);

  it('my posted comment and its realtime echo are one comment, announced to nobody', () => {
    const mine = aComment({ body: 'mine' });
    const state = run(
      [
        { type: 'commentReceived', comment: mine, live: false },
        { type: 'commentReceived', comment: mine, live: true },
      ],
      loaded,
    );
    expect(shown(state)).toEqual(['mine', 'first']);
    expect(state.unannounced).toBe(0);
  });

  it('new comments from others are counted once for the screen-reader announcement', () => {
    const a = aComment({ body: 'a' });
    const b = aReply(first, { body: 'b' });
    const state = run(
      [
        { type: 'commentReceived', comment: a, live: true },
        { type: 'commentReceived', comment: b, live: true },
        { type: 'commentReceived', comment: { ...a, body: 'a edited' }, live: true },
      ],
      loaded,
    );
    expect(state.unannounced).toBe(2);
    expect(threadReducer(state, { type: 'announced' }).unannounced).toBe(0);
  });

  it('an edit replaces the text in place', () => {
    const state = threadReducer(loaded, {
      type: 'commentReceived',
      comment: { ...first, body: 'first, edited', editedAt: '2026-11-25T11:00:00.000Z' },
      live: true,
    });
    expect(shown(state)).toEqual(['first, edited']);
  });

  it('a withdrawn comment with replies stays as a tombstone; without replies it goes', () => {
    const lonely = aComment({ body: 'lonely' });
    const reply = aReply(first, { body: 'reply' });
    const tombstone = (comment: typeof first) => ({
      ...comment,
      status: 'deleted' as const,
      body: '',
      authorId: null,
      authorName: null,
    });
    const state = run(
      [
        { type: 'commentReceived', comment: lonely, live: true },
        { type: 'commentReceived', comment: reply, live: true },
        { type: 'commentReceived', comment: tombstone(first), live: true },
        { type: 'commentReceived', comment: tombstone(lonely), live: true },
      ],
      loaded,
    );
    expect(shown(state)).toEqual(['(withdrawn)', '> reply']);
  });

  it('a hidden comment disappears with its replies, which return when it is restored', () => {
    const reply = aReply(first, { body: 'reply' });
    const withReply = threadReducer(loaded, {
      type: 'commentReceived',
      comment: reply,
      live: true,
    });
    const hidden = threadReducer(withReply, { type: 'commentGone', id: first.id });
    expect(shown(hidden)).toEqual([]);
    const restored = threadReducer(hidden, { type: 'commentReceived', comment: first, live: true });
    expect(shown(restored)).toEqual(['first', '> reply']);
  });

  it('news about a comment the reader never had changes nothing', () => {
    expect(threadReducer(loaded, { type: 'commentGone', id: 'unknown' })).toBe(loaded);
  });

  it('in oldest-first order a live comment waits for "load more" while older pages are missing', () => {
    const old1 = aComment({ body: 'old 1' });
    const old2 = aComment({ body: 'old 2' });
    const page = run(
      [{ type: 'pageLoaded', comments: [old1], hasMore: true, reset: true }],
      initialThreadState('oldest'),
    );
    const live = aComment({ body: 'live' });
    const withLive = threadReducer(page, { type: 'commentReceived', comment: live, live: true });
    expect(shown(withLive)).toEqual(['old 1']);
    const more = threadReducer(withLive, {
      type: 'pageLoaded',
      comments: [old2, live],
      hasMore: false,
      reset: false,
    });
    expect(shown(more)).toEqual(['old 1', 'old 2', 'live']);
  });
});

describe('catching up after a dropped connection', () => {
  it('takes what the window holds now: missed comments appear, edits apply, hidden ones go', () => {
    const kept = aComment({ body: 'kept' });
    const hiddenMeanwhile = aComment({ body: 'hidden meanwhile' });
    const editedMeanwhile = aComment({ body: 'before edit' });
    const before = run([
      {
        type: 'pageLoaded',
        comments: [editedMeanwhile, hiddenMeanwhile, kept],
        hasMore: true,
        reset: true,
      },
    ]);
    const missed = aComment({ body: 'posted while offline' });
    const after = threadReducer(before, {
      type: 'windowReloaded',
      comments: [missed, { ...editedMeanwhile, body: 'after edit' }, kept],
      hasMore: true,
    });
    expect(shown(after)).toEqual(['posted while offline', 'after edit', 'kept']);
    expect(after.cursor?.id).toBe(kept.id);
  });
});
