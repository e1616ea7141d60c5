import { describe, expect, it } from 'vitest';
import type { Text } from '../../../core/documents/document.types';
import type { ListBody } from '../../../core/lists/list.types';
import {
  cellValue,
  headerKey,
  importColumns,
  importFields,
  importList,
  importMessage,
  importProblems,
  mapHeader,
  requiredFields,
  rowFields,
} from '../../../core/resources/resource-import';
import type { ResourceBody } from '../../../core/resources/resource.types';
import { resourceProblems } from '../../../core/resources/resource.utils';
import { mccResource } from './fixtures';

const TEXTS: Record<string, { en: string; tr: string }> = {
  'mcc.code': { en: 'Code', tr: 'Kod' },
  'mcc.risk': { en: 'Risk level', tr: 'Risk düzeyi' },
};
const textOf = (text: Text, language: 'en' | 'tr') =>
  typeof text === 'string' ? (TEXTS[text]?.[language] ?? text) : text[language];

function resource(): ResourceBody {
  const body = mccResource();
  body.schema.properties = {
    code: { type: 'string', pattern: '^[0-9]{4}$', title: 'mcc.code' },
    risk: { enum: ['low', 'high'] },
    limit: { type: 'number' },
    active: { type: 'boolean' },
    owner: { type: 'object', properties: { email: { type: 'string' } } },
  };
  return body;
}

const list: ListBody = {
  title: 'x',
  source: { path: '/wbe/api/resources/mcc' },
  columns: [{ id: 'risk', field: 'risk', title: 'mcc.risk', type: 'status' }],
};

describe('resource import (core)', () => {
  it('imports every scalar property unless the document names its columns', () => {
    const body = resource();
    expect(importFields(body)).toEqual(['code', 'risk', 'limit', 'active']);
    expect(requiredFields(body)).toEqual(['code']);
    body.import = { columns: ['risk', 'code'], required: ['risk'] };
    expect(importFields(body)).toEqual(['risk', 'code']);
    expect(requiredFields(body)).toEqual(['risk']);
  });

  it('finds the list over the resource, or the one the document names', () => {
    const other: ListBody = { ...list, source: { path: '/wbe/api/other' } };
    const lists = [
      { id: 'other', body: other },
      { id: 'mcc-list', body: list },
    ];
    expect(importList(resource(), 'mcc', lists)).toBe(list);
    expect(importList({ ...resource(), import: { list: 'other' } }, 'mcc', lists)).toBe(other);
    expect(importList(resource(), 'nothing', lists)).toBeUndefined();
  });

  it('names a column by the list title, the schema title or the property name, in either language', () => {
    const columns = importColumns(resource(), list, textOf);
    expect(columns[0]).toEqual({
      field: 'code',
      required: true,
      titles: { en: 'Code', tr: 'Kod' },
      accepted: ['code', 'kod'],
    });
    expect(columns[1]).toMatchObject({ field: 'risk', titles: { en: 'Risk level', tr: 'Risk düzeyi' } });
    const { fields, problems } = mapHeader(['\uFEFF KOD ', 'risk  düzeyi', 'limit', '', 'colour'], columns, 'en');
    expect(fields).toEqual(['code', 'risk', 'limit', null, null]);
    expect(problems).toEqual([{ line: 1, column: 'colour', message: 'errors.importColumnUnknown' }]);
    expect(headerKey('  Risk\tLevel ')).toBe('risk level');
  });

  it('reports a missing required column and a column named twice', () => {
    const columns = importColumns(resource(), list, textOf);
    expect(mapHeader(['Risk level', 'risk'], columns, 'tr').problems).toEqual([
      { line: 1, column: 'risk', field: 'risk', message: 'errors.importColumnTwice' },
      { line: 1, column: 'Kod', field: 'code', message: 'errors.importColumnMissing' },
    ]);
  });

  it('reads cells as their property types; what it cannot read stays text for the schema to refuse', () => {
    expect(cellValue({ type: 'number' }, ' 1 234,5 ')).toBe(1234.5);
    expect(cellValue({ type: 'integer' }, 'many')).toBe('many');
    expect(cellValue({ type: 'boolean' }, 'Evet')).toBe(true);
    expect(cellValue({ type: 'boolean' }, 'no')).toBe(false);
    expect(cellValue({ type: 'boolean' }, 'maybe')).toBe('maybe');
    expect(cellValue({ enum: ['low', 'high'] }, 'HIGH')).toBe('high');
    expect(cellValue({ oneOf: [{ const: 'week' }] }, 'Week')).toBe('week');
    expect(cellValue({ type: 'string' }, '   ')).toBeUndefined();
    expect(rowFields(resource(), ['code', null, 'limit'], ['5411', 'ignored', ''])).toEqual({ code: '5411' });
    expect(importMessage('validation.required')).toBe('errors.cannotBeEmpty');
    expect(importMessage('validation.email')).toBe('validation.email');
  });

  it('refuses at publish import columns that are no scalar properties and required ones not imported', () => {
    const body = { ...resource(), import: { columns: ['code', 'owner', 'nope'], required: ['risk'], list: 'gone' } };
    const problems = [
      { path: '/body/import/columns/1', message: '"owner" is not one value a cell can hold' },
      { path: '/body/import/columns/2', message: 'unknown property "nope"' },
      { path: '/body/import/required/0', message: '"risk" is not an imported column' },
    ];
    expect(importProblems(body)).toEqual(problems);
    expect(importProblems(body, { published: () => undefined })).toEqual([
      ...problems,
      { path: '/body/import/list', message: 'no published list "gone"' },
    ]);
    expect(resourceProblems('mcc', { ...body, workflow: undefined })).toEqual(problems);
  });
});
