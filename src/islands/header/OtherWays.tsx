// The ways in that need no address, under the address on the dialog's first step, in this order:
// a passkey, then the outside services ("Continue with …"). A new way is one component in ways/ and
// one entry here. (An organisation's single sign-on needs the address: its domain picks the
// identity provider, SignInForm.)
import type { ComponentType } from 'react';
import { useT } from '../shared/strings';
import { PasskeyButton } from './ways/PasskeyButton';
import { ProviderButtons } from './ways/ProviderButtons';
import type { WayProps } from './ways/way';

const ways: { name: string; Way: ComponentType<WayProps> }[] = [
  { name: 'passkey', Way: PasskeyButton },
  { name: 'providers', Way: ProviderButtons },
];

export function OtherWays(props: WayProps) {
  const t = useT();
  return (
    // Hidden by the stylesheet while no way has a button (no WebAuthn, no provider switched on).
    <section className="other-ways" aria-labelledby={`${props.id}-other-ways`}>
      <h3 id={`${props.id}-other-ways`}>{t('auth.otherWays')}</h3>
      {ways.map(({ name, Way }) => (
        <Way key={name} {...props} />
      ))}
    </section>
  );
}
