/**
 * Code comments cite docs/product.md by anchor ("product.md#validation"). A renamed or removed
 * section would leave them pointing nowhere; this names every dangling citation.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const CITATION = /product\.md#([a-z0-9-]+)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|css)$/.test(entry.name) ? [path] : [];
  });
}

it('every product.md anchor cited in src/ and tests/ exists', () => {
  const product = readFileSync(join(ROOT, 'docs/product.md'), 'utf8');
  const anchors = new Set([...product.matchAll(/<a id="([^"]+)"><\/a>/g)].map((match) => match[1]));
  const dangling: string[] = [];
  for (const file of [...sourceFiles(join(ROOT, 'src')), ...sourceFiles(join(ROOT, 'tests'))]) {
    for (const [, anchor] of readFileSync(file, 'utf8').matchAll(CITATION)) {
      if (!anchors.has(anchor!)) dangling.push(`${relative(ROOT, file)}: product.md#${anchor}`);
    }
  }
  expect(anchors.size).toBeGreaterThan(10);
  expect(dangling).toEqual([]);
});
