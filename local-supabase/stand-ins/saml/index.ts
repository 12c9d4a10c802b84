// A development SAML 2.0 identity provider for the demo organisation (newsroom.example): its staff
// sign in with the demo password, and it answers the local API's service provider with signed
// assertions. Started when `[auth.saml]` is on and a file in supabase/sso/ names it (`"stand_in": "saml"`).
import { listen } from '../../http/listen.ts';
import { readSsoFiles } from '../../auth/sso/files.ts';
import type { RunningStandIn, StandIn, StandInContext } from '../stand-in.ts';
import { STAND_IN_HOST } from '../stand-in.ts';
import { createStandInApp } from './app.ts';
import { DEMO_DOMAIN, DEMO_PASSWORD, demoStaff } from './people.ts';
import { standInMetadata } from './response.ts';

export const samlStandIn: StandIn = {
  wanted: (config) =>
    config.auth.saml.enabled &&
    readSsoFiles(config.local.ssoDir).some((file) => file.stand_in === 'saml'),
  async start(context: StandInContext): Promise<RunningStandIn> {
    let url = '';
    const staff = demoStaff();
    const app = createStandInApp({ url: () => url, apiUrl: context.apiUrl, staff });
    const listener = await listen(
      (request) => app.fetch(request),
      context.config.local.samlIdpPort,
      STAND_IN_HOST,
      'SAML identity provider',
      'SUPABASE_LOCAL_SAML_IDP_PORT',
    );
    url = `http://${STAND_IN_HOST}:${listener.port}`;
    return {
      title: `SAML identity provider (${DEMO_DOMAIN})`,
      url,
      notes: [
        ...staff.map((person) => `${person.email}  groups: ${person.groups.join(', ')}`),
        `password ${DEMO_PASSWORD}; sign in on the site with "Sign in with your organisation"`,
      ],
      saml: { kind: 'saml', metadataXml: standInMetadata(`${url}/sso`) },
      close: async () => {
        await listener.drain(1000);
      },
    };
  },
};
