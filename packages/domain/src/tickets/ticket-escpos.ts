import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { type TicketDocument, ticketMoney } from './ticket-document.ts';
import {
  DEFAULT_TICKET_CODEPAGE,
  itemTextLines,
  spreadLine,
  type TicketCodepage,
  type TicketColumns,
  wrapText,
} from './ticket-text.ts';

/*
 * Raw ESC/POS bytes of a ticket (docs/decisions/0053), with @point-of-sale/receipt-printer-encoder
 * (runs in the browser and in Node). Its own entry (`@comanda/domain/ticket-escpos`), so only the
 * code that prints loads the encoder.
 */

export interface EscPosOptions {
  /** 48 on 80 mm paper, 32 on 58 mm. */
  columns: TicketColumns;
  codepage?: TicketCodepage;
}

/**
 * The ticket as ESC/POS: initialise, the code page, banners inverted, large type double width and
 * height, notes inverted, then a feed and a partial cut.
 */
export function encodeTicketEscPos(document: TicketDocument, options: EscPosOptions): Uint8Array {
  const width = options.columns;
  const encoder = new ReceiptPrinterEncoder({
    language: 'esc-pos',
    columns: width,
    codepageMapping: 'epson',
    newline: '\n',
    feedBeforeCut: 4,
  });
  encoder.initialize().codepage(options.codepage ?? DEFAULT_TICKET_CODEPAGE);
  for (const block of document.blocks) {
    switch (block.type) {
      case 'banner':
        encoder.align('center').bold(true).size(2, 2).invert(true);
        for (const line of wrapText(block.text, width / 2)) encoder.line(` ${line} `);
        encoder.invert(false).size(1, 1).bold(false).align('left');
        break;
      case 'large':
        encoder.align('center').bold(true).size(2, 2);
        for (const line of wrapText(block.text, width / 2)) encoder.line(line);
        encoder.size(1, 1).bold(false).align('left');
        break;
      case 'text':
        encoder.bold(block.strong === true);
        for (const line of wrapText(block.text, width)) encoder.line(line);
        encoder.bold(false);
        break;
      case 'rule':
        encoder.line('-'.repeat(width));
        break;
      case 'item': {
        const { item } = block;
        // The item in double height: read from a step away; its details in normal type.
        const { head } = itemTextLines(item, width);
        encoder.bold(true).size(1, 2);
        for (const line of head) encoder.line(line);
        encoder.size(1, 1).bold(false);
        for (const choice of item.choices)
          for (const line of wrapText(choice, width, '   ')) encoder.line(line);
        encoder.bold(true);
        for (const without of item.without)
          for (const line of wrapText(`** ${without}`, width, '   ')) encoder.line(line);
        encoder.bold(false);
        for (const extra of item.extras)
          for (const line of wrapText(`+ ${extra}`, width, '   ')) encoder.line(line);
        if (item.note) {
          encoder.invert(true);
          for (const line of wrapText(`>> ${item.note}`, width, '   ')) encoder.line(line);
          encoder.invert(false);
        }
        break;
      }
      case 'note':
        encoder.bold(true).invert(true);
        for (const line of wrapText(block.text, width)) encoder.line(line);
        encoder.invert(false).bold(false);
        break;
      case 'totals':
        for (const row of block.rows) {
          encoder.bold(row.strong === true);
          for (const line of spreadLine(row.label, ticketMoney(row.amount), width)) encoder.line(line);
          encoder.bold(false);
        }
        break;
    }
  }
  return encoder.cut('partial').encode();
}
