import { chromium } from '@playwright/test';
const [base, email, ...paths] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
await page.goto(base + '/login');
await page.getByRole('textbox').first().fill(email);
await page.locator('input[type=password]').fill('Demo-Pass1');
await page.keyboard.press('Enter');
await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 30000 });
for (const p of paths) {
  await page.goto(base + p);
  await page.waitForTimeout(2500);
  const name = p.replace(/[^a-z0-9]+/gi, '_');
  await page.screenshot({ path: `/tmp/shots/${email.split('@')[0]}${name}.png`, fullPage: false });
  console.log('shot', p, await page.title());
}
await browser.close();
