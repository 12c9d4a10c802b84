// The demo organisation's staff at the stand-in identity provider. Their groups can be changed while
// it runs (POST /people/:email/groups), so a test can take someone out of the moderators group.
export const DEMO_DOMAIN = 'newsroom.example';
export const DEMO_PASSWORD = 'polyglot-demo-2026';

export interface StaffMember {
  /** Stable and opaque, as an organisation's directory ID is: the assertion's persistent NameID. */
  id: string;
  email: string;
  name: string;
  groups: string[];
}

export function demoStaff(): StaffMember[] {
  return [
    {
      id: 'c0d6b1a2-7e55-4f0e-9a51-000000000001',
      email: `editor@${DEMO_DOMAIN}`,
      name: 'Edda Editor',
      groups: ['staff', 'editors'],
    },
    {
      id: 'c0d6b1a2-7e55-4f0e-9a51-000000000002',
      email: `moderator@${DEMO_DOMAIN}`,
      name: 'Moritz Moderator',
      groups: ['staff', 'moderators'],
    },
  ];
}
