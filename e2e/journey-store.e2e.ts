import { expect, test } from './support/fixtures.ts';
import { createJourneyStore, openStoreStaffApp } from './support/own-store.ts';

test('a journey store: made from the pizzeria template, open, its staff app signed in', async ({
  browser,
  request,
  page,
}) => {
  const store = await createJourneyStore(request, 'jornada');
  await page.goto(store.origin);
  await expect(page.getByRole('heading', { name: /Pizza/ }).first()).toBeVisible();
  const staff = await openStoreStaffApp(browser, store);
  await expect(staff.getByRole('region', { name: 'Novos' })).toBeVisible();
});
