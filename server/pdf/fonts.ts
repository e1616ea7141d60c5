import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../store/project-root';

/**
 * DejaVu Sans (package dejavu-fonts-ttf, free licence: its LICENSE): a Unicode TrueType font, so
 * Turkish letters (ş ğ ı İ ç ö ü) print as they are — the standard PDF fonts speak WinAnsi only.
 * Embedded as a subset of the glyphs a document uses: the PDF stays small.
 */
const FONT_FILES = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
} as const;
let fontBytes: Promise<{ regular: Buffer; bold: Buffer }> | undefined;

/** The font files, read once per process. */
export function unicodeFonts(): Promise<{ regular: Buffer; bold: Buffer }> {
  if (!fontBytes) {
    // resolved from the project's root, as from the source so from the bundle (dist/server)
    const require = createRequire(join(PROJECT_ROOT, 'package.json'));
    fontBytes = Promise.all([
      readFile(require.resolve(FONT_FILES.regular)),
      readFile(require.resolve(FONT_FILES.bold)),
    ]).then(([regular, bold]) => ({ regular, bold }));
    // a failed read may be retried by the next job
    fontBytes.catch(() => {
      fontBytes = undefined;
    });
  }
  return fontBytes;
}
