/**
 * `npm run sbom` (docs/dependencies.md): npm's own `npm sbom` writes a CycloneDX SBOM of the
 * installed tree to sbom.cdx.json. Offline: npm reads node_modules and the lockfile only.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface Component {
  name: string;
  version: string;
  purl?: string;
  licenses?: { license?: { id?: string; name?: string } }[];
}

describe('npm run sbom', () => {
  it('writes CycloneDX JSON naming every pinned package at its pinned version, with its licence', async () => {
    await promisify(execFile)('npm', ['run', '--silent', 'sbom'], { cwd: ROOT });
    const bom = JSON.parse(await readFile(`${ROOT}sbom.cdx.json`, 'utf8')) as {
      bomFormat: string;
      specVersion: string;
      metadata: { component: { purl: string } };
      components: Component[];
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
      expect(component!.licenses?.[0]?.license?.id ?? component!.licenses?.[0]?.license?.name, name).toBeTruthy();
    }
  }, 30_000);
});
