import { createContext, useContext } from 'react';
import type { Drafts } from './state/drafts';

/** What every part of the comments island needs and never changes while it is open. */
export interface CommentsContextValue {
  locale: string;
  articleKey: string;
  drafts: Drafts;
  /** The signed-in member, or null for an anonymous reader. */
  viewer: { id: string; moderator: boolean } | null;
}

export const CommentsContext = createContext<CommentsContextValue | null>(null);

export function useCommentsContext(): CommentsContextValue {
  const value = useContext(CommentsContext);
  if (value === null)
    throw new Error('useCommentsContext() must be used inside the comments island');
  return value;
}
