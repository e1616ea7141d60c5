import http from 'node:http';
import fs from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb } from 'pdf-lib';
import { unicodeFonts } from '../../server/pdf/fonts';

/**
 * The peer of bench/report-portfolio.ts: what one would ship without jobs — an HTTP route that holds
 * the portfolio in memory and draws the PDF inside the request with pdf-lib (the same embedded
 * Unicode font subset, so Turkish letters print; a bar chart of the risk bands; one table row per
 * merchant, riskiest first). No store, no template, no progress, no notification.
 * argv: port, a JSON file of the merchants. Prints "ready" when listening.
 */
interface Merchant {
  name: string;
  url: string;
  score?: number;
  grade?: string;
  compliance?: string;
}
const [port, file] = process.argv.slice(2);
const merchants = JSON.parse(fs.readFileSync(file, 'utf8')) as Merchant[];
const band = (score?: number) =>
  score === undefined ? 'Unscanned' : score < 50 ? 'High' : score < 80 ? 'Medium' : 'Low';

async function draw(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const { regular, bold } = await unicodeFonts();
  const font = await pdf.embedFont(regular, { subset: true });
  const heavy = await pdf.embedFont(bold, { subset: true });
  let page = pdf.addPage([595.28, 841.89]);
  let y = 790;
  page.drawText('Merchant portfolio risk report', { x: 48, y, size: 20, font: heavy });
  y -= 40;
  const counts = new Map<string, number>();
  for (const m of merchants) counts.set(band(m.score), (counts.get(band(m.score)) ?? 0) + 1);
  const most = Math.max(1, ...counts.values());
  for (const [label, value] of counts) {
    page.drawText(label, { x: 48, y, size: 9, font });
    page.drawRectangle({ x: 140, y: y - 2, width: (300 * value) / most, height: 12, color: rgb(0.8, 0.3, 0.2) });
    page.drawText(String(value), { x: 150 + (300 * value) / most, y, size: 9, font });
    y -= 18;
  }
  y -= 20;
  const columns = [48, 190, 330, 380, 420, 480];
  const header = ['Merchant', 'URL', 'Score', 'Grade', 'Risk', 'Compliance'];
  const row = (cells: string[], f = font) => {
    if (y < 100) {
      page = pdf.addPage([595.28, 841.89]);
      y = 790;
    }
    for (const [i, cell] of cells.entries()) page.drawText(cell, { x: columns[i], y, size: 8, font: f });
    y -= 14;
  };
  row(header, heavy);
  for (const m of [...merchants].sort((a, b) => (a.score ?? -1) - (b.score ?? -1)))
    row([
      m.name,
      m.url,
      m.score === undefined ? '–' : String(m.score),
      m.grade ?? '–',
      band(m.score),
      m.compliance ?? '–',
    ]);
  const pages = pdf.getPages();
  for (const [i, p] of pages.entries())
    p.drawText(`Page ${i + 1} of ${pages.length}`, { x: 480, y: 30, size: 8, font });
  return pdf.save();
}

http
  .createServer((_req, res) => {
    draw().then(
      (bytes) => {
        res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': bytes.length });
        res.end(Buffer.from(bytes));
      },
      (error) => {
        res.writeHead(500);
        res.end(String(error));
      },
    );
  })
  .listen(Number(port), '127.0.0.1', () => console.log('ready'));
