import { CloudPrintersSection } from './cloud-printers-section.tsx';

/**
 * The printing screen (managers and owners): its own chunk, loaded when its tab is first opened.
 * The stations and the printers paired with this device join it beside the cloud printers.
 */
export default function PrintingScreen() {
  return (
    <main className="staff-controls">
      <CloudPrintersSection />
    </main>
  );
}
