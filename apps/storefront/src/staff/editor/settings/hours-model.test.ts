import type { DocumentShift } from '@comanda/contract';
import { isOpenAt } from '@comanda/domain';
import { describe, expect, it } from 'vitest';
import {
  addHoliday,
  addShift,
  closeDay,
  copyDay,
  dateFromTyped,
  holidayLabel,
  removeHoliday,
  removeShift,
  shiftNote,
  shiftsOfDay,
  shiftsOverlap,
  typedClock,
  typedDate,
} from './hours-model.ts';

const shift = (dia_semana: number, turno: 1 | 2, hr_inicio: string, hr_fim: string): DocumentShift => ({
  dia_semana,
  turno,
  hr_inicio,
  hr_fim,
});

// Sunday lunch and dinner, Tuesday lunch, holidays' evening.
const hours = [
  shift(0, 1, '11:30:00', '14:30:00'),
  shift(0, 2, '18:00:00', '23:00:00'),
  shift(2, 1, '11:30:00', '14:30:00'),
  shift(7, 1, '18:00:00', '22:00:00'),
];

describe('the hours screen’s days', () => {
  it('lists a day’s shifts by turno with their place in the document (the path of a refusal)', () => {
    const shuffled = [hours[1]!, hours[3]!, hours[0]!];
    expect(shiftsOfDay(shuffled, 0)).toEqual([
      { index: 2, shift: hours[0] },
      { index: 0, shift: hours[1] },
    ]);
    expect(shiftsOfDay(hours, 1)).toEqual([]);
  });

  it('opens a closed day with one shift, then adds a second, never a third', () => {
    const opened = addShift(hours, 1);
    expect(shiftsOfDay(opened, 1).map(({ shift }) => shift)).toEqual([shift(1, 1, '11:00', '22:00')]);
    const twice = addShift(opened, 1);
    expect(shiftsOfDay(twice, 1).map(({ shift }) => shift.turno)).toEqual([1, 2]);
    expect(addShift(twice, 1)).toEqual(twice);
    // Kept in day order, so the screen's rows and the document's indexes agree.
    expect(twice.map((s) => `${s.dia_semana}/${s.turno}`)).toEqual([
      '0/1',
      '0/2',
      '1/1',
      '1/2',
      '2/1',
      '7/1',
    ]);
  });

  it('removing the first shift of two makes the second the first', () => {
    const left = removeShift(hours, 0, 1);
    expect(shiftsOfDay(left, 0).map(({ shift }) => shift)).toEqual([shift(0, 1, '18:00:00', '23:00:00')]);
  });

  it('closes a day by leaving it without shifts', () => {
    const closed = closeDay(hours, 0);
    expect(shiftsOfDay(closed, 0)).toEqual([]);
    expect(closed).toHaveLength(2);
  });

  it('copies a day’s shifts to other days, replacing theirs; a closed day copies as closed', () => {
    const copied = copyDay(hours, 0, [2, 3]);
    for (const day of [2, 3])
      expect(
        shiftsOfDay(copied, day).map(({ shift }) => [shift.turno, shift.hr_inicio, shift.hr_fim]),
      ).toEqual([
        [1, '11:30:00', '14:30:00'],
        [2, '18:00:00', '23:00:00'],
      ]);
    expect(shiftsOfDay(copied, 7)).toHaveLength(1);
    expect(shiftsOfDay(copyDay(hours, 1, [0, 2]), 0)).toEqual([]);
    expect(shiftsOfDay(copyDay(hours, 1, [0, 2]), 2)).toEqual([]);
  });
});

describe('what a shift means, by the opening-hours rules', () => {
  it('an end before the start crosses midnight, and the store is open after midnight', () => {
    const late = shift(5, 1, '18:00', '02:00');
    expect(shiftNote(late)).toBe('overnight');
    // Saturday 01:00 in São Paulo (04:00 UTC) belongs to Friday's shift.
    expect(isOpenAt([late], new Date('2026-05-09T04:00:00Z'), 'America/Sao_Paulo')).toBe(true);
  });

  it('an end equal to the start is never open; 00:00–23:59 is the whole day', () => {
    const empty = shift(5, 1, '10:00', '10:00');
    expect(shiftNote(empty)).toBe('empty');
    expect(isOpenAt([empty], new Date('2026-05-08T13:00:00Z'), 'America/Sao_Paulo')).toBe(false);
    expect(shiftNote(shift(5, 1, '00:00:00', '23:59:00'))).toBe('allDay');
    expect(shiftNote(shift(5, 1, '11:00', '15:00'))).toBeNull();
    expect(shiftNote(shift(5, 1, '', '15:00'))).toBeNull();
  });

  it('tells when a second shift starts before the first ends', () => {
    expect(shiftsOverlap([shift(1, 1, '11:00', '15:00'), shift(1, 2, '14:00', '22:00')])).toBe(true);
    expect(shiftsOverlap([shift(1, 1, '11:00', '15:00'), shift(1, 2, '18:00', '01:00')])).toBe(false);
    expect(shiftsOverlap([shift(1, 1, '18:00', '02:00'), shift(1, 2, '20:00', '23:00')])).toBe(true);
    expect(shiftsOverlap([shift(1, 1, '11:00', '15:00')])).toBe(false);
  });
});

describe('holidays', () => {
  it('are kept sorted, once each, and removed by date', () => {
    const list = addHoliday(addHoliday(['2026-12-25'], '2026-11-20'), '2026-12-25');
    expect(list).toEqual(['2026-11-20', '2026-12-25']);
    expect(addHoliday(list, '')).toEqual(list);
    expect(removeHoliday(list, '2026-11-20')).toEqual(['2026-12-25']);
  });

  it('are shown as people read dates, in Portuguese or English', () => {
    expect(holidayLabel('2026-12-25', 'pt_br')).toBe('sexta-feira, 25 de dezembro de 2026');
    expect(holidayLabel('2027-01-01', 'en')).toBe('Friday, January 1, 2027');
  });
});

describe('typing', () => {
  it('a time puts its colon in, and leaves what is not a time for the server to refuse', () => {
    expect(typedClock('1130')).toBe('11:30');
    expect(typedClock('930')).toBe('09:30');
    expect(typedClock('9:30')).toBe('09:30');
    expect(typedClock('18:00')).toBe('18:00');
    expect(typedClock('11')).toBe('11');
    expect(typedClock('25:00')).toBe('25:00');
  });

  it('a date reads day/month/year, and only real dates', () => {
    expect(typedDate('2512')).toBe('25/12');
    expect(typedDate('25122026')).toBe('25/12/2026');
    expect(typedDate('25/122')).toBe('25/12/2');
    // Typed with its own slashes, a short day or month is left alone.
    expect(typedDate('1/5/2027')).toBe('1/5/2027');
    expect(dateFromTyped('25/12/2026')).toBe('2026-12-25');
    expect(dateFromTyped('1/5/2027')).toBe('2027-05-01');
    expect(dateFromTyped('31/02/2027')).toBeNull();
    expect(dateFromTyped('2027-05-01')).toBeNull();
  });
});
