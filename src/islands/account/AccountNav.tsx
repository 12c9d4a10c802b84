// The account page's short in-page list: one link per section. Beside the sections on a wide
// window (it stays in view while the page scrolls), above them on a phone.
import { useT } from '../shared/strings';
import type { AccountSection } from './sections';

export function AccountNav({ sections }: { sections: AccountSection[] }) {
  const t = useT();
  return (
    <nav className="account-nav" aria-label={t('account.nav.label')}>
      <ul>
        {sections.map((section) => (
          <li key={section.id}>
            <a href={`#${section.id}`}>{t(section.title)}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
