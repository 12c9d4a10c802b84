// A member's sections on the account page: Account.tsx loads this module (and everything the
// sections need) only once a member's session is there, so a signed-out visitor never downloads it.
import { useEffect, useState } from 'react';
import type { Profile } from '../shared/profile';
import { useSession } from '../shared/SessionProvider';
import { useT } from '../shared/strings';
import type { MemberProps } from './Account';
import { AccountNav } from './AccountNav';
import { ActionMessage } from './ActionMessage';
import { loadProfile } from './account-api';
import { Section } from './Section';
import { sectionsFor } from './sections';
import { useAction } from './use-action';

export default function MemberAccount({
  db,
  locale,
  articles,
  localePaths,
  confirmUrl,
  session,
  onDeleted,
}: MemberProps) {
  const t = useT();
  const { auth } = useSession();
  const userId = session.user.id;
  const [profile, setProfile] = useState<Profile | null>(null);
  const loading = useAction();

  useEffect(() => {
    let current = true;
    void loading.run(async () => {
      const result = await loadProfile(db, userId);
      if (!result.ok) return result.error;
      if (current) setProfile(result.value);
      return null;
    });
    return () => {
      current = false;
    };
  }, [db, userId, loading.run]);

  if (profile === null) {
    return loading.state.status === 'failed' ? (
      <ActionMessage state={loading.state} />
    ) : (
      <p className="meta">{t('account.loading')}</p>
    );
  }
  const context = {
    db,
    auth,
    session,
    profile,
    setProfile,
    locale,
    articles,
    localePaths,
    confirmUrl,
    onDeleted,
  };
  const sections = sectionsFor(context);
  return (
    <div className="account">
      <AccountNav sections={sections} />
      <div className="account-sections">
        {sections.map((section) => (
          <Section key={section.id} id={section.id} title={t(section.title)}>
            {section.render(context)}
          </Section>
        ))}
      </div>
    </div>
  );
}
