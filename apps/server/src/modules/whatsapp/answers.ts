import { type Shift, shiftsByWeekday, storeClockText } from '@comanda/domain';

/*
 * What the store answers by itself within the 24-hour window (docs/decisions/0072): the menu link,
 * the opening hours, the status of the customer's last order, or that updates stop ("parar"). The
 * language is guessed from the message's words, else the conversation's.
 */

export type Language = 'pt' | 'en';
export type Intent = 'stop' | 'menu' | 'hours' | 'status' | 'person';

const words = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

const PT = new Set([
  'oi',
  'ola',
  'bom',
  'boa',
  'dia',
  'tarde',
  'noite',
  'cardapio',
  'horario',
  'horarios',
  'aberto',
  'abre',
  'fecha',
  'pedido',
  'meu',
  'minha',
  'parar',
  'sair',
  'quero',
  'qual',
  'quando',
  'obrigado',
  'obrigada',
  'por',
  'favor',
  'voces',
  'esta',
  'onde',
  'hoje',
  'funcionamento',
  'cade',
]);
const EN = new Set([
  'hi',
  'hello',
  'hey',
  'good',
  'morning',
  'evening',
  'hours',
  'open',
  'opening',
  'close',
  'my',
  'order',
  'stop',
  'unsubscribe',
  'what',
  'when',
  'where',
  'please',
  'thanks',
  'thank',
  'you',
  'is',
  'the',
  'today',
  'menu',
]);

/** pt or en by the message's words; `fallback` (the conversation's) when they do not tell. */
export function guessLanguage(text: string, fallback: Language): Language {
  let pt = 0;
  let en = 0;
  for (const word of words(text)) {
    if (PT.has(word)) pt++;
    if (EN.has(word) && word !== 'menu') en++;
  }
  if (pt === en) return fallback;
  return pt > en ? 'pt' : 'en';
}

/** What the message asks for. */
export function intentOf(text: string): Intent {
  const list = words(text);
  const has = (...candidates: string[]) => candidates.some((candidate) => list.includes(candidate));
  if (list.length <= 3 && has('parar', 'stop', 'sair', 'unsubscribe', 'cancelar')) return 'stop';
  if (has('status', 'pedido', 'order', 'cade', 'entrega', 'delivery')) return 'status';
  if (
    has(
      'horario',
      'horarios',
      'aberto',
      'abre',
      'fecha',
      'funcionamento',
      'hours',
      'open',
      'opening',
      'close',
    )
  ) {
    return 'hours';
  }
  if (has('cardapio', 'menu', 'pedir', 'precos')) return 'menu';
  return 'person';
}

const WEEKDAYS: Record<Language, string[]> = {
  pt: ['Domingo', 'Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado', 'Feriados'],
  en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Holidays'],
};

export function hoursText(storeName: string, shifts: readonly Shift[], language: Language): string {
  const lines = shiftsByWeekday(shifts)
    .filter((day) => day.shifts.length > 0)
    .map(
      (day) =>
        `${WEEKDAYS[language][day.weekday]}: ${day.shifts.map((shift) => `${shift.start}–${shift.end}`).join(', ')}`,
    );
  if (lines.length === 0) {
    return language === 'en'
      ? `${storeName} has not published its opening hours yet.`
      : `${storeName} ainda não publicou seus horários.`;
  }
  return `${language === 'en' ? `${storeName} opening hours` : `Horários de ${storeName}`}:\n${lines.join('\n')}`;
}

export function menuText(storeName: string, origin: string, language: Language): string {
  return language === 'en'
    ? `See ${storeName}'s menu and order at ${origin}`
    : `Veja o cardápio de ${storeName} e peça em ${origin}`;
}

const STATUS_TEXT: Record<Language, Record<string, string>> = {
  pt: {
    Solicitado: 'recebido, aguardando a loja',
    Preparo: 'em preparo',
    Finalização: 'em preparo',
    Concluido: 'pronto',
    Entregue: 'entregue',
    Cancelado: 'cancelado',
  },
  en: {
    Solicitado: 'received, waiting for the store',
    Preparo: 'being prepared',
    Finalização: 'being prepared',
    Concluido: 'ready',
    Entregue: 'delivered',
    Cancelado: 'cancelled',
  },
};

export function statusText(
  order:
    | { numero: number | null; id: number; status: string; estimatedAt: Date; tipoEntrega: string }
    | undefined,
  link: (id: number) => string,
  timeZone: string,
  origin: string,
  language: Language,
): string {
  if (!order) {
    return language === 'en'
      ? `We found no order from this number. See the menu at ${origin}`
      : `Não encontramos pedidos deste número. Veja o cardápio em ${origin}`;
  }
  const number = order.numero ?? order.id;
  let status = STATUS_TEXT[language][order.status] ?? order.status;
  if (order.status === 'Concluido' && order.tipoEntrega === 'Entregar') {
    status = language === 'en' ? 'out for delivery' : 'saiu para entrega';
  }
  const open = order.status !== 'Entregue' && order.status !== 'Cancelado';
  const estimate = open
    ? language === 'en'
      ? ` Expected at ${storeClockText(order.estimatedAt, timeZone)}.`
      : ` Previsão: ${storeClockText(order.estimatedAt, timeZone)}.`
    : '';
  return language === 'en'
    ? `Your order #${number} is ${status}.${estimate} Follow it at ${link(order.id)}`
    : `Seu pedido nº ${number} está ${status}.${estimate} Acompanhe em ${link(order.id)}`;
}

export function stopText(language: Language): string {
  return language === 'en'
    ? 'Done: you will no longer get order updates here. You can turn them back on in your profile.'
    : 'Pronto: você não vai mais receber atualizações de pedidos por aqui. Para voltar, ative no seu perfil.';
}

export function personText(language: Language): string {
  return language === 'en'
    ? 'Thanks for your message! Someone from the store will answer you here shortly.'
    : 'Recebemos sua mensagem! Uma pessoa da loja vai responder por aqui em breve.';
}
