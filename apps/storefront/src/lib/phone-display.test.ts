import { describe, expect, it } from 'vitest';
import { customerPhone, formatPhone } from './phone-display.ts';

describe('phone display', () => {
  it('shows a Brazilian mobile with its area code, others with their country code', () => {
    expect(formatPhone('11987654321')).toBe('(11)\u00a098765-4321');
    expect(formatPhone('351912345678')).toBe('+351912345678');
  });

  it("takes the customer's first real phone, ignoring 'None' entries", () => {
    expect(customerPhone(['celular:None', 'celular:21999990000'], '11987654321')).toBe('21999990000');
    expect(customerPhone(['celular:None'], '11987654321')).toBe('11987654321');
    expect(customerPhone([], '11987654321')).toBe('11987654321');
  });
});
