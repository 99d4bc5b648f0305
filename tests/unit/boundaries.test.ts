/**
 * The import rules of src/, enforced: every import (static, re-export, dynamic) of every file is
 * checked, and a crossing fails naming the file, the import and the rule; an import cycle fails
 * naming its files. The same rules are written for people in docs/client-architecture.md
 * ("Boundaries") and, for the server's layers, src/server/README.md ("Layers"); change both together.
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
  serverDomain: 'server layers: db, store, tickets, events, auth and mail import nothing from http/ or routes/ (they throw the refusals of server/errors.ts)',
  httpBelowRoutes: 'server layers: http/ imports nothing from routes/ (server.ts wires the routes in)',
  noCycles: 'no import cycles, on any side',
} as const;
type Rule = keyof typeof RULES;

/** Where a file sits: its side, on the server its folder, and on the client its layer and feature. */
interface Place {
  side: 'shared' | 'server' | 'client' | 'styles' | 'outside';
  /** On the server: 'http', 'store'…; undefined for the files at its root (server.ts, errors.ts…). */
  folder?: string;
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

/** Server folders that say what the server does, never how it answers: they import no http/ or routes/. */
const SERVER_DOMAIN = ['db', 'store', 'tickets', 'events', 'auth', 'mail'];

/** `path` is relative to src/, with '/' separators ('client/lib/query.ts'). */
export function placeOf(path: string): Place {
  const [top, area, feature, kind] = path.split('/');
  if (path.startsWith('../styles/')) return { side: 'styles' };
  if (top === 'shared') return { side: top };
  if (top === 'server') return { side: top, folder: feature === undefined ? undefined : area };
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
  if (here.side === 'server') return serverCrossings(here.folder, there.folder);
  const broken: Rule[] = [];
  if (there.layer !== here.layer && !BELOW[here.layer!].includes(there.layer!)) broken.push('layers');
  if (here.feature && there.feature && here.feature !== there.feature) broken.push('featuresApart');
  if (there.page && here.layer !== 'app' && !(here.page && here.feature === there.feature)) broken.push('pagesFromApp');
  return broken;
}

function serverCrossings(from: string | undefined, to: string | undefined): Rule[] {
  if (from === to) return [];
  if (from && SERVER_DOMAIN.includes(from) && (to === 'http' || to === 'routes')) return ['serverDomain'];
  if (from === 'http' && to === 'routes') return ['httpBelowRoutes'];
  return [];
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

/** Every source file under src/ (relative, '/' separators) with the specifiers it imports. */
function sourceImports(): Map<string, string[]> {
  return new Map(sourceFiles(SRC).map((file) => [relative(SRC, file).split('\\').join('/'), importsOf(readFileSync(file, 'utf8'))]));
}

/** Which source files each file imports (type-only and dynamic imports count too). */
function importGraph(): Map<string, string[]> {
  const files = sourceImports();
  const graph = new Map<string, string[]>();
  for (const [from, specifiers] of files) {
    const targets = specifiers.filter((s) => s.startsWith('.')).map((s) => posix.normalize(posix.join(posix.dirname(from), s)));
    graph.set(from, [...new Set(targets.filter((target) => files.has(target)))]);
  }
  return graph;
}

/** The groups of files that reach each other through their imports (Tarjan), each at least one cycle. */
function circularGroups(graph: ReadonlyMap<string, readonly string[]>): Set<string>[] {
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: Set<string>[] = [];
  const visit = (node: string) => {
    order.set(node, order.size);
    low.set(node, order.get(node)!);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!order.has(next)) visit(next);
      if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, low.get(next)!));
    }
    if (low.get(node) !== order.get(node)) return;
    const group = new Set(stack.splice(stack.indexOf(node)));
    if (group.size > 1 || graph.get(node)?.includes(node)) groups.push(group);
  };
  for (const node of graph.keys()) if (!order.has(node)) visit(node);
  return groups;
}

/** The shortest way from `start` back to itself inside its group (breadth first). */
function shortestCycle(graph: ReadonlyMap<string, readonly string[]>, group: Set<string>, start: string): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (const node of queue) {
    for (const next of graph.get(node) ?? []) {
      if (next === start) {
        const way: string[] = [];
        for (let at = node; at !== start; at = cameFrom.get(at)!) way.unshift(at);
        return [start, ...way, start];
      }
      if (group.has(next) && !cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  throw new Error(`${start} is in no cycle`);
}

/** One cycle for each group of files that import each other in a circle: from its first file (by name) back to it. */
export function cyclesIn(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  return circularGroups(graph)
    .map((group) => shortestCycle(graph, group, [...group].sort()[0]!))
    .sort((a, b) => a[0]!.localeCompare(b[0]!));
}

describe('import boundaries', () => {
  it('no file in src/ crosses a rule', () => {
    const found: string[] = [];
    for (const [from, specifiers] of sourceImports()) {
      for (const specifier of specifiers) {
        for (const rule of crossings(from, specifier)) found.push(`src/${from} imports '${specifier}': ${RULES[rule]}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('no import cycle in src/', () => {
    const found = cyclesIn(importGraph()).map((cycle) => `${RULES.noCycles}: ${cycle.map((file) => `src/${file}`).join(' → ')}`);
    expect(found).toEqual([]);
  });

  it('finds every cycle, and names each by its shortest way round', () => {
    const graph = new Map([
      ['b.ts', ['c.ts', 'a.ts']],
      ['a.ts', ['b.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
      ['e.ts', ['e.ts', 'a.ts']],
      ['f.ts', ['g.ts']],
      ['g.ts', ['h.ts']],
      ['h.ts', ['f.ts']],
    ]);
    expect(cyclesIn(graph)).toEqual([['a.ts', 'b.ts', 'a.ts'], ['e.ts', 'e.ts'], ['f.ts', 'g.ts', 'h.ts', 'f.ts']]);
    expect(cyclesIn(new Map([['a.ts', ['b.ts']], ['b.ts', ['c.ts']], ['c.ts', []]]))).toEqual([]);
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
    ['server/store/queue-sql.ts', '../http/errors.ts', 'serverDomain'],
    ['server/tickets/images.ts', '../http/respond.ts', 'serverDomain'],
    ['server/events/live.ts', '../routes/comments.ts', 'serverDomain'],
    ['server/auth/sign-in.ts', '../http/errors.ts', 'serverDomain'],
    ['server/db/database.ts', '../http/router.ts', 'serverDomain'],
    ['server/http/pipeline.ts', '../routes/tickets.ts', 'httpBelowRoutes'],
    ['server/tickets/transitions.ts', '../errors.ts', 'nothing'],
    ['server/http/pipeline.ts', '../auth/authenticate.ts', 'nothing'],
    ['server/routes/tickets.ts', '../http/respond.ts', 'nothing'],
    ['server/server.ts', './routes/tickets.ts', 'nothing'],
    ['server/context.ts', './http/answer-cache.ts', 'nothing'],
  ])('%s importing %s breaks %s', (from, specifier, rule) => {
    expect(crossings(from, specifier)).toEqual(rule === 'nothing' ? [] : [rule]);
  });
});
