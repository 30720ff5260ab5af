import {
  checkScreen,
  deliver,
  expect,
  fillCart,
  MODES,
  newCustomer,
  prepare,
  STORES,
  saveAddress,
  storeUrl,
  switchLanguage,
  test,
} from './support.ts';

/* The signed-in screens: profile, addresses and the wizard, checkout and its dialogs, orders. */

for (const store of STORES) {
  for (const mode of MODES) {
    const name = (screen: string) => `${store}-${mode}-${screen}`;

    test.describe(`${store} ${mode} signed in`, () => {
      test('profile, addresses and the address wizard', async ({ page, request }) => {
        const token = await newCustomer(request, store);
        await prepare(page, { mode, token });
        await page.goto(storeUrl(store, '/profile'));
        await expect(page.getByRole('link', { name: 'Meus endereços' })).toBeVisible();
        await checkScreen(page, name('profile'));

        await page.goto(storeUrl(store, '/addresses'));
        await expect(page.getByText('Você ainda não tem endereços salvos.')).toBeVisible();
        await checkScreen(page, name('addresses-empty'));

        await page.goto(storeUrl(store, '/addresses/new'));
        const search = page.getByRole('searchbox', { name: 'Buscar endereço' });
        await search.fill('Rua Augusta');
        const suggestions = page.getByRole('list', { name: 'Sugestões de endereço' });
        await expect(suggestions.getByRole('button').first()).toBeVisible();
        await checkScreen(page, name('wizard-search'));
        await suggestions
          .getByRole('button', { name: /Rua Augusta/ })
          .first()
          .click();
        await expect(page.getByRole('heading', { name: 'Qual é o número?' })).toBeVisible();
        await checkScreen(page, name('wizard-number'));
        await page.getByRole('textbox', { name: 'Número' }).fill('1500');
        await page.getByRole('button', { name: 'Continuar' }).click();
        await expect(page.getByRole('heading', { name: 'Confirme a localização' })).toBeVisible();
        await checkScreen(page, name('wizard-map'));
        await page.getByRole('button', { name: 'Confirmar localização' }).click();
        await expect(page.getByRole('heading', { name: 'Complete o endereço' })).toBeVisible();
        await checkScreen(page, name('wizard-details'));

        await saveAddress(request, store, token);
        await page.goto(storeUrl(store, '/addresses'));
        await expect(page.getByRole('listitem', { name: 'Casa' })).toBeVisible();
        await checkScreen(page, name('addresses'));
      });

      test('checkout, its dialogs, the result and the orders', async ({ page, request }) => {
        const token = await newCustomer(request, store);
        await saveAddress(request, store, token);
        await prepare(page, { mode, token });
        await fillCart(page, store);
        await page.getByRole('button', { name: 'Finalizar' }).click();
        await expect(page).toHaveURL(/\/confirmation$/);
        await expect(page.getByRole('heading', { name: 'Resumo' })).toBeVisible();
        await checkScreen(page, name('checkout'));

        await page.getByRole('radio', { name: 'Dinheiro' }).click();
        const change = page.getByRole('dialog');
        await expect(change).toBeVisible();
        await checkScreen(page, name('checkout-change-dialog'));
        await change
          .getByRole('button', { name: /Não preciso|Cancelar|Fechar/ })
          .first()
          .click();

        const coupon = page.getByRole('button', { name: /cupom/i }).first();
        if (await coupon.isVisible()) {
          await coupon.click();
          await expect(page.getByRole('dialog')).toBeVisible();
          await checkScreen(page, name('checkout-coupon-dialog'));
          await page
            .getByRole('dialog')
            .getByRole('button', { name: /Fechar|Cancelar/ })
            .first()
            .click();
        }

        // The row dialogs of the checkout: address chooser, notes, loyalty rules (pizzaria only).
        const rowDialogs: [RegExp, string][] = [
          [/^Trocar endereço$/, 'checkout-address-chooser'],
          [/^Adicionar$/, 'checkout-notes-dialog'],
          [/^Ver regras$/, 'checkout-loyalty-rules'],
        ];
        for (const [trigger, screen] of rowDialogs) {
          const button = page.getByRole('button', { name: trigger }).first();
          if (!(await button.isVisible())) continue;
          await button.click();
          const dialog = page.getByRole('dialog');
          await expect(dialog).toBeVisible();
          await checkScreen(page, name(screen));
          await dialog
            .getByRole('button', { name: /Fechar|Cancelar|Entendi|Voltar/ })
            .first()
            .click();
          await expect(dialog).toBeHidden();
        }

        // The store's own PIX key, shown when paying by PIX in person.
        const pixInPerson = page.getByRole('radio', { name: /^PIX/ }).first();
        if (await pixInPerson.isVisible()) {
          await pixInPerson.click();
          const keyDialog = page.getByRole('dialog');
          await expect(keyDialog).toBeVisible();
          await checkScreen(page, name('checkout-pix-key-dialog'));
          await keyDialog
            .getByRole('button', { name: /Fechar|Entendi|OK/ })
            .first()
            .click();
          await expect(keyDialog).toBeHidden();
        }

        await page.getByRole('tab', { name: 'Retirada' }).click();
        await page
          .getByRole('radio', { name: /Cartão/ })
          .first()
          .check();
        await page.getByRole('button', { name: /Confirmar pedido/ }).click();
        const result = page.getByRole('dialog', { name: 'Pedido realizado!' });
        await expect(result).toBeVisible();
        await checkScreen(page, name('checkout-result'));
        await result.getByRole('button', { name: 'Fechar' }).click();

        await page.goto(storeUrl(store, '/mobile/orders'));
        const order = page.getByRole('link').filter({ hasText: /R\$/ }).first();
        await expect(order).toBeVisible();
        await checkScreen(page, name('orders'));
        await order.click();
        await expect(page).toHaveURL(/\/mobile\/orders\/\d+/);
        await expect(page.getByText(/R\$/).first()).toBeVisible();
        await checkScreen(page, name('order-detail'));

        // Delivered, the order asks for a rating; once given, it shows it (docs/decisions/0068).
        const orderId = Number(/\/mobile\/orders\/(\d+)/.exec(page.url())![1]);
        await deliver(request, store, orderId);
        await page.reload();
        const rate = page.getByRole('region', { name: 'Avalie seu pedido' });
        await rate.scrollIntoViewIfNeeded();
        await rate.getByRole('radio', { name: '4 estrelas' }).check();
        await rate.getByLabel('Comentário (opcional)').fill('Chegou quentinho, obrigado!');
        await checkScreen(page, name('order-rating'));
        await rate.getByRole('button', { name: 'Enviar avaliação' }).click();
        const rated = page.getByRole('region', { name: 'Sua avaliação' });
        await expect(rated.getByRole('status')).toHaveText('Obrigado pela avaliação!');
        await rated.scrollIntoViewIfNeeded();
        await checkScreen(page, name('order-rated'));
      });
    });
  }

  test(`${store} in English: checkout and orders`, async ({ page, request }) => {
    const token = await newCustomer(request, store);
    await saveAddress(request, store, token);
    await prepare(page, { mode: 'light', token });
    await fillCart(page, store);
    await page.getByRole('button', { name: 'Finalizar' }).click();
    await expect(page.getByRole('heading', { name: 'Resumo' })).toBeVisible();
    await page.getByRole('tab', { name: 'Retirada' }).click();
    await switchLanguage(page, 'en');
    await expect(page.getByRole('heading', { name: 'Summary' })).toBeVisible();
    await checkScreen(page, `${store}-en-checkout`);
    await page
      .getByRole('radio', { name: /at pickup|na retirada/i })
      .first()
      .check();
    await page.getByRole('button', { name: /Confirm order|Place order/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.goto(storeUrl(store, '/mobile/orders'));
    await expect(page.getByRole('link').filter({ hasText: /R\$/ }).first()).toBeVisible();
    await checkScreen(page, `${store}-en-orders`);
  });

  test(`${store} at 360 px: checkout`, async ({ page, request }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    const token = await newCustomer(request, store);
    await saveAddress(request, store, token);
    await prepare(page, { mode: 'light', token });
    await fillCart(page, store);
    await page.getByRole('button', { name: 'Finalizar' }).click();
    await expect(page.getByRole('heading', { name: 'Resumo' })).toBeVisible();
    await checkScreen(page, `${store}-360-checkout`);
    await page.getByRole('tab', { name: 'Vem comer' }).click();
    await page
      .getByRole('group', { name: 'Pagamento no local' })
      .evaluate((group) => group.scrollIntoView({ block: 'center' }));
    await checkScreen(page, `${store}-360-checkout-payment`);
  });

  test(`${store} at desktop width: checkout`, async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const token = await newCustomer(request, store);
    await prepare(page, { mode: 'light', token });
    await fillCart(page, store);
    await page.getByRole('button', { name: 'Finalizar' }).click();
    await expect(page.getByRole('heading', { name: 'Resumo' })).toBeVisible();
    await checkScreen(page, `${store}-desktop-checkout`);
  });
}

test('pizzaria PIX screen, light and dark', async ({ page, request }) => {
  for (const mode of MODES) {
    const token = await newCustomer(request, 'pizzaria');
    await prepare(page, { mode, token });
    await fillCart(page, 'pizzaria');
    await page.getByRole('button', { name: 'Finalizar' }).click();
    await page.getByRole('tab', { name: 'Retirada' }).click();
    await page.getByRole('radio', { name: 'Pagamento online (PIX)' }).check();
    await page.getByRole('button', { name: /Confirmar pedido|Pagar/ }).click();
    await expect(page).toHaveURL(/\/pix_checkout$/);
    await expect(page.getByRole('button', { name: /Copiar/ }).first()).toBeVisible();
    await checkScreen(page, `pizzaria-${mode}-pix`, [
      page.locator('img, svg[role="img"], textarea, input[readonly]'),
    ]);
  }
});
