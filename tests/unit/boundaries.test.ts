/**
 * The import rules of src/, enforced: every import (static, re-export, dynamic) of every file is
 * checked, and a crossing fails naming the file, the import and the rule. The same rules are
 * written for people in docs/client-architecture.md ("Boundaries"); change both together.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../../src');

export const RULES = {
  sharedOnlyShared: 'shared imports only shared',
  sidesApart: 'server and client never import each other',
  noPackagesOnServer: "server and shared import no packages, only node: built-ins",
  noNodeInClient: 'the client imports no node: built-ins (it runs in a browser)',
  insideSrc: 'imports stay inside src/ (the client may also import styles/)',
  layers: 'client layers: lib imports only lib; api and components import lib; features import lib, api and components; app imports anything',
  featuresApart: 'no feature imports another feature',
  pagesFromApp: "only app/ imports a feature's pages",
} as const;
type Rule = keyof typeof RULES;

/** Where a file sits: its side, and on the client its layer and feature. */
interface Place {
  side: 'shared' | 'server' | 'client' | 'styles' | 'outside';
  layer?: Layer;
  feature?: string;
  page?: boolean;
}

const LAYERS = ['lib', 'api', 'components', 'features', 'app'] as const;
type Layer = (typeof LAYERS)[number];

/** What each client layer may import besides itself and shared: UI never reaches into calls. */
const BELOW: Record<Layer, readonly Layer[]> = {
  lib: [],
  api: ['lib'],
  components: ['lib'],
  features: ['lib', 'api', 'components'],
  app: ['lib', 'api', 'components', 'features'],
};

/** `path` is relative to src/, with '/' separators ('client/lib/query.ts'). */
export function placeOf(path: string): Place {
  const [top, area, feature, kind] = path.split('/');
  if (path.startsWith('../styles/')) return { side: 'styles' };
  if (top === 'shared' || top === 'server') return { side: top };
  if (top !== 'client') return { side: 'outside' };
  // Files at the client's root (main.tsx) compose everything, like app/.
  const layer = LAYERS.find((name) => name === area) ?? 'app';
  if (layer !== 'features') return { side: 'client', layer };
  return { side: 'client', layer, feature, page: kind === 'pages' };
}

/** The rules one import breaks; `from` is a file under src/, `specifier` as written. */
export function crossings(from: string, specifier: string): Rule[] {
  const here = placeOf(from);
  if (!specifier.startsWith('.')) {
    const builtin = specifier.startsWith('node:');
    if (here.side === 'client') return builtin ? ['noNodeInClient'] : [];
    return builtin ? [] : ['noPackagesOnServer'];
  }
  const there = placeOf(posix.normalize(posix.join(posix.dirname(from), specifier)));
  if (there.side === 'outside' || (there.side === 'styles' && here.side !== 'client')) return ['insideSrc'];
  if (here.side === 'shared') return there.side === 'shared' ? [] : ['sharedOnlyShared'];
  if (there.side === 'shared' || there.side === 'styles') return [];
  if (here.side !== there.side) return ['sidesApart'];
  if (here.side === 'server') return [];
  const broken: Rule[] = [];
  if (there.layer !== here.layer && !BELOW[here.layer!].includes(there.layer!)) broken.push('layers');
  if (here.feature && there.feature && here.feature !== there.feature) broken.push('featuresApart');
  if (there.page && here.layer !== 'app' && !(here.page && here.feature === there.feature)) broken.push('pagesFromApp');
  return broken;
}

const IMPORTS = [
  /^\s*import\s+(?:type\s+)?[\w*{}\s,$]*?\bfrom\s*['"]([^'"]+)['"]/gm, // import x, { y } from '…'
  /^\s*import\s*['"]([^'"]+)['"]/gm, // import '…' (side effects, CSS)
  /^\s*export\s+(?:type\s+)?(?:\*(?:\s+as\s+\w+)?|\{[^}]*\})\s*from\s*['"]([^'"]+)['"]/gm, // export … from '…'
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g, // import('…')
];

/** Every specifier a source file imports; comments are dropped first so examples in them do not count. */
export function importsOf(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  return IMPORTS.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => match[1]!));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts)$/.test(entry.name) ? [path] : [];
  });
}

describe('import boundaries', () => {
  it('no file in src/ crosses a rule', () => {
    const found: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const from = relative(SRC, file).split('\\').join('/');
      for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
        for (const rule of crossings(from, specifier)) found.push(`src/${from} imports '${specifier}': ${RULES[rule]}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('reads every kind of import, and not the ones in comments', () => {
    const source = [
      "import { a, type B } from './a.ts';",
      "import type {\n  C,\n} from '../c.ts';",
      "import styles from './X.module.css';",
      "import './side.ts';",
      "export { d } from './d.ts';",
      "export * from './e.ts';",
      "const F = lazy(() => import('./f.tsx'));",
      "// import { g } from './g.ts';",
      "/* import h from './h.ts'; */",
      "const url = 'http://example.com'; // a comment",
      "const words = ['export', 'import',\n  'x'];",
    ].join('\n');
    expect(importsOf(source).sort()).toEqual(['../c.ts', './X.module.css', './a.ts', './d.ts', './e.ts', './f.tsx', './side.ts']);
  });

  it.each([
    ['shared/format.ts', '../server/db/database.ts', 'sharedOnlyShared'],
    ['shared/format.ts', 'react', 'noPackagesOnServer'],
    ['server/routes/tickets.ts', '../../client/lib/paths.ts', 'sidesApart'],
    ['client/lib/query.ts', '../../server/context.ts', 'sidesApart'],
    ['server/main.ts', 'zod', 'noPackagesOnServer'],
    ['client/lib/request.ts', 'node:fs', 'noNodeInClient'],
    ['server/main.ts', '../../tests/helpers.ts', 'insideSrc'],
    ['client/lib/Toaster.tsx', '../components/Icon.tsx', 'layers'],
    ['client/api/users.ts', '../features/staff/api.ts', 'layers'],
    ['client/components/tickets/x.ts', '../../api/users.ts', 'layers'],
    ['client/features/staff/api.ts', '../../api/users.ts', 'nothing'],
    ['client/components/Card.tsx', '../features/tickets/queries.ts', 'layers'],
    ['client/features/auth/pages/SignInPage.tsx', '../../../app/guard.ts', 'layers'],
    ['client/features/profile/api.ts', '../tickets/queries.ts', 'featuresApart'],
    ['client/features/tickets/components/X.tsx', '../pages/DashboardPage.tsx', 'pagesFromApp'],
    ['client/app/areas/AdminArea.tsx', '../../features/staff/pages/StaffPage.tsx', 'nothing'],
    ['client/features/tickets/pages/A.tsx', '../components/TicketCard.tsx', 'nothing'],
    ['client/main.tsx', '../../styles/tokens.css', 'nothing'],
    ['server/main.ts', 'node:http', 'nothing'],
  ])('%s importing %s breaks %s', (from, specifier, rule) => {
    expect(crossings(from, specifier)).toEqual(rule === 'nothing' ? [] : [rule]);
  });
});
