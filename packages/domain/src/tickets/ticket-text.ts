import { type TicketBlock, type TicketDocument, type TicketItem, ticketMoney } from './ticket-document.ts';

/** Characters per line: 48 on 80 mm paper (font A), 42 on some 80 mm models, 32 on 58 mm. */
export type TicketColumns = 32 | 42 | 48;

/**
 * Code pages with every Portuguese accent. Most ESC/POS printers (Epson and the clones sold in
 * Brazil) have PC850 at the same number, so it is the default; PC860 is Portugal's own.
 */
export const TICKET_CODEPAGES = ['cp850', 'cp860', 'cp858', 'windows1252'] as const;
export type TicketCodepage = (typeof TICKET_CODEPAGES)[number];
export const DEFAULT_TICKET_CODEPAGE: TicketCodepage = 'cp850';

/** `text` broken at spaces into lines of at most `width` (a longer word is cut). */
export function wrapText(text: string, width: number, indent = ''): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    let rest = word;
    while (rest.length > 0) {
      const room = width - (line ? line.length + 1 : indent.length);
      if (rest.length <= room) {
        line = line ? `${line} ${rest}` : `${indent}${rest}`;
        rest = '';
      } else if (line) {
        out.push(line);
        line = '';
      } else {
        out.push(`${indent}${rest.slice(0, room)}`);
        rest = rest.slice(room);
      }
    }
  }
  if (line) out.push(line);
  return out.length > 0 ? out : [''];
}

function centred(text: string, width: number): string {
  const pad = Math.max(0, Math.floor((width - text.length) / 2));
  return `${' '.repeat(pad)}${text}`;
}

/** Label on the left, amount on the right, dots never: a space-filled line. */
export function spreadLine(label: string, amount: string, width: number): string[] {
  const room = width - amount.length - 1;
  const lines = wrapText(label, room);
  const last = lines.pop() ?? '';
  return [...lines, `${last}${' '.repeat(Math.max(1, width - last.length - amount.length))}${amount}`];
}

/** An item's lines: 'quantity x name' (price at the right on the counter's copy), then its details. */
export function itemTextLines(item: TicketItem, width: number): { head: string[]; details: string[] } {
  // A line an edit took out is marked where strike-through is not at hand (text, ESC/POS).
  const title = `${item.removed ? '[X] ' : ''}${item.quantity}x ${item.name}`;
  const head =
    item.amount === null ? wrapText(title, width) : spreadLine(title, ticketMoney(item.amount), width);
  const details = [
    ...item.choices.flatMap((choice) => wrapText(choice, width, '   ')),
    ...item.without.flatMap((text) => wrapText(`** ${text}`, width, '   ')),
    ...item.extras.flatMap((name) => wrapText(`+ ${name}`, width, '   ')),
  ];
  return { head, details };
}

function blockLines(block: TicketBlock, width: number): string[] {
  switch (block.type) {
    case 'banner':
      return [
        '='.repeat(width),
        ...wrapText(block.text, width).map((line) => centred(line, width)),
        '='.repeat(width),
      ];
    case 'large':
      return wrapText(block.text.toLocaleUpperCase('pt-BR'), width).map((line) => centred(line, width));
    case 'text':
      return wrapText(block.text, width);
    case 'rule':
      return ['-'.repeat(width)];
    case 'item': {
      const { head, details } = itemTextLines(block.item, width);
      const note = block.item.note ? wrapText(`>> ${block.item.note}`, width, '   ') : [];
      return [...head, ...details, ...note];
    }
    case 'note':
      return ['*'.repeat(width), ...wrapText(block.text, width), '*'.repeat(width)];
    case 'totals':
      return block.rows.flatMap((row) => spreadLine(row.label, ticketMoney(row.amount), width));
  }
}

/**
 * The ticket as plain text for printers that take text (fixed width, `columns` characters a
 * line), ending with a newline. Large type and banners are centred; the note is boxed in asterisks.
 */
export function renderTicketText(document: TicketDocument, options: { columns: TicketColumns }): string {
  return `${document.blocks.flatMap((block) => blockLines(block, options.columns)).join('\n')}\n`;
}
