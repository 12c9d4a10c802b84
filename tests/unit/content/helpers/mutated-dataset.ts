import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type FixtureDoc = { _id: string; _type: string } & Record<string, unknown>;

/** The small valid export in tests/fixtures/content/tiny (en + de article, drafts, settings). */
export const tinyDataset = 'tests/fixtures/content/tiny';

/**
 * Copies the tiny fixture export to a temporary folder with its documents changed by `mutate`,
 * so each test breaks exactly one thing in an otherwise valid dataset.
 */
export function mutatedDataset(mutate: (docs: FixtureDoc[]) => FixtureDoc[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'content-fixture-'));
  cpSync(tinyDataset, dir, { recursive: true });
  const docs = readFileSync(join(tinyDataset, 'data.ndjson'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as FixtureDoc);
  writeFileSync(
    join(dir, 'data.ndjson'),
    mutate(docs)
      .map((doc) => JSON.stringify(doc))
      .join('\n') + '\n',
  );
  return dir;
}

/** Changes one document, found by id. */
export function editDoc(id: string, edit: (doc: FixtureDoc) => FixtureDoc) {
  return (docs: FixtureDoc[]): FixtureDoc[] => {
    if (!docs.some((doc) => doc._id === id)) throw new Error(`fixture has no document ${id}`);
    return docs.map((doc) => (doc._id === id ? edit(structuredClone(doc)) : doc));
  };
}

/** The document without one field, as if an editor had never filled it in. */
export function withoutField(name: string) {
  return (doc: FixtureDoc): FixtureDoc =>
    Object.fromEntries(Object.entries(doc).filter(([key]) => key !== name)) as FixtureDoc;
}
