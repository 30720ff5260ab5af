import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocateAverage,
  type ChargePolicy,
  type Picks,
  type ProductGroup,
  priceGroup,
} from './product-pricing.ts';
import { groupItem, productGroup } from './test-factories.ts';

const G = 10;

/** A group of 1–8 items (prices up to R$ 1.000,00, some default ingredients) and picks of 0–5 units each. */
const groupWithPicks = (policy?: ChargePolicy) =>
  fc
    .record({
      policy: policy ? fc.constant(policy) : fc.constantFrom<ChargePolicy>('Soma', 'Média', 'SomaMaior'),
      items: fc.array(fc.record({ preco: fc.nat({ max: 100_000 }), qt_padrao: fc.nat({ max: 2 }) }), {
        minLength: 1,
        maxLength: 8,
      }),
    })
    .chain(({ policy, items }) =>
      fc.tuple(
        fc.constant(
          productGroup({
            id: G,
            repetir_itens: true,
            politica_cobranca: policy,
            lista_itens: items.map((item, index) => groupItem({ id: index + 1, ...item })),
          }),
        ),
        fc.array(fc.nat({ max: 5 }), { minLength: items.length, maxLength: items.length }),
      ),
    )
    .map(([group, quantities]): [ProductGroup, Picks] => [
      group,
      { [G]: Object.fromEntries(quantities.map((quantity, index) => [index + 1, quantity])) },
    ]);

const withPolicy = (group: ProductGroup, politica_cobranca: ChargePolicy): ProductGroup => ({
  ...group,
  grupo: { ...group.grupo, politica_cobranca },
});

describe('group pricing properties', () => {
  it('charges are never negative', () => {
    fc.assert(
      fc.property(groupWithPicks(), ([group, picks]) => {
        const charge = priceGroup(group, picks);
        expect(charge.charge).toBeGreaterThanOrEqual(0);
        for (const item of charge.items) {
          expect(item.charge).toBeGreaterThanOrEqual(0);
          expect(item.valor).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('charges are whole centavos', () => {
    fc.assert(
      fc.property(groupWithPicks(), ([group, picks]) => {
        const charge = priceGroup(group, picks);
        expect(Number.isInteger(charge.charge)).toBe(true);
        for (const item of charge.items) expect(Number.isInteger(item.charge)).toBe(true);
      }),
    );
  });

  it('Média per-item charges sum back exactly to the group charge', () => {
    fc.assert(
      fc.property(groupWithPicks('Média'), ([group, picks]) => {
        const charge = priceGroup(group, picks);
        expect(charge.items.reduce((acc, item) => acc + item.charge, 0)).toBe(charge.charge);
      }),
    );
  });

  it('the Média group charge is the exact average rounded half up', () => {
    fc.assert(
      fc.property(groupWithPicks('Média'), ([group, picks]) => {
        const { charge, total, items } = priceGroup(group, picks);
        const exact = items.reduce((acc, item) => acc + item.item.preco * item.chargedUnits, 0);
        if (total === 0) return;
        // charge = round(exact / total): -total < 2 * (charge * total - exact) <= total
        const twiceError = 2 * (charge * total - exact);
        expect(twiceError).toBeGreaterThan(-total);
        expect(twiceError).toBeLessThanOrEqual(total);
      }),
    );
  });

  it('each Média item charge is within one centavo of its exact share', () => {
    fc.assert(
      fc.property(groupWithPicks('Média'), ([group, picks]) => {
        const { total, items } = priceGroup(group, picks);
        for (const item of items) {
          expect(Math.abs(item.charge * total - item.item.preco * item.chargedUnits)).toBeLessThan(total);
        }
      }),
    );
  });

  it("an item's payload valor times its charged units gives its charge back", () => {
    fc.assert(
      fc.property(groupWithPicks(), ([group, picks]) => {
        for (const item of priceGroup(group, picks).items) {
          if (item.chargedUnits > 0) expect(Math.round(item.valor * item.chargedUnits)).toBe(item.charge);
        }
      }),
    );
  });

  it('SomaMaior is never below Soma for the same picks', () => {
    fc.assert(
      fc.property(groupWithPicks(), ([group, picks]) => {
        const soma = priceGroup(withPolicy(group, 'Soma'), picks).charge;
        const somaMaior = priceGroup(withPolicy(group, 'SomaMaior'), picks).charge;
        expect(somaMaior).toBeGreaterThanOrEqual(soma);
      }),
    );
  });

  it('Média is never above SomaMaior for the same picks', () => {
    fc.assert(
      fc.property(groupWithPicks(), ([group, picks]) => {
        const media = priceGroup(withPolicy(group, 'Média'), picks).charge;
        const somaMaior = priceGroup(withPolicy(group, 'SomaMaior'), picks).charge;
        expect(media).toBeLessThanOrEqual(somaMaior);
      }),
    );
  });

  it('allocateAverage shares always add up to the rounded total', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -1_000_000, max: 1_000_000 }), { maxLength: 10 }),
        fc.integer({ min: 1, max: 50 }),
        (numerators, denominator) => {
          const { total, shares } = allocateAverage(numerators, denominator);
          expect(shares.reduce((acc, share) => acc + share, 0)).toBe(total);
        },
      ),
    );
  });
});
