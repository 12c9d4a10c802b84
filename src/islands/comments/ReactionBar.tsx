import { useT } from '../shared/strings';
import { useCommentsContext } from './context';
import { reactionKinds, type ReactionKind, type ReactionsState } from './state/reactions-state';

/**
 * Reaction buttons with live counts. Anonymous readers see the counts; the buttons then explain
 * that signing in is needed (through the prompt under the thread) instead of doing nothing.
 */
export function ReactionBar({
  state,
  onToggle,
  bookmarked,
  onBookmark,
}: {
  state: ReactionsState;
  onToggle: (kind: ReactionKind) => void;
  bookmarked: boolean | null;
  onBookmark: () => void;
}) {
  const t = useT();
  const { viewer, locale } = useCommentsContext();
  const number = new Intl.NumberFormat(locale);
  return (
    <div className="reaction-bar">
      <div role="group" aria-label={t('reactions.label')} className="reactions">
        {reactionKinds.map((kind) => (
          <button
            key={kind}
            type="button"
            className="chip"
            data-reaction={kind}
            aria-pressed={viewer ? state.mine[kind] : undefined}
            disabled={viewer === null}
            onClick={() => {
              onToggle(kind);
            }}
          >
            {t(`reactions.${kind}`)}{' '}
            <span className="count">{number.format(state.counts[kind])}</span>
          </button>
        ))}
      </div>
      {viewer && bookmarked !== null && (
        <button type="button" className="chip" aria-pressed={bookmarked} onClick={onBookmark}>
          {t('bookmark.toggle')}
        </button>
      )}
    </div>
  );
}
