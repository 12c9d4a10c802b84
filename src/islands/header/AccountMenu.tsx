// Signed in: the member's avatar (or initials) opening a menu with the account page, the reading
// list (the articles this device keeps to read offline), moderation (moderators and admins), and
// sign out. A disclosure (button + list of links), not an ARIA menu:
// Tab and Enter work as everywhere else on the page.
import { useEffect, useId, useRef, useState } from 'react';
import { MemberAvatar } from '../shared/MemberAvatar';
import { initialsOf, type Profile } from '../shared/profile';
import { useSession } from '../shared/SessionProvider';
import { useT } from '../shared/strings';

interface Props {
  profile: Profile | null;
  email: string;
  accountPath: string;
  readingListPath: string;
  moderationPath: string;
}

export function AccountMenu({
  profile,
  email,
  accountPath,
  readingListPath,
  moderationPath,
}: Props) {
  const t = useT();
  const id = useId();
  const { signOut } = useSession();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const name = profile?.display_name ?? email;

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !root.current?.contains(event.target as Node)
      ) {
        setOpen(false);
      }
    };
    document.addEventListener('keydown', close);
    document.addEventListener('pointerdown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('pointerdown', close);
    };
  }, [open]);

  return (
    <div className="account-menu" ref={root}>
      <button
        type="button"
        className="avatar-button"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        aria-label={t('header.accountMenu', { name })}
        onClick={() => {
          setOpen(!open);
        }}
      >
        {profile?.avatar_path ? (
          <MemberAvatar className="member-avatar" path={profile.avatar_path} size={32} />
        ) : (
          // The initials are drawn by CSS (`attr(data-initials)`): as text inside the button they
          // would have to be part of its accessible name (axe: label-content-name-mismatch), and
          // "Account menu of Ana Lee" says more than "AL".
          <span
            className="member-avatar member-initials"
            aria-hidden="true"
            data-initials={initialsOf(name)}
          />
        )}
      </button>
      <ul id={`${id}-menu`} className="account-menu-list" hidden={!open}>
        <li>
          <a href={accountPath}>{t('header.account')}</a>
        </li>
        <li>
          <a href={readingListPath}>{t('header.readingList')}</a>
        </li>
        {(profile?.role === 'moderator' || profile?.role === 'admin') && (
          <li>
            <a href={moderationPath}>{t('header.moderation')}</a>
          </li>
        )}
        <li>
          <button type="button" onClick={() => void signOut('local')}>
            {t('header.signOut')}
          </button>
        </li>
      </ul>
    </div>
  );
}
