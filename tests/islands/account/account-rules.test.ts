// What the account page checks before sending (PRODUCT.md §7) and how its forms' state moves.
import { describe, expect, it } from 'vitest';
import { nextActionState, idle } from '../../../src/islands/account/action-state';
import {
  avatarObjectName,
  avatarProblem,
  confirmsDeletion,
  displayNameProblem,
  exportFileName,
  maxAvatarBytes,
  trimDisplayName,
} from '../../../src/islands/account/account-rules';

describe('display name', () => {
  it('accepts 1 to 40 characters after trimming, counting code points as the database does', () => {
    expect(displayNameProblem('  Ana  ')).toBeNull();
    expect(displayNameProblem('😀'.repeat(40))).toBeNull();
    expect(trimDisplayName('\u00a0 Ana \u3000')).toBe('Ana');
  });

  it('refuses an empty name, one over 40 characters and control characters', () => {
    for (const name of [' \u200b ', 'x'.repeat(41), 'Ana\u0007', 'Line\u2028break']) {
      expect(displayNameProblem(name), JSON.stringify(name)).toBe('errors.displayNameLength');
    }
  });
});

describe('avatar', () => {
  it('accepts PNG, JPEG and WebP up to 2 MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp']) {
      expect(avatarProblem({ type, size: maxAvatarBytes })).toBeNull();
    }
  });

  it('refuses other types and larger files with their own messages', () => {
    expect(avatarProblem({ type: 'image/gif', size: 10 })).toBe('errors.fileType');
    expect(avatarProblem({ type: '', size: 10 })).toBe('errors.fileType');
    expect(avatarProblem({ type: 'image/png', size: maxAvatarBytes + 1 })).toBe(
      'errors.fileTooLarge',
    );
  });

  it('names each upload anew inside the member’s folder', () => {
    expect(avatarObjectName('abc', 'image/jpeg', 42)).toBe('abc/avatar-42.jpg');
    expect(avatarObjectName('abc', 'image/webp', 43)).toBe('abc/avatar-43.webp');
  });
});

describe('deletion and export', () => {
  it('deletion needs the word of the page’s language, whatever its case and edge spaces', () => {
    expect(confirmsDeletion(' Löschen ', 'löschen')).toBe(true);
    expect(confirmsDeletion('delete', 'löschen')).toBe(false);
    expect(confirmsDeletion('', 'delete')).toBe(false);
  });

  it('the export file is named with its day', () => {
    expect(exportFileName(new Date('2026-11-25T15:00:00Z'))).toBe(
      'polyglot-press-data-2026-11-25.json',
    );
  });
});

describe('a form’s action state', () => {
  it('goes busy → done, and back to idle when the person edits again', () => {
    const busy = nextActionState(idle, { type: 'start' });
    const done = nextActionState(busy, { type: 'succeed' });
    expect(done).toEqual({ status: 'done' });
    expect(nextActionState(done, { type: 'edit' })).toEqual(idle);
  });

  it('keeps a failure on screen while the person corrects the form', () => {
    const failed = nextActionState({ status: 'busy' }, { type: 'fail', error: 'errors.offline' });
    expect(failed).toEqual({ status: 'failed', error: 'errors.offline' });
    expect(nextActionState(failed, { type: 'edit' })).toBe(failed);
    expect(nextActionState(failed, { type: 'start' })).toEqual({ status: 'busy' });
  });
});
