import type { MapsPlace } from '@comanda/contract';
import { describe, expect, it } from 'vitest';
import {
  initialWizardState,
  type WizardAction,
  type WizardState,
  wizardPositionProblem,
  wizardReducer,
} from './wizard-reducer.ts';

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

const store = { lat: -23.56, lng: -46.66 };
const run = (actions: WizardAction[], from: WizardState = initialWizardState(store)) =>
  actions.reduce(wizardReducer, from);

describe('address wizard reducer', () => {
  it('starts at step 0 on the fallback position (the store), else at 0,0', () => {
    expect(initialWizardState(store)).toMatchObject({ step: 0, position: store, place: null });
    expect(initialWizardState(null).position).toEqual({ lat: 0, lng: 0 });
  });

  it('a chosen place without a number goes to step 1, its position the reference', () => {
    const state = run([{ type: 'query', query: 'augusta' }, { type: 'resolving' }]);
    expect(state).toMatchObject({ busy: true, usedLocation: false });
    const chosen = wizardReducer(state, { type: 'resolved', place: augusta() });
    expect(chosen).toMatchObject({
      step: 1,
      busy: false,
      place: { street: 'Rua Augusta' },
      reference: { lat: -23.5535, lng: -46.6521 },
      position: { lat: -23.5535, lng: -46.6521 },
      number: '',
    });
  });

  it('a place with a number, or nothing resolved, goes to step 2; nothing resolved keeps the position', () => {
    expect(run([{ type: 'resolved', place: augusta({ number: '1500' }) }])).toMatchObject({
      step: 2,
      number: '1500',
    });
    expect(run([{ type: 'resolved', place: null }])).toMatchObject({
      step: 2,
      place: null,
      reference: store,
    });
  });

  it('my location: the query is cleared and the search marked as by location; a failure alerts', () => {
    const here = { lat: -23.55, lng: -46.65 };
    const located = run([
      { type: 'query', query: 'augusta' },
      { type: 'locating' },
      { type: 'located', place: augusta(), at: here },
    ]);
    expect(located).toMatchObject({
      step: 1,
      query: '',
      usedLocation: true,
      locating: false,
      reference: here,
    });
    const failed = run([{ type: 'locating' }, { type: 'locationFailed' }]);
    expect(failed).toMatchObject({ step: 0, locating: false, locationFailed: true });
    expect(wizardReducer(failed, { type: 'locationErrorSeen' }).locationFailed).toBe(false);
  });

  it('step 1 keeps digits only; the geocoded number moves the reference and goes to step 2', () => {
    const atNumber = augusta({ number: '1500', latitude: -23.554, longitude: -46.6526 });
    const state = run([
      { type: 'resolved', place: augusta() },
      { type: 'number', value: '15a0-0' },
    ]);
    expect(state.number).toBe('1500');
    const geocoded = run(
      [{ type: 'geocoding' }, { type: 'geocoded', located: atNumber, number: '1500' }],
      state,
    );
    expect(geocoded).toMatchObject({
      step: 2,
      busy: false,
      place: { number: '1500' },
      reference: { lat: -23.554, lng: -46.6526 },
      position: { lat: -23.554, lng: -46.6526 },
    });
  });

  it("the geocoded stretch of the same street brings its district; another street's does not", () => {
    const chosen = run([
      { type: 'resolved', place: augusta() },
      { type: 'noNumber', noNumber: true },
    ]);
    const stretch = augusta({ district: 'Jardins', district_id: 2, latitude: -23.56 });
    expect(run([{ type: 'geocoded', located: stretch, number: '' }], chosen).place).toMatchObject({
      district: 'Jardins',
      number: null,
    });
    const other = augusta({ street: 'Rua Frei Caneca', district: 'Bela Vista', latitude: -23.555 });
    const state = run([{ type: 'geocoded', located: other, number: '' }], chosen);
    expect(state.place).toMatchObject({ street: 'Rua Augusta', district: 'Consolação' });
    expect(state.reference).toEqual({ lat: -23.555, lng: -46.6521 });
  });

  it('step 2 confirms only within 500 m of the reference and with a street', () => {
    let state = run([{ type: 'resolved', place: augusta({ number: '1500' }) }]);
    for (let i = 0; i < 11; i += 1) state = wizardReducer(state, { type: 'nudge', north: 50, east: 0 });
    expect(wizardPositionProblem(state)).toBe('tooFar');
    expect(wizardReducer(state, { type: 'confirmPosition' })).toBe(state);
    state = run([{ type: 'nudge', north: -100, east: 0 }, { type: 'confirmPosition' }], state);
    expect(state).toMatchObject({
      step: 3,
      details: { street: 'Rua Augusta', number: '1500', district: 'Consolação' },
    });

    const unnamed = run([{ type: 'resolved', place: null }]);
    expect(wizardPositionProblem(unnamed)).toBe('noStreet');
    const found = run([{ type: 'reverseFound', place: augusta({ number: '20' }) }], unnamed);
    expect(wizardPositionProblem(found)).toBeNull();
  });

  it("step 3 starts with no number for 'no number'; its number keeps digits only", () => {
    const state = run([
      { type: 'resolved', place: augusta() },
      { type: 'number', value: '12' },
      { type: 'noNumber', noNumber: true },
      { type: 'geocoded', located: null, number: '' },
      { type: 'confirmPosition' },
    ]);
    expect(state.details.number).toBe('');
    expect(run([{ type: 'detail', field: 'number', value: '4b2' }], state).details.number).toBe('42');
    expect(run([{ type: 'detail', field: 'name', value: 'Casa' }], state).details.name).toBe('Casa');
  });

  it('saving: a broken rule shows on its field; a refusal shows its detail and allows another try', () => {
    const invalid = run([{ type: 'invalid', field: 'complement', message: 'Máximo de 100 caracteres' }]);
    expect(invalid.fieldError).toEqual({ field: 'complement', message: 'Máximo de 100 caracteres' });
    const sending = wizardReducer(invalid, { type: 'sending' });
    expect(sending).toMatchObject({ sending: true, fieldError: null });
    const failed = wizardReducer(sending, { type: 'saveFailed', message: 'informed local too far' });
    expect(failed).toMatchObject({ sending: false, saveError: 'informed local too far' });
    expect(wizardReducer(failed, { type: 'saveErrorSeen' }).saveError).toBeNull();
  });

  it('back decrements the step; step 0 stays (the wizard closes instead)', () => {
    const state = run([
      { type: 'resolved', place: augusta() },
      { type: 'geocoded', located: null, number: '' },
    ]);
    expect(state.step).toBe(2);
    expect(wizardReducer(state, { type: 'back' }).step).toBe(1);
    const start = initialWizardState(store);
    expect(wizardReducer(start, { type: 'back' })).toBe(start);
  });
});
