/** The installed web app's colours (its manifests, and the pages' `theme-color`). */
export const webApp = {
  /** The favicon's blue: the icon's colour and the installed app's title bar. */
  themeColor: '#0a55a3',
  /** The page background of the light scheme (global.css `--bg`), shown while the app opens. */
  backgroundColor: '#fdfcfa',
};
