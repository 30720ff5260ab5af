import { describe, expect, it } from 'vitest';
import {
  allBumped,
  isLineBumped,
  kitchenLineParts,
  kitchenUrgency,
  minutesSince,
  recallOutcome,
} from './kitchen.ts';
import { stationRouting } from './stations.ts';

const KITCHEN = 1;
const BAR = 2;
// Product 10 is the kitchen's (the default), product 20 the bar's.
const routing = stationRouting([KITCHEN, BAR], [{ id: 20, stationId: BAR, categoryStationId: null }]);
const lines = [
  { seq: 0, produto: 10 },
  { seq: 1, produto: 20 },
  { seq: 2, produto: 10 },
];

describe('the kitchen display’s rules', () => {
  it('counts whole minutes since acceptance and colours past 10 and 20', () => {
    const accepted = new Date('2026-05-05T20:00:00Z');
    const at = (minutes: number, seconds = 0) =>
      new Date(accepted.getTime() + minutes * 60_000 + seconds * 1000);
    expect(minutesSince(accepted, at(9, 59))).toBe(9);
    expect(minutesSince(accepted, at(-2))).toBe(0);
    expect(kitchenUrgency(accepted, at(9, 59))).toBe('normal');
    expect(kitchenUrgency(accepted, at(10))).toBe('late');
    expect(kitchenUrgency(accepted, at(19, 59))).toBe('late');
    expect(kitchenUrgency(accepted, at(20))).toBe('very_late');
  });

  it('takes a line as done when bumped itself or with its station’s whole part', () => {
    expect(isLineBumped(routing, lines[0]!, [{ stationId: KITCHEN, lineSeq: 0 }])).toBe(true);
    expect(isLineBumped(routing, lines[2]!, [{ stationId: KITCHEN, lineSeq: 0 }])).toBe(false);
    expect(isLineBumped(routing, lines[2]!, [{ stationId: KITCHEN, lineSeq: null }])).toBe(true);
    expect(isLineBumped(routing, lines[1]!, [{ stationId: KITCHEN, lineSeq: null }])).toBe(false);
  });

  it('knows when a station, then the whole order, is done', () => {
    const kitchenDone = [{ stationId: KITCHEN, lineSeq: null }];
    expect(allBumped(routing, lines, kitchenDone, KITCHEN)).toBe(true);
    expect(allBumped(routing, lines, kitchenDone, BAR)).toBe(false);
    expect(allBumped(routing, lines, kitchenDone)).toBe(false);
    expect(allBumped(routing, lines, [...kitchenDone, { stationId: BAR, lineSeq: 1 }])).toBe(true);
    const noStations = stationRouting([], []);
    expect(allBumped(noStations, lines, [{ stationId: null, lineSeq: null }])).toBe(true);
  });

  it('recalls in preparation, sends a ready order back, refuses a delivered or cancelled one', () => {
    expect(recallOutcome('Preparo')).toBe('unbump');
    expect(recallOutcome('Finalização')).toBe('unbump');
    expect(recallOutcome('Concluido')).toBe('back_to_preparation');
    expect(recallOutcome('Entregue')).toBe('refused');
    expect(recallOutcome('Cancelado')).toBe('refused');
  });

  it('reads a line’s options: SEM for removed ingredients, extras, free choices', () => {
    const item = (descricao: string, pedida: number, padrao: number, ingrediente: boolean, valor = 0) => ({
      descricao,
      quantidade_pedida: pedida,
      quantidade_padrao: padrao,
      ingrediente,
      valor,
    });
    expect(
      kitchenLineParts([
        item('Ao ponto', 1, 0, false),
        item('Cebola roxa', 0, 1, true, 150),
        item('Tomate', 1, 1, true, 150),
        item('Queijo prata', 2, 1, true, 400),
        item('Bacon', 2, 0, false, 600),
      ]),
    ).toEqual({ removed: ['Cebola roxa'], extras: ['Queijo prata', '2x Bacon'], choices: ['Ao ponto'] });
  });
});
