import { chromium } from 'playwright';
const [, , email, ...paths] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
const base = 'http://127.0.0.1:4450';
await page.goto(base + '/login');
await page.getByRole('textbox').first().fill(email);
await page.locator('input[type=password]').fill('Demo-Pass1');
await page.keyboard.press('Enter');
await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 30000 });
for (const p of paths) {
  await page.goto(base + p);
  await page.waitForTimeout(2500);
  const name = '/tmp/shot-' + p.replace(/[^a-z0-9]+/gi, '_') + '.png';
  await page.screenshot({ path: name, fullPage: true });
  console.log(name);
}
await browser.close();
