import { locales } from '../../src/i18n/locales.ts';
import type { Doc } from './compile-documents.ts';

/**
 * Adds the drafts a working Sanity dataset always has, so that "readers never see drafts" is
 * tested against real cases rather than an empty set:
 * - an unpublished edit of the newest English article (`drafts.` + a published id), and
 * - a translation that was started but never published: it exists only as a draft, and its
 *   translation group refers to it weakly, as @sanity/document-internationalization does.
 * Both carry a "[Draft]" title, so one leaking into a page would be plain to see.
 */
export function addDrafts(documents: Doc[]): Doc[] {
  const articles = documents.filter((doc) => doc._type === 'article');
  const newest = articles
    .filter((doc) => doc['language'] === 'en')
    .sort((a, b) => String(b['publishedAt']).localeCompare(String(a['publishedAt'])))[0];
  const drafts: Doc[] = [];
  if (newest !== undefined) {
    drafts.push({
      ...newest,
      _id: `drafts.${newest._id}`,
      title: `[Draft] ${String(newest['title'])}`,
    });
  }

  const groups = documents.filter(
    (doc) => doc._type === 'translation.metadata' && isArticleGroup(doc),
  );
  const ids = new Set(articles.map((doc) => doc._id));
  for (const group of groups) {
    const source = articles.find(
      (doc) => doc._id === firstMember(group) && doc['language'] === 'en',
    );
    const missing = locales.find(
      (language) => !ids.has(`${group._id.replace('translation-metadata-', '')}-${language}`),
    );
    if (source === undefined || missing === undefined) continue;
    const publishedId = source._id.replace(/-en$/, `-${missing}`);
    drafts.push({
      ...source,
      _id: `drafts.${publishedId}`,
      language: missing,
      title: `[Draft] ${String(source['title'])}`,
    });
    const translations = group['translations'] as unknown[];
    translations.push({
      _key: missing,
      _type: 'internationalizedArrayReferenceValue',
      language: missing,
      value: {
        _type: 'reference',
        _ref: publishedId,
        _weak: true,
        _strengthenOnPublish: { type: 'article' },
      },
    });
    break;
  }
  return [...documents, ...drafts];
}

function isArticleGroup(doc: Doc): boolean {
  return Array.isArray(doc['schemaTypes']) && (doc['schemaTypes'] as unknown[]).includes('article');
}

function firstMember(group: Doc): string | undefined {
  const [first] = group['translations'] as { value: { _ref: string } }[];
  return first?.value._ref;
}
