// @vitest-environment jsdom
// The comment box and one comment as a reader uses them (jsdom, the island's real strings): drafts
// survive a reload and a failed send, errors are said in the reader's language, and deleting one's
// own comment asks first in a dialog that Escape cancels and that keeps focus inside.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { islandStrings } from '../../../src/i18n/island-strings';
import type { Locale } from '../../../src/i18n/locales';
import { CommentForm } from '../../../src/islands/comments/CommentForm';
import { CommentItem, type CommentActions } from '../../../src/islands/comments/CommentItem';
import { CommentsContext, type CommentsContextValue } from '../../../src/islands/comments/context';
import { createDrafts } from '../../../src/islands/comments/state/drafts';
import { commentsKeys } from '../../../src/islands/comments/strings';
import { StringsProvider } from '../../../src/islands/shared/strings';
import { memoryStorage } from '../helpers/memory-storage';
import { aComment } from './builders';

afterEach(cleanup);

const articleKey = 'article-1';

function wrap(
  children: ReactNode,
  {
    locale = 'en',
    viewer = null,
    storage = memoryStorage(),
  }: {
    locale?: Locale;
    viewer?: CommentsContextValue['viewer'];
    storage?: ReturnType<typeof memoryStorage>;
  } = {},
) {
  const context = { locale, articleKey, viewer, drafts: createDrafts(storage, articleKey) };
  return (
    <StringsProvider strings={islandStrings(locale, commentsKeys)}>
      <CommentsContext value={context}>{children}</CommentsContext>
    </StringsProvider>
  );
}

function noActions(): CommentActions {
  return {
    reply: vi.fn(() => Promise.resolve(null)),
    edit: vi.fn(() => Promise.resolve(null)),
    withdraw: vi.fn(() => Promise.resolve(null)),
    report: vi.fn(() => Promise.resolve(null)),
    moderate: vi.fn(() => Promise.resolve(null)),
  };
}

describe('the comment box', () => {
  function box(onSubmit = vi.fn(() => Promise.resolve(null))) {
    return (
      <CommentForm
        target={{ kind: 'new' }}
        label="Your comment"
        submitLabel="Post comment"
        onSubmit={onSubmit}
      />
    );
  }

  it('keeps what was typed across a reload of the page', async () => {
    const storage = memoryStorage();
    const first = render(wrap(box(), { storage }));
    await userEvent.type(screen.getByLabelText('Your comment'), 'Half a thought');
    first.unmount();

    render(wrap(box(), { storage }));

    expect(screen.getByLabelText('Your comment')).toHaveProperty('value', 'Half a thought');
  });

  it('keeps the text after a failed send, says why in German and offers to send again', async () => {
    const storage = memoryStorage();
    const onSubmit = vi
      .fn()
      .mockResolvedValueOnce({ code: 'P0001', message: 'rate_limited', hint: 'per_minute' })
      .mockResolvedValueOnce(null);
    render(wrap(box(onSubmit), { locale: 'de', storage }));
    const text = screen.getByLabelText('Your comment');
    await userEvent.type(text, 'Zu schnell');

    await userEvent.click(screen.getByRole('button', { name: 'Post comment' }));

    expect((await screen.findByRole('alert')).textContent).toContain('in 1 Minute');
    expect(text).toHaveProperty('value', 'Zu schnell');
    const retry = screen.getByRole('button', {
      name: islandStrings('de', commentsKeys)['comments.form.retry'],
    });
    await userEvent.click(retry);
    await waitFor(() => {
      expect(text).toHaveProperty('value', '');
    });
    expect(onSubmit).toHaveBeenLastCalledWith('Zu schnell');
    expect(screen.queryByRole('alert')).toBeNull();
    // Accepted: the draft is forgotten, so a reload starts empty.
    cleanup();
    render(wrap(box(), { storage }));
    expect(screen.getByLabelText('Your comment')).toHaveProperty('value', '');
  });

  it('does not send an empty comment or one over 2,000 characters', async () => {
    const onSubmit = vi.fn(() => Promise.resolve(null));
    render(wrap(box(onSubmit)));
    const send = screen.getByRole('button', { name: 'Post comment' });
    expect(send).toHaveProperty('disabled', true);

    await userEvent.type(screen.getByLabelText('Your comment'), '   ');
    expect(send).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByLabelText('Your comment'));
    await userEvent.paste('x'.repeat(2001));

    expect(send).toHaveProperty('disabled', true);
    expect(screen.getByText('Characters left: -1')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('one comment', () => {
  const me = { id: 'user-a', moderator: false };

  it('offers an anonymous reader no actions, and a member Reply and Report on others’ comments', () => {
    const comment = aComment({ authorId: 'user-b', authorName: 'Bea' });
    const { rerender } = render(wrap(<CommentItem comment={comment} actions={noActions()} />));
    expect(screen.queryAllByRole('button')).toEqual([]);

    rerender(wrap(<CommentItem comment={comment} actions={noActions()} />, { viewer: me }));

    const names = screen.getAllByRole('button').map((button) => button.textContent);
    expect(names).toEqual(['Reply', 'Report']);
  });

  it('asks before deleting one’s own comment; Escape and Cancel keep it', async () => {
    const actions = noActions();
    const comment = aComment({ authorId: me.id });
    render(wrap(<CommentItem comment={comment} actions={actions} />, { viewer: me }));
    const remove = screen.getByRole('button', { name: 'Delete' });

    await userEvent.click(remove);
    const dialog = screen.getByRole('alertdialog', {
      name: 'Delete this comment? Replies to it stay.',
    });
    // The safe answer has focus first.
    expect(document.activeElement?.textContent).toBe('Cancel');
    await userEvent.keyboard('{Escape}');

    expect(dialog.isConnected).toBe(false);
    expect(document.activeElement).toBe(remove);
    await userEvent.click(remove);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(actions.withdraw).not.toHaveBeenCalled();
  });

  it('keeps focus inside the delete dialog and deletes when confirmed', async () => {
    const actions = noActions();
    const comment = aComment({ authorId: me.id });
    render(wrap(<CommentItem comment={comment} actions={actions} />, { viewer: me }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog');

    await userEvent.tab();
    expect(document.activeElement?.textContent).toBe('Delete');
    expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.tab();
    expect(document.activeElement?.textContent).toBe('Cancel');
    await userEvent.tab({ shift: true });
    expect(document.activeElement?.textContent).toBe('Delete');

    await userEvent.keyboard('{Enter}');

    expect(actions.withdraw).toHaveBeenCalledWith(comment.id);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('speaks the reader’s language in the dialog', async () => {
    const comment = aComment({ authorId: me.id });
    render(
      wrap(<CommentItem comment={comment} actions={noActions()} />, { viewer: me, locale: 'fr' }),
    );
    const fr = islandStrings('fr', commentsKeys);

    await userEvent.click(screen.getByRole('button', { name: fr['comments.actions.delete'] }));

    expect(
      screen.getByRole('alertdialog', { name: fr['comments.actions.deleteConfirm'] }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: fr['comments.form.cancel'] })).toBeTruthy();
  });

  it('lets a moderator hide a visible comment and restore a hidden one', async () => {
    const actions = noActions();
    const moderator = { id: 'mod-1', moderator: true };
    const hidden = aComment({ authorId: 'user-b', status: 'hidden' });
    render(wrap(<CommentItem comment={hidden} actions={actions} />, { viewer: moderator }));

    expect(
      screen.getByText('Hidden by a moderator: only you and the moderators see it.'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Restore' }));

    expect(actions.moderate).toHaveBeenCalledWith(hidden.id, 'restore_comment');
  });
});
