import { describe, expect, it } from 'vitest';
import { countryOfDdi, parseSignUpPhone } from './phone.ts';

describe("sign-up phone (spec section 5 'Phone')", () => {
  it('a Brazilian mobile signs up with its 11 national digits', () => {
    expect(parseSignUpPhone('BR', '(61) 99123-4567')).toEqual({ country: 'BR', loginDigits: '61991234567' });
  });

  it.each(['(23) 98765-4321', '(25) 98765-4321', '(29) 98765-4321'])(
    'a Brazilian number with an area code that does not exist, %s, is refused',
    (cellphone) => {
      expect(parseSignUpPhone('BR', cellphone)).toBeNull();
    },
  );

  it('a Brazilian landline is refused', () => {
    expect(parseSignUpPhone('BR', '(11) 3255-0000')).toBeNull();
  });

  it.each([
    ['55', '5511987654321', '11987654321'],
    ['55', '+5511987654321', '11987654321'],
    ['351', '351912345678', '351912345678'],
    ['351', '+351 912 345 678', '351912345678'],
    ['55', '+55 (11) 98765-4321', '11987654321'],
  ])('a cellphone sent with its country code (ddi %s, %s) signs up as %s', (ddi, cellphone, loginDigits) => {
    expect(parseSignUpPhone(countryOfDdi(ddi)!, cellphone)?.loginDigits).toBe(loginDigits);
  });

  it('a Canadian mobile sent with ddi 1 is accepted and recorded as Canadian', () => {
    expect(parseSignUpPhone(countryOfDdi('1')!, '416 555 0123')).toEqual({
      country: 'CA',
      loginDigits: '14165550123',
    });
  });
});
