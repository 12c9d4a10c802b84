import { linkify } from './state/linkify';

/**
 * A comment's text, as text: React escapes every part, and only http(s) addresses become links,
 * marked as user content that passes no ranking or opener (`rel="nofollow ugc noopener"`).
 * Line breaks are kept by CSS (`white-space: pre-line`), never by inserting markup.
 */
export function CommentText({ body, lang }: { body: string; lang: string }) {
  return (
    <p className="comment-text" lang={lang} dir="auto">
      {linkify(body).map((part, index) =>
        'href' in part ? (
          <a key={index} href={part.href} rel="nofollow ugc noopener" target="_blank">
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}
