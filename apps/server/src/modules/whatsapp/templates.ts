import type { WhatsappTemplate, WhatsappTemplateVariable } from '@comanda/contract';

/*
 * The message templates the app sends (docs/decisions/0072): a store registers each with Meta under
 * these names, in pt_BR and en, with these bodies, and marks it registered in the staff app. Order
 * updates are UTILITY templates with the order's link; codes go in Meta's AUTHENTICATION template
 * (its preset text, a copy-code button carrying the code).
 */

export type TemplateLanguage = 'pt_BR' | 'en';
export type OrderUpdateKind =
  | 'aceito'
  | 'saiu_entrega'
  | 'pronto_retirada'
  | 'entregue'
  | 'cancelado'
  | 'pix_expirando';

interface TemplateDefinition {
  nome: string;
  categoria: 'UTILITY' | 'AUTHENTICATION';
  variaveis: WhatsappTemplateVariable[];
  texto: Record<TemplateLanguage, string>;
}

export const CODE_TEMPLATE = 'comanda_codigo';

export const ORDER_UPDATE_TEMPLATES: Record<OrderUpdateKind, TemplateDefinition> = {
  aceito: {
    nome: 'comanda_pedido_aceito',
    categoria: 'UTILITY',
    variaveis: ['loja', 'numero_pedido', 'previsao', 'link_pedido'],
    texto: {
      pt_BR: '{{1}} aceitou seu pedido nº {{2}}. Previsão: {{3}}. Acompanhe em {{4}}',
      en: '{{1}} accepted your order #{{2}}. Expected at {{3}}. Follow it at {{4}}',
    },
  },
  saiu_entrega: {
    nome: 'comanda_pedido_saiu',
    categoria: 'UTILITY',
    variaveis: ['loja', 'numero_pedido', 'link_pedido'],
    texto: {
      pt_BR: 'Seu pedido nº {{2}} de {{1}} saiu para entrega. Acompanhe em {{3}}',
      en: 'Your order #{{2}} from {{1}} is out for delivery. Follow it at {{3}}',
    },
  },
  pronto_retirada: {
    nome: 'comanda_pedido_pronto',
    categoria: 'UTILITY',
    variaveis: ['loja', 'numero_pedido', 'link_pedido'],
    texto: {
      pt_BR: 'Seu pedido nº {{2}} está pronto para retirada em {{1}}. Detalhes em {{3}}',
      en: 'Your order #{{2}} is ready for pickup at {{1}}. Details at {{3}}',
    },
  },
  entregue: {
    nome: 'comanda_pedido_entregue',
    categoria: 'UTILITY',
    variaveis: ['loja', 'numero_pedido', 'link_pedido'],
    texto: {
      pt_BR: 'Seu pedido nº {{2}} de {{1}} foi entregue. Bom apetite! Detalhes em {{3}}',
      en: 'Your order #{{2}} from {{1}} was delivered. Enjoy your meal! Details at {{3}}',
    },
  },
  cancelado: {
    nome: 'comanda_pedido_cancelado',
    categoria: 'UTILITY',
    variaveis: ['loja', 'numero_pedido', 'motivo', 'link_pedido'],
    texto: {
      pt_BR: '{{1}} cancelou seu pedido nº {{2}}. Motivo: {{3}}. Detalhes em {{4}}',
      en: '{{1}} cancelled your order #{{2}}. Reason: {{3}}. Details at {{4}}',
    },
  },
  pix_expirando: {
    nome: 'comanda_pix_expirando',
    categoria: 'UTILITY',
    variaveis: ['loja', 'numero_pedido', 'horario_limite', 'link_pedido'],
    texto: {
      pt_BR: 'O PIX do seu pedido nº {{2}} em {{1}} vence às {{3}}. Pague em {{4}}',
      en: 'The PIX for your order #{{2}} at {{1}} expires at {{3}}. Pay at {{4}}',
    },
  },
};

const CODE_DEFINITION: TemplateDefinition = {
  nome: CODE_TEMPLATE,
  categoria: 'AUTHENTICATION',
  variaveis: ['codigo'],
  // Meta's preset text of authentication templates, with the copy-code button.
  texto: {
    pt_BR: '*{{1}}* é seu código de verificação. Para sua segurança, não o compartilhe. [Copiar código]',
    en: '*{{1}}* is your verification code. For your security, do not share this code. [Copy code]',
  },
};

export const ALL_TEMPLATES: TemplateDefinition[] = [
  ...Object.values(ORDER_UPDATE_TEMPLATES),
  CODE_DEFINITION,
];
export const TEMPLATE_NAMES = ALL_TEMPLATES.map((template) => template.nome);

/** The templates as the settings list them, one per language, with the store's registrations. */
export function templateList(registered: readonly string[]): WhatsappTemplate[] {
  return ALL_TEMPLATES.flatMap((template) =>
    (['pt_BR', 'en'] as const).map((idioma) => ({
      nome: template.nome,
      categoria: template.categoria,
      idioma,
      texto: template.texto[idioma],
      variaveis: template.variaveis,
      registrado: registered.includes(template.nome),
    })),
  );
}

/** The body with its variables filled, as the customer reads it. */
export function renderTemplate(nome: string, language: TemplateLanguage, values: readonly string[]): string {
  const template = ALL_TEMPLATES.find((candidate) => candidate.nome === nome);
  if (!template) return values.join(' ');
  return template.texto[language].replace(
    /\{\{(\d+)\}\}/g,
    (_, index: string) => values[Number(index) - 1] ?? '',
  );
}

export function templateLanguageOf(language: string): TemplateLanguage {
  return language === 'en' ? 'en' : 'pt_BR';
}
