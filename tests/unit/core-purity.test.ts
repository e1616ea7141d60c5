import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './support/app-documents';

const CORE = join(ROOT, 'core');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const files = sourceFiles(CORE);
const modules = files.filter((file) => !file.endsWith('.types.ts'));

describe('core/ is isomorphic (STYLE.md: no React, no Express, no DOM, no fs)', () => {
  it('has modules to check', () => {
    expect(modules.length).toBeGreaterThan(5);
  });

  it.each(modules.map((file) => [relative(ROOT, file), file]))('%s imports under Node', async (_name, file) => {
    const loaded = await import(file);
    expect(Object.keys(loaded).length).toBeGreaterThan(0);
  });

  const FORBIDDEN_IMPORTS =
    /from\s+['"](react(-dom)?(\/.*)?|express(\/.*)?|node:[^'"]+|fs|fs\/promises|path|os|child_process)['"]|require\(/;
  const TEMPLATES = /`(?:[^`\\]|\\.)*`/g;
  const FORBIDDEN_GLOBALS = /(?<![.\w$])(window|document|localStorage|sessionStorage|navigator|process)\s*[.[]/;

  it('the scan itself catches offenders', () => {
    expect("import React from 'react';").toMatch(FORBIDDEN_IMPORTS);
    expect("import { readFileSync } from 'node:fs';").toMatch(FORBIDDEN_IMPORTS);
    expect("import express from 'express';").toMatch(FORBIDDEN_IMPORTS);
    expect('const href = window.location.href;').toMatch(FORBIDDEN_GLOBALS);
    expect('document.title = x;').toMatch(FORBIDDEN_GLOBALS);
    expect('candidate.document.id').not.toMatch(FORBIDDEN_GLOBALS);
    expect("const fs = require('fs');".replace(TEMPLATES, '``')).toMatch(FORBIDDEN_IMPORTS);
    expect('_`require("./runtime").run`'.replace(TEMPLATES, '``')).not.toMatch(FORBIDDEN_IMPORTS);
  });

  it.each(files.map((file) => [relative(ROOT, file), file]))(
    '%s touches no React, Express, node:*, fs or DOM',
    (_name, file) => {
      const source = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\/\/.*$/gm, '');
      // template literals are code core generates (ajv's standalone `require(...)`), not calls
      expect(source.replace(TEMPLATES, '``')).not.toMatch(FORBIDDEN_IMPORTS);
      // globals are looked for outside string literals (import paths such as './document.types')
      const code = source.replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g, "''");
      expect(code).not.toMatch(FORBIDDEN_GLOBALS);
    },
  );
});
