import type { StaffOrder, StationsReply } from '@comanda/contract';
import {
  DEFAULT_TICKET_CODEPAGE,
  orderChangeTickets,
  orderTickets,
  type StationRouting,
  TICKET_CODEPAGES,
  type TicketCodepage,
  type TicketDocument,
  type TicketLine,
} from '@comanda/domain';
import { readBoot } from '../../lib/boot.ts';
import { createStore } from '../../lib/external-store.ts';
import { pageStoreTimeZone } from '../../lib/store-time-zone.ts';
import { staffFetch } from './staff-api.ts';

/*
 * This device's ticket printer (docs/decisions/0053): a thermal printer paired over WebUSB or
 * WebSerial, remembered per device (localStorage, per store's address), with the station it prints
 * for, its code page and paper width. The board prints to it without a dialog; with none paired (or
 * no such API in this browser) the browser's print dialog prints the same tickets.
 */

export type PrinterTransport = 'usb' | 'serial';

export interface PairedPrinter {
  transport: PrinterTransport;
  vendorId: number | null;
  productId: number | null;
  serialNumber: string | null;
  /** As the device names itself ('EPSON TM-T20'), or null for a serial port. */
  name: string | null;
}

export interface DevicePrinterSettings {
  printer: PairedPrinter | null;
  /** The station this device prints for; null: every station and the counter's copy. */
  station: number | null;
  codepage: TicketCodepage;
  paper: 80 | 58;
}

const SETTINGS_KEY = 'staff_printer';

export const DEFAULT_PRINTER_SETTINGS: DevicePrinterSettings = {
  printer: null,
  station: null,
  codepage: DEFAULT_TICKET_CODEPAGE,
  paper: 80,
};

function readSettings(): DevicePrinterSettings {
  try {
    const saved = JSON.parse(
      localStorage.getItem(SETTINGS_KEY) ?? 'null',
    ) as Partial<DevicePrinterSettings> | null;
    if (!saved || typeof saved !== 'object') return DEFAULT_PRINTER_SETTINGS;
    return {
      printer: saved.printer && typeof saved.printer === 'object' ? saved.printer : null,
      station: typeof saved.station === 'number' ? saved.station : null,
      codepage: TICKET_CODEPAGES.includes(saved.codepage as TicketCodepage)
        ? (saved.codepage as TicketCodepage)
        : DEFAULT_TICKET_CODEPAGE,
      paper: saved.paper === 58 ? 58 : 80,
    };
  } catch {
    return DEFAULT_PRINTER_SETTINGS;
  }
}

export const printerSettings = createStore<DevicePrinterSettings>(
  typeof window === 'undefined' ? DEFAULT_PRINTER_SETTINGS : readSettings(),
);

export function savePrinterSettings(change: Partial<DevicePrinterSettings>): void {
  const next = { ...printerSettings.get(), ...change };
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(next));
  } catch {
    // Kept for this page only.
  }
  printerSettings.set(next);
}

/** Which pairing APIs this browser has (Chromium on a computer: both; Safari, Firefox: none). */
export function printerApis(): Record<PrinterTransport, boolean> {
  const nav = typeof navigator === 'undefined' ? ({} as Navigator) : navigator;
  return { usb: 'usb' in nav, serial: 'serial' in nav };
}

/** The store's stations and routing as GET /staff/stations gives them (every staff member reads it). */
export function routingOf(reply: StationsReply): StationRouting {
  const productStations: Record<number, number> = {};
  for (const [product, station] of Object.entries(reply.product_stations))
    productStations[Number(product)] = station;
  return { defaultStationId: reply.default_station_id, productStations };
}

/**
 * The tickets an order prints on this device: per station when the store has stations (only this
 * device's station when it prints for one), the counter's copy, or CANCELADO for a cancelled order.
 * The stations are read at each print, so a route changed a minute ago is followed.
 */
export async function deviceTickets(
  order: StaffOrder,
  station = printerSettings.get().station,
): Promise<TicketDocument[]> {
  const reply = await staffFetch<StationsReply>('/staff/stations').catch(() => null);
  const store = { name: readBoot().company?.[0]?.nome ?? '', timeZone: pageStoreTimeZone() };
  return orderTickets(order, {
    store,
    stations: reply?.stations ?? [],
    routing: reply ? routingOf(reply) : null,
    onlyStation: reply?.stations.some((each) => each.id === station) ? station : null,
  });
}

/**
 * The tickets an edit prints on this device (docs/decisions/0062): PEDIDO ALTERADO per station with
 * a line added or taken out (only this device's station when it prints for one), and the counter's
 * copy of the order as it now is on a device that prints for all.
 */
export async function deviceChangeTickets(
  order: StaffOrder,
  change: { added: readonly TicketLine[]; removed: readonly TicketLine[] },
  station = printerSettings.get().station,
  at = new Date(),
): Promise<TicketDocument[]> {
  const reply = await staffFetch<StationsReply>('/staff/stations').catch(() => null);
  const store = { name: readBoot().company?.[0]?.nome ?? '', timeZone: pageStoreTimeZone() };
  return orderChangeTickets(
    order,
    { at: at.toISOString(), ...change },
    {
      store,
      stations: reply?.stations ?? [],
      routing: reply ? routingOf(reply) : null,
      onlyStation: reply?.stations.some((each) => each.id === station) ? station : null,
    },
  );
}

/**
 * Prints `documents` on this device's paired printer without a dialog; false when there is none or
 * it cannot be reached (the caller opens the print dialog instead). The encoder and the printer
 * libraries load here, on the first silent print.
 */
export async function printSilently(documents: readonly TicketDocument[]): Promise<boolean> {
  const settings = printerSettings.get();
  if (!settings.printer || !printerApis()[settings.printer.transport]) return false;
  const { sendToPrinter } = await import('./printer-connection.ts');
  return sendToPrinter(settings, documents);
}
