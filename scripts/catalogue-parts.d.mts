import type { Plugin } from 'vite';

export const PUBLIC_KEYS: string[];
export function cataloguePart(language: string, part: 'public' | 'app'): Record<string, unknown>;
export function catalogueParts(): Plugin;
