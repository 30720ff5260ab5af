import { chromium } from '@playwright/test';
const PORT = 4567;
const API = `http://127.0.0.1:${PORT}`;
const url = (store, path = '/') => `http://${store}.localhost:${PORT}${path}`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const phone = () => `119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
async function signUp(store) {
  const r = await fetch(`${API}/core/registration_app/`, { method: 'POST', headers: { 'content-type': 'application/json', host: `${store}.localhost:${PORT}` }, body: JSON.stringify({ name: 'Tela Store', password: 'senha-segura-1', terms: true, cellphone: phone(), ddi: '55' }) });
  return (await r.json()).detail;
}
async function page(store, mode, token, width = 390, height = 844) {
  const ctx = await browser.newContext({ viewport: { width, height }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', serviceWorkers: 'block', colorScheme: mode });
  const p = await ctx.newPage();
  await p.goto(url(store));
  const t2 = await p.evaluate(async (cell) => { const r = await fetch('/core/registration_app/', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'Tela Store', password: 'senha-segura-1', terms: true, cellphone: cell, ddi: '55' }) }); return (await r.json()).detail; }, phone());
  await p.evaluate(([m, t]) => { localStorage.setItem('mode', m); if (t) localStorage.setItem('token', t); }, [mode, t2]);
  return p;
}
async function shot(p, name) { await p.waitForTimeout(700); await p.screenshot({ path: `/tmp/shots-store/${name}.png` }); }
const only = process.argv[2];
for (const store of (process.argv[3] ? [process.argv[3]] : ['pizzaria', 'sakura'])) for (const mode of ['light', 'dark']) for (const [w, h] of [[390, 844], [360, 800]]) {
  const n = (s) => `${store}-${mode}-${w}-${s}`;
  const token = await signUp(store);
  const p = await page(store, mode, token, w, h);
  try {
    if (!only || only === 'checkout') {
      await p.goto(url(store)); await p.waitForTimeout(1200);
      const search = store === 'pizzaria' ? 'guarana' : 'cha verde';
      await p.getByRole('searchbox').fill(search);
      await p.getByRole('button', { name: store === 'pizzaria' ? /Guaraná Antarctica lata/ : /Chá verde gelado 500 ml/ }).first().click();
      const d = p.getByRole('dialog');
      for (let i = 1; i < 4; i++) await d.getByRole('button', { name: 'Aumentar quantidade' }).click();
      await d.getByRole('button', { name: 'Inserir' }).click();
      await p.getByRole('button', { name: 'Finalizar' }).click();
      await p.getByRole('heading', { name: 'Resumo' }).waitFor();
      await p.waitForTimeout(800);
      const min = p.getByRole('dialog', { name: 'Pedido mínimo' });
      if (await min.isVisible()) await min.getByRole('button', { name: 'Fechar' }).click();
      await shot(p, n('checkout'));
      const choose = p.getByRole('button', { name: /Escolh.*endereço/ }).first();
      if (await choose.isVisible()) { await choose.click(); await shot(p, n('address-chooser-empty')); await p.keyboard.press('Escape'); }
      if (w === 390) {
        await p.goto(url(store, '/addresses/new?return=%2Fconfirmation'));
        await p.getByRole('searchbox').fill(store === 'pizzaria' ? 'avenida paulista' : 'autonomistas');
        const sug = p.getByRole('list', { name: 'Sugestões de endereço' });
        await sug.waitFor({ timeout: 5000 });
        await sug.getByRole('button').first().click();
        await p.getByRole('heading', { name: 'Qual é o número?' }).waitFor();
        await shot(p, n('wizard-number'));
      }
    }
    if (!only || only === 'orders') {
      await p.goto(url(store, '/mobile/orders')); await p.waitForTimeout(1500);
      await shot(p, n('orders'));
    }
  } catch (e) { console.log(store, mode, w, e.message.split('\n')[0]); await shot(p, n('error')); }
  await p.context().close();
}
await browser.close();
