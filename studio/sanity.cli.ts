// Settings of the `sanity` command (dev server, build, dataset import/export) in this folder.
import { defineCliConfig } from 'sanity/cli';

export default defineCliConfig({
  api: {
    projectId: process.env.SANITY_STUDIO_PROJECT_ID || process.env.SANITY_PROJECT_ID,
    dataset: process.env.SANITY_STUDIO_DATASET || process.env.SANITY_DATASET || 'production',
  },
  // The Studio is bundled here, from the npm registry: no runtime module download from Sanity's CDN.
  deployment: { autoUpdates: false },
  // The schema imports the build's rules from ../src; let the dev server read them.
  vite: (config) => ({
    ...config,
    server: { ...config.server, fs: { ...config.server?.fs, allow: ['..'] } },
  }),
});
