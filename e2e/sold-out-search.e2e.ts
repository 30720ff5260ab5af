import type { APIRequestContext } from '@playwright/test';
import { API } from './support/customers.ts';
import { expect, test } from './support/fixtures.ts';
import { createJourneyStore, openStoreStaffApp } from './support/own-store.ts';

/*
 * A flavour runs out during service (issue 32, docs/decisions/0051): the attendant finds it by
 * typing part of its name, switches it off once, and every group that offers it (the four
 * "Escolha até 2 sabores" of a store made from the pizzaria's template, the journey's own) stops offering it to customers; switched back, it returns.
 */

test.use({ serviceWorkers: 'block' });

/** Every option group of the pizzaria's menu (as customers get it) holding `item`, by group id: sold out or not. */
async function groupsOffering(
  request: APIRequestContext,
  host: string,
  item: string,
): Promise<Map<number, boolean>> {
  const products = (await (
    await request.get(`${API}/estoque/produtos_app`, { headers: { host } })
  ).json()) as {
    id: number;
  }[];
  const held = new Map<number, boolean>();
  const walk = (value: unknown) => {
    if (Array.isArray(value)) for (const part of value) walk(part);
    else if (value && typeof value === 'object') {
      const object = value as { id?: unknown; lista_itens?: unknown };
      if (typeof object.id === 'number' && Array.isArray(object.lista_itens))
        for (const option of object.lista_itens as { descricao: string; esgotado: boolean }[])
          if (option.descricao === item) held.set(object.id, option.esgotado);
      for (const part of Object.values(object)) walk(part);
    }
  };
  // A product with sizes asks for its groups in each size (its variants), as the dialog loads them.
  const queue = products.map((product) => product.id);
  const seen = new Set<number>();
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    if (seen.has(id)) continue;
    seen.add(id);
    const reply = await request.get(`${API}/estoque/produtos_full_app/${id}?format=json`, {
      headers: { host },
    });
    expect(reply.ok()).toBe(true);
    const full = (await reply.json()) as { variantes?: { id: number }[] };
    walk(full);
    queue.push(...(full.variantes ?? []).map((variant) => variant.id));
  }
  return held;
}

test('a flavour found by the search is switched off once in every group that offers it, and back', async ({
  browser,
  request,
}) => {
  const store = await createJourneyStore(request, 'esgotados');
  const host = store.headers.host!;
  const before = await groupsOffering(request, host, 'Calabresa');
  expect(before.size).toBeGreaterThanOrEqual(4);
  expect([...before.values()].every((soldOut) => !soldOut)).toBe(true);

  const board = await openStoreStaffApp(browser, store);
  await board.getByRole('button', { name: 'Loja', exact: true }).click();
  const search = board.getByRole('searchbox', { name: 'Buscar produto ou opção' });
  // Case and accents do not matter.
  await search.fill('CALABRÉSA');
  const options = board.getByRole('region', { name: 'Opções' });
  await expect(options.getByText('Escolha até 2 sabores')).toBeVisible();
  await expect(options).not.toContainText('sabores-');
  const flavour = options.getByRole('checkbox', { name: 'Esgotado: Calabresa' });
  await expect(flavour).toHaveCount(1);
  await expect(options.getByText('em 4 grupos')).toBeVisible();
  try {
    await flavour.check();
    await expect(flavour).toBeChecked();
    await expect
      .poll(async () => [...(await groupsOffering(request, host, 'Calabresa')).values()])
      .toEqual([...before.values()].map(() => true));

    // The change history says who did it.
    const audit = (await (
      await request.get(`${API}/staff/editor/audit?limit=5`, {
        headers: store.headers,
      })
    ).json()) as { entries: { section: string; after: Record<string, unknown> }[] };
    expect(audit.entries[0]).toMatchObject({
      section: 'sold_out',
      after: { kind: 'option_item', descricao: 'Calabresa', esgotado: true, copies: before.size },
    });
  } finally {
    await flavour.uncheck();
    await expect(flavour).not.toBeChecked();
  }
  await expect
    .poll(async () => [...(await groupsOffering(request, host, 'Calabresa')).values()])
    .toEqual([...before.values()].map(() => false));
  await board.context().close();
});
