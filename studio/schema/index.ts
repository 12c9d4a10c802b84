// The content model of PRODUCT.md §4 for editors. The rules come from the build's own
// (src/content/schemas/rules.ts); tests/studio/ proves the Studio accepts every document of the
// local dataset and rejects what the build rejects.
import { article } from './article.ts';
import { author } from './author.ts';
import { category } from './category.ts';
import { page } from './page.ts';
import { siteSettings } from './site-settings.ts';

export const schemaTypes = [article, category, page, author, siteSettings];

/** The document types translated document by document (one document per language). */
export const translatedTypes = ['article', 'category', 'page', 'siteSettings'];
