import type { MapsPlace } from '@comanda/contract';
import { haversineMetres } from '@comanda/domain';
import { describe, expect, it } from 'vitest';
import {
  buildSentAddress,
  canContinueNumber,
  canSave,
  digitsOnly,
  districtLocked,
  initialDetails,
  nudge,
  positionProblem,
  previousStep,
  safeReturnPath,
  stepAfterSearch,
  streetEditable,
} from './wizard-rules.ts';

const augusta = (overrides: Partial<MapsPlace> = {}): MapsPlace => ({
  description: 'Rua Augusta - Consolação, São Paulo - SP',
  street: 'Rua Augusta',
  number: null,
  district: 'Consolação',
  district_id: 1,
  city: 'São Paulo',
  city_id: 1,
  state: 'SP',
  latitude: -23.5535,
  longitude: -46.6521,
  ...overrides,
});

describe('address wizard rules', () => {
  it('goes to step 2 with a number or nothing resolved, else to step 1', () => {
    expect(stepAfterSearch(augusta({ number: '1500' }))).toBe(2);
    expect(stepAfterSearch(null)).toBe(2);
    expect(stepAfterSearch(augusta())).toBe(1);
  });

  it('back decrements the step; step 0 has none', () => {
    expect(previousStep(3)).toBe(2);
    expect(previousStep(1)).toBe(0);
    expect(previousStep(0)).toBeNull();
  });

  it('step 1 takes digits only, or no number', () => {
    expect(digitsOnly('12a-3 ')).toBe('123');
    expect(canContinueNumber('', false)).toBe(false);
    expect(canContinueNumber('', true)).toBe(true);
    expect(canContinueNumber('42', false)).toBe(true);
  });

  it('step 2 blocks confirm beyond 500 m and without a street', () => {
    const reference = { lat: -23.5535, lng: -46.6521 };
    let position = reference;
    for (let i = 0; i < 10; i += 1) position = nudge(position, 50, 0);
    expect(haversineMetres(reference, position)).toBeCloseTo(500, -1);
    expect(positionProblem(nudge(reference, 490, 0), reference, 'Rua Augusta')).toBeNull();
    expect(positionProblem(nudge(reference, 510, 0), reference, 'Rua Augusta')).toBe('tooFar');
    expect(positionProblem(nudge(reference, 0, -510), reference, 'Rua Augusta')).toBe('tooFar');
    expect(positionProblem(reference, reference, '  ')).toBe('noStreet');
  });

  it("step 3: 'Rua sem nome' and 'Sem bairro' (locked) when the place lacks them", () => {
    const unnamed = augusta({ street: '', district: null, district_id: null });
    expect(initialDetails(unnamed, '')).toMatchObject({ street: 'Rua sem nome', district: 'Sem bairro' });
    expect(streetEditable(unnamed)).toBe(true);
    expect(districtLocked(unnamed)).toBe(true);
    expect(streetEditable(augusta())).toBe(false);
    expect(districtLocked(augusta())).toBe(false);
  });

  it('save is disabled while sending, or without a name or a district', () => {
    const details = { ...initialDetails(augusta(), '10'), name: 'Casa' };
    expect(canSave(details, false)).toBe(true);
    expect(canSave(details, true)).toBe(false);
    expect(canSave({ ...details, name: ' ' }, false)).toBe(false);
    expect(canSave({ ...details, district: '' }, false)).toBe(false);
  });

  it('builds the sent shape: S/N for no number, ids of the place, complement at most 100', () => {
    const position = { lat: -23.55, lng: -46.65 };
    const built = buildSentAddress(augusta(), { ...initialDetails(augusta(), ''), name: 'Casa' }, position, {
      search: 'augusta',
      location: false,
    });
    expect(built).toMatchObject({
      ok: true,
      address: {
        street: 'Rua Augusta',
        street_number: 'S/N',
        city_id: 1,
        district_id: 1,
        district_name: 'Consolação',
        latitude: -23.55,
        search: 'augusta',
        location: false,
      },
    });
    const tooLong = buildSentAddress(
      augusta(),
      { ...initialDetails(augusta(), '1'), name: 'Casa', complement: 'x'.repeat(101) },
      position,
      { search: null, location: true },
    );
    expect(tooLong).toMatchObject({
      ok: false,
      error: { field: 'complement', message: 'Máximo de 100 caracteres' },
    });
    const noDistrict = buildSentAddress(
      augusta({ district: null, district_id: null }),
      { ...initialDetails(augusta({ district: null }), '1'), name: 'Casa' },
      position,
      { search: null, location: true },
    );
    expect(noDistrict).toMatchObject({ ok: true, address: { district_id: null, district_name: '' } });
  });

  it('accepts only same-origin return paths', () => {
    expect(safeReturnPath('/confirmation')).toBe('/confirmation');
    expect(safeReturnPath('//evil.example')).toBeNull();
    expect(safeReturnPath('https://evil.example')).toBeNull();
    expect(safeReturnPath(null)).toBeNull();
  });
});
