import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

/**
 * A bench's peer page (`bench/<name>/`, its index.html and main.tsx) built with Vite's build API into
 * a new temp dir, with relative URLs so any server can serve it: never part of the app's bundle.
 * Returns the dir; the bench serves it and removes it.
 */
export async function buildPeerPage(name: string): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${name}-`));
  await build({
    root: path.resolve('bench', name),
    base: './',
    logLevel: 'silent',
    configFile: false,
    plugins: [react()],
    build: { outDir: dir, emptyOutDir: true },
  });
  return dir;
}
