import { describe, expect, it } from 'vitest';
import {
  initialReactionsState,
  reactionsReducer,
} from '../../../src/islands/comments/state/reactions-state';

describe('reactions', () => {
  const loaded = reactionsReducer(initialReactionsState(), {
    type: 'countsLoaded',
    counts: { like: 3, funny: 1 },
    mine: ['like'],
  });

  it('loads counts (missing kinds are zero) and which kinds are mine', () => {
    expect(loaded.counts).toEqual({ like: 3, insightful: 0, funny: 1 });
    expect(loaded.mine).toEqual({ like: true, insightful: false, funny: false });
  });

  it('a toggle shows at once and stays when the server accepts it', () => {
    const started = reactionsReducer(loaded, { type: 'toggleStarted', kind: 'insightful' });
    expect(started.counts.insightful).toBe(1);
    expect(started.mine.insightful).toBe(true);
    const done = reactionsReducer(started, { type: 'toggleSucceeded', kind: 'insightful' });
    expect(done.mine.insightful).toBe(true);
    expect(done.pending).toEqual({});
  });

  it('a refused toggle is taken back', () => {
    const started = reactionsReducer(loaded, { type: 'toggleStarted', kind: 'like' });
    expect(started.counts.like).toBe(2);
    const failed = reactionsReducer(started, { type: 'toggleFailed', kind: 'like' });
    expect(failed.counts.like).toBe(3);
    expect(failed.mine.like).toBe(true);
  });

  it('a second click while the first is on its way is ignored', () => {
    const started = reactionsReducer(loaded, { type: 'toggleStarted', kind: 'funny' });
    expect(reactionsReducer(started, { type: 'toggleStarted', kind: 'funny' })).toBe(started);
  });

  it('live counts replace the numbers but keep my choice for a toggle in flight', () => {
    const started = reactionsReducer(loaded, { type: 'toggleStarted', kind: 'funny' });
    const live = reactionsReducer(started, {
      type: 'countsLoaded',
      counts: { like: 5, funny: 2 },
      mine: ['like'],
    });
    expect(live.counts).toEqual({ like: 5, insightful: 0, funny: 2 });
    expect(live.mine.funny).toBe(true);
  });

  it('live counts without a member list keep what is mine', () => {
    const started = reactionsReducer(loaded, { type: 'toggleStarted', kind: 'funny' });
    const live = reactionsReducer(started, { type: 'countsLoaded', counts: { like: 4 } });
    expect(live.mine).toEqual({ like: true, insightful: false, funny: true });
    expect(started.mine.funny).toBe(true);
  });

  it('signing out clears what was mine', () => {
    expect(reactionsReducer(loaded, { type: 'signedOut' }).mine.like).toBe(false);
  });
});
