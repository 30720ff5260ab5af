import { describe, expect, it } from 'vitest';
import { stationRouting } from '../stations.ts';
import { BAR_TICKET_CP850_48 } from './fixtures/bar-ticket-cp850-48.hex.ts';
import { orderTickets, type TicketDocument } from './ticket-document.ts';
import { encodeTicketEscPos } from './ticket-escpos.ts';
import { BAR_STATION, GUARANA, KITCHEN_STATION, PIZZA, STORE, scheduledDelivery } from './ticket-fixtures.ts';

/*
 * The bytes of the bar's ticket of a scheduled delivery (only its items: two Guaraná), on 80 mm
 * paper (48 columns) in PC850, against the bytes stored in fixtures/. Regenerate the fixture only
 * after reading what changed: it is what the printer gets.
 */

const routing = stationRouting(
  [KITCHEN_STATION.id, BAR_STATION.id],
  [
    { id: PIZZA, stationId: null, categoryStationId: null },
    { id: GUARANA, stationId: BAR_STATION.id, categoryStationId: null },
  ],
);

function hexOf(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const [barTicket] = orderTickets(scheduledDelivery(), {
  store: STORE,
  stations: [KITCHEN_STATION, BAR_STATION],
  routing,
  onlyStation: BAR_STATION.id,
}) as [TicketDocument];

describe('the ESC/POS bytes of a station’s ticket', () => {
  const bytes = encodeTicketEscPos(barTicket, { columns: 48, codepage: 'cp850' });

  it('are the stored bytes', () => {
    expect(hexOf(bytes)).toBe(BAR_TICKET_CP850_48.replace(/\s+/g, ''));
  });

  it('start by initialising the printer and choosing PC850 (ESC @, ESC t 2)', () => {
    expect(hexOf(bytes.slice(0, 2))).toBe('1b40');
    expect(hexOf(bytes)).toContain('1b7402');
  });

  it('write the accents in PC850 (á = A0) and end with a partial cut (GS V 1)', () => {
    expect(hexOf(bytes)).toContain(`${hexOf(new TextEncoder().encode('Guaran'))}a0`);
    // Fed past the cutter, then cut: the last command is GS V 1 (and the line it ends).
    expect(hexOf(bytes.slice(-4))).toBe('1d56010a');
    expect(hexOf(bytes).indexOf('1d5601')).toBe(hexOf(bytes).length - 8);
  });

  it('hold only the station’s items', () => {
    const text = new TextDecoder('latin1').decode(bytes);
    expect(text).toContain('2x Guaran');
    expect(text).not.toContain('Pizza');
    expect(text).toContain('AGENDADO PARA 20:30');
  });

  it('write the accents of the test print in PC860 too (ã = 84, ç = 87)', () => {
    const test = encodeTicketEscPos(
      { kind: 'kitchen', orderId: 0, stationId: null, blocks: [{ type: 'text', text: 'Pão açaí coração' }] },
      { columns: 48, codepage: 'cp860' },
    );
    expect(hexOf(test)).toContain('1b7403');
    expect(hexOf(test)).toContain(hexOf(Uint8Array.from([0x50, 0x84, 0x6f, 0x20, 0x61, 0x87, 0x61, 0xa1])));
  });
});
