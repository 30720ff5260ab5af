import { describe, expect, it } from 'vitest';
import { complementBeside } from './dispatch-address.ts';

describe('a delivery address line', () => {
  it('gets its complement beside it only when the line does not carry it already', () => {
    expect(complementBeside('Rua Augusta, 210 - Apto 12 - Consolação', 'apto 12')).toBeNull();
    expect(complementBeside('Rua Augusta, 210 - Consolação', 'Apto 12')).toBe('Apto 12');
    expect(complementBeside('Rua Augusta, 210', '  ')).toBeNull();
  });
});
