import { chromium, request as pwRequest } from '@playwright/test';
const PORT = 4567;
const url = (store, path = '/') => `http://${store}.localhost:${PORT}${path}`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const only = process.argv[2] ?? 'all';
async function page(store, mode, width = 390, height = 844) {
  const ctx = await browser.newContext({ viewport: { width, height }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', serviceWorkers: 'block', colorScheme: mode });
  const p = await ctx.newPage();
  await p.goto(url(store));
  await p.evaluate((m) => localStorage.setItem('mode', m), mode);
  return p;
}
async function shot(p, name) { await p.waitForTimeout(600); await p.screenshot({ path: `/tmp/shots-store/${name}.png` }); }
for (const store of ['pizzaria', 'sakura']) for (const mode of ['light', 'dark']) {
  if (only === 'all' || only === 'menu') {
    for (const [w, h] of [[390, 844], [360, 800]]) {
      const p = await page(store, mode, w, h);
      await p.goto(url(store)); await p.waitForTimeout(1500);
      await shot(p, `${store}-${mode}-${w}-menu`);
      await p.getByRole('button', { name: 'Informações da loja' }).click();
      await shot(p, `${store}-${mode}-${w}-store-info`);
      await p.getByRole('tab', { name: 'Pagamento' }).click();
      await shot(p, `${store}-${mode}-${w}-store-info-payment`);
      await p.context().close();
    }
  }
}
await browser.close();
