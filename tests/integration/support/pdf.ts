import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A one-page PDF showing `text`: an uploadable ASV report or AoC. */
export async function textPdf(text: string): Promise<Buffer> {
  const document = await PDFDocument.create();
  document
    .addPage([400, 200])
    .drawText(text, { x: 20, y: 100, font: await document.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await document.save());
}
