import { z } from 'zod';
import { freeText } from './common.ts';

// ---------------------------------------------------------------------------------------------
// WhatsApp (issue 36, docs/decisions/0072): the store's channel through the WhatsApp Business
// Cloud API, order updates, sign-in codes and the staff inbox. /work/wt/WHATSAPP-CONTRACT.md.

/** Stable `code` values of the WhatsApp calls' refusals. */
export const WHATSAPP_ERROR_CODES = [
  'WHATSAPP_WINDOW_CLOSED',
  'WHATSAPP_NOT_ACTIVE',
  'WHATSAPP_SETTINGS_INVALID',
  'WHATSAPP_SECRETS_UNAVAILABLE',
  'WHATSAPP_SEND_FAILED',
  'CONVERSATION_NOT_FOUND',
] as const;

export const WHATSAPP_TEMPLATE_CATEGORIES = ['UTILITY', 'AUTHENTICATION'] as const;
export const WHATSAPP_LANGUAGES = ['pt_BR', 'en'] as const;
/**
 * What a template's variables carry, as stable keys (the staff app words them in pt-BR and en);
 * the template's text keeps Meta's numbered placeholders, `{{1}}`… in this order.
 */
export const WHATSAPP_TEMPLATE_VARIABLES = [
  'loja',
  'numero_pedido',
  'previsao',
  'link_pedido',
  'motivo',
  'horario_limite',
  'codigo',
] as const;
export type WhatsappTemplateVariable = (typeof WHATSAPP_TEMPLATE_VARIABLES)[number];
export const WHATSAPP_MESSAGE_STATUSES = ['na_fila', 'enviada', 'entregue', 'lida', 'falhou'] as const;
export type WhatsappMessageStatus = (typeof WHATSAPP_MESSAGE_STATUSES)[number];

/** A template the app needs, in one language, and whether the store says it registered it with Meta. */
export const whatsappTemplate = z.object({
  nome: z.string(),
  categoria: z.enum(WHATSAPP_TEMPLATE_CATEGORIES),
  idioma: z.enum(WHATSAPP_LANGUAGES),
  /** The body as registered with Meta, `{{1}}`… for the variables. */
  texto: z.string(),
  /** What each variable carries, in order (`{{1}}` is the first). */
  variaveis: z.array(z.enum(WHATSAPP_TEMPLATE_VARIABLES)),
  registrado: z.boolean(),
});
export type WhatsappTemplate = z.infer<typeof whatsappTemplate>;

export const whatsappFailure = z.object({
  /** ISO 8601, UTC. */
  em: z.string(),
  telefone: z.string(),
  template: z.string().nullable(),
  /** Meta's error code (131047, 132001…) or ours (BAD_SIGNATURE, UNKNOWN_PHONE_NUMBER_ID…). */
  codigo: z.string(),
  mensagem: z.string(),
});
export type WhatsappFailure = z.infer<typeof whatsappFailure>;

/** GET /staff/whatsapp/settings (secrets never returned: only whether each is set). */
export const whatsappSettingsReply = z.object({
  ativo: z.boolean(),
  phone_number_id: z.string().nullable(),
  numero_exibicao: z.string(),
  token_definido: z.boolean(),
  app_secret_definido: z.boolean(),
  verify_token_definido: z.boolean(),
  /** Where Meta's webhook is to point (the store's own origin). */
  webhook_url: z.string(),
  templates: z.array(whatsappTemplate),
  falhas_recentes: z.array(whatsappFailure),
});
export type WhatsappSettingsReply = z.infer<typeof whatsappSettingsReply>;

/** PUT /staff/whatsapp/settings: a secret left out (or empty) keeps the one the store has. */
export const whatsappSettingsRequest = z
  .object({
    ativo: z.boolean(),
    phone_number_id: freeText(64).nullable(),
    numero_exibicao: freeText(32),
    token: freeText(1024).optional(),
    app_secret: freeText(256).optional(),
    verify_token: freeText(256).optional(),
    templates_registrados: z.array(freeText(64)).max(50),
  })
  .strict();
export type WhatsappSettingsRequest = z.infer<typeof whatsappSettingsRequest>;

export const whatsappConversation = z.object({
  id: z.number().int(),
  telefone: z.string(),
  cliente_nome: z.string().nullable(),
  ultima_mensagem: z.string(),
  /** Who sent the last message: the customer (`entrada`) or the store (`saida`). Codes are never it. */
  ultima_direcao: z.enum(['entrada', 'saida']),
  /** ISO 8601, UTC. */
  ultima_em: z.string(),
  /** When the 24-hour service window closes (ISO 8601); null when closed. */
  janela_aberta_ate: z.string().nullable(),
  nao_lidas: z.number().int(),
  precisa_atendente: z.boolean(),
});
export type WhatsappConversation = z.infer<typeof whatsappConversation>;

/** GET /staff/whatsapp/conversations: newest first. */
export const whatsappConversationsReply = z.object({ conversas: z.array(whatsappConversation) });
export type WhatsappConversationsReply = z.infer<typeof whatsappConversationsReply>;

export const whatsappMessage = z.object({
  id: z.number().int(),
  direcao: z.enum(['entrada', 'saida']),
  tipo: z.enum(['texto', 'template', 'automatica']),
  texto: z.string(),
  status: z.enum(WHATSAPP_MESSAGE_STATUSES),
  erro: z.object({ codigo: z.string(), mensagem: z.string() }).nullable(),
  /** ISO 8601, UTC. */
  em: z.string(),
});
export type WhatsappMessage = z.infer<typeof whatsappMessage>;

/** GET /staff/whatsapp/conversations/{id} (reading it marks it read). */
export const whatsappConversationReply = z.object({
  conversa: whatsappConversation,
  mensagens: z.array(whatsappMessage),
});
export type WhatsappConversationReply = z.infer<typeof whatsappConversationReply>;

/** POST /staff/whatsapp/conversations/{id}/messages: free text, within the 24-hour window. */
export const whatsappReplyRequest = z
  .object({ texto: freeText(4096).refine((text) => text.trim() !== '') })
  .strict();
export type WhatsappReplyRequest = z.infer<typeof whatsappReplyRequest>;

/** The staff board's event stream: `whatsapp.message`, a new inbound message for a person. */
export const WHATSAPP_STAFF_EVENT = 'whatsapp.message';
export const whatsappStaffEvent = z.object({
  conversa_id: z.number().int(),
  telefone: z.string(),
  cliente_nome: z.string().nullable(),
  texto: z.string(),
  em: z.string(),
});
export type WhatsappStaffEvent = z.infer<typeof whatsappStaffEvent>;

/** GET /core/v2/app/customer/whatsapp */
export const customerWhatsappReply = z.object({
  /** Whether the store has an active WhatsApp channel. */
  disponivel: z.boolean(),
  /** Whether the customer agreed to get order updates on WhatsApp. */
  atualizacoes_pedido: z.boolean(),
});
export type CustomerWhatsappReply = z.infer<typeof customerWhatsappReply>;

/** PUT /core/v2/app/customer/whatsapp (consent recorded or revoked in the LGPD log). */
export const customerWhatsappRequest = z.object({ atualizacoes_pedido: z.boolean() }).strict();
export type CustomerWhatsappRequest = z.infer<typeof customerWhatsappRequest>;

/** Where a sign-in or recovery code goes. */
export const CODE_CHANNELS = ['whatsapp', 'sms'] as const;
export type CodeChannel = (typeof CODE_CHANNELS)[number];
