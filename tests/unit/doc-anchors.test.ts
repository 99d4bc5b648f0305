/**
 * Code comments and docs cite the pages in docs/ by anchor ("product.md#validation",
 * "design.md#storage"). A renamed or removed section would leave them pointing nowhere, and a
 * citation of a file outside the repository dangles in every fresh clone; this names each one.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const DOCS = join(ROOT, 'docs');
const SCANNED = ['src', 'tests', 'bench', 'stress', 'docs', 'styles', '.ci', 'README.md', 'build.mjs', 'build-budget.ts', 'scripts', 'vitest.config.ts', 'index.html', 'package.json'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'results', 'screenshots']);
const TEXT_FILE = /\.(ts|tsx|mts|mjs|js|css|md|json|html)$|^run$/;
/** `design.md#storage`, `docs/product.md#calls`, `../../docs/decisions.md#reports`. */
const CITATION = /([A-Za-z0-9_-]+)\.md#([a-z0-9-]+)/g;
/** A link to an anchor of the same page: `](#route-guard)`. */
const SAME_PAGE = /\]\(#([a-z0-9-]+)\)/g;
/** Section numbers of the design and specification that lived outside the repository. */
const OUTSIDE_CITATIONS = [/\b(?:DESIGN|SPEC)\s*§/g, /\b(?:DESIGN|SPEC)\.md\b/g];
/** A relative path into a `shared` folder: fine when it stays in the repository (src/shared). */
const SHARED_PATH = /(?:\.\.\/)+shared\//g;

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true }).flatMap((entry) => {
    const child = join(path, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : filesUnder(child);
    return TEXT_FILE.test(entry.name) ? [child] : [];
  });
}

const scannedFiles = () => SCANNED.flatMap((path) => filesUnder(join(ROOT, path)));

/** The explicit anchors (`<a id="…"></a>`) of a page. */
function anchorsOf(file: string): Set<string> {
  return new Set([...readFileSync(file, 'utf8').matchAll(/<a id="([^"]+)"><\/a>/g)].map((match) => match[1]!));
}

/** Every citation of a docs/ page's anchor that the page does not have, as "file: page#anchor". */
function danglingAnchors(files: string[], docsDir: string): string[] {
  const pages = new Map<string, Set<string>>();
  const anchorsOfPage = (name: string) => {
    const file = join(docsDir, `${name}.md`);
    if (!pages.has(name)) pages.set(name, existsSync(file) ? anchorsOf(file) : new Set());
    return pages.get(name)!;
  };
  const dangling: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const [, page, anchor] of text.matchAll(CITATION)) {
      // README.md#… and other pages outside docs/ are not ours to check here.
      if (!existsSync(join(docsDir, `${page}.md`))) continue;
      if (!anchorsOfPage(page!).has(anchor!)) dangling.push(`${relative(ROOT, file)}: ${page}.md#${anchor}`);
    }
    if (dirname(file) === docsDir && file.endsWith('.md')) {
      const own = anchorsOf(file);
      for (const [, anchor] of text.matchAll(SAME_PAGE)) if (!own.has(anchor!)) dangling.push(`${relative(ROOT, file)}: #${anchor}`);
    }
  }
  return dangling;
}

/** Every citation of something outside the repository, as "file:line: text". */
function outsideCitations(files: string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    readFileSync(file, 'utf8').split('\n').forEach((line, index) => {
      const where = `${relative(ROOT, file)}:${index + 1}`;
      for (const pattern of OUTSIDE_CITATIONS) for (const [text] of line.matchAll(pattern)) found.push(`${where}: ${text}`);
      for (const [text] of line.matchAll(SHARED_PATH)) {
        const target = resolve(dirname(file), text);
        if (!target.startsWith(ROOT + sep)) found.push(`${where}: ${text}`);
      }
    });
  }
  return found;
}

it('every docs/ anchor cited in the repository exists', () => {
  const files = scannedFiles();
  expect(files.length).toBeGreaterThan(100);
  expect(anchorsOf(join(DOCS, 'product.md')).size).toBeGreaterThan(10);
  expect(anchorsOf(join(DOCS, 'design.md')).size).toBeGreaterThan(10);
  expect(danglingAnchors(files, DOCS)).toEqual([]);
});

it('nothing cites the design or specification that lived outside the repository', () => {
  expect(outsideCitations(scannedFiles())).toEqual([]);
});

it('names a dangling anchor and a citation outside the repository', () => {
  const dir = mkdtempSync(join(tmpdir(), 'doc-anchors-'));
  try {
    const file = join(dir, 'cites.ts');
    // Written in pieces so that this file itself cites nothing outside the repository.
    writeFileSync(file, [`// design.md#storage design.md#${'no-such-anchor'}`, `// ${['DESIGN', '§4'].join(' ')}`, `// ${'..'}/shared/notes.md`].join('\n'));
    expect(danglingAnchors([file], DOCS)).toEqual([`${relative(ROOT, file)}: design.md#${'no-such-anchor'}`]);
    expect(outsideCitations([file])).toHaveLength(2);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
