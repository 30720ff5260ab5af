import type { CustomerAddress } from '@comanda/contract';
import { describe, expect, it } from 'vitest';
import { defaultAddressId, isSelectableAddress } from './default-address.ts';

const address = (id: number, overrides: Partial<CustomerAddress> & { deliverable?: boolean } = {}) => ({
  id,
  name: `A${id}`,
  full_address: 'Rua Augusta, 1500',
  district_active: true,
  city_active: true,
  bairro_excluido: false,
  ativo_cidade: true,
  excluido: false,
  delivery_fee: 500,
  original_delivery_fee: 500,
  discount_minimum_order: 0,
  ...overrides,
});

describe('default address (spec section 4)', () => {
  it('keeps the stored address_id when it is still selectable', () => {
    expect(defaultAddressId([address(1), address(2)], '2')).toBe(2);
  });

  it('else the first usable, deliverable one', () => {
    const list = [address(1, { district_active: false }), address(2, { deliverable: false }), address(3)];
    expect(defaultAddressId(list, '2')).toBe(3);
    expect(defaultAddressId(list, null)).toBe(3);
    expect(defaultAddressId([], '1')).toBeNull();
  });

  it('a non-deliverable address is not selectable', () => {
    expect(isSelectableAddress(address(1, { deliverable: false }))).toBe(false);
    expect(isSelectableAddress(address(1, { bairro_excluido: true }))).toBe(false);
  });

  it('without the deliverable flag (older replies): city and district active, not deleted', () => {
    expect(isSelectableAddress(address(1))).toBe(true);
    expect(isSelectableAddress(address(1, { ativo_cidade: false }))).toBe(false);
    expect(isSelectableAddress(address(1, { city_active: false }))).toBe(false);
    expect(isSelectableAddress(address(1, { excluido: true }))).toBe(false);
  });
});
