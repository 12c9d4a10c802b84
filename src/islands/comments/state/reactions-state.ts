/** The reactions a member can give an article (PRODUCT.md §5), in the order the island shows them. */
export const reactionKinds = ['like', 'insightful', 'funny'] as const;
export type ReactionKind = (typeof reactionKinds)[number];

export function isReactionKind(value: string): value is ReactionKind {
  return (reactionKinds as readonly string[]).includes(value);
}

/**
 * Counts per kind for everyone, which kinds this member gave, and which toggles are on their way.
 * A toggle shows at once (optimistic) and is taken back if the server refuses it.
 */
export interface ReactionsState {
  counts: Readonly<Record<ReactionKind, number>>;
  mine: Readonly<Record<ReactionKind, boolean>>;
  pending: Readonly<Partial<Record<ReactionKind, true>>>;
}

export type ReactionsEvent =
  /** Counts read from the server (on load and after every live notice); `mine` when signed in. */
  | { type: 'countsLoaded'; counts: Partial<Record<ReactionKind, number>>; mine?: ReactionKind[] }
  | { type: 'toggleStarted'; kind: ReactionKind }
  | { type: 'toggleSucceeded'; kind: ReactionKind }
  | { type: 'toggleFailed'; kind: ReactionKind }
  /** Signed out: nothing is mine any more. */
  | { type: 'signedOut' };

const none = { like: false, insightful: false, funny: false } as const;

export function initialReactionsState(): ReactionsState {
  return { counts: { like: 0, insightful: 0, funny: 0 }, mine: none, pending: {} };
}

function flip(state: ReactionsState, kind: ReactionKind): Pick<ReactionsState, 'counts' | 'mine'> {
  const given = !state.mine[kind];
  return {
    mine: { ...state.mine, [kind]: given },
    counts: { ...state.counts, [kind]: Math.max(0, state.counts[kind] + (given ? 1 : -1)) },
  };
}

function without<T extends object>(record: T, key: keyof T): T {
  const copy = { ...record };
  // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- a copy made for this purpose
  delete copy[key];
  return copy;
}

export function reactionsReducer(state: ReactionsState, event: ReactionsEvent): ReactionsState {
  switch (event.type) {
    case 'countsLoaded': {
      const counts = {
        like: event.counts.like ?? 0,
        insightful: event.counts.insightful ?? 0,
        funny: event.counts.funny ?? 0,
      };
      // A toggle still on its way is not in these counts yet, or already is: keep my own view of
      // the kinds in flight so the button does not flicker.
      const mine: Record<ReactionKind, boolean> = event.mine
        ? {
            like: event.mine.includes('like'),
            insightful: event.mine.includes('insightful'),
            funny: event.mine.includes('funny'),
          }
        : { ...state.mine };
      for (const kind of Object.keys(state.pending) as ReactionKind[])
        mine[kind] = state.mine[kind];
      return { ...state, counts, mine };
    }
    case 'toggleStarted':
      if (state.pending[event.kind]) return state;
      return {
        ...state,
        ...flip(state, event.kind),
        pending: { ...state.pending, [event.kind]: true },
      };
    case 'toggleSucceeded': {
      return { ...state, pending: without(state.pending, event.kind) };
    }
    case 'toggleFailed': {
      return { ...state, ...flip(state, event.kind), pending: without(state.pending, event.kind) };
    }
    case 'signedOut':
      return { ...state, mine: none, pending: {} };
  }
}
