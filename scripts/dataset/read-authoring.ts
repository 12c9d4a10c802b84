import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { defaultLocale, isLocale, locales, type Locale } from '../../src/i18n/locales.ts';
import { AuthoringError } from './authoring-error.ts';
import { parseFields, splitFrontMatter, type Fields } from './front-matter.ts';

export interface SourceFile {
  /** Path relative to the authoring folder, for messages. */
  file: string;
  fields: Fields;
  body: string;
}

/** A folder of translations: `<kind>/<key>/<locale>.md`. */
export interface TranslatedItem {
  key: string;
  folder: string;
  translations: Map<Locale, SourceFile>;
}

export interface AuthoringSources {
  articles: TranslatedItem[];
  categories: TranslatedItem[];
  pages: TranslatedItem[];
  authors: { key: string; source: SourceFile; avatar: string | null }[];
  settings: Map<Locale, SourceFile>;
  /** What was left out because writers have not finished it yet. */
  skipped: string[];
}

/**
 * Reads the writers' sources. Writers add files over time, so an article folder that has no
 * English text or no cover yet is skipped with a note (the article is not written yet); anything
 * present but wrong — an unknown locale file, broken front matter — fails.
 */
export async function readAuthoring(root: string): Promise<AuthoringSources> {
  const skipped: string[] = [];
  const rel = (path: string) => relative(root, path);

  const readSource = async (path: string): Promise<SourceFile> => {
    const { fields, body } = splitFrontMatter(await readFile(path, 'utf8'), rel(path));
    return { file: rel(path), fields, body };
  };

  const readTranslated = async (kind: string): Promise<TranslatedItem[]> => {
    const dir = join(root, kind);
    if (!existsSync(dir)) return [];
    const items: TranslatedItem[] = [];
    for (const key of (await readdir(dir, { withFileTypes: true }))
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort()) {
      const folder = join(dir, key);
      const translations = new Map<Locale, SourceFile>();
      for (const name of (await readdir(folder)).sort()) {
        if (!name.endsWith('.md')) continue;
        const language = name.slice(0, -3);
        if (!isLocale(language))
          throw new AuthoringError(
            rel(join(folder, name)),
            `is not a locale file (${locales.join(', ')})`,
          );
        translations.set(language, await readSource(join(folder, name)));
      }
      items.push({ key, folder, translations });
    }
    return items;
  };

  const articles = (await readTranslated('articles')).filter((article) => {
    const where = rel(article.folder);
    if (!article.translations.has(defaultLocale)) {
      skipped.push(`${where}: no ${defaultLocale}.md yet`);
      return false;
    }
    if (!existsSync(join(article.folder, 'cover.svg'))) {
      skipped.push(`${where}: no cover.svg yet`);
      return false;
    }
    return true;
  });

  const authorsDir = join(root, 'authors');
  const authorFiles = existsSync(authorsDir)
    ? (await readdir(authorsDir)).filter((n) => n.endsWith('.md')).sort()
    : [];
  const authors = await Promise.all(
    authorFiles.map(async (name) => {
      const key = name.slice(0, -3);
      const avatar = join(authorsDir, `${key}.svg`);
      return {
        key,
        source: await readSource(join(authorsDir, name)),
        avatar: existsSync(avatar) ? avatar : null,
      };
    }),
  );

  const settings = new Map<Locale, SourceFile>();
  const settingsDir = join(root, 'settings');
  for (const name of existsSync(settingsDir) ? (await readdir(settingsDir)).sort() : []) {
    const language = name.replace(/\.ya?ml$/, '');
    const path = join(settingsDir, name);
    if (!isLocale(language))
      throw new AuthoringError(rel(path), `is not a locale file (${locales.join(', ')})`);
    settings.set(language, {
      file: rel(path),
      fields: parseFields(await readFile(path, 'utf8'), rel(path)),
      body: '',
    });
  }

  return {
    articles,
    categories: await readTranslated('categories'),
    pages: await readTranslated('pages'),
    authors,
    settings,
    skipped,
  };
}
