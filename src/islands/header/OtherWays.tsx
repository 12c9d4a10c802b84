// The ways into an account besides the dialog's forms, below them in this order. A new way (a
// passkey, the organisation's single sign-on) is one component in ways/ and one entry here.
import type { ComponentType } from 'react';
import { OrganisationSignIn } from './ways/OrganisationSignIn';
import { PasskeyButton } from './ways/PasskeyButton';
import { ProviderButtons } from './ways/ProviderButtons';
import type { WayProps } from './ways/way';

const ways: { name: string; Way: ComponentType<WayProps> }[] = [
  { name: 'passkey', Way: PasskeyButton },
  { name: 'providers', Way: ProviderButtons },
  { name: 'organisation', Way: OrganisationSignIn },
];

export function OtherWays(props: WayProps) {
  return (
    <>
      {ways.map(({ name, Way }) => (
        <Way key={name} {...props} />
      ))}
    </>
  );
}
