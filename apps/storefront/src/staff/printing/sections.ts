import type { StationsReply } from '@comanda/contract';
import type { ComponentType } from 'react';
import { CloudPrintersSection } from './cloud-printers-section.tsx';
import { DevicePrinterSection } from './device-printer-section.tsx';
import type { PrintingT } from './printing-texts.ts';
import { StationsSection } from './stations-section.tsx';

/** What every section of the printing screen is given. */
export interface PrintingSectionProps {
  t: PrintingT;
  /** GET /staff/stations, null while loading. */
  stations: StationsReply | null;
  /** A change's reply (the stations as they are now). */
  onChange: (stations: StationsReply) => void;
}

/**
 * The printing screen's sections, top to bottom. Another way to print (a cloud printer) adds its
 * section here.
 */
export const PRINTING_SECTIONS: readonly { id: string; Section: ComponentType<PrintingSectionProps> }[] = [
  { id: 'stations', Section: StationsSection },
  { id: 'device', Section: DevicePrinterSection },
  { id: 'cloud', Section: CloudPrintersSection },
];
