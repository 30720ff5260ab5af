import { type TicketBlock, type TicketDocument, type TicketItem, ticketMoney } from '@comanda/domain';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

/*
 * The order's tickets for the browser's print dialog (docs/decisions/0053), from the same documents
 * the thermal printers get: each ticket on its own 80 mm page (72 mm printable) exactly as long as
 * it is, so a roll printer's driver cuts after each one and no ticket lands on Letter paper.
 */

const PX_PER_MM = 96 / 25.4;
/** The page's margin above and below the ticket, and the width of the roll. */
const PAGE_MARGIN_MM = 4;
const PAGE_WIDTH_MM = 80;

function ItemLines({ item }: { item: TicketItem }) {
  return (
    <li className={item.removed ? 'ticket-line ticket-line-removed' : 'ticket-line'}>
      <div className="ticket-line-head">
        <strong>
          {item.quantity}x {item.name}
        </strong>
        {item.amount !== null ? <span>{ticketMoney(item.amount)}</span> : null}
      </div>
      {item.choices.map((choice) => (
        <div key={`c-${choice}`} className="ticket-choice">
          {choice}
        </div>
      ))}
      {item.without.map((without) => (
        <div key={`w-${without}`} className="ticket-without">
          {without}
        </div>
      ))}
      {item.extras.map((extra) => (
        <div key={`e-${extra}`} className="ticket-extra">
          + {extra}
        </div>
      ))}
      {item.note ? <div className="ticket-note">{item.note}</div> : null}
    </li>
  );
}

function Block({ block }: { block: TicketBlock }) {
  switch (block.type) {
    case 'banner':
      return <p className="ticket-banner">{block.text}</p>;
    case 'large':
      return <p className="ticket-large">{block.text}</p>;
    case 'text':
      return <p className={block.strong ? 'ticket-text ticket-strong' : 'ticket-text'}>{block.text}</p>;
    case 'rule':
      return <hr className="ticket-rule" />;
    case 'item':
      return (
        <ul className="ticket-lines">
          <ItemLines item={block.item} />
        </ul>
      );
    case 'note':
      return <p className="ticket-note ticket-order-note">{block.text}</p>;
    case 'totals':
      return (
        <dl className="ticket-totals">
          {block.rows.map((row) => (
            <div key={row.label} className={row.strong ? 'ticket-strong' : undefined}>
              <dt>{row.label}</dt>
              <dd>{ticketMoney(row.amount)}</dd>
            </div>
          ))}
        </dl>
      );
  }
}

/** One ticket as HTML: its blocks, top to bottom. */
export function TicketPaper({ document, page }: { document: TicketDocument; page?: string }) {
  return (
    <section className="ticket" data-kind={document.kind} style={page ? { page } : undefined}>
      {document.blocks.map((block, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a ticket's blocks are fixed once built
        <Block key={index} block={block} />
      ))}
    </section>
  );
}

/**
 * The tickets to print, laid out off screen at paper width: each is measured and given a named
 * page of 80 mm by its own length (`@page ticket-N { size: 80mm …mm }`), which Chromium honours.
 * Only this prints (staff.css, @media print).
 */
export function OrderTickets({ documents }: { documents: readonly TicketDocument[] }) {
  const sheet = useRef<HTMLDivElement>(null);
  const [pages, setPages] = useState('');
  useLayoutEffect(() => {
    const sections = sheet.current?.querySelectorAll<HTMLElement>('.ticket') ?? [];
    setPages(
      [...sections]
        .map((section, index) => {
          const length = Math.ceil(section.getBoundingClientRect().height / PX_PER_MM + 2 * PAGE_MARGIN_MM);
          return `@page ticket-${index} { size: ${PAGE_WIDTH_MM}mm ${Math.max(length, 40)}mm; margin: ${PAGE_MARGIN_MM}mm 4mm; }`;
        })
        .join('\n'),
    );
  }, []);
  return createPortal(
    <div className="ticket-sheet" data-testid="ticket" ref={sheet} aria-hidden="true">
      <style>{pages}</style>
      {documents.map((document, index) => (
        <TicketPaper
          key={`${document.kind}-${document.stationId}`}
          document={document}
          page={`ticket-${index}`}
        />
      ))}
    </div>,
    window.document.body,
  );
}

/**
 * The tickets in the browser's print dialog, opened once they are laid out; `onDone` when the
 * dialog closes (printed or not). The fallback of a device without a paired printer.
 */
export function OrderTicketsDialog({
  documents,
  onDone,
}: {
  documents: readonly TicketDocument[];
  onDone: () => void;
}) {
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    const closed = () => done.current();
    window.addEventListener('afterprint', closed, { once: true });
    const frame = requestAnimationFrame(() => window.print());
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('afterprint', closed);
    };
  }, []);
  return <OrderTickets documents={documents} />;
}
