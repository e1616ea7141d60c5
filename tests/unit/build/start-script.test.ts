import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PRECOMPRESSED_EXTENSIONS as BUILT } from '../../../scripts/precompress.mjs';
import { inputsDigest, isBuildCurrent } from '../../../scripts/start.mjs';
import { PRECOMPRESSED_EXTENSIONS as SERVED } from '../../../server/http/spa';

/** scripts/start.mjs: `npm start` rebuilds the client or the server only when an input changed. */
describe('whether a build is current (scripts/start.mjs)', () => {
  let root: string;
  const inputs = ['src', 'config.ts'];
  const outputs = ['dist/out.js'];
  const stamp = 'dist/out.stamp.json';

  const built = async () => {
    const digest = await inputsDigest(root, inputs);
    await mkdir(join(root, 'dist'), { recursive: true });
    await writeFile(join(root, 'dist', 'out.js'), 'built');
    await writeFile(join(root, stamp), JSON.stringify({ digest }));
  };
  const current = async () => isBuildCurrent(root, stamp, await inputsDigest(root, inputs), outputs);

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'paysec-start-'));
    await mkdir(join(root, 'src', 'deep'), { recursive: true });
    await writeFile(join(root, 'src', 'a.ts'), 'export const a = 1;');
    await writeFile(join(root, 'src', 'deep', 'b.ts'), 'export const b = 2;');
    await writeFile(join(root, 'config.ts'), 'export default {};');
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('is not current before any build, and is after one', async () => {
    expect(await current()).toBe(false);
    await built();
    expect(await current()).toBe(true);
  });

  it('is not current once a file is edited, added or removed, deep in a folder or named itself', async () => {
    await built();
    await writeFile(join(root, 'src', 'deep', 'b.ts'), 'export const b = 3;');
    expect(await current()).toBe(false);
    await built();
    await writeFile(join(root, 'src', 'deep', 'c.ts'), '');
    expect(await current()).toBe(false);
    await built();
    await rm(join(root, 'src', 'a.ts'));
    expect(await current()).toBe(false);
    await built();
    await writeFile(join(root, 'config.ts'), 'export default { x: 1 };');
    expect(await current()).toBe(false);
  });

  it('is not current when a file is touched (same size, new time) or the output is gone', async () => {
    await built();
    const later = new Date(Date.now() + 60_000);
    await utimes(join(root, 'src', 'a.ts'), later, later);
    expect(await current()).toBe(false);
    await built();
    await rm(join(root, 'dist', 'out.js'));
    expect(await current()).toBe(false);
  });

  it('counts the settings the build reads from the environment', async () => {
    expect(await inputsDigest(root, inputs, 'APP_BUILD=1')).not.toBe(await inputsDigest(root, inputs, 'APP_BUILD=2'));
    expect(await inputsDigest(root, inputs, 'APP_BUILD=1')).toBe(await inputsDigest(root, inputs, 'APP_BUILD=1'));
  });

  it('ignores dot-files and node_modules, and names a missing input', async () => {
    const before = await inputsDigest(root, inputs);
    await writeFile(join(root, 'src', '.DS_Store'), 'x');
    await mkdir(join(root, 'src', 'node_modules'));
    await writeFile(join(root, 'src', 'node_modules', 'x.js'), 'x');
    expect(await inputsDigest(root, inputs)).toBe(before);
    expect(await inputsDigest(root, [...inputs, 'missing'])).not.toBe(before);
  });
});

describe('the pre-compressed files', () => {
  it('are made by the build (scripts/precompress.mjs) for the extensions spa.ts looks for', () => {
    expect([...BUILT].sort()).toEqual([...SERVED].sort());
  });
});
