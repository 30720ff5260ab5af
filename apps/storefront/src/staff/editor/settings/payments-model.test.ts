import type { DocumentPaymentMethod } from '@comanda/contract';
import { offeredInPerson } from '@comanda/domain';
import { describe, expect, it } from 'vitest';
import {
  durationText,
  moveMethod,
  newMethod,
  nextMethodId,
  pixKeyLooksRight,
  withDeliveryType,
  withType,
} from './payments-model.ts';

const cash: DocumentPaymentMethod = {
  id: 1,
  tipo: 'dinheiro',
  descricao: 'Dinheiro',
  api: null,
  chave_pix: null,
  tipo_chave_pix: null,
  pix_nome_titular: null,
  permite_troco: true,
  tipos_entrega: ['Entregar', 'Retirada', 'Vem comer'],
};

describe('a new payment method', () => {
  it('gets the number after the highest in use', () => {
    expect(nextMethodId([{ id: 1 }, { id: 4 }, { id: 2 }])).toBe(5);
    expect(nextMethodId([])).toBe(1);
  });

  it('never gets an online entry’s id (993–999), and fills a gap when the numbers run out', () => {
    expect(nextMethodId([{ id: 992 }])).toBe(1000);
    expect(nextMethodId([{ id: 3 }, { id: 999 }])).toBe(4);
    expect(nextMethodId([{ id: 1 }, { id: 9999 }])).toBe(2);
  });

  it('is offered in person for every delivery type, cash with change', () => {
    const method = newMethod([cash], 'Vale');
    expect(method).toMatchObject({ id: 2, tipo: 'dinheiro', permite_troco: true, descricao: 'Vale' });
    for (const type of ['Entregar', 'Retirada', 'Vem comer'] as const)
      expect(offeredInPerson(method, type)).toBe(true);
  });
});

describe('changing a method', () => {
  it('keeps the PIX key only on PIX and change only on cash', () => {
    const pix = withType(cash, 'pix');
    expect(pix).toMatchObject({ tipo: 'pix', permite_troco: false, tipo_chave_pix: 'cpf' });
    const card = withType({ ...pix, chave_pix: '123.456.789-09' }, 'cartao');
    expect(card).toMatchObject({
      chave_pix: null,
      tipo_chave_pix: null,
      pix_nome_titular: null,
      permite_troco: false,
    });
    expect(withType(card, 'dinheiro').permite_troco).toBe(true);
  });

  it('is offered for the delivery types ticked, in their usual order', () => {
    const pickupOnly = withDeliveryType(withDeliveryType(cash, 'Entregar', false), 'Vem comer', false);
    expect(pickupOnly.tipos_entrega).toEqual(['Retirada']);
    expect(offeredInPerson(pickupOnly, 'Entregar')).toBe(false);
    expect(withDeliveryType(pickupOnly, 'Entregar', true).tipos_entrega).toEqual(['Entregar', 'Retirada']);
  });

  it('moves up and down within the list', () => {
    expect(moveMethod(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveMethod(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });
});

describe('a PIX key', () => {
  it('looks like its type', () => {
    expect(pixKeyLooksRight('cpf', '123.456.789-09')).toBe(true);
    expect(pixKeyLooksRight('cpf', '1234567890')).toBe(false);
    expect(pixKeyLooksRight('cnpj', '12.345.678/0001-95')).toBe(true);
    expect(pixKeyLooksRight('email', 'pix@loja.example')).toBe(true);
    expect(pixKeyLooksRight('email', 'pix@loja')).toBe(false);
    expect(pixKeyLooksRight('telefone', '+55 11 98888-0000')).toBe(true);
    expect(pixKeyLooksRight('telefone', '98888')).toBe(false);
    expect(pixKeyLooksRight('aleatoria', '123e4567-e89b-12d3-a456-426614174000')).toBe(true);
    expect(pixKeyLooksRight('aleatoria', 'pix@loja.example')).toBe(false);
    expect(pixKeyLooksRight(null, 'x')).toBe(false);
    expect(pixKeyLooksRight('cpf', null)).toBe(false);
  });
});

describe('how long a PIX code is valid', () => {
  it('reads in hours, minutes and seconds', () => {
    expect(durationText(300)).toBe('5 min');
    expect(durationText(5400)).toBe('1 h 30 min');
    expect(durationText(45)).toBe('45 s');
    expect(durationText(0)).toBe('');
  });
});
