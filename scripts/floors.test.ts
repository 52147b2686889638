import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The floors and feature borders are enforced by folder (eslint.config.js, import-x zones): a planted
 * import across them fails lint, whatever its path looks like, and an allowed one passes. So does a
 * circle of imports.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: root });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message);
}

describe('floors and borders', () => {
  it('refuses a feature importing a sibling feature by a relative path', async () => {
    expect(
      await problems(
        'apps/web/src/features/stores/planted.ts',
        "export { CATALOGUE_KEY } from '../catalogue/api';\n",
      ),
    ).toEqual([expect.stringMatching(/A feature may not import another feature/)]);
  });

  it('refuses shared web code importing a feature', async () => {
    expect(
      await problems('apps/web/src/components/planted.ts', "export * from '../features/stores/api';\n"),
    ).toEqual([expect.stringMatching(/Shared code may not import features/)]);
  });

  it('refuses lib importing a plugin, and db importing a module', async () => {
    expect(
      await problems('apps/server/src/lib/planted.ts', "export { currentUser } from '../plugins/auth.ts';\n"),
    ).toEqual([expect.stringMatching(/lib may not import from above it/)]);
    expect(
      await problems('apps/server/src/db/planted.ts', "export * from '../modules/jobs/store.ts';\n"),
    ).toEqual([expect.stringMatching(/db may not import from above it/)]);
  });

  it('refuses an app importing another app, and a package importing an app', async () => {
    expect(
      await problems('apps/device-sim/src/planted.ts', "export * from '../../server/src/demo/seed.ts';\n"),
    ).toEqual([expect.stringMatching(/An app may not import another app/)]);
    expect(
      await problems('apps/server/src/lib/planted.ts', "export * from '../../../web/src/lib/i18n.ts';\n"),
    ).toEqual([expect.stringMatching(/An app may not import another app/)]);
    expect(
      await problems(
        'packages/device-kit/src/planted.ts',
        "export * from '../../../apps/server/src/app.ts';\n",
      ),
    ).toEqual([expect.stringMatching(/A package may not import an app/)]);
  });

  it('lets a feature import shared code, and a module import lib', async () => {
    expect(
      await problems(
        'apps/web/src/features/stores/planted.ts',
        "export * from '../../components/call-state';\n",
      ),
    ).toEqual([]);
    expect(
      await problems('apps/server/src/modules/jobs/planted.ts', "export * from '../../lib/errors.ts';\n"),
    ).toEqual([]);
  });

  it('refuses two files that import each other', async () => {
    const folder = await mkdtemp(path.join(root, 'apps/server/src/lib/planted-'));
    try {
      await writeFile(path.join(folder, 'a.ts'), "import { b } from './b.ts';\nexport const a = () => b;\n");
      await writeFile(path.join(folder, 'b.ts'), "import { a } from './a.ts';\nexport const b = () => a;\n");
      const [result] = await eslint.lintFiles([path.join(folder, 'a.ts')]);
      expect(result!.messages.map((message) => message.ruleId)).toContain('import-x/no-cycle');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
