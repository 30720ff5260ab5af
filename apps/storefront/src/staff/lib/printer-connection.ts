import type { TicketDocument } from '@comanda/domain';
import { encodeTicketEscPos } from '@comanda/domain/ticket-escpos';
import type { DevicePrinterSettings, PairedPrinter, PrinterTransport } from './device-printer.ts';

/*
 * The connection to this device's printer, through @point-of-sale's WebUSB and WebSerial printer
 * packages, and the ESC/POS encoding: loaded only when something prints or pairs (never in the
 * customer's pages, nor the staff app's first load).
 */

interface ConnectedInfo {
  type: string;
  vendorId: number | null;
  productId: number | null;
  serialNumber?: string;
  manufacturerName?: string;
  productName?: string;
}

interface ReceiptPrinter {
  connect(): Promise<void>;
  reconnect(device: {
    vendorId: number | null;
    productId: number | null;
    serialNumber?: string | null;
  }): Promise<void>;
  print(data: Uint8Array): Promise<void>;
  addEventListener(event: 'connected' | 'disconnected', listener: (info: ConnectedInfo) => void): void;
}

interface Connection {
  transport: PrinterTransport;
  printer: ReceiptPrinter;
  connected: ConnectedInfo | null;
}

let connection: Connection | null = null;

async function open(transport: PrinterTransport): Promise<Connection> {
  if (connection?.transport === transport) return connection;
  const printer: ReceiptPrinter =
    transport === 'usb'
      ? new (await import('@point-of-sale/webusb-receipt-printer')).default()
      : new (await import('@point-of-sale/webserial-receipt-printer')).default();
  const opened: Connection = { transport, printer, connected: null };
  printer.addEventListener('connected', (info) => {
    opened.connected = info;
  });
  printer.addEventListener('disconnected', () => {
    opened.connected = null;
  });
  connection = opened;
  return opened;
}

/** The libraries report 'connected' on a timer: this lets it arrive. */
function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Asks the browser for a printer (its own chooser; must follow a tap): the printer chosen, or null
 * when none was (the chooser closed, or the device could not be opened).
 */
export async function pairPrinter(transport: PrinterTransport): Promise<PairedPrinter | null> {
  const opened = await open(transport);
  opened.connected = null;
  await opened.printer.connect();
  await settle();
  const info = opened.connected as ConnectedInfo | null;
  if (!info) return null;
  const name = [info.manufacturerName, info.productName].filter(Boolean).join(' ') || null;
  return {
    transport,
    vendorId: info.vendorId ?? null,
    productId: info.productId ?? null,
    serialNumber: info.serialNumber ?? null,
    name,
  };
}

/** Sends each ticket, encoded for the printer's paper and code page; false when it is not reachable. */
export async function sendToPrinter(
  settings: DevicePrinterSettings,
  documents: readonly TicketDocument[],
): Promise<boolean> {
  const paired = settings.printer;
  if (!paired) return false;
  const opened = await open(paired.transport);
  if (!opened.connected) {
    await opened.printer.reconnect(paired);
    await settle();
  }
  if (!opened.connected) return false;
  const columns = settings.paper === 58 ? 32 : 48;
  for (const document of documents) {
    await opened.printer.print(encodeTicketEscPos(document, { columns, codepage: settings.codepage }));
  }
  return true;
}

/** Forgets the connection (after the device's printer is unpaired). */
export function dropConnection(): void {
  connection = null;
}
