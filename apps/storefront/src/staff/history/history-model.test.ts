import { describe, expect, it } from 'vitest';
import { appendPage, EMPTY_FILTERS, historyQuery, maskTypedDate, typedDateToIso } from './history-model.ts';

describe('typed dates (dd/mm/aaaa)', () => {
  it.each([
    ['04/05/2026', '2026-05-04'],
    ['4/5/2026', '2026-05-04'],
    [' 29/02/2028 ', '2028-02-29'],
    ['', null],
    ['29/02/2026', undefined],
    ['31/04/2026', undefined],
    ['2026-05-04', undefined],
    ['04/05/26', undefined],
    ['00/05/2026', undefined],
  ])('%j is %j', (typed, iso) => {
    expect(typedDateToIso(typed)).toBe(iso);
  });

  it('puts the slashes in as digits are typed one by one', () => {
    let value = '';
    const seen: string[] = [];
    for (const digit of '04052026') {
      value = maskTypedDate(value + digit);
      seen.push(value);
    }
    expect(seen).toEqual(['0', '04', '04/0', '04/05', '04/05/2', '04/05/20', '04/05/202', '04/05/2026']);
    expect(maskTypedDate('4/5/2026')).toBe('4/5/2026');
    expect(maskTypedDate('04/05/20261')).toBe('04/05/2026');
  });
});

describe('the search’s query', () => {
  it('sends only what was filled, digits of the phone and the number, days as YYYY-MM-DD', () => {
    expect(historyQuery(EMPTY_FILTERS)).toEqual({ query: '' });
    expect(
      historyQuery({
        ...EMPTY_FILTERS,
        number: ' 0123 ',
        name: ' José ',
        phone: '(11) 98765-4321',
        from: '01/05/2026',
        to: '31/05/2026',
        status: 'Preparo,Finalização',
        channel: 'table',
        payment: '4',
      }),
    ).toEqual({
      query:
        'number=123&name=Jos%C3%A9&phone=11987654321&from=2026-05-01&to=2026-05-31&status=Preparo%2CFinaliza%C3%A7%C3%A3o&channel=table&payment=4',
    });
  });

  it.each([
    [{ from: '31/02/2026' }, 'badFrom'],
    [{ to: 'ontem' }, 'badTo'],
    [{ from: '02/05/2026', to: '01/05/2026' }, 'fromAfterTo'],
    [{ number: 'abc' }, 'badNumber'],
    [{ phone: '(1' }, 'shortPhone'],
  ])('%j is refused as %s', (filters, problem) => {
    expect(historyQuery({ ...EMPTY_FILTERS, ...filters })).toEqual({ problem });
  });

  it('a page already shown is not shown twice', () => {
    const entry = (id: number) => ({ id }) as Parameters<typeof appendPage>[0][number];
    expect(appendPage([entry(3), entry(2)], [entry(2), entry(1)]).map((order) => order.id)).toEqual([
      3, 2, 1,
    ]);
  });
});
