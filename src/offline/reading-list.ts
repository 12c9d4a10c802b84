// The reading-list page's script: lists the articles kept on this device (bookmarked, then read
// recently), each with the time its copy was saved. Its labels are the container's data-*
// attributes, written in the page's language at build time.
import { listDeviceCopies, type DeviceCopy } from './device-copies';

export async function showReadingList(root: HTMLElement): Promise<void> {
  const labels = root.dataset;
  const copies = await listDeviceCopies().catch(() => null);
  if (copies === null) {
    root.append(paragraph(labels['unsupported'] ?? ''));
    return;
  }
  if (copies.kept.length === 0 && copies.recent.length === 0) {
    root.append(paragraph(labels['empty'] ?? ''));
    return;
  }
  const lang = document.documentElement.lang;
  const format = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeStyle: 'short' });
  const savedAt = labels['savedAt'] ?? '{{time}}';
  for (const [heading, list] of [
    [labels['bookmarked'] ?? '', copies.kept],
    [labels['recent'] ?? '', copies.recent],
  ] as const) {
    if (list.length === 0) continue;
    const section = document.createElement('section');
    const title = document.createElement('h2');
    title.textContent = heading;
    const items = document.createElement('ul');
    items.className = 'reading-list-items';
    for (const copy of list) items.append(item(copy, savedAt, format));
    section.append(title, items);
    root.append(section);
  }
}

function item(copy: DeviceCopy, savedAt: string, format: Intl.DateTimeFormat): HTMLLIElement {
  const entry = document.createElement('li');
  const link = document.createElement('a');
  link.href = copy.path;
  link.textContent = copy.title;
  if (copy.lang !== document.documentElement.lang) {
    link.lang = copy.lang;
    link.dir = copy.dir;
  }
  const when = document.createElement('time');
  when.dateTime = copy.savedAt;
  when.textContent = copy.savedAt ? format.format(new Date(copy.savedAt)) : '';
  const [before = '', after = ''] = savedAt.split('{{time}}');
  const note = document.createElement('span');
  note.className = 'meta';
  note.append(before, when, after);
  entry.append(link, note);
  return entry;
}

function paragraph(text: string): HTMLParagraphElement {
  const element = document.createElement('p');
  element.textContent = text;
  return element;
}
