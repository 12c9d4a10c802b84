// The Studio `npm run studio` serves and `sanity build` bundles. `scripts/studio.mjs` passes the
// site's SANITY_PROJECT_ID and SANITY_DATASET on as SANITY_STUDIO_* (the only variables Sanity puts in
// the Studio's bundle).
import { createStudioConfig } from './config.ts';

export default createStudioConfig({
  // A placeholder keeps `sanity build` working offline without a project; it cannot sign in.
  projectId: process.env.SANITY_STUDIO_PROJECT_ID || 'unconfigured',
  dataset: process.env.SANITY_STUDIO_DATASET || 'production',
});
